"""``python -m engine bid-calibration``: Hard's estimate of its bids' set rate against the
hands, by kind of bid (going out, a made bid wins: S12, S13; the others)."""

from __future__ import annotations

import random

import pytest

from engine.ai import bid_calibration
from engine.ai.arena import BID_KINDS as KINDS
from engine.ai.arena import bid_kind
from engine.ai.bid_calibration import play, report
from engine.ai.hard import HardPlayer
from engine.core import PASS, Phase
from engine.record import new_game
from engine.smear import SmearState


def test_a_bid_is_going_out_at_the_target_game_winning_below_it_or_other() -> None:
    assert bid_kind(11, 2, 11) == bid_kind(14, 3, 11) == "going out"
    assert bid_kind(9, 2, 11) == "a made bid wins"  # 9 + 2 reaches 11 (S12)
    assert bid_kind(1, 4, 11) == "a made bid wins"  # S13: 4 from a point or more
    assert bid_kind(0, 4, 11) == bid_kind(8, 2, 11) == bid_kind(-3, 4, 11) == "other"


def test_the_analysis_is_the_decision_and_counts_its_bids_sets() -> None:
    """``analyse`` chooses what ``decide`` does on the same generator, and for each bid counts
    the deals on which it left the seat the bidder and, of those, set."""
    state = new_game("smear", 3, 5)
    assert isinstance(state, SmearState)
    player = HardPlayer("smear", iterations=12)
    view = state.view(state.to_act)
    assert view.phase == Phase.BID and len(view.legal) > 1
    analysis = player.analyse(view, random.Random(3))
    assert analysis.best == player.decide(view, random.Random(3))
    assert analysis.deals == 12 and len(analysis.totals) == len(analysis.actions)
    for action, held, sets in zip(analysis.actions, analysis.held, analysis.sets, strict=True):
        assert 0 <= sets <= held <= 12
        if action == PASS:
            assert held == 0  # a pass never makes the seat the bidder
    assert any(held for held in analysis.held), "some bid left the seat the bidder"


def test_a_game_counts_the_bids_that_became_the_hands_bid() -> None:
    outcomes = play(3, deal_seed=11, player_seed=7, budget_ms=None, iterations=6, max_hands=40)
    assert outcomes, "a game has bids"
    assert {o.kind for o in outcomes} <= set(KINDS)
    assert all(0.0 <= o.estimate <= 1.0 for o in outcomes)
    # Somebody won the game, so some bid was made; and one that a made bid wins, or going out.
    assert any(not o.set for o in outcomes)
    assert any(o.kind != "other" for o in outcomes)


def test_the_report_puts_each_bid_in_its_kind_and_band() -> None:
    outcomes = [
        bid_calibration.BidOutcome("other", 0.1, False),
        bid_calibration.BidOutcome("other", 0.1, True),
        bid_calibration.BidOutcome("other", 1.0, True),
        bid_calibration.BidOutcome("going out", 0.5, True),
    ]
    lines = report(outcomes).splitlines()
    row = {(line[:18].strip(), line[20:33].strip()): line.split()[-4:] for line in lines[1:]}
    assert row[("other", "all")][0] == "3" and row[("other", "all")][2] == "0.667"
    assert row[("other", "0.0-0.2")][:3] == ["2", "0.100", "0.500"]
    assert row[("other", "0.6-1.0")][:3] == ["1", "1.000", "1.000"]  # the last band takes 1
    assert row[("going out", "0.4-0.6")][:3] == ["1", "0.500", "1.000"]
    empty = next(line for line in lines if line.startswith("a made bid wins     all"))
    assert empty.split()[-1] == "0"  # no such bid: a count of none, no rates


def test_main_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bid_calibration.main(["--games", "2", "--seed", "3", "--iterations", "4"]) == 0
    out = capsys.readouterr().out
    assert "Hard in every seat at 4 deals a decision" in out
    for kind in KINDS:
        assert kind in out


def test_a_bound_is_required() -> None:
    with pytest.raises(SystemExit):
        bid_calibration.main(["--games", "2"])
