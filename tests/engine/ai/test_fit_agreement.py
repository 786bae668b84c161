"""The agreement measure behind ``inference.PLAY_AGREEMENT``: the ``normal`` level agrees with
its own rules on every card, and a searching level does not."""

from __future__ import annotations

import pytest

from engine.ai.fit_agreement import main, measure


@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 3)])
def test_normal_agrees_with_itself_and_hard_does_not(game: str, seats: int) -> None:
    own = measure(game, seats, games=1, iterations=2, seed=1, measured=("normal",))
    agree, total = own.cards["normal"]
    assert total > 10 and agree == total
    other = measure(game, seats, games=1, iterations=2, seed=1, measured=("hard",))
    agree, total = other.cards["hard"]
    assert total > 10 and 0 < agree < total


def test_each_bidder_agrees_with_its_own_level_and_hard_with_neither_always() -> None:
    """Smear's bids: Normal bids as Normal's model on every decision, ``normal-v1`` as its
    rules, and each disagrees with the other somewhere; Hard's search agrees with neither
    on every bid. Salad has no bids."""
    both = measure("smear", 3, games=6, iterations=2, seed=1, measured=("normal", "normal-v1"))
    model, rules = both.bids["normal"]["model"], both.bids["normal-v1"]["v1"]
    assert model[1] > 10 and model[0] == model[1]
    assert rules[1] > 10 and rules[0] == rules[1]
    assert both.bids["normal"]["v1"][0] < model[1] or both.bids["normal-v1"]["model"][0] < rules[1]
    hard = measure("smear", 3, games=6, iterations=4, seed=1, measured=("hard",)).bids["hard"]
    for agree, total in hard.values():
        assert total > 10 and 0 < agree < total
    assert measure("salad", 3, games=1, iterations=2, seed=1, measured=("normal",)).bids == {}


def test_the_command_prints_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "smear", "--seats", "3", "--games", "1", "--iterations", "2"]) == 0
    out = capsys.readouterr().out
    assert "hard:" in out and "expert:" in out and "agree with normal" in out
    assert "hard bids: " in out and "as Normal's model" in out
    assert out.strip().splitlines()[-1].startswith("all: ")
