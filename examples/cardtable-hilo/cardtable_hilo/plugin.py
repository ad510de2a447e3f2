"""The plugin module named by the ``cardtable`` entry point: one hook that registers the game."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable_hilo.rules import CountingPlayer, HiLoRules, Observation, best_guess
from core.plugin import GameRegistry, GameSpec, Hint, RulesText, SettingsSchema, Text, hookimpl


def hint(observation: Observation, legal_moves: Sequence[str]) -> Hint | None:
    if not legal_moves:
        return None
    guess, chance = best_guess(observation)
    return Hint(guess, Text(f"{chance:.0%} likely", f"{chance:.0%} の確率"))


GAME = GameSpec(
    id="hilo",
    name=Text("Higher or Lower", "ハイ＆ロー"),
    description=Text("Guess ten cards in a row.", "次の札が上か下か、10回続けて当てよう。"),
    rules=HiLoRules(),
    settings=SettingsSchema(),
    strategies={"normal": CountingPlayer},
    hint=hint,
    help=RulesText("cardtable_hilo", {"en": "help/rules.en.md", "ja": "help/rules.ja.md"}),  # F1 and Help
    icon="cardtable_hilo:icons/hilo.svg",  # the launcher's tile
    presenter="cardtable_hilo.table:HiLoPresenter",
    view="cardtable_hilo.view:create_view",
)


@hookimpl
def cardtable_register_games(games: GameRegistry) -> None:
    games.add(GAME)
