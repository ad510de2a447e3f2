"""What the Euchre plugin offers its variants (Bid Euchre, and any third party's): a small, stable surface.

A variant plugin imports ``core.plugin`` and this module, nothing else of Euchre's. What is here keeps its
names and meaning across versions; everything else in ``plugins.euchre`` may change.

Cards and their order
    ``DECK`` (the 24 cards, 9–A of ♠ ♥ ♦ ♣), ``Ranking`` (how cards rank in a hand: a trump suit with its
    right and left bowers and effective suits, or no trump, high A K Q J 10 9 or low 9 10 J Q K A; it
    answers ``suit_of``, ``order``, ``follow`` and ``winner``, the trick's winner), ``sort_hand``,
    ``same_colour_suit``.
Tricks and seats
    ``Trick`` (leader, plays, winner); seats are 0–3 clockwise from South with ``partner``, ``left_of``,
    ``team_of`` (0 for North/South), ``seat_letter``/``parse_seat`` (S W N E) and ``SEAT_NAMES``, ``TEAMS``
    for people.
The exact solver
    ``Solver`` and ``SolverTable`` play the rest of a hand perfectly when every card is known: cards are
    ids (``CARD_INDEX``), ``Solver(SolverTable(trump, low), sitting_out).values(hands, leader, current,
    seat)`` gives North/South's tricks for each card ``seat`` may play. Any number of cards per hand.
Holds
    ``trick_holds(state, playing)``: the hold keys (``trick:H:T``, ``hand:H``, ``match``) a table stands at,
    for a rules object's ``hold_points``; ``about_previous(hold, hand_number, over)``: whether the table at
    such a hold shows the hand before the one in progress, for a presenter; ``continues(hold, event)``: whether
    a click, Space or Enter moves the table on from it (never from the match's result, which waits for its
    buttons).
Sounds
    ``trick_sound(before, after, we_won)`` names the effect for a change of a trick-taking table's view
    (a card, a trick, a won match), for a presenter's ``sound``; a new deal is heard by itself.
Statistics
    ``partnership_charts(events, nets)``: the charts of a game for two partnerships (win rate so far and by the
    opponents' strength, hands by net score), from hand and match events as Euchre records them.
Words
    ``TABLE_WORDS``: what every table of the family says alike, in English and Japanese, by key (the buttons
    Pass, Order up, Next, Play again and Back; "Your turn: play a card.", "{seat} is thinking…", "{seat} won
    the trick", the score sheet's lines, the dealer's and maker's tags, a seat's "pass" and "order up"). A
    variant builds its own words as ``{**TABLE_WORDS, ...}``, adding keys or replacing one whose wording differs.
Hints
    ``discard_reason(hand, trump, card)``: why a dealer throws that card away, in English and Japanese.
The four-seat table
    ``layout``: the table in card units for :mod:`core.table` — each seat's hand pile, its card in the
    trick, its name and speech bubble, the score sheet box, where buttons and the "Next" panel go, where a
    hand is dealt from (``deck``), the trump sign on a left bower (``trump_badge``); your hand dragged onto
    the trick while you play (``hand_pile(..., playing=True)`` with ``play_spot``, and ``card_chosen`` for
    the card a click or such a drop plays).
The last hand's review
    ``review_frames(tricks, held, spots, names, ranking, opening, result, dress, dealt=dealt)``: a finished hand
    replayed for a presenter's ``review`` — the bidding, each trick with its winner, the result — from what South
    saw: its hand as dealt (the bidding's) and as play began (``held_when_play_began(dealt, upcard, log, seat)``,
    for the record of the hand in an observation) and every card played; ``dress(step, bidding, finished)`` adds
    the game's own seat labels, bubbles, upcard and score sheet.
"""

from __future__ import annotations

from plugins.euchre import layout
from plugins.euchre.cards import DECK, NO_TRUMP, Ranking, same_colour_suit, sort_hand
from plugins.euchre.dd import CARD_INDEX, Solver
from plugins.euchre.dd import Table as SolverTable
from plugins.euchre.holds import about_previous, continues, trick_holds
from plugins.euchre.model import Trick, held_when_play_began, left_of, parse_seat, partner, seat_letter, team_of
from plugins.euchre.review import review_frames
from plugins.euchre.sounds import trick_sound
from plugins.euchre.stats import partnership_charts
from plugins.euchre.words import SEATS as SEAT_NAMES
from plugins.euchre.words import TABLE_WORDS, TEAMS, discard_reason

__all__ = [
    "CARD_INDEX", "DECK", "NO_TRUMP", "SEAT_NAMES", "TABLE_WORDS", "TEAMS", "Ranking", "Solver", "SolverTable",
    "Trick", "about_previous", "continues", "discard_reason", "held_when_play_began", "layout", "left_of",
    "parse_seat", "partner", "partnership_charts", "review_frames", "same_colour_suit", "seat_letter", "sort_hand",
    "team_of", "trick_holds", "trick_sound",
]
