"""The compiled core (``engine.ai.fast``) against the reference engine and players, position by
position: the same rules, the same ``normal`` moves, the same likelihoods, an exact endgame;
legal deals of the unseen cards; and the same decisions compiled and interpreted."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.ai import inference, salad_normal, smear_normal
from engine.ai.determinize import knowledge_of, salad_state, smear_state
from engine.ai.fast import deal, infer, states
from engine.ai.fast import endgame as kernel_endgame
from engine.ai.fast import rng as kernel_rng
from engine.ai.fast import salad as ks
from engine.ai.fast import smear as km
from engine.ai.fast.jit import JIT, float_array, floats, int_array, ints
from engine.ai.fast.rng import seeded
from engine.ai.inference import PLAY_AGREEMENT
from engine.ai.win_model import win_chances
from engine.core import Phase
from engine.salad import SaladState
from engine.smear import TRICKS_PER_HAND, SmearOptions, SmearState
from tests.engine.ai.helpers import positions

ROOT = Path(__file__).resolve().parents[3]


def _smear_positions(seats: int, seeds: range, stuck: bool = False) -> list[SmearState]:
    out = []
    for seed in seeds:
        for st in positions("smear", seats, seed, 300):
            assert isinstance(st, SmearState)
            if st.phase in (Phase.BID, Phase.PLAY):
                st = st.clone()  # positions() plays on the same state
                if stuck:
                    st.options = SmearOptions(stuck_dealer=True)
                out.append(st)
    return out


def _same_smear(arr: list[int], ref: SmearState) -> bool:
    n = ref.n
    return (
        all(arr[km.S_HANDS + s] == ref.hands[s] for s in range(n))
        and all(arr[km.S_WON + s] == ref.won[s] for s in range(n))
        and all(arr[km.S_SCORES + s] == ref.scores[s] for s in range(n))
        and arr[km.S_PHASE] == ref.phase
        and arr[km.S_TRICKS_DONE] == ref.tricks_done
        and arr[km.S_BIDDER] == ref.bidder
        and arr[km.S_TRUMP] == ref.trump
    )


@pytest.mark.parametrize("seats,stuck", [(3, False), (2, False), (3, True)])
def test_smear_hands_play_out_as_the_normal_players_play_them(seats: int, stuck: bool) -> None:
    """From every position of random games, the kernel's ``normal`` bidding and play reach the
    same state as ``smear_normal.play_hand`` on the engine, halfway and to the end (S1-S14)."""
    checked = 0
    for st in _smear_positions(seats, range(12), stuck):
        for tricks in (3, TRICKS_PER_HAND):
            ref = st.copy()
            smear_normal.play_hand(ref, tricks)
            arr = states.smear_array(st)
            km.play_hand(arr, tricks, -1, -1)
            assert _same_smear(arr, ref), (st, tricks)
            checked += 1
    assert checked > 500


def test_smear_moves_are_the_normal_moves() -> None:
    for st in _smear_positions(3, range(12, 20)):
        seat = st.to_act
        arr = states.smear_array(st)
        if st.phase == Phase.BID:
            bids = ((st.bidder, st.bid),) if st.bidder >= 0 else ()
            bids += ((-1, 0),) * (st.bids_made - len(bids))
            want = smear_normal.choose_bid(
                st.hands[seat], st.legal_mask(), seat, st.n, st.scores, st.options.target, bids
            )
            assert km.choose_bid(arr) == want
            continue
        held = 0
        for h in st.hands:
            held |= h
        args = (st.hands[seat], st.legal_mask())
        rest = (seat, st.n, st.trump, st.bidder, st.dealt & ~held, seat != st.bidder)
        assert km.choose_card(*args, arr, *rest) == smear_normal.choose_card(*args, st.trick, *rest)


def _maxn(s: SmearState, seat_values: list[list[float]]) -> list[float]:
    """Every seat's value at the end of the best line, by plain max^n on the engine: the seat
    to act plays the card best for its own chance to win the game, the lowest on a tie."""
    if s.phase != Phase.PLAY:
        before = seat_values[0]
        n = s.n
        if s.phase == Phase.OVER:
            chances = [float(i == s.outcome_winner) for i in range(n)]
        else:
            chances = win_chances(s.scores, s.options.target)
        change = [float(s.scores[i] - before[i]) for i in range(n)]
        return chances + change
    best: list[float] = []
    seat = s.to_act
    mask = s.legal_mask()
    while mask:
        card = (mask & -mask).bit_length() - 1
        mask &= mask - 1
        child = s.copy()
        child.apply_fast(card)
        result = _maxn(child, seat_values)
        if not best or result[seat] > best[seat]:
            best = result
    return best


def test_the_endgame_is_the_exact_max_n_line() -> None:
    """With three tricks left, the solver's line (pruned, counts kept as it goes) ends where
    plain max^n on the engine ends: the same chances and score changes for every seat."""
    checked = 0
    for st in _smear_positions(3, range(20, 40)):
        if st.phase != Phase.PLAY or st.tricks_done < TRICKS_PER_HAND - 3:
            continue
        out = floats(9)
        kernel_endgame.solve(states.smear_array(st), out, 0)
        ref = _maxn(st.copy(), [[float(x) for x in st.scores]])
        assert [out[i] for i in range(3)] == pytest.approx(ref[:3], abs=1e-12)
        assert [out[6 + i] for i in range(3)] == ref[3:]
        checked += 1
    assert checked > 150


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_salad_hands_play_out_as_the_normal_players_play_them(seats: int) -> None:
    checked = 0
    for seed in range(4):
        for st in positions("salad", seats, seed, 2000):
            assert isinstance(st, SaladState)
            if st.phase != Phase.PLAY:
                continue
            ref = st.copy()
            salad_normal.play_out(ref)
            arr = states.salad_array(st)
            ks.play_out(arr)
            assert all(arr[ks.S_SCORES + s] == ref.scores[s] for s in range(seats))
            assert all(arr[ks.S_WON + s] == ref.won[s] for s in range(seats))
            assert arr[ks.S_PHASE] == ref.phase
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("game,seats", [("smear", 3), ("smear", 2), ("salad", 4), ("salad", 6)])
def test_deals_keep_to_what_the_seat_knows(game: str, seats: int) -> None:
    """Every deal gives each other seat exactly its count of cards, none it showed void in,
    none the seat holds or saw played; the seat's own hand is kept (RULES.md G2)."""
    rng = seeded(random.Random(1))
    checked = 0
    for seed in range(3):
        for st in positions(game, seats, seed, 300):
            seat = st.current_player
            assert seat is not None
            know = knowledge_of(st.view(seat))
            kn = deal.knowledge(know)
            hands = ints(6)
            for _ in range(3):
                deal.sample_hands(kn, rng, hands)
                assert hands[seat] == know.hand
                for s in range(seats):
                    if s == seat:
                        continue
                    assert hands[s] & ~know.unknown == 0
                    assert bin(hands[s]).count("1") == know.counts[s]
                    assert hands[s] & know.void[s] == 0
                    for t in range(s + 1, seats):
                        assert hands[s] & hands[t] == 0
                checked += 1
    assert checked > 200


def test_the_likelihoods_are_the_reference_ones() -> None:
    """The kernels' weights of a deal are ``engine.ai.inference``'s, bid and card."""
    rng = seeded(random.Random(2))
    checked = 0
    for game, seats in (("smear", 3), ("smear", 2), ("salad", 4), ("salad", 5)):
        for seed in range(3):
            for i, st in enumerate(positions(game, seats, seed, 300)):
                if i % 3:
                    continue
                seat = st.current_player
                assert seat is not None
                view = st.view(seat)
                know = knowledge_of(view)
                kn = deal.knowledge(know)
                hist, nhist = states.history(view)
                hands = ints(6)
                deal.sample_hands(kn, rng, hands)
                dealt = [int(hands[s]) for s in range(seats)]
                if game == "smear":
                    assert isinstance(st, SmearState)
                    base = states.smear_base(st.view(seat))
                    bids, nbids = states.bids(st.view(seat))
                    got = infer.bid_weight(base, kn, hands, bids, nbids)
                    assert got == inference.bid_likelihood(st.view(seat), know, dealt)
                    agree = PLAY_AGREEMENT["smear"]
                    got = infer.smear_play_weight(base, kn, hands, hist, nhist, agree)
                    assert got == inference.smear_play_likelihood(st.view(seat), know, dealt)
                    smear_state(st.view(seat), dealt)  # the deal is a playable state
                else:
                    sview = st.view(seat)
                    base = states.salad_base(sview)  # type: ignore[arg-type]
                    agree = PLAY_AGREEMENT["salad"]
                    got = infer.salad_play_weight(base, kn, hands, hist, nhist, agree)
                    assert got == inference.salad_play_likelihood(sview, know, dealt)  # type: ignore[arg-type]
                    salad_state(sview, dealt)  # type: ignore[arg-type]
                checked += 1
    assert checked > 100


def test_a_view_base_holds_no_hidden_card() -> None:
    """The state the search starts from, made from a view, has every hand empty (G2)."""
    for st in _smear_positions(3, range(3)):
        base = states.smear_base(st.view(st.to_act))
        assert all(base[km.S_HANDS + s] == 0 and base[km.S_DEALT + s] == 0 for s in range(3))


DECISIONS = """
import json, random, sys
from engine.ai.expert import ExpertPlayer
from tests.engine.ai.helpers import positions
out = []
for game, seats in (("smear", 3), ("salad", 4), ("smear", 2), ("salad", 5)):
    player = ExpertPlayer(game, iterations=24)
    for i, st in enumerate(positions(game, seats, 3, 90)):
        view = st.view(st.current_player)
        if i % 9 or len(view.legal) < 2:
            continue
        a = player.analyse(view, random.Random(i))
        out.append([a.best, a.deals, list(a.values), list(a.margins), list(a.points)])
print(json.dumps(out))
"""


def _decisions(jit: str) -> list[object]:
    env = {**os.environ, "TRICKBOT_JIT": jit, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", DECISIONS], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    result: list[object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not JIT, reason="the kernels are not compiled here (numba missing or off)")
def test_compiled_and_interpreted_searches_decide_alike() -> None:
    """With ``iterations`` and no budget, a decision is a function of the view and the
    generator: the compiled kernels and the same source interpreted give the same analysis,
    float for float (the daily deal's computers play the same cards on any machine)."""
    compiled = _decisions("1")
    assert len(compiled) >= 10
    assert _decisions("0") == compiled


@pytest.mark.parametrize("stuck", [False, True])
def test_the_rule_reading_of_bids_explains_normal_bidders_fully(stuck: bool) -> None:
    """In games of ``normal`` players, the true deal explains every bid exactly as the rules
    make them (weight 1), and a deal that swaps two other seats' hands seldom does."""
    from engine.ai.normal import NormalPlayer

    player = NormalPlayer()
    rng = random.Random(5)
    checked = misses = 0
    for seed in range(40):
        state = SmearState(3, SmearOptions(stuck_dealer=stuck), seed=seed)
        for _ in range(6):  # the first hands of the game
            while state.phase == Phase.BID:
                view = state.view(state.to_act)
                state.apply(player.choose(view, rng), state.to_act)
            if state.phase != Phase.PLAY:
                continue
            seat = state.to_act
            view = state.view(seat)
            know = knowledge_of(view)
            kn = deal.knowledge(know)
            base = states.smear_base(view)
            bids, nbids = states.bids(view)
            true = int_array(state.hands)
            assert infer.rule_bid_weight(base, kn, true, bids, nbids, 0.05) == 1.0
            a, b = [s for s in range(3) if s != seat]
            swapped = int_array([state.hands[b] if s == a else state.hands[a] if s == b
                                 else state.hands[s] for s in range(3)])  # fmt: skip
            misses += infer.rule_bid_weight(base, kn, swapped, bids, nbids, 0.05) < 1.0
            checked += 1
            while state.phase == Phase.PLAY:
                view = state.view(state.to_act)
                state.apply(player.choose(view, rng), state.to_act)
    assert checked > 100 and misses > checked // 10


def test_a_search_deal_scores_the_hand_as_the_engine_does() -> None:
    """One search deal with no exact endgame: the kernels deal the unseen cards, the seat's
    card is played and the hand finished by the ``normal`` rules; its value, score change and
    set flag are what the engine gives for the same deal (RULES.md S10, S11; the chance to
    win from ``win_model``, 1 or 0 when the hand ends the game)."""
    from engine.ai.fast import search

    checked = 0
    for i, st in enumerate(_smear_positions(3, range(40, 52))):
        if st.phase != Phase.PLAY or i % 2:
            continue
        seat = st.to_act
        view = st.view(seat)
        know = knowledge_of(view)
        kn = deal.knowledge(know)
        generator = seeded(random.Random(i))
        hands = ints(km.MAX_SEATS)
        deal.sample_hands(kn, int_array([int(w) for w in generator]), hands)
        action = view.legal[i % len(view.legal)]
        weights, outcomes = floats(1), floats(search.OUTCOME)
        hist, nhist = states.history(view)
        bids, nbids = states.bids(view)
        search.smear_deals(
            states.smear_base(view), kn, bids, nbids, hist, nhist, int_array([action, -1]), 1,
            int_array([0]), 1, 0, 1, generator, 0, 0.75, 0, weights, outcomes,
        )  # fmt: skip
        ref = smear_state(view, [int(hands[s]) for s in range(3)])
        ref.apply_fast(action)
        smear_normal.play_hand(ref, TRICKS_PER_HAND)
        points = ref.scores[seat] - view.scores[seat]
        if ref.phase == Phase.OVER:
            value = float(ref.outcome_winner == seat)
        else:
            value = win_chances(ref.scores, ref.options.target)[seat]
        assert weights[0] == 1.0
        assert outcomes[0] == pytest.approx(value, abs=1e-12)
        assert outcomes[2] == points
        assert outcomes[3] == float(ref.bidder == seat and points < 0)
        checked += 1
    assert checked > 100


def test_the_tallies_are_the_plain_weighted_means() -> None:
    """``tally.arm_means`` and ``tally.gap`` against the textbook sums: weighted means of each
    measure, the paired difference's weighted mean and variance, Kish's effective number."""
    from engine.ai.fast import search, tally

    rng = random.Random(9)
    deals, arms = 37, 3
    w = [rng.random() ** 3 for _ in range(deals)]
    out = [rng.uniform(-2, 2) for _ in range(deals * arms * search.OUTCOME)]
    weights, outcomes = float_array(w), float_array(out)

    def at(d: int, a: int, k: int = 0) -> float:
        return out[(d * arms + a) * search.OUTCOME + k]

    total = sum(w)
    for arm in range(arms):
        got = floats(search.OUTCOME)
        tally.arm_means(weights, outcomes, deals, arms, arm, got)
        want = [sum(w[d] * at(d, arm, k) for d in range(deals)) / total for k in range(4)]
        assert [got[k] for k in range(4)] == pytest.approx(want, rel=1e-12)
    mean, var, effective = tally.gap(weights, outcomes, deals, arms, 2, 0, 0)
    diffs = [at(d, 2) - at(d, 0) for d in range(deals)]
    want_mean = sum(w[d] * diffs[d] for d in range(deals)) / total
    want_var = sum(w[d] * (diffs[d] - want_mean) ** 2 for d in range(deals)) / total
    assert (mean, var) == pytest.approx((want_mean, want_var), rel=1e-12)
    assert effective == pytest.approx(total**2 / sum(x * x for x in w), rel=1e-12)
    assert 1.0 < effective < deals  # uneven weights count as fewer deals
    margin_mean, _, _ = tally.gap(weights, outcomes, deals, arms, 2, 0, 1)
    margins = [at(d, 2, 1) - at(d, 0, 1) for d in range(deals)]
    assert margin_mean == pytest.approx(
        sum(w[d] * margins[d] for d in range(deals)) / total, rel=1e-12
    )


def test_the_kernel_generator_repeats_and_draws_evenly() -> None:
    """The same seed gives the same draws; ``pick`` takes exactly k of the mask's bits, each
    about equally often (the deals are uniform over what the seat cannot see)."""
    first, again = seeded(random.Random(4)), seeded(random.Random(4))
    draws = [kernel_rng.next32(first) for _ in range(50)]
    assert draws == [kernel_rng.next32(again) for _ in range(50)]
    mask = 0b1011_0110_1110_0101
    counts = [0] * 16
    for _ in range(4000):
        drawn = kernel_rng.pick(first, mask, 3)
        assert drawn & ~mask == 0 and bin(drawn).count("1") == 3
        for b in range(16):
            counts[b] += drawn >> b & 1
    seen = [counts[b] for b in range(16) if mask >> b & 1]
    assert all(c == 0 for b, c in enumerate(counts) if not mask >> b & 1)
    assert min(seen) > 0.8 * 4000 * 3 / len(seen) and max(seen) < 1.2 * 4000 * 3 / len(seen)
