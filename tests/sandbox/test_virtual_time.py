"""The loop on virtual time (``sandbox.virtual_time``): its clock jumps over waits, and stands
still while anything outside the loop (a worker thread, aiosqlite's thread) or a byte on a
socket is still to be heard from. Each test runs its own loop, so it does not depend on which
loop pytest gives the others."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.chance import deal_seed
from bot.clock import wall_time
from bot.tables.ports import SystemClock
from sandbox import virtual_time
from sandbox.virtual_time import VirtualTimeLoop, run

T = TypeVar("T")


def on_virtual_time(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return run(main())


def test_an_hour_of_sleep_moves_the_clock_an_hour_in_one_jump() -> None:
    async def main() -> tuple[float, int]:
        loop = asyncio.get_running_loop()
        assert isinstance(loop, VirtualTimeLoop)
        start, jumps = loop.time(), loop.jumps
        await asyncio.sleep(3600)
        return loop.time() - start, loop.jumps - jumps

    elapsed, jumps = on_virtual_time(main)
    assert abs(elapsed - 3600) < 1e-6
    assert jumps == 1


def test_timers_fire_in_the_order_of_their_times() -> None:
    async def main() -> list[str]:
        order: list[str] = []

        async def after(seconds: float, name: str) -> None:
            await asyncio.sleep(seconds)
            order.append(name)

        await asyncio.gather(after(3, "c"), after(1, "a"), after(2, "b"))
        return order

    assert on_virtual_time(main) == ["a", "b", "c"]


def test_the_clock_stands_still_while_a_worker_thread_works() -> None:
    release = threading.Event()

    def work() -> str:
        release.wait(5)  # real time: the loop must wait for it, not jump its timer
        return "worked"

    async def main() -> tuple[list[str], float]:
        loop = asyncio.get_running_loop()
        order: list[str] = []
        start = loop.time()

        async def timer() -> None:
            await asyncio.sleep(0.5)
            order.append("timer")

        async def worker() -> None:
            order.append(await loop.run_in_executor(None, work))

        waiting = asyncio.ensure_future(timer())
        working = asyncio.ensure_future(worker())
        threading.Timer(0.1, release.set).start()
        await asyncio.gather(waiting, working)
        return order, loop.time() - start

    order, elapsed = on_virtual_time(main)
    assert order == ["worked", "timer"]
    assert abs(elapsed - 0.5) < 1e-6


def test_the_clock_stands_still_while_aiosqlite_runs_a_query(tmp_path: Path) -> None:
    slow = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)"
        " SELECT count(*) FROM n"
    )

    async def main() -> tuple[list[str], float]:
        loop = asyncio.get_running_loop()
        order: list[str] = []
        async with aiosqlite.connect(tmp_path / "db.sqlite3") as db:
            start = loop.time()

            async def timer() -> None:
                await asyncio.sleep(0.001)
                order.append("timer")

            async def query() -> None:
                async with db.execute(slow) as cursor:
                    row = await cursor.fetchone()
                assert row is not None and row[0] == 300000
                order.append("query")

            await asyncio.gather(timer(), query())
            return order, loop.time() - start

    order, elapsed = on_virtual_time(main)
    assert order == ["query", "timer"]
    assert abs(elapsed - 0.001) < 1e-6


def test_bytes_on_a_loopback_socket_arrive_before_a_timer_moves_the_clock() -> None:
    async def main() -> list[bytes]:
        heard: list[bytes] = []
        echoed = asyncio.Event()

        async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while data := await reader.read(100):
                writer.write(data)
                await writer.drain()
            writer.close()
            echoed.set()

        server = await asyncio.start_server(echo, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for i in range(50):
            writer.write(f"{i:02d}".encode())
            # A deadline of a millisecond: on a loop that jumped while bytes were on their
            # way, it would pass before the answer.
            heard.append(await asyncio.wait_for(reader.readexactly(2), 0.001))
        writer.close()
        await echoed.wait()
        server.close()
        await server.wait_closed()
        return heard

    assert on_virtual_time(main) == [f"{i:02d}".encode() for i in range(50)]


def test_the_bots_clocks_follow_the_loop() -> None:
    async def main() -> tuple[float, float]:
        clock = SystemClock()
        mono, wall = clock.monotonic(), wall_time()
        await asyncio.sleep(86400)
        return clock.monotonic() - mono, wall_time() - wall

    mono, wall = on_virtual_time(main)
    assert abs(mono - 86400) < 1e-6
    assert abs(wall - 86400) < 1e-6


def test_a_wait_shorter_than_the_clocks_resolution_still_moves_the_clock() -> None:
    """asyncio runs a timer due within its clock's resolution (1 ns) without waiting for it: a
    wait until a deadline a fraction of a nanosecond away (as a rate limit's window computed in
    floating point can be) must still reach it, or it would wait forever. The loop's select is
    asked for the time left, and the clock jumps by it."""

    async def main() -> int:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 1e-10
        turns = 0
        while (wait := deadline - loop.time()) > 0 and turns < 1000:
            await asyncio.sleep(wait)
            turns += 1
        return turns

    assert on_virtual_time(main) < 1000, "the deadline never came"


def test_threads_answers_come_in_the_order_they_were_asked_whatever_their_pace() -> None:
    """A slow thread's answer asked first is heard first, after what was already ready: the
    order of events does not depend on how the machine schedules threads (an ordinary loop
    hears the quick one first)."""

    async def main() -> list[str]:
        loop = asyncio.get_running_loop()
        heard: list[str] = []

        async def ask(name: str, work: Callable[[], object]) -> None:
            await loop.run_in_executor(None, work)
            heard.append(name)

        slow = threading.Event()
        await asyncio.gather(
            ask("slow", lambda: slow.wait(0.2)), ask("quick", lambda: None), ask("third", slow.set)
        )
        return heard

    assert on_virtual_time(main) == ["slow", "quick", "third"]


def test_a_seeded_loop_starts_its_clocks_and_its_chance_at_the_same_place() -> None:
    def seeded(seed: int) -> tuple[float, float, list[int]]:
        loop = VirtualTimeLoop(seed=seed)
        try:

            async def main() -> tuple[float, float, list[int]]:
                return loop.time(), wall_time(), [deal_seed() for _ in range(3)]

            return loop.run_until_complete(main())
        finally:
            loop.close()

    first = seeded(5)
    assert seeded(5) == first
    assert seeded(6)[2] != first[2]
    assert seeded(6)[:2] == first[:2]  # the clocks start at the same instant for every seed
    assert len(set(first[2])) == 3


def test_a_run_ends_what_is_left_as_asyncio_run_does() -> None:
    """A task still waiting when the run's coroutine returns is cancelled and awaited (its
    ``finally`` runs), not dropped with the loop: closed alone, the loop printed "Task was
    destroyed but it is pending!" for an emulator's handler waiting out a network delay."""
    ended: list[str] = []

    async def left_behind() -> None:
        try:
            await asyncio.sleep(3600)
        finally:
            ended.append("cleaned up")

    async def main() -> None:
        asyncio.get_running_loop().create_task(left_behind())
        await asyncio.sleep(0)

    virtual_time.run(main(), seed=1)
    assert ended == ["cleaned up"]
