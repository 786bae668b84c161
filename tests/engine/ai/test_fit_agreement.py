"""The agreement measure behind ``inference.PLAY_AGREEMENT``: the ``normal`` level agrees with
its own rules on every card, and a searching level does not."""

from __future__ import annotations

import pytest

from engine.ai.fit_agreement import main, measure


@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 3)])
def test_normal_agrees_with_itself_and_hard_does_not(game: str, seats: int) -> None:
    own = measure(game, seats, games=1, iterations=2, seed=1, measured=("normal",))
    agree, total = own["normal"]
    assert total > 10 and agree == total
    other = measure(game, seats, games=1, iterations=2, seed=1, measured=("hard",))
    agree, total = other["hard"]
    assert total > 10 and 0 < agree < total


def test_the_command_prints_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "smear", "--seats", "3", "--games", "1", "--iterations", "2"]) == 0
    out = capsys.readouterr().out
    assert "hard:" in out and "expert:" in out and "agree with normal" in out
    assert out.strip().splitlines()[-1].startswith("all: ")
