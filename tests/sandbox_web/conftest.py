from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from sandbox.run import Sandbox, SandboxConfig, start_sandbox
from tests.sandbox.sandbox_bot import PlainBot

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DOCS = ROOT / "docs"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def sandbox_config(tmp_path: Path, **overrides: Any) -> SandboxConfig:
    """The browser tests' games play in the channel (``threads=True`` for one in a thread)."""
    config = SandboxConfig(
        port=0, world_path=tmp_path / "sandbox-discord.json", ready_timeout=10, threads=False
    )
    for key, value in overrides.items():
        setattr(config, key, value)
    return config


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    box = await start_sandbox(PlainBot, sandbox_config(tmp_path))
    try:
        yield box
    finally:
        await box.close()


def bot_settings(tmp_path: Path, **overrides: Any) -> Any:
    """The real bot's settings for a quick sandbox: its own SQLite file, computers that do not
    pause, a table message edited as often as it changes."""
    from bot.config import Config

    values: dict[str, Any] = {
        "discord_token": None,
        "database_url": None,
        "database_path": tmp_path / "sandbox.sqlite3",
        "dev_guild_id": None,
        "ai_pause_seconds": 0,
        "guild_ready_timeout": 0.05,
        "table_edit_gap_seconds": 0.05,
        # The tests click faster than people: the emulator's default (no hidden limit on
        # webhook creates) is what the bot is told, as in tests/e2e/harness.py.
        "webhook_creates_per_channel": 1000,
    }
    values.update(overrides)
    return Config(_env_file=None, **values)  # type: ignore[call-arg]


async def start_real_sandbox(tmp_path: Path, **settings: Any) -> Sandbox:
    """The real bot (``bot.app.create_bot``) in the sandbox, as ``make run`` starts it."""
    from bot.app import create_bot

    values = bot_settings(tmp_path, **settings)
    return await start_sandbox(lambda: create_bot(values), sandbox_config(tmp_path))


@pytest.fixture
async def real_sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    box = await start_real_sandbox(tmp_path)
    try:
        yield box
    finally:
        await box.close()


@dataclass
class PageClient:
    """The page's HTTP/WebSocket API, as a test uses it."""

    session: aiohttp.ClientSession
    url: str

    async def get(self, path: str) -> tuple[int, Any]:
        async with self.session.get(self.url + path.lstrip("/")) as resp:
            return resp.status, await resp.json()

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.session.post(self.url + path.lstrip("/"), json=body) as resp:
            return resp.status, await resp.json()

    async def ok(self, path: str, body: dict[str, Any]) -> Any:
        status, data = await self.post(path, body)
        assert status == 200, data
        return data

    async def socket(self, user: str) -> Socket:
        ws = await self.session.ws_connect(f"{self.url}ws?user={user}")
        hello = await ws.receive_json(timeout=5)
        assert hello["type"] == "hello"
        return Socket(ws, hello)


@dataclass
class Socket:
    ws: aiohttp.ClientWebSocketResponse
    hello: dict[str, Any]

    async def wait(
        self,
        kind: str,
        predicate: Callable[[dict[str, Any]], bool] = lambda f: True,
        timeout: float = 5.0,
    ) -> dict[str, Any]:
        """The next frame of ``kind`` matching ``predicate`` (skipping others)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            frame: dict[str, Any] = await self.ws.receive_json(
                timeout=max(0.01, deadline - loop.time())
            )
            if frame["type"] == kind and predicate(frame):
                return frame

    async def frames_for(self, seconds: float) -> list[dict[str, Any]]:
        """Every frame arriving within ``seconds``."""
        out: list[dict[str, Any]] = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (left := deadline - loop.time()) > 0:
            try:
                out.append(await self.ws.receive_json(timeout=left))
            except TimeoutError:
                break
        return out


@pytest.fixture
async def page(sandbox: Sandbox) -> AsyncIterator[PageClient]:
    async with aiohttp.ClientSession() as session:
        yield PageClient(session, sandbox.url)


# ----- the browser -------------------------------------------------------------------------------


def browser_problem() -> tuple[str, str] | None:
    """("skip" | "fail", reason) when the browser test cannot run here, else None.

    Where the browser can be installed (root with apt-get, as in CI) a missing browser is a
    failure, not a skip: ``make test`` runs scripts/install-browser.sh first.
    """
    can_install = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")
    outcome = "fail" if can_install else "skip"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return outcome, "playwright is not installed (pip install -e '.[dev]')"
    if not Path(CHROMIUM).exists():
        how = "run scripts/install-browser.sh (make test does)"
        if not can_install:
            how = "not root or no apt-get, so scripts/install-browser.sh could not install it"
        return outcome, f"no {CHROMIUM}: {how}"
    return None


@pytest.fixture(scope="session")
def chromium_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One Chromium for this worker's browser tests (starting one costs a second of CPU): its
    DevTools address. Each test connects to it and works in browser contexts of its own, so
    nothing (cookies, storage, pages) passes from one test to the next."""
    problem = browser_problem()
    if problem is not None:
        outcome, reason = problem
        if outcome == "skip":
            pytest.skip(reason)
        pytest.fail(reason)
    profile = tmp_path_factory.mktemp("chromium-profile")
    args = [CHROMIUM, *CHROMIUM_ARGS, "--remote-debugging-port=0", f"--user-data-dir={profile}"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        yield _devtools_address(proc)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _devtools_address(proc: subprocess.Popen[str]) -> str:
    """The ``ws://`` address Chromium prints once it listens (it says so on standard error)."""
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            # Nothing more is read from it: a full pipe must not stop Chromium.
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return found.group(1)
        seen.append(line)
    raise RuntimeError(f"Chromium did not start: {''.join(seen)[-500:]}")


@pytest.fixture
async def browser(chromium_endpoint: str) -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.connect_over_cdp(chromium_endpoint)
        try:
            yield chromium
        finally:
            await chromium.close()  # closes this test's contexts, not the browser
