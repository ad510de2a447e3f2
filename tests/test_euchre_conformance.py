from core.cards import Card, Suit
from core.conformance import GameConformance
from plugins.euchre.model import Move
from plugins.euchre.plugin import GAME


class TestEuchreConformance(GameConformance):
    game = GAME
    malformed_moves = (Move("play"), Move("discard"), Move("call"), Move("call", alone=True), Move("bogus"),
                       Move("call", suit="H"), Move("play", card="JH"), Move("order", suit=Suit.HEARTS),  # type: ignore[arg-type]
                       Move("pass", alone="yes"), Move("play", card=Card(2, Suit.HEARTS)),  # type: ignore[arg-type]
                       Move("pass", card=Card(9, Suit.HEARTS)))
