"""The Smear win model: chances add up, the leader is favoured, and the script refits it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.ai import fit_winning
from engine.ai.win_model import salad_win_chances, win_chances


@pytest.mark.parametrize("seats", [2, 3])
def test_chances_add_up_and_favour_the_leader(seats: int) -> None:
    even = win_chances([0] * seats, 11)
    assert sum(even) == pytest.approx(1.0)
    assert even == pytest.approx([1 / seats] * seats)
    ahead = win_chances([9] + [3] * (seats - 1), 11)
    assert sum(ahead) == pytest.approx(1.0)
    assert ahead[0] > 1 / seats > ahead[1]
    # Closer to the target is better, all else equal.
    assert win_chances([5] + [0] * (seats - 1), 11)[0] < win_chances([8] + [0] * (seats - 1), 11)[0]


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_salad_chances_favour_the_lowest_and_are_exact_at_the_end(seats: int) -> None:
    totals = [100 + 40 * i for i in range(seats)]
    for left in range(1, 6):
        chances = salad_win_chances(totals, left)
        assert sum(chances) == pytest.approx(1.0)
        assert chances == sorted(chances, reverse=True) and chances[0] > chances[-1]
    # C6: after the last hand the lowest total wins; co-winners share.
    assert salad_win_chances(totals, 0) == [1.0] + [0.0] * (seats - 1)
    tied = [50, 50] + [90] * (seats - 2)
    assert salad_win_chances(tied, 0) == [0.5, 0.5] + [0.0] * (seats - 2)


def test_the_script_regenerates_a_loadable_module(tmp_path: Path) -> None:
    out = tmp_path / "data.py"
    argv = ["--games", "15", "--salad-games", "12", "--seed", "3", "--out", str(out)]
    assert fit_winning.main(argv) == 0
    spec = importlib.util.spec_from_file_location("fitted", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "fit_winning --games 15 --salad-games 12 --seed 3" in out.read_text()
    assert set(module.WEIGHTS) == {2, 3}
    assert set(module.SALAD_SCALE) == {3, 4, 5, 6}
    assert all(len(v) == 5 and min(v) > 0 for v in module.SALAD_SCALE.values())
