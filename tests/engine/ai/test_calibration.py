"""The win model's reliability plot: the binning, the observed rates, the games behind them and
the PNG (``python -m engine calibration``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai.calibration import Prediction, bin_predictions, plot, self_play, table
from engine.cli import main as cli_main


def test_predictions_fall_in_tenths_and_are_counted() -> None:
    """Handmade: two decisions at 0.05 (one won), one at 0.15 (lost), one at 0.95 and one at
    exactly 1 (both won; 1 belongs to the last bin), and 0.1 opens the second bin."""
    predictions = [
        Prediction(0.05, True),
        Prediction(0.05, False),
        Prediction(0.15, False),
        Prediction(0.1, True),
        Prediction(0.95, True),
        Prediction(1.0, True),
    ]
    bins = bin_predictions(predictions)
    assert len(bins) == 10
    assert [b.count for b in bins] == [2, 2, 0, 0, 0, 0, 0, 0, 0, 2]
    assert bins[0].observed == pytest.approx(0.5)
    assert bins[0].mean_chance == pytest.approx(0.05)
    assert bins[1].observed == pytest.approx(0.5)
    assert bins[1].mean_chance == pytest.approx(0.125)
    assert bins[2].observed is None
    assert bins[9].observed == pytest.approx(1.0)
    assert bins[9].mean_chance == pytest.approx(0.975)
    assert (bins[3].low, bins[3].high) == pytest.approx((0.3, 0.4))
    assert "0.0-0.1          2" in table(bins)


def test_a_chance_outside_zero_and_one_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        bin_predictions([Prediction(1.2, True)])
    with pytest.raises(ValueError, match="bins"):
        bin_predictions([], bins=0)


def test_one_seat_wins_each_self_play_game() -> None:
    """Every decision of a game is marked with its seat's result: at 3 seats the decisions
    won are a share of all of them, neither none nor all, and every chance is a chance."""
    predictions = self_play(3, deal_seed=5, player_seed=9, iterations=4, max_hands=300)
    assert predictions
    assert all(0.0 < p.chance < 1.0 for p in predictions)
    won = sum(p.won for p in predictions)
    assert 0 < won < len(predictions)
    # The first decision is at 0-0-0, where the model gives each seat the same chance.
    assert predictions[0].chance == pytest.approx(1 / 3)


def test_the_command_writes_a_png_and_prints_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "calibration.png"
    args = ["calibration", "--games", "2", "--iterations", "4", "--seed", "3", "--out", str(out)]
    assert cli_main(args) == 0
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
    printed = capsys.readouterr().out
    assert "2 games" in printed
    assert "predicted  decisions  mean predicted  observed" in printed


def test_bins_never_or_always_won_are_drawn(tmp_path: Path) -> None:
    """A bin whose seats all lost, and one whose seats all won: the plot is still drawn."""
    # Counts at which the 95% bounds round a hair past 0 and 1 (11 lost, 6 won).
    predictions = [Prediction(0.03, False)] * 11 + [Prediction(0.97, True)] * 6
    out = tmp_path / "edges.png"
    plot(bin_predictions(predictions), out, "edges")
    assert out.read_bytes().startswith(b"\x89PNG")
