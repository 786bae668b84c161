"""A pytest plugin that reports, per test, the 429s Discord's limits gave (by scope and route),
how often a bucket was used up (discord.py then waits for its reset without a 429), and the
other 4xx answers, of every emulator the test started. Nothing is asserted: it shows where a
bot goes over Discord's budget.

    .venv/bin/python -m pytest tests/e2e -p tests.sandbox.limits_report

``--discord-limits=off`` turns the limits off in every emulator a test starts (as
``DiscordEmulator(rate_limits=False)`` would), to compare a run with and without them; the
tests of the limits themselves then fail, as they should.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

import pytest

from sandbox.emulator.core import DiscordEmulator

_started: list[DiscordEmulator] = []
_rows: list[tuple[str, Counter[str], Counter[str], Counter[str], int]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--discord-limits",
        choices=("on", "off"),
        default="on",
        help="Discord's rate limits in the sandbox emulator (default: on)",
    )


def pytest_configure(config: pytest.Config) -> None:
    original = DiscordEmulator.start
    limits_on = config.getoption("--discord-limits") == "on"

    async def start(self: DiscordEmulator) -> Any:
        _started.append(self)
        self.limiter.enabled = self.limiter.enabled and limits_on
        return await original(self)

    DiscordEmulator.start = start  # type: ignore[method-assign]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    _started.clear()
    yield
    limits: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    exhausted: Counter[str] = Counter()
    requests = 0
    for emu in _started:
        requests += len(emu.requests)
        exhausted.update(emu.limiter.exhausted)
        for hit in emu.rate_limits(injected=False):
            limits[f"{hit.scope} {hit.method} {hit.route}"] += 1
        for error in emu.client_errors(injected=False):
            if error.status != 429:
                errors[f"{error.status}/{error.code} {error.method} {error.route}"] += 1
    if limits or errors or exhausted:
        _rows.append((item.nodeid, limits, exhausted, errors, requests))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    write = terminalreporter.write_line
    terminalreporter.section("Discord limits and client errors (sandbox emulator)")
    if not _rows:
        write("no 429, no bucket used up and no client error in any test")
        return
    for nodeid, limits, exhausted, errors, requests in _rows:
        write(f"{nodeid}  ({requests} requests)")
        for what, n in limits.most_common():
            write(f"    429 x{n}  {what}")
        for what, n in exhausted.most_common():
            write(f"    used up x{n}  {what} bucket")
        for what, n in errors.most_common():
            write(f"    4xx x{n}  {what}")
