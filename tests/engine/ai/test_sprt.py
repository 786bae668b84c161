"""The sequential test: Wald's bounds, the log-likelihood ratio on known small inputs, its
verdicts on clear streams, the sides' options, and the command on cheap players."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.ai import arena, sprt
from engine.ai.sprt import Bounds, Side, Sprt, llr, parse_side


def test_wald_bounds_for_five_percent_errors() -> None:
    b = Bounds(0.05, 0.05)
    assert b.lower == pytest.approx(-math.log(19))
    assert b.upper == pytest.approx(math.log(19))
    assert Bounds(0.05, 0.1).lower == pytest.approx(math.log(0.1 / 0.95))
    assert b.decide(3.0) == "H1" and b.decide(-3.0) == "H0" and b.decide(0.5) is None


@pytest.mark.parametrize("wins,losses", [(7, 3), (1, 1), (30, 70), (40, 60)])
def test_two_outcomes_give_the_bernoulli_llr(wins: int, losses: int) -> None:
    """With outcomes 0 and 1 the most likely distribution of a given mean is the Bernoulli of
    that mean: the LLR is Wald's wins * log(p1/p0) + losses * log((1-p1)/(1-p0))."""
    p0, p1 = 1 / 3, 1 / 3 + 0.05
    expected = wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))
    assert llr([1.0] * wins + [0.0] * losses, p0, p1) == pytest.approx(expected, abs=1e-9)


def _brute_force_log_likelihood(counts: dict[float, int], mean: float) -> float:
    """Max of sum n_i log p_i over a fine grid of distributions on three values with the mean
    fixed (one free parameter): an independent check of the tilted solution."""
    (a, na), (b, nb), (c, nc) = sorted(counts.items())
    best = -math.inf
    steps = 200_000
    for k in range(1, steps):
        pa = k / steps
        # pa*a + pb*b + pc*c = mean, pa + pb + pc = 1
        pc = (mean - b - pa * (a - b)) / (c - b)
        pb = 1 - pa - pc
        if pb <= 0 or pc <= 0:
            continue
        best = max(best, na * math.log(pa) + nb * math.log(pb) + nc * math.log(pc))
    return best


def test_three_outcomes_give_the_constrained_maximum_likelihood() -> None:
    """A pair of games (0, 1/2 or 1 of them won): the LLR is the ratio of the likelihoods
    each at its best distribution with the hypothesis' mean."""
    counts = {0.0: 5, 0.5: 9, 1.0: 6}
    outcomes = [v for v, n in counts.items() for _ in range(n)]
    m0, m1 = 0.5, 0.55
    expected = _brute_force_log_likelihood(counts, m1) - _brute_force_log_likelihood(counts, m0)
    assert llr(outcomes, m0, m1) == pytest.approx(expected, abs=1e-4)
    # The sample's own mean is 0.525, between the two: a small ratio either way.
    assert abs(llr(outcomes, m0, m1)) < 0.2


def test_a_stream_of_wins_accepts_h1_and_of_losses_h0() -> None:
    bounds = Bounds(0.05, 0.05)
    for share, verdict in ((1.0, "H1"), (0.0, "H0")):
        test = Sprt(3, 0.05, bounds)
        sets = 0
        while test.status().verdict is None:
            test.add(share)
            sets += 1
            assert sets < 100
        assert test.status().verdict == verdict


def test_the_null_rate_drifts_to_h0_and_a_large_gain_to_h1() -> None:
    """Sets of three games: a candidate that wins exactly its share (one game in each set)
    is no gain; one that wins two in three is a large one."""
    bounds = Bounds(0.05, 0.05)
    even = Sprt(3, 0.05, bounds)
    strong = Sprt(3, 0.05, bounds)
    for i in itertools.count():
        even.add(1 / 3)
        strong.add(2 / 3 if i % 3 else 1 / 3)
        if even.status().verdict and strong.status().verdict:
            break
        assert i < 2000
    assert even.status().verdict == "H0"
    assert strong.status().verdict == "H1"


def test_sides_take_options_and_their_own_budgets() -> None:
    side = parse_side("expert[stop_early=false, budget_ms=250,set_risk=none]", None, 100)
    assert side == Side("expert", 250.0, 100, (("stop_early", "false"), ("set_risk", "none")))
    assert parse_side("hard", 150.0, None) == Side("hard", 150.0, None, ())
    with pytest.raises(ValueError):
        parse_side("grandmaster", None, None)
    with pytest.raises(ValueError):
        parse_side("expert[endgame]", None, None)


def test_a_set_counts_the_candidate_share_of_wins() -> None:
    def game(cand: int, winners: tuple[int, ...]) -> arena.GameResult:
        return arena.GameResult(1, cand, winners, (0, 0, 0), 1, not winners, (), ())

    assert sprt.set_share([game(0, (0,)), game(1, (0,)), game(2, (2,))]) == pytest.approx(2 / 3)
    assert sprt.set_share([game(0, (0, 1)), game(1, ()), game(2, (0,))]) == pytest.approx(1 / 6)


def test_the_command_accepts_a_clear_gain_and_rejects_a_loss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rule players answer in well under a millisecond: Normal against Easy is a large gain
    (about 70% of games, issue 28's figures), Random against Normal none."""
    base = ["--game", "smear", "--seats", "3", "--delta", "0.1", "--seed", "3"]
    assert sprt.main([*base, "--candidate", "normal", "--baseline", "easy"]) == 0
    out = capsys.readouterr().out
    assert "H1 accepted" in out and "candidate wins" in out
    assert sprt.main([*base, "--candidate", "random", "--baseline", "normal"]) == 0
    assert "H0 accepted" in capsys.readouterr().out


def test_a_bounded_run_ends_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--candidate", "expert-v1[endgame=0]", "--baseline", "hard", "--iterations", "2"]
    assert sprt.main([*argv, "--max-games", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 games (1 deal sets)" in out and "undecided" in out
