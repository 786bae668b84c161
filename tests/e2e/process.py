"""The real ``python -m bot`` in its own process, pointed at the emulator, and people who play
it from what they see (no access to the bot's memory), as an outside fake Discord would."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sandbox import Channel, ComponentNotClickable, DiscordEmulator, Message, User
from tests.e2e.harness import PLAY_RE, UNLIMITED_CREATES, enabled_moves, is_hand, text_of

ROOT = Path(__file__).resolve().parents[2]


def bot_env(emu: DiscordEmulator, db: Path | str, **extra: str) -> dict[str, str]:
    """``python -m bot``'s environment: the emulator, and ``db`` (a file or a URL)."""
    assert emu.urls is not None
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    where = "DATABASE_URL" if str(db).startswith("postgresql://") else "DATABASE_PATH"
    env.update(
        {
            "DISCORD_TOKEN": emu.token,
            "DISCORD_API_URL": emu.urls.api,
            "DISCORD_GATEWAY_URL": emu.urls.gateway,
            where: str(db),
            "AI_PAUSE_SECONDS": "0",
            "GUILD_READY_TIMEOUT": "0.05",
            "TABLE_EDIT_GAP_SECONDS": "0.05",
            "LOG_LEVEL": "WARNING",
            "WEBHOOK_CREATES_PER_CHANNEL": str(UNLIMITED_CREATES),
            # Each start would load the search kernels into a pool of workers (seconds of CPU
            # per worker, for computers these games mostly do not have): as in the in-process
            # harness, the workers start with the first search instead.
            "WARM_COMPUTERS": "0",
        }
    )
    env.update(extra)
    return env


@dataclass
class BotProcess:
    """``python -m bot`` as a child process (its log goes to ``log``)."""

    emu: DiscordEmulator
    db: Path | str
    log: Path
    extra: dict[str, str] = field(default_factory=dict)
    proc: asyncio.subprocess.Process | None = None

    async def start(self, timeout: float = 20.0, settle: float = 0.3) -> None:
        """Start it and wait until it is connected (and ``settle`` seconds more)."""
        identifies = self.emu.gateway.identify_count
        with self.log.open("ab") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=ROOT,
                env=bot_env(self.emu, self.db, **self.extra),
                stdout=out,
                stderr=out,
            )
        await self.emu.wait_for_session(timeout=timeout, min_identifies=identifies + 1)
        await asyncio.sleep(settle)  # resumed tables start publishing

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def wait(self, timeout: float = 10.0) -> int:
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), 10)
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


@dataclass
class SeenPlayers:
    """People who only know what they see: each plays from their newest hand message when it
    offers them a move. Never a Refresh, never Show my hand: hands must come by themselves."""

    emu: DiscordEmulator
    channel: Channel
    table_id: int
    users: list[User]
    rng: random.Random = field(default_factory=lambda: random.Random(11))
    clicks: int = 0

    def hand_of(self, user: User) -> Message | None:
        hands = [
            m for m in self.emu.visible_messages(self.channel, user) if is_hand(m, self.table_id)
        ]
        return hands[-1] if hands else None

    def over(self) -> bool:
        return any(
            "final standings" in text_of(m) and f"table {self.table_id}" in text_of(m)
            for m in self.emu.public_messages(self.channel)
        )

    async def play_until(self, done: Callable[[], bool], timeout: float = 30.0) -> None:
        """Click moves until ``done()`` (or the game is over); fails if nobody is offered a
        move for ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        stuck_since = loop.time()
        while not done() and not self.over():
            moved = False
            for user in self.users:
                hand = self.hand_of(user)
                if hand is None:
                    continue
                moves = enabled_moves(hand)
                if not moves:
                    continue
                by_action = {int(PLAY_RE.fullmatch(c)[5]): c for c in moves}  # type: ignore[index]
                pick = by_action.get(54) or by_action.get(52) or self.rng.choice(moves)
                try:
                    handle = await self.emu.click(user, hand, pick)
                except ComponentNotClickable:
                    continue
                self.clicks += 1
                moved = True
                with contextlib.suppress(Exception):
                    await handle.wait_ack(timeout=5)
                break
            if moved:
                stuck_since = loop.time()
            elif loop.time() - stuck_since > timeout:
                seen = {
                    u.name: [(h.id, h.content[:60]) for h in self._hands(u)] for u in self.users
                }
                raise AssertionError(f"nobody is offered a move: {seen}")
            else:
                await asyncio.sleep(0.02)

    def _hands(self, user: User) -> list[Message]:
        return [
            m for m in self.emu.visible_messages(self.channel, user) if is_hand(m, self.table_id)
        ]
