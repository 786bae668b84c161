"""What every test folder may use: the database a test runs on (SQLite, or a fresh database on
the one PostgreSQL server of the run), and how the run is laid out over its workers.

``make test`` runs the suite with pytest-xdist. Every test is isolated (its own ports, files,
PostgreSQL database, emulator and browser context), so neither the order nor the worker
matters. Three things are shared because they are slow to start:

- one PostgreSQL server per run: the first worker that needs it starts it, under a file lock,
  and writes where it is for the others; the run's controller removes it at the end;
- one Chromium per worker (``tests/sandbox_web/conftest.py``);
- the slowest tests start first (the durations of the last run, kept in pytest's cache, else
  an estimate by kind), so no long test is left alone at the end of the run.

Markers (set here from what a test uses, so nobody has to remember them): ``postgres`` (the
PostgreSQL server), ``browser`` (Chromium), ``process`` (a child ``python -m bot`` or the
sandbox's process), ``e2e`` (the bot against the emulator). ``make check`` runs the tests with
none of them.
"""

from __future__ import annotations

import asyncio
import faulthandler
import fcntl
import json
import os
import re
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_timeout

from sandbox.postgres import PostgresServer, PostgresUnavailable, new_database, start_cluster
from sandbox.virtual_time import VirtualTimeLoop

REQUIRED = os.environ.get("TRICKBOT_REQUIRE_POSTGRES") == "1"  # CI: they must run
DURATIONS_KEY = "trickbot/durations"
# Seconds a test of each kind takes, for the first run (no durations kept yet): the order of
# the run only, never an assertion.
ESTIMATES = (
    ("tests/sandbox_web/test_api.py", 0.3),
    ("tests/sandbox_web/", 40.0),
    ("tests/e2e/test_crash.py", 40.0),
    ("tests/e2e/", 15.0),
    ("tests/engine/test_review.py", 10.0),
    ("tests/engine/test_properties.py", 8.0),
    ("tests/bot/tables/test_daily.py", 8.0),
)


# ------------------------------------------------------------------ the PostgreSQL server


def _run_folder(factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this run shares (the parent of each worker's own)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _shared_server(folder: Path) -> str:
    """The run's server (started by the first worker that asks), or PostgresUnavailable."""
    where = folder / "postgres.json"
    with _locked(folder / "postgres.lock"):
        if where.exists():
            known = json.loads(where.read_text())
            if "unavailable" in known:
                raise PostgresUnavailable(known["unavailable"])
            return str(known["url"])
        try:
            server = start_cluster()
        except PostgresUnavailable as e:
            where.write_text(json.dumps({"unavailable": str(e)}))
            raise
        where.write_text(json.dumps(server.to_json()))
        return server.url


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The controller (or a run without workers) removes the run's PostgreSQL server."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is None:
        return
    where = factory.getbasetemp() / "postgres.json"
    if where.exists():
        known = json.loads(where.read_text())
        if "url" in known:
            PostgresServer.from_json(known).remove()
        where.unlink()


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The run's PostgreSQL server (or the test skips, saying why); each test makes its own
    database on it (``new_database``)."""
    try:
        return _shared_server(_run_folder(tmp_path_factory))
    except PostgresUnavailable as e:
        if REQUIRED:
            pytest.fail(f"PostgreSQL is required here: {e}")
        pytest.skip(str(e))


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's bot keeps its data: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    server: str = request.getfixturevalue("postgres")
    return await new_database(server)


# ------------------------------------------------------------------ markers and order


def _uses_postgres(item: pytest.Item) -> bool:
    names = getattr(item, "fixturenames", ())
    if "postgres" in names:
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("database") == "postgresql"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.nodeid
        names = getattr(item, "fixturenames", ())
        if _uses_postgres(item):
            item.add_marker("postgres")
        if "browser" in names:
            item.add_marker("browser")
        if path.startswith(("tests/e2e/", "tests/sandbox_web/")) and "browser" not in names:
            item.add_marker("e2e")
    cache = getattr(config, "cache", None)
    known: dict[str, float] = cache.get(DURATIONS_KEY, {}) if cache is not None else {}

    def expected(item: pytest.Item) -> float:
        if item.nodeid in known:
            return known[item.nodeid]
        return next((s for prefix, s in ESTIMATES if item.nodeid.startswith(prefix)), 0.5)

    # Slowest first: a stable sort, so every worker collects the same order.
    items.sort(key=expected, reverse=True)


_durations: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_unconfigure(config: pytest.Config) -> None:
    """Keep this run's durations for the next run's order (a partial run updates its tests)."""
    cache = getattr(config, "cache", None)
    if os.environ.get("PYTEST_XDIST_WORKER") or not _durations or cache is None:
        return
    known = dict(cache.get(DURATIONS_KEY, {}))
    known.update({k: round(v, 2) for k, v in _durations.items()})
    cache.set(DURATIONS_KEY, known)


# ------------------------------------------------------------------ virtual time

_on_virtual_time = False  # whether the test about to run gets a loop on virtual time


def _runs_on_virtual_time(item: pytest.Item) -> bool:
    """The bot (or another discord.py client) against the emulator in this process: every
    wait is a timer of the one event loop (the loop waits for the database's answers). A test
    that starts another process (a child ``python -m bot``) keeps the real clock: it speaks in
    its own time."""
    in_process = item.get_closest_marker("process") is None
    return item.nodeid.startswith(("tests/e2e/", "tests/sandbox/")) and in_process


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    global _on_virtual_time
    _on_virtual_time = _runs_on_virtual_time(item)


_test_loops: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()


def _new_loop() -> asyncio.AbstractEventLoop:
    loop = VirtualTimeLoop() if _on_virtual_time else asyncio.new_event_loop()
    _test_loops.add(loop)  # for the tasks' stacks if the test hangs
    return loop


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> dict[str, Callable[[], asyncio.AbstractEventLoop]]:
    """Each test's loop (``sandbox.virtual_time`` for the tests ``_runs_on_virtual_time``
    names, decided as each test is set up). One factory for every test: the hook's name is a
    parameter of each test, and two names split the run by it (a run that did so stalled in
    a browser test)."""
    return {"loop": _new_loop}


# ------------------------------------------------------------------ a test that hangs

# A test that hangs ends after ``timeout`` seconds (pytest-timeout, set in pyproject.toml)
# instead of stalling the whole run until CI gives up. Its method is a timer thread that prints
# every stack and ends the worker (xdist reports the test as failed, starts a new worker and the
# run goes on): an exception raised in the loop's thread by a signal lands in whichever task is
# running and is kept there, and the test hangs on. Most tests wait on an event loop, whose
# thread's stack shows only the loop's select: the loop's tasks, and where each one waits, are
# printed first, which is what a hang needs to be found.


def _hangs_folder(config: pytest.Config) -> Path:
    cache = getattr(config, "cache", None)  # None with -p no:cacheprovider
    return cache.mkdir("trickbot-hangs") if cache is not None else Path(tempfile.gettempdir())


def pytest_sessionstart(session: pytest.Session) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER") and getattr(session.config, "cache", None):
        for old in _hangs_folder(session.config).glob("*.txt"):
            old.unlink()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """What each test that hung was doing (written by its worker before it ended)."""
    if getattr(terminalreporter.config, "cache", None) is None:
        return
    for dump in sorted(_hangs_folder(terminalreporter.config).glob("*.txt")):
        terminalreporter.section(f"hung: {dump.stem}")
        terminalreporter.write(dump.read_text(errors="replace"))


def _print_tasks(write: Callable[[str], None]) -> None:
    for loop in list(_test_loops):
        if loop.is_closed():
            continue
        ready = len(getattr(loop, "_ready", ()))
        timers = sorted(h.when() for h in list(getattr(loop, "_scheduled", ())))
        kind = type(loop).__name__
        write(f"loop {kind}: time {loop.time():.3f}, {ready} ready, timers at {timers[:5]}\n")
        if isinstance(loop, VirtualTimeLoop):
            write(f"waiting for outside work made at: {loop.stuck()}\n")
        for task in list(asyncio.all_tasks(loop)):
            write(f"--- {task.get_name()}\n")
            # The whole chain of awaits (a suspended task's own stack is its outermost frame).
            awaited: Any = task.get_coro()
            while awaited is not None:
                frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "ag_frame", None)
                if frame is None:
                    write(f"    awaiting {awaited!r}\n")
                    break
                code = frame.f_code
                write(f"    {code.co_filename}:{frame.f_lineno} in {code.co_name}\n")
                awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "ag_await", None)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: pytest_timeout.Settings) -> bool | None:
    if settings.method != "thread":
        return None  # pytest-timeout's own

    def on_timeout() -> None:
        # To a file the run's summary prints (an xdist worker's own output is never shown).
        name = re.sub(r"[^\w.-]+", "_", item.nodeid)[-150:] + ".txt"
        with (_hangs_folder(item.config) / name).open("w") as out:
            out.write(f"Timeout after {settings.timeout} s: {item.nodeid}\n")
            out.write("The event loop's tasks:\n")
            try:
                _print_tasks(out.write)
            except Exception as e:  # the loop's thread runs on meanwhile
                out.write(f"(the tasks could not be listed: {e!r})\n")
            out.write("Every thread's stack:\n")
            out.flush()
            faulthandler.dump_traceback(out, all_threads=True)
        pytest_timeout.timeout_timer(item, settings)

    timer = threading.Timer(settings.timeout, on_timeout)
    timer.name = f"timeout {item.nodeid}"
    timer.daemon = True

    def cancel() -> None:
        timer.cancel()
        timer.join()

    item.cancel_timeout = cancel  # type: ignore[attr-defined]
    timer.start()
    return True
