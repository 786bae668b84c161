"""Whole games at a person's pace over a slow network (benchmarks/bench_pace, on virtual time):
on every turn the live hand is the newest message its person sees, without a Refresh."""

from __future__ import annotations

import pytest

from benchmarks.bench_pace import play


@pytest.mark.parametrize("game", ["smear", "salad"])
async def test_every_turn_is_the_newest_message_over_a_slow_network(game: str) -> None:
    """Each request waits 0-300 ms before Discord applies it. A click that ends a hand is
    answered in place, and the clicker may be the first to act in the next hand: that copy
    must not show the turn above the hand's result (the new hand comes below it)."""
    played = await play(game, "2-6", failing=0.0, public_messages="interactions", seed=3, delay=0.3)
    assert played.finished, played.problem
    assert played.errors == []
    assert played.turns > 50
    assert played.not_newest == 0, f"{played.not_newest} turns not on the newest message"
    assert played.scopes == {}, "no 429"
