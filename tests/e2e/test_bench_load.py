"""The load benchmark's harness itself: the bot in its own process, answered and measured."""

from __future__ import annotations

from benchmarks.bench_load import bench


async def test_a_tiny_load_run_measures_the_bot_in_its_own_process() -> None:
    r = await bench(tables=2, seconds=2.0, think=0.2, warmup=1.5, level="random", profile=None)
    assert r["live_tables"] == 2
    assert r["interactions"] > 0 and r["actions"] > 0
    assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"] < 3000
    assert r["traced_kb_per_table"] > 0
    assert r["routes"]["interaction callback"] > 0
    assert r["violations"] == {}
