"""The arena runs, rotates the candidate through every seat on duplicate deals, and counts."""

from __future__ import annotations

import pytest

from engine.ai import arena
from engine.smear import SmearHandResult


def test_tasks_rotate_the_candidate_on_the_same_deals() -> None:
    args = arena.parse_args(
        [
            "--game",
            "smear",
            "--seats",
            "3",
            "--candidate",
            "normal",
            "--field",
            "random",
            "--games",
            "6",
            "--seed",
            "4",
        ]
    )
    tasks = arena.tasks_for(args)
    assert len(tasks) == 6
    assert [t.cand_seat for t in tasks] == [0, 1, 2, 0, 1, 2]
    assert len({t.deal_seed for t in tasks[:3]}) == 1
    assert tasks[0].deal_seed != tasks[3].deal_seed


def test_duplicate_games_start_from_the_same_deal() -> None:
    args = arena.parse_args(
        [
            "--game",
            "salad",
            "--seats",
            "3",
            "--candidate",
            "easy",
            "--field",
            "random",
            "--games",
            "3",
            "--seed",
            "1",
        ]
    )
    results = arena.run(arena.tasks_for(args), workers=1)
    assert sorted(g.cand_seat for g in results) == [0, 1, 2]
    assert len({g.deal_seed for g in results}) == 1
    for g in results:
        assert sum(g.scores) == 1200  # C5: a 3-seat game hands out 1200
        assert g.winners and not g.capped


def test_summary_counts_wins_and_shares() -> None:
    def res(cand: int, winners: tuple[int, ...], scores: tuple[int, ...]) -> arena.GameResult:
        return arena.GameResult(1, cand, winners, scores, 6, not winners, (1.0,), (0.5,))

    s = arena.summarize(
        [
            res(0, (0,), (10, 20, 30)),
            res(1, (0, 1), (10, 10, 30)),
            res(2, (), (0, 0, 0)),
        ],
        3,
    )
    assert s.games == 3 and s.capped == 1 and s.outright == 1
    assert s.wins == pytest.approx(1.5)
    assert s.seats_seen == (1, 1, 1)
    assert s.cand_mean == pytest.approx((10 + 10 + 0) / 3)
    assert s.field_mean == pytest.approx((25 + 20 + 0) / 3)


def test_main_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    rc = arena.main(
        [
            "--game",
            "smear",
            "--seats",
            "3",
            "--candidate",
            "hard",
            "--field",
            "normal",
            "--games",
            "3",
            "--seed",
            "7",
            "--iterations",
            "2",
            "--workers",
            "2",
        ]
    )
    assert rc == 0
    out = capsys.readouterr().out
    assert "candidate wins:" in out and "Wilson 95%" in out and "null rate 33.3%" in out
    assert "decision time candidate hard" in out and "decision time field normal" in out
    assert "bid-win share" in out and "of its bids" in out and "mean final score" in out
    assert "the field set on" in out
    assert "a made bid would win the game from below the target: candidate set on" in out


ARGS = ["--game", "smear", "--seats", "3", "--games", "3", "--seed", "5"]


def test_the_field_may_search_with_its_own_budget() -> None:
    search = [*ARGS, "--candidate", "expert", "--field", "hard", "--iterations", "4"]
    tasks = arena.tasks_for(arena.parse_args([*search, "--field-iterations", "2"]))
    assert {(t.iterations, t.field_iterations) for t in tasks} == {(4, 2)}
    same = arena.tasks_for(arena.parse_args(search))
    assert {(t.iterations, t.field_iterations) for t in same} == {(4, 4)}


def test_smear_results_count_bids_and_sets() -> None:
    args = arena.parse_args([*ARGS, "--candidate", "normal", "--field", "normal-v1"])
    results = arena.run(arena.tasks_for(args), workers=1)
    for g in results:
        assert 0 <= g.cand_sets <= g.cand_bids <= g.bid_hands <= g.hands
        assert 0 <= g.cand_game_sets <= g.cand_game_bids <= g.cand_bids - g.cand_out_bids
        assert 0 <= g.field_game_sets <= g.field_game_bids
        assert g.field_game_bids <= g.bid_hands - g.cand_bids - g.field_out_bids
    assert sum(g.bid_hands for g in results) > 0
    # A game's winner won it with a made bid from below the target or at it (S12, S13).
    assert sum(g.cand_game_bids + g.field_game_bids for g in results) > 0


def test_the_cap_stops_endless_games() -> None:
    args = arena.parse_args(
        [
            "--game",
            "smear",
            "--seats",
            "3",
            "--candidate",
            "random",
            "--field",
            "random",
            "--games",
            "3",
            "--seed",
            "2",
            "--max-hands",
            "2",
        ]
    )
    results = arena.run(arena.tasks_for(args), workers=1)
    for g in results:
        assert g.capped == (not g.winners)
        assert g.hands <= 2 or g.winners


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_candidate_options_reach_the_expert() -> None:
    """``--candidate-option`` sets the candidate expert's keywords (the ablations)."""
    from engine.ai.expert import ExpertPlayer

    line = "--game smear --seats 3 --candidate expert-v1 --field normal"
    line += " --candidate-option read_plays=false --candidate-option set_risk=none"
    args = arena.parse_args([*line.split(), "--candidate-option", "endgame=2"])
    task = arena.tasks_for(args)[0]
    player = arena.seat_player("smear", "expert-v1", 10.0, None, task.options)
    assert isinstance(player, ExpertPlayer)
    assert (player.read_plays, player.set_risk, player.endgame) == (False, None, 2)
    assert player.read_bids is True
    with pytest.raises(ValueError):
        arena.seat_player("smear", "normal", None, None, task.options)


def test_option_values_are_read_as_what_they_look_like() -> None:
    """A player keyword's value: a switch, nothing, a count, a share, or a name
    (``value=margin``)."""
    assert arena.option_value("False") is False and arena.option_value("none") is None
    assert arena.option_value("64") == 64 and arena.option_value("0.3") == 0.3
    assert arena.option_value("margin") == "margin"


def _hand(
    bidder: int | None, made: bool | None, scores: tuple[int, int, int], bid: int = 2
) -> SmearHandResult:
    """A hand's result with only what the counts of going-out and game bids read."""
    return SmearHandResult(
        0, bidder, bid, 0, None, None, None, None, (0,) * 3, (0,) * 3, made, scores
    )


def test_going_out_bids_are_those_made_at_or_past_the_target() -> None:
    """Seat 0 reaches 11 on another's set hand (S11: only the bidder can win, S12), a hand is
    passed out, then seat 0 bids from 11 and is set: only that bid was made at the target;
    seat 2's bid from 10 is one short of it."""
    results = [
        _hand(1, False, (11, -2, 10)),
        _hand(None, None, (11, -2, 10)),
        _hand(0, False, (9, -1, 10)),
        _hand(2, False, (9, -1, 8)),
        _hand(0, True, (11, -1, 8)),
    ]
    assert arena.going_out_bids(results, 3, 11) == [results[2]]
    assert arena.going_out_bids(results, 3, 9) == [results[2], results[3], results[4]]


def test_game_bids_are_those_below_the_target_that_a_made_bid_would_win() -> None:
    """A made bid adds at least the bid (S10), so from below the target a bid wins the game if
    made when the bidder's score and the bid reach the target (S12), or when it is 4 and the
    bidder stood at 1 or more (S13). A bid at or past the target is a going-out bid, not one of
    these; one that falls short of the target is neither."""
    results = [
        _hand(1, True, (0, 2, 10)),  # seat 1 from 0: far from 11
        _hand(2, False, (0, 2, 7), bid=3),  # seat 2 from 10: 10 + 3 reaches 11, set
        _hand(0, True, (4, 2, 7), bid=4),  # seat 0 bids 4 from 0: S13 needs a point before
        _hand(1, False, (4, -1, 8), bid=3),  # seat 1 from 2: 2 + 3 falls short
        _hand(2, False, (4, -1, 5), bid=3),  # seat 2 from 8: 8 + 3 reaches 11, set
        _hand(0, False, (0, -1, 5), bid=4),  # seat 0 bids 4 from 4: S13, set
        _hand(1, False, (0, -3, 11)),  # seat 1 from -1, set; seat 2 defends to 11 (S11)
        _hand(2, False, (0, -1, 9)),  # seat 2 from 11: going out, not from below
    ]
    assert arena.game_bids(results, 3, 11) == [results[1], results[4], results[5]]
    assert arena.going_out_bids(results, 3, 11) == [results[7]]
