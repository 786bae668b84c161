"""Hard's options: the win model as its value (``value="win"``) and a cap on the bids its
deals show set (``set_risk``); the defaults stay Hard as shipped."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_player
from engine.ai.determinize import knowledge_of
from engine.ai.hard import (
    BIDDERS,
    HardPlayer,
    _bids_consistent,
    capped_bids,
    clear_of_pass,
    smear_rollout,
    smear_win_value,
)
from engine.ai.rules import GO_OUT_SET_RISK
from engine.ai.search import WIN_VALUE, smear_value
from engine.cards import card_str
from engine.core import PASS, Phase, bid_action
from engine.record import new_game
from engine.smear import SmearState, SmearView
from tests.engine.ai.helpers import positions
from tests.engine.conftest import act, smear_hand


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="value"):
        HardPlayer("smear", iterations=4, value="points")
    with pytest.raises(ValueError, match="Salad"):
        HardPlayer("salad", iterations=4, value="win")
    with pytest.raises(ValueError, match="set_risk"):
        HardPlayer("smear", iterations=4, set_risk=1.5)
    with pytest.raises(ValueError, match="win_value"):
        HardPlayer("smear", iterations=4, win_value=-1.0)


def test_the_game_won_is_worth_win_value_hand_points() -> None:
    """Hard's value of a hand that ends the game: the points against the others' mean, and
    ``win_value`` more for its winner, as much less for the others (S12)."""
    st = smear_hand(["AS KS QS JS TS 2S", "3C 4C 5C 6D 7D 8D", "3H 4H 5H 6H 7H 8H"], dealer=2)
    st.scores = [9, 0, 0]
    before = list(st.scores)
    act(st, "2", "pass", "pass", "AS", "3C", "3H")
    st.playout_hand(random.Random(0))  # seat 0 takes all four points: 13 of 11
    assert st.phase == Phase.OVER and st.outcome_winner == 0
    assert smear_value(st, 0, before) == 4.0 + WIN_VALUE
    assert smear_value(st, 0, before, 10.0) == 4.0 + 10.0
    assert smear_value(st, 1, before, 10.0) == -2.0 - 10.0


def test_the_win_value_is_the_game_itself_once_it_is_over() -> None:
    """A hand that ends the game is worth 1 to its winner and 0 to the others (S12); before
    that every seat has a chance, the chances add up to one, and the leader's is the
    largest."""
    st = smear_hand(["AS KS QS JS TS 2S", "3C 4C 5C 6D 7D 8D", "3H 4H 5H 6H 7H 8H"], dealer=2)
    st.scores = [9, 0, 0]
    act(st, "2", "pass", "pass", "AS", "3C", "3H")
    st.playout_hand(random.Random(0))  # seat 0 takes High, Low, Jack and Game: 13 of 11
    assert st.phase == Phase.OVER and st.outcome_winner == 0
    assert [smear_win_value(st, seat) for seat in range(3)] == [1.0, 0.0, 0.0]
    going = smear_hand(["AS KS QS JS TS 2S", "3C 4C 5C 6D 7D 8D", "3H 4H 5H 6H 7H 8H"])
    going.scores = [7, 2, 0]
    chances = [smear_win_value(going, seat) for seat in range(3)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2] > 0.0


def test_the_cap_leaves_out_bids_set_too_often() -> None:
    """A pass always stays; a bid stays when set at most the cap's share of the deals, or
    ``GO_OUT_SET_RISK`` when making it wins the game (S12); any bid stays to outbid a player
    whose made bid would win."""
    st = smear_hand(["AS KS JS TS 3H 4D", "5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C"], dealer=2)
    searched = (PASS, bid_action(2), bid_action(3), bid_action(4))
    rates = [0.0, 0.25, GO_OUT_SET_RISK - 0.01, 0.9]
    assert capped_bids(st.view(0), searched, rates, 0.3) == [0, 1]
    assert capped_bids(st.view(0), searched, rates, 0.0) == [0]
    st.scores = [8, 0, 0]  # 3 makes 11 and wins; 2 does not
    assert capped_bids(st.view(0), searched, rates, 0.3) == [0, 1, 2]
    stop = smear_hand(["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AS KS 3S 5H 7D 8D"], dealer=0)
    stop.scores = [0, 10, 0]
    act(stop, "2")  # seat 1 wins with a made 2
    outbid = (PASS, bid_action(3), bid_action(4))
    assert capped_bids(stop.view(2), outbid, [0.0, 0.9, 0.9], 0.3) == [0, 1, 2]


def test_a_seat_that_must_go_out_keeps_its_bids_when_all_are_risky() -> None:
    """At the target the pass is not searched (``rules.must_go_out``): with every bid over
    the cap the seat still bids rather than have nothing to choose."""
    st = smear_hand(["5C 6C 7D 8H 9H 2D", "QC KD 5H 6D 7C 8C", "AS KS JS TS 3H 4D"], dealer=2)
    st.scores = [11, 0, 0]
    bids = (bid_action(2), bid_action(3), bid_action(4))
    assert capped_bids(st.view(0), bids, [0.8, 0.9, 0.95], 0.3) == [0, 1, 2]


def _bid_views(count: int) -> list[SmearView]:
    """The first bidding decision with a choice in each of ``count`` random games."""
    out: list[SmearView] = []
    for seed in range(60):
        for st in positions("smear", 3, 900 + seed, 200):
            assert isinstance(st, SmearState)
            if st.phase == Phase.BID and len(st.legal_actions()) > 1:
                out.append(st.view(st.current_player or 0))
                break
        if len(out) >= count:
            break
    return out


def test_the_cap_only_narrows_the_choice() -> None:
    """The cap is applied after the search, on the same deals: no cap and a cap of 1 choose
    alike; a cap of 0 chooses either the uncapped bid or a pass, and on some hands it does
    pass where the uncapped search bids."""
    free = HardPlayer("smear", iterations=40)
    loose = HardPlayer("smear", iterations=40, set_risk=1.0)
    strict = HardPlayer("smear", iterations=40, set_risk=0.0)
    narrowed = 0
    for i, view in enumerate(_bid_views(30)):
        chosen = free.choose(view, random.Random(i))
        assert loose.choose(view, random.Random(i)) == chosen
        careful = strict.choose(view, random.Random(i))
        if careful != chosen:
            assert careful == PASS
            narrowed += 1
    assert narrowed >= 1


def test_a_bid_never_set_survives_a_cap_of_zero() -> None:
    """Six top spades with the two make High, Low, Jack and Game on any deal: a cap of 0
    leaves the bid in."""
    st = smear_hand(["AS KS QS JS TS 2S", "3C 4C 5C 6D 7D 8D", "3H 4H 5H 6H 7H 8H"], dealer=2)
    player = HardPlayer("smear", iterations=30, set_risk=0.0)
    assert player.choose(st.view(0), random.Random(3)) != PASS


def test_hard_with_the_win_model_plays_a_whole_game() -> None:
    st = new_game("smear", 3, 17)
    players = [HardPlayer("smear", iterations=6, value="win", set_risk=0.3) for _ in range(3)]
    rng = random.Random(17)
    for _ in range(3000):
        if st.is_over:
            break
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        action = players[seat].choose(view, rng)
        assert action in view.legal
        st.apply(action, seat)
    assert st.is_over


def _first_bid_views(count: int, dealer: bool) -> list[SmearView]:
    """Bidding decisions with a choice in random games, the dealer's (the last to speak, whom
    nobody outbids) or the first speaker's."""
    out: list[SmearView] = []
    for seed in range(200):
        for st in positions("smear", 3, 1300 + seed, 200):
            assert isinstance(st, SmearState)
            if st.phase != Phase.BID or len(st.legal_actions()) < 2:
                continue
            seat = st.current_player
            if (seat == st.dealer) == dealer:
                out.append(st.view(seat or 0))
                break
        if len(out) >= count:
            break
    return out


def test_the_share_of_the_bids_held_is_the_dealers_share_of_the_deals() -> None:
    """Nobody speaks after the dealer, so a dealer's bid stands on every deal: the share set
    of the bids it holds is its share of the deals, and both caps choose alike. A first
    speaker is often outbid on the deals, so the share of the bids it holds is larger, and
    on some hands the same cap then leaves out a bid the share of all the deals kept."""
    by_deals = HardPlayer("smear", iterations=40, set_risk=0.2)
    by_bids = HardPlayer("smear", iterations=40, set_risk=0.2, set_risk_as_bidder=True)
    for i, view in enumerate(_first_bid_views(15, dealer=True)):
        assert by_bids.choose(view, random.Random(i)) == by_deals.choose(view, random.Random(i))
    differ = 0
    for i, view in enumerate(_first_bid_views(30, dealer=False)):
        differ += by_bids.choose(view, random.Random(i)) != by_deals.choose(view, random.Random(i))
    assert differ >= 1


def test_a_bid_must_beat_the_pass_by_more_than_its_noise() -> None:
    """Handmade values on four deals, the pass worth 0 on each: a bid 1 better on every deal
    is clear at any z; one better by 3 or worse by 1 in turn (mean 1, standard error about
    1.15) is clear at z = 0.5 but not at z = 1; one even on average never is."""
    actions = (PASS, bid_action(2), bid_action(3), bid_action(4))
    values = [[0.0] * 4, [1.0] * 4, [3.0, -1.0, 3.0, -1.0], [2.0, -2.0, 2.0, -2.0]]
    assert clear_of_pass(actions, values, 0.5) == [0, 1, 2]
    assert clear_of_pass(actions, values, 1.0) == [0, 1]
    assert clear_of_pass(actions, values, 100.0) == [0, 1]


def test_the_margin_guard_passes_a_hand_it_cannot_tell_and_bids_a_sure_one() -> None:
    """With an impossible margin every first bid of a random game is a pass; six top spades
    beat the pass on every deal by far, and are bid at z = 3."""
    impossible = HardPlayer("smear", iterations=30, bid_margin_z=1000.0)
    for i, view in enumerate(_bid_views(10)):
        if PASS in view.legal:
            assert impossible.choose(view, random.Random(i)) == PASS
    st = smear_hand(["AS KS QS JS TS 2S", "3C 4C 5C 6D 7D 8D", "3H 4H 5H 6H 7H 8H"], dealer=2)
    sure = HardPlayer("smear", iterations=30, bid_margin_z=3.0)
    assert sure.choose(st.view(0), random.Random(3)) != PASS


def test_the_bidders_it_imagines_decide_which_deals_fit_the_bids() -> None:
    """``bidders`` (how the others bid on its deals: ``normal-v1``'s rules or Normal's
    model): a first bid on which the two disagree fits the deal under the bidders that would
    have made it, and not under the others."""
    with pytest.raises(ValueError, match="bidders"):
        HardPlayer("smear", iterations=4, bidders="hard")
    rng = random.Random(3)
    legal = (1 << PASS) | sum(1 << bid_action(b) for b in (2, 3, 4))
    for _ in range(4000):
        deck = list(range(52))
        rng.shuffle(deck)
        first = sum(1 << c for c in deck[:6])
        by = {name: bid(first, legal, 0, 3, [0, 0, 0], 11, ()) for name, bid in BIDDERS.items()}
        if by["v1"] != by["model"]:
            break
    else:
        pytest.fail("no hand on which the two bidders disagree")
    hands = [" ".join(card_str(c) for c in deck[k : k + 6]) for k in (0, 6, 12)]
    st = smear_hand(hands, dealer=2)  # seat 0 speaks first
    st.apply(by["v1"], 0)
    view = st.view(1)
    know = knowledge_of(view)
    assert _bids_consistent(view, know, list(st.hands), "v1")
    assert not _bids_consistent(view, know, list(st.hands), "model")


def _normal_bidding(seed: int) -> SmearState:
    """A random deal bid through by Normal's model, as Normal players bid (``NormalPlayer``:
    the bids so far, passes included, so the last to speak knows it is last); if all pass,
    the game as the redeal leaves it (S2), with the passed-out hand in its results."""
    st = new_game("smear", 3, seed)
    assert isinstance(st, SmearState)
    normal = make_player("smear", "normal")
    rng = random.Random(seed)
    while st.phase == Phase.BID and not st.results:
        seat = st.current_player
        assert seat is not None
        st.apply(normal.choose(st.view(seat), rng), seat)
    return st


def test_deals_fit_normal_players_bids_under_normals_model() -> None:
    """With ``bidders="model"`` the real hands of Normal players always fit their bids: each
    bid is read knowing how many seats spoke before it (the last to speak bids the least that
    does the job; it once saw only the bids above a pass and took the dealer for an early
    speaker)."""
    checked = 0
    for seed in range(300):
        st = _normal_bidding(seed)
        if st.phase != Phase.PLAY:
            continue  # passed out and redealt (S2)
        for seat in range(3):  # each seat reads the other two
            view = st.view(seat)
            assert _bids_consistent(view, knowledge_of(view), list(st.hands), "model"), seed
        checked += 1
    assert checked > 100


def test_a_rollout_under_normals_model_bids_as_normal_players_do() -> None:
    """``smear_rollout`` with ``bidders="model"`` finishes the bidding as Normal players at the
    table would: the same bidder and bid on every deal."""
    compared = 0
    for seed in range(300):
        real = _normal_bidding(seed)
        fast = new_game("smear", 3, seed)
        assert isinstance(fast, SmearState)
        smear_rollout(fast, random.Random(seed), bidders="model")
        hand = fast.results[0]
        if real.results:  # passed out
            assert hand.bidder is None, seed
        else:
            assert (hand.bidder, hand.bid) == (real.bidder, real.bid), seed
        compared += 1
    assert compared == 300
