"""The four-seat card table in card units, shared by Euchre and its variants: where each seat's hand, its
card in the trick, its name and its speech bubble go; the person's hand face up at the bottom (South), the
others' backs around. Pure data builders for :mod:`core.table`."""

from __future__ import annotations

from collections.abc import Sequence

from core.cards import Card, Suit
from core.table import CARD_HEIGHT, CardFace, Click, Deal, Drop, Event, Label, Mark, Pile, Style
from core.text import Text, counted, join
from plugins.euchre.cards import Ranking
from plugins.euchre.model import Trick, partner
from plugins.euchre.words import SEATS, TEAMS, W

WIDTH, HEIGHT = 12.0, 9.0
SMALL = 0.8  # the others' cards are drawn smaller
SOUTH_STEP = 0.8  # between your cards
CENTRE = (WIDTH / 2, HEIGHT / 2 - 0.35)  # the middle of the trick
TRICK = {0: (0.0, 0.78), 1: (-1.15, 0.0), 2: (0.0, -0.78), 3: (1.15, 0.0)}  # card centres, from CENTRE
CHOICES_AT = (WIDTH / 2, HEIGHT - CARD_HEIGHT - 1.05)
SIDE_TOP = 2.7  # the first card of West's and East's hands: their names clear of the score sheet as both grow
TRICK_HOLD = (3.0, 6.2)  # "Next" after a trick: below-left of the trick, clear of every card and name


def hand_name(seat: int) -> Text:
    """What a screen reader calls ``seat``'s hand."""
    return W["pile_hand_you"] if seat == 0 else W["pile_hand"].format(seat=SEATS[seat])


def hand_pile(seat: int, count: int, cards: Sequence[CardFace] = (), marks: frozenset[Mark] = frozenset(),
              playing: bool = False) -> Pile:
    """A seat's hand: your ``cards`` face up at the bottom, else ``count`` backs (a fan at the top, columns at
    the sides). While you are ``playing`` (or discarding) a card, yours can be dragged onto the trick (or the
    discard's place)."""
    if seat == 0:
        span = 1 + SOUTH_STEP * (max(len(cards), 1) - 1)
        return Pile("hand:0", WIDTH / 2 - span / 2, HEIGHT - CARD_HEIGHT - 0.2, tuple(cards), (SOUTH_STEP, 0.0),
                    focus=True, drag=playing, drag_alone=True, marks=marks, name=hand_name(0))
    backs = tuple(CardFace(None, marks) for _ in range(count))
    if seat == 2:
        span = SMALL + 0.45 * (max(count, 1) - 1)
        return Pile("hand:2", WIDTH / 2 - span / 2, 0.25, backs, (0.45, 0.0), scale=SMALL, name=hand_name(2))
    x = 0.3 if seat == 1 else WIDTH - 0.3 - SMALL
    # room down to the table's foot: no hand needs it all, and the table, bounded, stands in the middle of a
    # tall window instead of at its top (a fan free to reach the window's edge keeps a table at the top)
    return Pile(f"hand:{seat}", x, SIDE_TOP, backs, (0.0, 0.32), room=HEIGHT - SIDE_TOP, scale=SMALL,
                name=hand_name(seat))


def trump_badge(card: Card, trump: Suit | None) -> str:
    """The trump sign a card in your hand wears when it is trump though its face says otherwise: the left bower
    and the joker ("" for any other card, or before trump is made)."""
    return trump.symbol if trump is not None and (card.is_joker or card == Ranking.of(trump).left_bower) else ""


def south_faces(cards: Sequence[Card], trump: Suit | None) -> list[CardFace]:
    """Your cards face up as a review frame shows them: no marks, the left bower and the joker badged."""
    return [CardFace(card.text, badge=trump_badge(card, trump)) for card in cards]


def trick_spot(seat: int) -> tuple[float, float]:
    """Top-left corner of ``seat``'s card in the trick."""
    dx, dy = TRICK[seat]
    return CENTRE[0] + dx - 0.5, CENTRE[1] + dy - CARD_HEIGHT / 2


def deck(dealer: int, hand_number: int) -> Deal:
    """Where a hand is dealt from: the dealer's place in the trick."""
    return Deal(f"hand {hand_number}", *trick_spot(dealer))


def trick_piles(plays: Sequence[tuple[int, Card]], winner: int | None = None) -> list[Pile]:
    """One pile per seat for the cards of a trick; the winner's card marked."""
    piles = []
    for seat, card in plays:
        marks = frozenset({Mark.WINNING}) if seat == winner else frozenset()
        x, y = trick_spot(seat)
        name = W["pile_trick_you"] if seat == 0 else W["pile_trick"].format(seat=SEATS[seat])
        piles.append(Pile(f"trick:{seat}", x, y, (CardFace(card.text, marks),), name=name))
    return piles


def play_spot(hand: Pile, discarding: bool = False) -> list[Pile]:
    """Your place in the trick, empty, while your ``hand`` can be dragged there (the table outlines it as the
    card comes over it; a drop on any card of the trick plays too) — or, while you are ``discarding``, the
    place your discard goes face down: where the upcard lay."""
    if not hand.drag:
        return []
    if discarding:
        return [Pile("discard", *upcard_spot(0), (), name=W["pile_discard"])]
    return [Pile("play", *trick_spot(0), (), name=W["pile_trick_you"])]


def card_chosen(event: Event) -> int | None:
    """Which card of your hand ``event`` plays or discards: one clicked, or one dragged onto the trick or the
    discard's place (its index)."""
    if isinstance(event, Click) and event.pile == "hand:0":
        return event.index
    if isinstance(event, Drop) and event.pile == "hand:0" and (event.target in ("play", "discard") or
                                                               event.target.startswith("trick:")):
        return event.index
    return None


def upcard_spot(dealer: int) -> tuple[float, float]:
    """Top-left corner of the upcard: between the dealer's trick spot and the middle."""
    x, y = trick_spot(dealer)
    return (x + CENTRE[0] - 0.5) / 2, (y + CENTRE[1] - CARD_HEIGHT / 2) / 2


def upcard_pile(dealer: int, card: Card | None) -> Pile:
    """The upcard (face down once turned down)."""
    return Pile("upcard", *upcard_spot(dealer), (CardFace(card.text if card else None),), name=W["pile_upcard"])


def upcard_note(dealer: int, text: Text) -> Label:
    """A word about the upcard, just above it (a turned-up joker)."""
    x, y = upcard_spot(dealer)
    return Label("upcard-note", text, x + 0.5, y - 0.15, "s", Style.SPEECH, 0.22)


def seat_label(seat: int, text: Text, turn: bool = False) -> Label:
    """A seat's name and tags, beside its hand."""
    style = Style.TURN if turn else Style.SEAT
    spots = {0: (WIDTH / 2, HEIGHT - CARD_HEIGHT - 0.3, "s"), 1: (0.3, SIDE_TOP - 0.1, "sw"),
             2: (WIDTH / 2, 0.3 + SMALL * CARD_HEIGHT + 0.08, "n"), 3: (WIDTH - 0.3, SIDE_TOP - 0.1, "se")}
    x, y, anchor = spots[seat]
    return Label(f"seat:{seat}", text, x, y, anchor, style, 0.24)


def speech(seat: int, text: Text) -> Label:
    """What a seat said (a bid), in a bubble between its hand and the middle."""
    spots = {0: (WIDTH / 2 - 2.6, HEIGHT - 0.9, "e"), 1: (0.3 + SMALL + 0.25, SIDE_TOP + 1.25, "w"),
             2: (WIDTH / 2, 2.05, "n"), 3: (WIDTH - 0.3 - SMALL - 0.25, SIDE_TOP + 1.25, "e")}
    x, y, anchor = spots[seat]
    return Label(f"said:{seat}", text, x, y, anchor, Style.SPEECH, 0.24, name=SEATS[seat])


def hint_label(reason: Text) -> Label:
    """Why the hint suggests its move: just above your hand and the buttons, where you are looking."""
    return Label("hint", reason, WIDTH / 2, HEIGHT - CARD_HEIGHT - 1.6, "s", Style.HINT, 0.2)


def caption(text: Text) -> Label:
    """What a review frame shows, above your hand."""
    return Label("caption", text, WIDTH / 2, HEIGHT - CARD_HEIGHT - 0.8, "s", Style.PANEL, 0.22)


def panel(lines: Sequence[Text]) -> Label:
    """A box of lines in the top-left corner (the score sheet)."""
    return Label("panel", join(list(lines), "\n"), 0.2, 0.2, "nw", Style.PANEL, 0.22)


def seat_labels(dealer: int, maker: int | None, alone: int | None, defender_alone: int | None,
                tricks: Sequence[Trick], turn: int | None, maker_tag: Text = W["maker"]) -> list[Label]:
    """Each seat's name with its tags: dealer, who made trump (``maker_tag``), alone or sitting out, tricks
    taken; the seat to move stands out."""
    labels = []
    out = {partner(a) for a in (alone, defender_alone) if a is not None}
    for seat in range(4):
        tags = [SEATS[seat]]
        if seat == dealer:
            tags.append(W["dealer"])
        if seat == maker:
            tags.append(maker_tag)
        if seat in out:
            tags.append(W["sits_out"])
        elif seat in (alone, defender_alone):
            tags.append(W["alone_tag"])
        won = sum(1 for t in tricks if t.winner == seat)
        if won:
            tags.append(counted(won, W["trick_tag"], W["tricks_tag"]))
        labels.append(seat_label(seat, join(tags), turn == seat))
    return labels


def score_sheet(scores: tuple[int, int], target: int, tricks: Sequence[Trick], trump: Suit | None,
                maker: int | None) -> Label:
    """The score sheet: teams, score and target, this hand's tricks, trump and who made it."""
    ns = sum(1 for t in tricks if t.winner % 2 == 0)
    lines = [W["panel_teams"].format(a=TEAMS[0], b=TEAMS[1]),
             W["panel_score"].format(a=scores[0], b=scores[1], n=target),
             W["panel_tricks"].format(a=ns, b=len(tricks) - ns)]
    if trump is not None and maker is not None:
        lines.append(W["panel_trump"].format(suit=trump.symbol, seat=SEATS[maker]))
    else:
        lines.append(W["panel_no_trump"])
    return panel(lines)
