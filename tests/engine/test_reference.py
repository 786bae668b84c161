"""The engine against an independent, plain scorer (tests/engine/reference.py) on random games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.record import replay, result, to_record
from engine.simulate import simulate

from .reference import reference_result

RECORDS = Path(__file__).resolve().parent / "records"


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("smear", 2, None),
        ("smear", 3, None),
        ("smear", 2, {"stuck_dealer": True}),
        ("smear", 3, {"stuck_dealer": True, "target": 5}),
        ("salad", 3, None),
        ("salad", 4, None),
        ("salad", 5, None),
        ("salad", 6, None),
    ],
)
def test_engine_agrees_with_the_reference_on_random_games(
    game: str, seats: int, options: dict[str, object] | None
) -> None:
    for seed in range(150):
        record = to_record(simulate(game, seats, seed, options))
        assert result(replay(record)) == reference_result(record), (game, seats, seed)


def test_the_reference_agrees_with_the_shared_examples() -> None:
    """Guards the reference itself: it reproduces RECORD.md's example results."""
    for path in sorted(RECORDS.glob("*.record.json")):
        record = json.loads(path.read_text())
        expected = json.loads(path.with_name(path.name.replace(".record", ".result")).read_text())
        got = reference_result(record)
        for key in ("finished", "winners", "scores"):
            assert got[key] == expected[key], (path.name, key)
        assert len(got["hands"]) == len(expected["hands"])
        for g, e in zip(got["hands"], expected["hands"], strict=True):
            assert {k: g[k] for k in e} == e
