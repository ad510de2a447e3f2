"""Euchre CPU players: no peeking at hidden cards, and the behaviour strong players expect."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.cards import Suit
from core.rng import Rng
from plugins.euchre.cards import DECK, Ranking
from plugins.euchre.cpu import EasyPlayer, HardPlayer, RuleBasedPlayer, sure_tricks
from plugins.euchre.model import EuchreState, Hand, Move
from plugins.euchre.plugin import GAME
from tests.euchre_helpers import RULES, legal, moves, new_state

STRATEGIES = [EasyPlayer, RuleBasedPlayer, HardPlayer]
C = __import__("core.cards", fromlist=["Card"]).Card.parse


def swap_hidden(state: EuchreState, seat: int) -> EuchreState | None:
    """The same position with a card of another hand exchanged with a buried card (None: no hidden card
    is left in another hand)."""
    hand = state.hand
    a = next((s for s in range(4) if s != seat and any(c != hand.deal.upcard for c in hand.hands[s])), None)
    if a is None:
        return None
    buried = hand.deal.buried
    hands = list(hand.hands)
    card_a, card_b = next(c for c in hands[a] if c != hand.deal.upcard), buried[0]
    hands[a] = tuple(card_b if c == card_a else c for c in hands[a])
    deal = replace(hand.deal, buried=(card_a, *buried[1:]))
    return replace(state, hand=replace(hand, hands=tuple(hands), deal=deal))


OPTION_SETS = {  # every toggle in at least one set
    "standard": {},
    "joker-32-holding-stick": {"joker": True, "thirty_two_cards": True, "trump_holding": True,
                               "stick_the_dealer": True},
    "partner-defender-decline": {"dealer_partner_alone": True, "defender_alone": True, "dealer_may_decline": True},
}


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_no_peeking_positions_differing_only_in_unseen_cards_get_the_same_decision(strategy: type,
                                                                                  options: dict[str, bool]) -> None:
    # the hard player thinks for tens of milliseconds a decision: half the deals, still 136 to 154 positions a set
    for seed in range(6 if strategy is HardPlayer else 12):
        state = RULES.new_game(options, seed)
        # play into the middle of the hand with normal players so every phase is covered
        for ply in range(30):
            seat = RULES.to_move(state)
            if seat is None or state.number:
                break
            twin = swap_hidden(state, seat)
            if twin is not None:
                assert RULES.observation(twin, seat) == RULES.observation(state, seat)
                first = strategy().choose(RULES.observation(state, seat), RULES.legal_moves(state), Rng(ply))
                second = strategy().choose(RULES.observation(twin, seat), RULES.legal_moves(twin), Rng(ply))
                assert first == second
            state = RULES.apply(state, RuleBasedPlayer().choose(RULES.observation(state, seat),
                                                                RULES.legal_moves(state), Rng(ply)))


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_dealer_naming_trump_under_a_turned_up_joker_does_not_look_at_the_hand(strategy: type) -> None:
    from plugins.euchre.advice import euchre_hint

    spades = new_state("S", "JK", settings={"joker": True}, S="JS JC AS KS QS")
    hearts = new_state("S", "JK", settings={"joker": True}, S="JH JD AH KH QH")
    decisions = set()
    for ply in range(6):
        first, second = (strategy().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(ply))
                         for state in (spades, hearts))
        assert first == second, "the same choice whatever the hand holds"
        decisions.add(first.text)
    assert len(decisions) > 1, "named at random: no suit is favoured blind"
    hints = [euchre_hint(RULES.observation(state, 0), RULES.legal_moves(state)) for state in (spades, hearts)]
    assert hints[0] == hints[1] and hints[0] is not None and "before seeing your hand" in hints[0].reason.en


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_every_strength_plays_hands_with_the_joker_turned_up_and_in_hand(strength: str) -> None:
    from plugins.euchre.tournament import play_hand

    settings = {**GAME.settings.defaults(), "joker": True}
    for dealer in "SWNE":
        for up, holder in (("JK", None), ("AH", "W"), ("9C", "N")):
            hands = {holder: "JK 9S TS JC QD"} if holder else {}
            deal = RULES.state_to_json(new_state(dealer, up, settings=settings, **hands))["hand"]["deal"]
            players = [GAME.strategies[strength]() for _ in range(4)]
            final = play_hand(settings, deal, players, 7)
            result = final.results[0]
            assert result.maker is not None or up != "JK", "a turned-up joker always makes the dealer the maker"
            if up == "JK":
                assert result.maker == "SWNE".index(dealer) and result.log[0][1].startswith("call")
            owner = "SWNE".index(dealer) if up == "JK" else "SWNE".index(holder)
            out = {(seat + 2) % 4 for seat in (result.alone, result.defender_alone) if seat is not None}
            played = [text for _, text in result.log if text.startswith("play")]
            assert ("play JK" in played) == (result.maker is not None and owner not in out)


def test_strategies_never_receive_the_state() -> None:
    from core.session import GameSession

    received: list[object] = []

    class Spy(RuleBasedPlayer):
        def choose(self, obs, legal, rng):  # type: ignore[no-untyped-def]
            received.append(obs)
            return super().choose(obs, legal, rng)

    game = replace(GAME, strategies={**GAME.strategies, "spy": Spy})
    session = GameSession.new(game, seed=3, players=["spy"] * 4)
    for _ in range(40):
        session.cpu_step()
    assert received and not any(isinstance(o, EuchreState | Hand) for o in received)


@pytest.mark.parametrize("strategy", [RuleBasedPlayer, HardPlayer])
def test_dealer_with_the_right_bower_and_two_more_trumps_picks_up(strategy: type) -> None:
    state = new_state("S", "9H", S="JH AH QH 9C TD", W="9S TS JS 9D KC")
    state = moves(state, "W pass", "N pass", "E pass")
    move = strategy().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert move.kind == "order"


@pytest.mark.parametrize("strategy", [RuleBasedPlayer, HardPlayer])
def test_last_to_play_does_not_trump_a_partners_winning_ace(strategy: type) -> None:
    # hearts trump; West leads a club, North (partner) takes it with A♣, East follows; South is last,
    # void in clubs, holding trumps
    state = new_state("S", "9H", S="JH TH QD KD 9D", N="AC 9S TS QS KS", W="9C KC AS JS QH",
                      E="TC JC KH AH TD")
    state = moves(state, "W pass", "N order", "S discard 9D", "W play 9C", "N play AC", "E play TC")
    move = strategy().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert move.card is not None and not Ranking(C("9H").suit).is_trump(move.card), \
        "no need to trump the partner's winning ace"


@pytest.mark.parametrize("strategy", [RuleBasedPlayer, HardPlayer])
def test_maker_with_both_bowers_and_a_third_trump_leads_trump(strategy: type) -> None:
    state = new_state("E", "9S", S="JH JD AH AS KC", E="QH TS JS QS KS")
    state = moves(state, "S pass", "W pass", "N pass", "E pass", "S call H")
    move = strategy().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert move.card is not None and move.card in (C("JH"), C("JD"))


def test_a_defender_does_not_lead_trump_or_a_lone_ace_into_a_lone_maker() -> None:
    # West goes alone in spades; South, on lead, holds a singleton A♦, a trump and clubs
    state = new_state("N", "TS", S="AD 9S KC QC TC", W="JS JC AS KS QS")
    state = moves(state, "E pass", "S pass", "W order alone")
    state = moves(state, "N " + legal(state)[0])
    assert RULES.to_move(state) == 2 or RULES.to_move(state) == 0
    while RULES.to_move(state) != 0:
        state = RULES.apply(state, RuleBasedPlayer().choose(RULES.observation(state, RULES.to_move(state)),
                                                            RULES.legal_moves(state), Rng(0)))
    move = RuleBasedPlayer().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert move.card not in (C("9S"), C("AD"))


def test_hard_goes_alone_with_a_hand_that_wins_all_five() -> None:
    assert sure_tricks([C("JH"), C("JD"), C("AH"), C("KH"), C("QH")], C("9H").suit) == 5
    assert sure_tricks([C("JH"), C("JD"), C("AH"), C("KH"), C("AC")], C("9H").suit) == 5
    assert sure_tricks([C("JH"), C("AH"), C("KH"), C("QH"), C("AC")], C("9H").suit) == 1
    state = new_state("E", "9H", S="JH JD AH KH AC")
    move = HardPlayer().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert move == Move("order", alone=True)
    normal = RuleBasedPlayer().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(0))
    assert normal.kind == "order"


def first_trick_turns(count: int) -> list[EuchreState]:
    """Positions in the first trick with a choice of card (the opening lead and the plays after it), from
    seeded matches of normal players."""
    found: list[EuchreState] = []
    for seed in range(count * 3):
        if len(found) >= count:
            break
        state = RULES.new_game(GAME.settings.defaults(), seed)
        while RULES.to_move(state) is not None and state.number == 0:
            seat = RULES.to_move(state)
            assert seat is not None
            obs = RULES.observation(state, seat)
            if obs.phase.value == "play" and len(obs.hand) < 5:
                break
            if obs.phase.value == "play" and len(RULES.legal_moves(state)) > 1:
                found.append(state)
            state = RULES.apply(state, RuleBasedPlayer().choose(obs, RULES.legal_moves(state), Rng(seed)))
    return found[:count]


def test_hard_leaves_the_usual_opening_lead_only_for_one_clearly_better_and_follows_its_search_after_it() -> None:
    seen: dict[tuple[bool, bool], int] = {}  # (leading, overruled)
    for state in first_trick_turns(80):
        seat = RULES.to_move(state)
        assert seat is not None
        obs, legal_moves = RULES.observation(state, seat), RULES.legal_moves(state)
        player = HardPlayer()
        move = player.choose(obs, legal_moves, Rng(seed=7))
        usual = RuleBasedPlayer().choose(obs, legal_moves, Rng(seed=7))
        assert player.last_values is not None and player.last_values.samples == HardPlayer.SAMPLES[5]
        points = player.last_values.points
        margin = HardPlayer.OPENING_LEAD_MARGIN if not obs.current else 0.0
        leading = not obs.current
        seen[leading, move != usual] = seen.get((leading, move != usual), 0) + 1
        if move == usual:
            assert max(points.values()) <= points[usual] + margin + 1e-9
        else:
            assert points[move] == max(points.values())
            assert points[move] > points[usual] + margin - 1e-9
    assert seen.get((True, True)) and seen.get((True, False)) and seen.get((False, True)), seen


def test_hard_defends_alone_when_the_sampled_deals_say_it_pays_and_normal_does_not() -> None:
    def defending(north: str) -> EuchreState:
        state = new_state("S", "9S", settings={"defender_alone": True}, N=north)
        return moves(state, "W pass", "N pass", "E pass", "S pass", "W call H")  # North defends first

    strong = defending("JH JD AH AS AC")  # three top trumps and two aces: three tricks alone
    for seed in range(3):
        hard = HardPlayer()
        assert hard.choose(RULES.observation(strong, 2), RULES.legal_moves(strong), Rng(seed)) == Move("alone")
        assert hard.last_values is not None and hard.last_values.samples == HardPlayer.BID_SAMPLES
    normal = RuleBasedPlayer().choose(RULES.observation(strong, 2), RULES.legal_moves(strong), Rng(0))
    assert normal == Move("pass"), "the conventional rule wants four trumps"
    weak = defending("9H TH QH 9D 9C")
    assert HardPlayer().choose(RULES.observation(weak, 2), RULES.legal_moves(weak), Rng(0)) == Move("pass")


def test_a_dealer_who_took_the_upcard_imagines_deals_with_its_own_discard_in_its_hand() -> None:
    from plugins.euchre.infer import sample_deals

    state = new_state("S", "9H", settings={"defender_alone": True}, S="JD AH KS QC TC")
    state = moves(state, "W order", "S discard TC")  # East/West make hearts; South, the dealer, defends
    obs = RULES.observation(state, 0)
    assert C("9H") in obs.hand and C("TC") not in obs.hand
    deals = list(sample_deals(obs, Rng(3), RuleBasedPlayer(), 20))
    assert len(deals) == 20
    for deal in deals:
        assert sorted(deal.hands[0], key=DECK.index) == sorted(
            [C("JD"), C("AH"), C("KS"), C("QC"), C("TC")], key=DECK.index)
        assert all(C("TC") not in hand for hand in deal.hands[1:]) and C("TC") not in deal.buried
    hard = HardPlayer()  # three trumps (J♦ A♥ 9♥): it weighs defending alone on those deals
    hard.choose(obs, RULES.legal_moves(state), Rng(0))
    assert hard.last_values is not None and hard.last_values.samples == HardPlayer.BID_SAMPLES


def test_a_stuck_dealer_names_the_suit_whose_sampled_deals_score_most() -> None:
    from plugins.euchre.advice import euchre_hint

    state = new_state("S", "9S", settings={"stick_the_dealer": True}, S="TH 9D TD QC 9C")
    state = moves(state, *(f"{seat} pass" for seat in "WNESWNE"))
    obs, legal_moves = RULES.observation(state, 0), RULES.legal_moves(state)
    assert Move("pass") not in legal_moves
    hard = HardPlayer()
    move = hard.choose(obs, legal_moves, Rng(0))
    assert hard.last_values is not None
    plain = {m: v for m, v in hard.last_values.points.items() if not m.alone}
    assert set(plain) == {Move("call", suit=s) for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
    assert move == max(plain, key=lambda m: plain[m])
    hint = euchre_hint(obs, legal_moves)  # its own draws: ♣ and ♦ are close, so it may name the other
    assert hint is not None and hint.move in {m.text for m in plain} and "48 sampled deals" in hint.reason.en


def test_easy_is_careless_sometimes_and_normal_never_is() -> None:
    state = new_state("E", "9H", S="JH TH QD KD 9D")
    state = moves(state, "S order", "E " + legal(moves(new_state("E", "9H", S="JH TH QD KD 9D"), "S order"))[0])
    picks = {EasyPlayer().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(i)) for i in range(40)}
    usual = {RuleBasedPlayer().choose(RULES.observation(state, 0), RULES.legal_moves(state), Rng(i)) for i in range(40)}
    assert len(picks) > 1 and len(usual) == 1


def test_hard_reads_the_bidding_passers_seldom_hold_a_hand_they_would_have_ordered_with() -> None:
    """South deals and turns up the 9♥; West, North and East pass. The deals hard imagines before deciding
    rarely give one of them a hand a conventional player orders up with; drawn blindly they often do."""
    from plugins.euchre.infer import sample_deals, surprises
    from plugins.euchre.model import Deal

    state = moves(new_state("S", "9H", S="JH AH KD 9C TC"), "W pass", "N pass", "E pass")
    obs = RULES.observation(state, 0)
    model = RuleBasedPlayer()

    def draw(rng: Rng) -> Deal:
        """A deal of the unseen cards with no reading of the bidding at all."""
        pool = [c for c in DECK if c not in obs.hand and c != obs.upcard]
        rng.shuffle(pool)
        hands = [obs.hand if seat == 0 else tuple(pool.pop() for _ in range(5)) for seat in range(4)]
        return Deal(obs.dealer, tuple(hands), obs.upcard, tuple(pool[:3]))

    def surprising(deals: list[Deal]) -> int:
        return sum(1 for deal in deals if surprises(obs, deal, model))

    rng = Rng(7)
    blind = surprising([draw(rng) for _ in range(200)])
    read = surprising(list(sample_deals(obs, Rng(7), model, 200)))
    assert blind >= 40, blind
    assert read <= blind // 3, (read, blind)


def test_hard_reads_the_play_a_duck_under_the_partners_queen_says_no_higher_spade() -> None:
    """North leads the Q♠ and East, second to play, follows with the 9♠. A conventional player wins as
    cheaply as it can, so a deal that gives East the K♠ now is surprising; one that gives it to West is not."""
    from plugins.euchre.infer import play_surprises

    state = new_state("W", "9H", N="QS 9C TC 9D TD", E="9S TS QC KC AC", W="KS AS JC QD KD",
                      S="JH AH KH QH JD")
    state = moves(state, "N pass", "E pass", "S order")
    state = moves(state, "W discard QD", "N play QS", "E play 9S")
    obs = RULES.observation(state, 0)
    hands = [list(h) for h in state.hand.hands]
    model = RuleBasedPlayer()
    assert play_surprises(obs, hands, model) == 0
    west, east = hands[1], hands[3]
    west[west.index(C("KS"))], east[east.index(C("TS"))] = C("TS"), C("KS")
    assert play_surprises(obs, hands, model) == 1


def test_remembered_bid_verdicts_give_the_same_surprises_as_judging_every_deal_afresh() -> None:
    """The sampler remembers the model's verdict on each bid by the bidder's cards; over many deals drawn
    blindly (each hand's cards in any order, the bidding explained or not) the counts match judging each deal
    on its own."""
    from plugins.euchre.infer import Verdicts, played_by, surprises
    from plugins.euchre.model import Deal

    settings = {**GAME.settings.defaults(), "trump_holding": True, "stick_the_dealer": True}
    normal = RuleBasedPlayer()
    checked = surprised = 0
    for seed in range(1, 40):
        state = RULES.new_game(settings, seed)
        while state.number == 0 and (state.hand.phase.value != "play" or len(state.hand.tricks) < 2):
            seat = RULES.to_move(state)
            state = RULES.apply(state, normal.choose(RULES.observation(state, seat), RULES.legal_moves(state),
                                                     Rng(0)))
        obs = RULES.observation(state, 0)
        if state.number or obs.dealer == 0 or len(obs.bids) < 4:
            continue
        played = played_by(obs)
        unseen = [c for c in obs.options.deck if c not in obs.hand and c not in obs.played and c != obs.upcard]
        rng = Rng(seed)
        verdicts: Verdicts = {}
        for _ in range(150):
            rng.shuffle(unseen)
            left = list(unseen)
            hands = []
            for seat in range(4):
                if seat == 0:
                    dealt = [*obs.hand, *played[0]]
                else:
                    # a dealer who took the upcard was dealt its discard instead
                    dealt = [left.pop() for _ in range(5 - len(played[seat]))] + \
                        [c for c in played[seat] if c != obs.upcard]
                    if len(dealt) < 5:
                        dealt.append(left.pop())
                rng.shuffle(dealt)
                hands.append(tuple(dealt))
            deal = Deal(obs.dealer, tuple(hands), obs.upcard, tuple(left[:3]))
            fresh = surprises(obs, deal, normal)
            assert surprises(obs, deal, normal, None, verdicts) == fresh
            checked += 1
            surprised += bool(fresh)
    assert checked >= 1500 and surprised >= 300, (checked, surprised)
