from core.conformance import GameConformance
from plugins.euchre.plugin import GAME


class TestEuchreConformance(GameConformance):
    game = GAME
