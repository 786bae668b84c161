"""Whole games at a person's pace over a slow network (benchmarks/bench_pace, on virtual time):
on every turn the live hand is the newest message its person sees, without a Refresh, and the
public table shows every move within one request's delay."""

from __future__ import annotations

import pytest

from benchmarks.bench_pace import play

NETWORK = 0.3  # seconds: the most a request waits before Discord applies it


@pytest.mark.parametrize("game", ["smear", "salad"])
async def test_every_turn_is_the_newest_message_over_a_slow_network(game: str) -> None:
    """Each request waits 0-300 ms before Discord applies it. A click that ends a hand is
    answered in place, and the clicker may be the first to act in the next hand: that copy
    must not show the turn above the hand's result (the new hand comes below it).

    The table message shows a move with one request (the clock is virtual: the bot's own work
    takes no time). In Salad the computers move at once after a person: the pass begun for
    the person's move found the table being changed, and its edit waited for the pass's
    hands (two requests' delay) until the edit was planned again for itself."""
    played = await play(
        game, "2-6", failing=0.0, public_messages="interactions", seed=3, delay=NETWORK
    )
    assert played.finished, played.problem
    assert played.errors == []
    assert played.turns > 50
    assert played.not_newest == 0, f"{played.not_newest} turns not on the newest message"
    assert played.scopes == {}, "no 429"
    assert len(played.table_seconds) == played.turns
    slowest = max(played.table_seconds)
    assert slowest <= NETWORK + 0.01, f"a move reached the public table {slowest:.2f} s late"
