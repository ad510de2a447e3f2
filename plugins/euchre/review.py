"""The last hand replayed frame by frame, for every table of the Euchre family: the bidding, each trick with its
winner, then the result. Built from what South saw: its own hand as play began, less the cards it has played;
the others show backs for the cards they had yet to play. Each game dresses the frames with its own seat labels,
speech bubbles, upcard and score sheet."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from core.cards import Card
from core.table import Label, Mark, Pile, Table
from core.text import Text
from plugins.euchre import layout
from plugins.euchre.cards import Ranking, sort_hand
from plugins.euchre.model import Trick
from plugins.euchre.words import W

#: what a game adds to a frame: (step, bidding, finished) → its piles and labels. ``step`` tricks are done;
#: ``bidding`` for the first frame, ``finished`` for the last (the score after the hand)
Dress = Callable[[int, bool, bool], tuple[Sequence[Pile], Sequence[Label]]]


def review_frames(tricks: Sequence[Trick], held: Sequence[Card], spots: Sequence[int], names: Sequence[Text],
                  ranking: Ranking, opening: Text, result: Text, dress: Dress, sitting_out: Collection[int] = (),
                  hand_size: int = 5, dealt: Sequence[Card] = ()) -> tuple[Table, ...]:
    """The frames of a finished hand. ``held`` is South's hand as play began (``held_when_play_began``);
    ``spots[p]`` is player ``p``'s seat on the four-seat table (South is player 0) and ``names[p]`` their name;
    ``ranking`` sorts South's cards (and, in a hand played, so with trump made, badges its left bower);
    ``opening`` and ``result`` caption the first and the last frame; a player ``sitting_out`` (a partner of one
    who went alone) keeps a full ``hand_size`` of backs, faded, as does everyone in a hand thrown in. ``dealt``,
    South's hand as dealt, is the bidding frame's (default ``held``): a dealer who took the upcard held it only once
    the bidding was over, and the bidding frame showed it twice, in that hand and turned up."""
    faded = frozenset({Mark.SITTING_OUT})

    def frame(step: int, caption: Text, trick: Trick | None = None, bidding: bool = False) -> Table:
        played = {card for t in tricks[:step] for player, card in t.plays if player == 0}
        south = sort_hand([card for card in (dealt or held if bidding else held) if card not in played], ranking)
        piles = [layout.hand_pile(0, 0, layout.south_faces(south, ranking.trump if tricks else None),
                                  faded if 0 in sitting_out else frozenset())]
        for player in range(1, len(spots)):
            left = sum(1 for t in tricks[step:] for p, _ in t.plays if p == player)
            full = not tricks or player in sitting_out  # a hand thrown in, or sat out: never played from
            piles.append(layout.hand_pile(spots[player], hand_size if full else left,
                                          marks=faded if player in sitting_out else frozenset()))
        if trick is not None:
            piles += layout.trick_piles([(spots[p], card) for p, card in trick.plays], spots[trick.winner])
        extra_piles, labels = dress(step, bidding, trick is None and not bidding and step == len(tricks))
        return Table(layout.WIDTH, layout.HEIGHT, (*piles, *extra_piles), (*labels, layout.caption(caption)), (),
                     layout.CHOICES_AT, None, caption)

    frames = [frame(0, opening, bidding=True)]
    for n, trick in enumerate(tricks, start=1):
        card = dict(trick.plays)[trick.winner]
        frames.append(frame(n, W["review_trick"].format(n=n, of=len(tricks), seat=names[trick.winner],
                                                        card=card.pretty), trick))
    frames.append(frame(len(tricks), result))
    return tuple(frames)
