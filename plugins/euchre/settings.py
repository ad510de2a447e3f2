"""Euchre's settings: the rule presets, the custom toggles, the target and the CPU strength."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.cards import Card
from core.settings import CPU_STRENGTHS, Choice, Preset, SettingsSchema, Toggle
from core.text import Text
from plugins.euchre.cards import deck_of

_TOGGLES = ("stick_the_dealer", "trump_holding", "defender_alone", "dealer_may_decline", "dealer_partner_alone",
            "thirty_two_cards", "joker")


def _preset(*on: str) -> dict[str, bool]:
    """A preset's toggles: those named on, every other off."""
    return {key: key in on for key in _TOGGLES}


SCHEMA = SettingsSchema(
    options=(
        Toggle("stick_the_dealer", Text("Stick the dealer", "配り手強制"), False,
               Text("After seven passes the dealer must name one of the three other suits.",
                    "2巡目でほかの3人がパスしたら、配り手はパスできず別のマークを必ず選びます。")),
        Toggle("trump_holding", Text("Trump-holding", "切札所持"), False,
               Text("You may order up or name a suit only while holding a card of it (a lone left bower counts). "
                    "The dealer's pickup and a forced dealer call are exempt.",
                    "宣言には切札を1枚以上持つ必要があります（左バウアー1枚でも可）。配り手の拾い上げと強制宣言は例外。")),
        Toggle("defender_alone", Text("Defender may go alone", "守備側の単独"), False,
               Text("Once trump is made, a defender may play alone; euchring the makers alone scores 4.",
                    "切札決定後、守備側も単独を宣言できます。単独でユーカーにすると4点。")),
        Toggle("dealer_may_decline", Text("Dealer may decline the pickup", "配り手は拾わなくてよい"), False,
               Text("In round 1 the dealer may leave the upcard; trump stays its suit and the upcard is out of play.",
                    "1巡目で配り手は公開札を拾わずにおけます。切札はそのマークのまま、公開札は使いません。")),
        Toggle("dealer_partner_alone", Text("Dealer's partner orders up alone", "配り手の味方は単独"), False,
               Text("In round 1 the dealer's partner may order up only alone: the dealer still takes the upcard, "
                    "then sits the hand out.",
                    "1巡目に配り手の味方が公開札を切札にするときは必ず単独です。配り手は公開札を拾ってから休みます。")),
        Toggle("thirty_two_cards", Text("32-card deck (7s and 8s)", "32枚（7と8を加える）"), False,
               Text("The 7s and 8s join the pack, ranking below the 9s; the kitty under the upcard grows to eleven "
                    "cards. All other rules stay.",
                    "7と8を加え、9の下に並べます。公開札の下の伏せ札は11枚になります。ほかのルールは同じです。")),
        Toggle("joker", Text("Joker (benny) as the best bower", "ジョーカー（最強の切札）"), False,
               Text("A joker joins the pack as the highest trump, above the right bower; whoever holds it follows "
                    "trump with it. If the joker is turned up, the dealer names trump before looking at the hand "
                    "(the British rule), takes the joker and discards; no one bids that hand.",
                    "ジョーカーを1枚加え、右バウアーより強い最強の切札とします。持っている人は切札として出します。"
                    "公開札がジョーカーなら、配り手が手札を見る前に切札を指名し、ジョーカーを拾って1枚捨てます"
                    "（英国式）。そのハンドは誰も宣言しません。")),
        Choice("target", Text("Game to", "終了点"),
               ((10, Text("10 points", "10点")), (7, Text("7 points", "7点")),
                (5, Text("5 points (short)", "5点（短め）"))),
               10, Text("The first team to reach this score after a hand wins.", "先にこの点に達した組の勝ちです。")),
        Choice("opponents", Text("Opponents", "相手CPUの強さ"), CPU_STRENGTHS, "normal",
               Text("Strength of West and East. North, your partner, always plays at Normal.",
                    "左右の相手の強さ。向かいの味方はいつも「ふつう」です。")),
    ),
    presets=(
        Preset("standard", Text("Standard", "標準"), _preset()),
        Preset("stick", Text("Stick the dealer", "配り手強制"), _preset("stick_the_dealer")),
        Preset("holding_stick", Text("Trump-holding + stick the dealer", "切札所持＋配り手強制"),
               _preset("stick_the_dealer", "trump_holding")),
        Preset("british", Text("British (joker as the best bower)", "英国式（ジョーカー入り）"), _preset("joker")),
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    """The rule options a match is played under (kept in the state, so a save replays exactly)."""

    stick_the_dealer: bool = False
    trump_holding: bool = False
    defender_alone: bool = False
    dealer_may_decline: bool = False
    target: int = 10
    dealer_partner_alone: bool = False
    thirty_two_cards: bool = False
    joker: bool = False

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards this match is dealt from: 24, 25, 32 or 33."""
        return deck_of(self.thirty_two_cards, self.joker)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Options:
        """The rule options in ``settings`` (missing ones at their defaults); raises
        :class:`core.settings.SettingsError` naming an unknown key or a bad value."""
        try:  # the same settings give the same options: simulations and the hard player's playouts ask often
            key: tuple[Any, ...] | None = tuple(sorted((k, type(v), v) for k, v in settings.items()))
            options = _KNOWN.get(key)  # type: ignore[arg-type]
        except TypeError:  # a value that cannot be a key (or keys that do not sort): checked every time
            key, options = None, None
        if options is None:
            values = SCHEMA.checked(settings)
            options = cls(values["stick_the_dealer"], values["trump_holding"], values["defender_alone"],
                          values["dealer_may_decline"], values["target"], values["dealer_partner_alone"],
                          values["thirty_two_cards"], values["joker"])
            if key is not None and len(_KNOWN) < 1024:
                _KNOWN[key] = options
        return options

    def to_json(self) -> dict[str, Any]:
        return {"stick_the_dealer": self.stick_the_dealer, "trump_holding": self.trump_holding,
                "defender_alone": self.defender_alone, "dealer_may_decline": self.dealer_may_decline,
                "dealer_partner_alone": self.dealer_partner_alone, "thirty_two_cards": self.thirty_two_cards,
                "joker": self.joker, "target": self.target}


_KNOWN: dict[tuple[Any, ...], Options] = {}  # checked settings (each value with its type, so 1 is not True)
