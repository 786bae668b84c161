"""The expert level: its exact endgame agrees with the engine, its bid inference weighs deals,
its decisions repeat given the same iterations, and it plays clear positions right."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_player
from engine.ai.determinize import knowledge_of, sample_hands, smear_state
from engine.ai.expert import ExpertPlayer, equivalent_actions, searched_bids
from engine.ai.fast.endgame import solve
from engine.ai.fast.jit import floats
from engine.ai.fast.states import smear_array
from engine.ai.hard import HardPlayer
from engine.ai.inference import bid_likelihood
from engine.ai.rules import GO_OUT_SET_RISK, SET_RISK, sensible_bids
from engine.ai.search import smear_value
from engine.core import PASS, Phase, bid_action
from engine.smear import SmearState
from tests.engine.ai.helpers import positions
from tests.engine.conftest import act, cards, smear_hand


def test_endgame_scores_the_last_trick_as_the_engine_does() -> None:
    """With one card each the line is forced: the solver's margins and score changes must be
    the engine's own scoring of the hand (S6-S11), and a hand that ends the game is won by
    its winner for sure (S12, S13)."""
    checked = 0
    for seed in range(40):
        for st in positions("smear", 3, seed, 300):
            assert isinstance(st, SmearState)
            if st.phase != Phase.PLAY or st.tricks_done != 5 or st.trick:
                continue
            before = list(st.scores)
            solved = floats(9)
            solve(smear_array(st), solved, 0)
            real = st.copy()
            real.playout_hand(random.Random(0))
            assert sum(solved[:3]) == pytest.approx(1.0)  # every seat's chance to win
            for seat in range(3):
                assert solved[3 + seat] == pytest.approx(smear_value(real, seat, before))
                assert solved[6 + seat] == real.scores[seat] - before[seat]
                if real.phase == Phase.OVER:
                    assert solved[seat] == (seat == real.outcome_winner)
            checked += 1
            break
    assert checked >= 20


def test_bid_likelihood_prefers_deals_that_explain_a_pass() -> None:
    """Seat 1 passed: a deal giving it A-K-Q-J of spades explains that worse than a weak one,
    but is weighed, not thrown away."""
    st = smear_hand(["2C 3C 4D 5D 6H 7H", "AS KS QS JS 8D 9D", "2H 3S 4S 5S 6S 7S"], dealer=0)
    act(st, "pass")
    view = st.view(2)
    know = knowledge_of(view)
    strong, weak = mask("AS KS QS JS 8D 9D"), mask("2C 3C 4D 5D 6H 7H")
    own = mask("2H 3S 4S 5S 6S 7S")
    unlikely = bid_likelihood(view, know, [weak, strong, own])
    likely = bid_likelihood(view, know, [strong, weak, own])
    assert 0 < unlikely < likely


def mask(text: str) -> int:
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def test_iterations_make_the_decision_repeatable() -> None:
    player = make_player("smear", "expert-v1", iterations=6)
    for i, st in enumerate(positions("smear", 3, 5, 80)):
        if i % 5:
            continue
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        assert player.choose(view, random.Random(i)) == player.choose(view, random.Random(i))


def test_a_tiny_budget_still_searches_one_deal() -> None:
    """budget_ms is a bound: far below one deal's time the search still finishes one deal."""
    for st in positions("smear", 3, 8, 40):
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        if len(view.legal) < 2:
            continue
        analysis = ExpertPlayer("smear", budget_ms=0.001).analyse(view, random.Random(1))
        assert analysis.deals == 1
        assert analysis.best in view.legal


def test_long_shot_bids_are_not_searched() -> None:
    st = smear_hand(["2C 5D 7H 9S 3C 4D", "AS KS 2H 3H 4H 5H", "6C 7C 8C 9C TC JC"], dealer=2)
    assert searched_bids(st.view(0)) == (PASS,)


def test_expert_does_not_bid_four_on_a_hopeless_hand() -> None:
    st = smear_hand(["2C 5D 7H 9S 3C 4D", "AS KS 2H 3H 4H 5H", "6C 7C 8C 9C TC JC"], dealer=2)
    player = make_player("smear", "expert-v1", iterations=20)
    assert player.choose(st.view(0), random.Random(1)) == PASS


def test_expert_bids_and_leads_the_ace_with_ace_king_jack_ten() -> None:
    st = smear_hand(["AS KS JS TS 3H 4D", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    player = make_player("smear", "expert-v1", iterations=40)
    bid = player.choose(st.view(0), random.Random(1))
    assert bid != PASS
    st.apply(bid, 0)
    while st.phase == Phase.BID:
        st.apply(PASS, st.current_player)
    assert player.choose(st.view(0), random.Random(2)) == cards("AS")[0]


def test_expert_takes_a_sure_jack() -> None:
    """Spades trump: the bidder leads the jack, we hold the ace and only the king is left
    after us. The ace takes the jack for sure; the three would give it to the king."""
    st = smear_hand(["KS 2C 3C 4C 5C 6C", "QS JS 7D 8D 9D TD", "AS 3S 7H 8H 9H TH"], dealer=0)
    act(st, "2", "pass", "pass", "JS")
    assert st.current_player == 2
    player = make_player("smear", "expert-v1", iterations=20)
    assert player.choose(st.view(2), random.Random(4)) == cards("AS")[0]


def test_searched_state_is_the_view_position() -> None:
    st = smear_hand(["AS KS JS TS 3H 4D", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    view = st.view(0)
    hands = sample_hands(knowledge_of(view), random.Random(3))
    assert smear_state(view, hands).legal_mask() == st.legal_mask()


def test_stop_bid_is_searched() -> None:
    st = smear_hand(["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AS KS 3S 5H 7D 8D"], dealer=0)
    st.scores = [0, 10, 0]
    act(st, "2")
    assert bid_action(3) in searched_bids(st.view(2))


def test_touching_cards_of_equal_worth_are_searched_once() -> None:
    """5S 6S 7S touch (no unseen card between), 9S has the 8 out, and a ten is worth Game."""
    st = smear_hand(["5S 6S 7S 9S TS 2C", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    act(st, "2", "pass", "pass")
    view = st.view(0)
    know = knowledge_of(view)
    classes = equivalent_actions(view, know, view.legal, cards("9S")[0])
    members = sorted(classes.values())
    assert cards("5S 6S 7S") in members
    assert [cards("9S")[0]] in members and [cards("TS")[0]] in members
    assert len(classes) == 4


def test_the_analysis_values_every_legal_action() -> None:
    st = smear_hand(["5S 6S 7S 9S TS 2C", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    act(st, "2", "pass", "pass")
    view = st.view(0)
    analysis = ExpertPlayer("smear", iterations=4).analyse(view, random.Random(1))
    assert analysis.actions == view.legal and len(analysis.values) == len(view.legal)
    five, six = view.legal.index(cards("5S")[0]), view.legal.index(cards("6S")[0])
    assert analysis.values[five] == analysis.values[six]


def test_expert_stretches_to_go_out() -> None:
    """K-7 of spades and little else: not worth a bid at 0-0, but at 10 points a made 2 wins
    the game (S12), which is worth the risk of a set."""
    player = make_player("smear", "expert-v1", iterations=100)
    for scores, bid in (([0, 0, 0], PASS), ([0, 0, 10], bid_action(2))):
        st = smear_hand(
            ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "KS 7S 2H 8H 9D 3D"],
            dealer=0,
            scores=scores,
        )
        act(st, "pass")
        assert player.choose(st.view(2), random.Random(1)) == bid


def test_search_leaves_the_collector_as_it_found_it() -> None:
    import gc

    st = next(iter(positions("smear", 3, 3)))
    view = st.view(st.current_player or 0)
    for level in ("hard", "expert-v1"):
        player = make_player("smear", level, iterations=2)
        assert gc.isenabled()
        player.choose(view, random.Random(1))
        assert gc.isenabled()
        gc.disable()
        try:
            player.choose(view, random.Random(1))
            assert not gc.isenabled()
        finally:
            gc.enable()


def test_a_bid_the_search_often_sees_set_is_not_sensible() -> None:
    """Ordinary bids are held to SET_RISK, a bid that wins the game to GO_OUT_SET_RISK, and
    a bid that stops a player about to win the game to nothing; a pass is always sensible."""
    st = smear_hand(["AS KS JS TS 3H 4D", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    searched = (PASS, bid_action(2), bid_action(3))
    risky = [0.0, SET_RISK + 0.01, GO_OUT_SET_RISK - 0.01]
    assert sensible_bids(st.view(0), searched, risky) == [0]
    st.scores = [8, 0, 0]  # 3 goes out (S12), 2 does not
    assert sensible_bids(st.view(0), searched, risky) == [0, 2]
    st2 = smear_hand(["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AS KS 3S 5H 7D 8D"], dealer=0)
    st2.scores = [0, 10, 0]
    act(st2, "2")  # seat 1 makes 2 and wins: stopping it is worth any risk
    stop = (PASS, bid_action(3), bid_action(4))
    assert sensible_bids(st2.view(2), stop, [0.0, 0.9, 0.9]) == [0, 1, 2]


def test_the_last_to_speak_searches_only_the_least_bid_that_does_the_job() -> None:
    """The dealer is never outbid and a made bid scores every point (S10): with a hand that
    makes 2, 3 and 4 alike it tries pass and 2, and 3 only when 3 wins the game (S12)."""
    strong = ["5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C", "AS KS QS JS TS 2S"]
    st = smear_hand(strong, dealer=2)
    act(st, "pass", "pass")
    assert searched_bids(st.view(2)) == (PASS, bid_action(2))
    st = smear_hand(strong, dealer=2, scores=[0, 0, 8])
    act(st, "pass", "pass")
    assert searched_bids(st.view(2)) == (PASS, bid_action(2), bid_action(3))


def test_without_the_search_the_expert_bids_and_plays_by_the_rules() -> None:
    """The ablation switches: search_bids/search_cards False take the ``normal`` move."""
    from engine.ai.normal import NormalPlayer

    rules = NormalPlayer()
    player = ExpertPlayer("smear", iterations=8, search_bids=False, search_cards=False)
    for i, st in enumerate(positions("smear", 3, 6, 120)):
        view = st.view(st.current_player or 0)
        assert player.choose(view, random.Random(i)) == rules.choose(view, random.Random(i))


def test_a_later_stop_searches_at_least_its_deals() -> None:
    """``prune_after``: a choice as clear as taking a sure jack is settled on the first few
    deals, but a search told to wait plays every deal it was given first."""
    st = smear_hand(["KS 2C 3C 4C 5C 6C", "QS JS 7D 8D 9D TD", "AS 3S 7H 8H 9H TH"], dealer=0)
    act(st, "2", "pass", "pass", "JS")
    view = st.view(2)
    early = ExpertPlayer("smear", iterations=64).analyse(view, random.Random(4))
    late = ExpertPlayer("smear", iterations=64, prune_after=64).analyse(view, random.Random(4))
    assert early.deals < 64 and late.deals == 64
    assert early.best == late.best == cards("AS")[0]


def test_the_expert_can_search_by_hards_value() -> None:
    """``value="margin"``: the points against the others' and the game won (Hard's value)
    rank the arms; the sure jack is as clear by points as by the chance to win."""
    st = smear_hand(["KS 2C 3C 4C 5C 6C", "QS JS 7D 8D 9D TD", "AS 3S 7H 8H 9H TH"], dealer=0)
    act(st, "2", "pass", "pass", "JS")
    player = ExpertPlayer("smear", iterations=20, value="margin")
    assert player.choose(st.view(2), random.Random(4)) == cards("AS")[0]
    with pytest.raises(ValueError):
        ExpertPlayer("smear", iterations=20, value="points")


def test_long_shots_search_every_legal_bid_as_hard_does() -> None:
    """``long_shots`` (a diagnosis against Hard, which searches every legal bid): the hopeless
    hand whose only searched bid is a pass is valued at every bid, and the decision is the
    analysis with them."""
    st = smear_hand(["2C 5D 7H 9S 3C 4D", "AS KS 2H 3H 4H 5H", "6C 7C 8C 9C TC JC"], dealer=2)
    view = st.view(0)
    player = ExpertPlayer("smear", iterations=20, long_shots=True)
    analysis = player.analyse(view, random.Random(1), long_shots=True)
    assert set(analysis.actions) == set(view.legal) and len(view.legal) == 4
    assert player.decide(view, random.Random(1)) == analysis.best


def test_hard_bids_leave_the_bidding_to_hards_search() -> None:
    """``hard_bids`` (a diagnosis: the bids or the cards?): a bid is Hard's own decision at
    the same iterations from the same generator; a card is still the weighted search's."""
    for seed, st in enumerate(
        s
        for s in positions("smear", 3, 5, 200)
        if isinstance(s, SmearState) and s.phase == Phase.BID and len(s.legal_actions()) > 1
    ):
        view = st.view(st.current_player)
        mixed = ExpertPlayer("smear", iterations=12, hard_bids=True)
        hard = HardPlayer("smear", iterations=12)
        assert mixed.decide(view, random.Random(seed)) == hard.decide(view, random.Random(seed))


def test_hard_options_reach_the_bid_search() -> None:
    """``hard_bidders`` and ``hard_win_value`` reach the Hard search that makes the bids: on
    first bids of random deals, some of them near the target where the game's worth counts,
    it bids as ``hard[bidders=model,win_value=24]`` does, and a value Hard refuses is
    refused."""
    differed = 0
    for seed in range(16):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        state = SmearState(3, first_dealer=seed % 3)
        state.scores = [8, 9, 6] if seed % 2 else [0, 0, 0]
        state.deal([deck[0:6], deck[6:12], deck[12:18]])
        view = state.view(state.current_player)
        mixed = ExpertPlayer(
            "smear", iterations=12, hard_bids=True, hard_bidders="model", hard_win_value=24
        )
        hard = HardPlayer("smear", iterations=12, bidders="model", win_value=24)
        plain = HardPlayer("smear", iterations=12)
        bid = hard.decide(view, random.Random(seed))
        assert mixed.decide(view, random.Random(seed)) == bid
        differed += bid != plain.decide(view, random.Random(seed))
    assert differed  # else the options made no difference here and this proves nothing
    with pytest.raises(ValueError, match="bidders"):
        ExpertPlayer("smear", iterations=12, hard_bids=True, hard_bidders="nobody")
    with pytest.raises(ValueError, match="win_value"):
        ExpertPlayer("smear", iterations=12, hard_bids=True, hard_win_value=-1)
