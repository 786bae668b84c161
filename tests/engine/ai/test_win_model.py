"""The Smear win model: chances add up, the leader is favoured, and the script refits it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.ai import fit_winning
from engine.ai.win_model import win_chances


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


def test_the_script_regenerates_a_loadable_module(tmp_path: Path) -> None:
    out = tmp_path / "data.py"
    assert fit_winning.main(["--games", "15", "--seed", "3", "--out", str(out)]) == 0
    spec = importlib.util.spec_from_file_location("fitted", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "fit_winning --games 15 --seed 3" in out.read_text()
    assert set(module.WEIGHTS) == {2, 3}


def test_the_script_fits_on_the_games_of_another_level(tmp_path: Path) -> None:
    """A searching level's games (at a few deals a decision) give the samples instead, and the
    module says so, so that the command that made it can be run again."""
    out = tmp_path / "data.py"
    argv = ["--games", "4", "--seed", "3", "--level", "expert-v1", "--iterations", "2"]
    assert fit_winning.main([*argv, "--out", str(out)]) == 0
    text = out.read_text()
    assert "fit_winning --games 4 --seed 3 --level expert-v1 --iterations 2" in text
    normal = tmp_path / "normal.py"
    assert fit_winning.main(["--games", "4", "--seed", "3", "--out", str(normal)]) == 0
    assert normal.read_text().split("WEIGHTS")[1] != text.split("WEIGHTS")[1]
