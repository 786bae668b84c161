"""The load benchmark's harness itself: the bot in its own process, answered and measured."""

from __future__ import annotations

import pytest

from benchmarks.bench_load import bench
from benchmarks.people import Think


@pytest.mark.process  # the bot runs in a process of its own
async def test_a_tiny_load_run_measures_the_bot_in_its_own_process() -> None:
    r = await bench(
        tables=2, seconds=2.0, think=Think(0.1, 0.3), warmup=1.5, level="random", profile=None
    )
    assert r["live_tables"] == 2
    assert r["interactions"] > 0 and r["actions"] > 0
    assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"] < 3000
    assert r["traced_kb_per_table"] > 0
    assert r["routes"][(False, "callback")] > 0, "clicks are answered through their interaction"
    assert r["shown_count"] > 0 and 0 <= r["shown_p50_s"] <= r["shown_p99_s"]
    assert r["rate_limited"] == 0
    assert r["violations"] == {}
