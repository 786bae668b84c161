"""Scripted people for the benchmarks: they play from what the emulator shows them, like the
people of the end-to-end tests, and wake on the emulator's events instead of polling (which
would load the emulator's process and so the measurement)."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.child import BotProcess
from sandbox import (
    ComponentNotClickable,
    DiscordEmulator,
    EmulatorEvent,
    InteractionHandle,
    Message,
    User,
)
from sandbox.models import CREATE_PUBLIC_THREADS, DEFAULT_BOT_PERMISSIONS


@dataclass(frozen=True)
class Think:
    """How long a person thinks before a move: uniformly between ``low`` and ``high`` seconds
    ("2-6" on the command line is human pace; "1" is 0.5 to 1.5 s)."""

    low: float
    high: float

    @classmethod
    def parse(cls, text: str) -> Think:
        low, _, high = text.partition("-")
        if not high:
            return cls(float(low) * 0.5, float(low) * 1.5)
        return cls(float(low), float(high))

    def seconds(self, rng: random.Random) -> float:
        return rng.uniform(self.low, self.high)

    def __str__(self) -> str:
        return f"{self.low:g}-{self.high:g} s"


class Watch:
    """Wakes scripted people on emulator events instead of polling (which would load the
    emulator's process and so the measurement), and notes when each table's public table
    message changed (to time a click's move reaching it)."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.loop = asyncio.get_running_loop()
        self.table_shown: dict[int, list[float]] = {}  # table id -> its table message's changes
        self.table_of_message: dict[int, int] = {}  # table message id -> its table
        self.moves: list[tuple[int, float]] = []  # (table id, loop time) of every move clicked
        self.acks: dict[int, asyncio.Future[None]] = {}
        self.changed: dict[int, asyncio.Event] = {}  # message id -> set on every update
        self.table_message: dict[int, int] = {}  # table id -> its latest table message
        self.hands: dict[int, int] = {}  # user id -> their newest hand message
        self.moved: dict[int, asyncio.Event] = {}  # user id -> set when a new copy appears
        emu.add_listener(self._on_event)

    def _on_event(self, ev: EmulatorEvent) -> None:
        if ev.interaction is not None:
            fut = self.acks.pop(ev.interaction.id, None)
            if fut is not None and not fut.done():
                fut.set_result(None)
            return
        m = ev.message
        if m is None:
            return
        event = self.changed.get(m.id)
        if event is not None:
            event.set()
        if ev.kind in ("message_create", "message_update") and not m.ephemeral and m.embeds:
            # A table message keeps its table when a finished hand's last edit takes its
            # buttons away (that edit shows the hand's last move).
            table = self.table_of_message.get(m.id)
            if table is None:
                table = _table_of(m.custom_ids())
            if table is not None:
                self.table_of_message[m.id] = table
                self.table_shown.setdefault(table, []).append(self.loop.time())
        if ev.kind == "message_create":
            self._new_message(m)

    def _new_message(self, m: Message) -> None:
        for row in m.components:
            for c in row.get("components", ()):
                cid = str(c.get("custom_id", ""))
                if cid.startswith("tb:s:") and not m.ephemeral and m.embeds:
                    self.table_message[int(cid.split(":")[2])] = m.id
                elif cid.startswith("tb:r:") and m.ephemeral and m.interaction_user is not None:
                    # A new copy of a person's hand (it follows them to the bottom).
                    uid = m.interaction_user.id
                    self.hands[uid] = m.id
                    self.changed.setdefault(m.id, asyncio.Event())
                    moved = self.moved.get(uid)
                    if moved is not None:
                        moved.set()

    def move_shown(self, since: float) -> list[float]:
        """Seconds from each move clicked (after ``since``) to the first change of its table's
        public table message after it (the change that shows it, or shows it with the moves
        that came with it)."""
        out = []
        for table, clicked in self.moves:
            if clicked < since:
                continue
            shown = self.table_shown.get(table, [])
            i = bisect.bisect_left(shown, clicked)
            if i < len(shown):
                out.append(shown[i] - clicked)
        return out

    async def answered(self, handle: InteractionHandle) -> bool:
        if handle.acked:
            return True
        if not handle.failed:
            fut = asyncio.get_running_loop().create_future()
            self.acks[handle.id] = fut
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, self.emu.interaction_timeout + 1)
        return handle.acked


class Person:
    def __init__(
        self, emu: DiscordEmulator, watch: Watch, table_id: int, user: User, think: Think, seed: int
    ) -> None:
        self.emu = emu
        self.watch = watch
        self.table_id = table_id
        self.user = user
        self.think = think
        self.rng = random.Random(seed)
        self.hand_id: int | None = None
        self.clicks = 0
        self.failed = 0
        self.done = False

    async def _click(self, message_id: int, custom_id: str | None, label: str | None) -> bool:
        try:
            handle = await self.emu.click(self.user, message_id, custom_id, label=label)
        except ComponentNotClickable:
            return False  # changed under the cursor: look again
        self.clicks += 1
        ok = await self.watch.answered(handle)
        if not ok:
            self.failed += 1
        elif custom_id is None and label == "Show my hand" and handle.original_message_id:
            self.hand_id = handle.original_message_id
            self.watch.changed[self.hand_id] = asyncio.Event()
        return ok

    def _choices(self) -> list[str]:
        self.hand_id = self.watch.hands.get(self.user.id, self.hand_id)
        assert self.hand_id is not None
        msg = self.emu.messages[self.hand_id]
        if "The game is over" in msg.content:
            self.done = True
        return [
            str(b["custom_id"])
            for b in msg.buttons()
            if str(b.get("custom_id", "")).startswith("tb:p:") and not b.get("disabled")
        ]

    async def run(self, until: float) -> None:
        loop = asyncio.get_running_loop()
        moved = self.watch.moved.setdefault(self.user.id, asyncio.Event())
        while not self.done and loop.time() < until:
            self.hand_id = self.watch.hands.get(self.user.id, self.hand_id)
            if self.hand_id is None:
                tm = self.watch.table_message.get(self.table_id)
                if tm is None:
                    await asyncio.sleep(0.05)
                    continue
                await asyncio.sleep(self.think.seconds(self.rng) * 0.5)
                await self._click(tm, None, "Show my hand")
                continue
            event = self.watch.changed[self.hand_id]
            event.clear()
            moved.clear()
            if not self._choices():
                if self.done:
                    return
                left = until - loop.time()
                waits = [asyncio.ensure_future(e.wait()) for e in (event, moved)]
                await asyncio.wait(
                    waits, timeout=max(0.0, min(5.0, left)), return_when=asyncio.FIRST_COMPLETED
                )
                for w in waits:
                    w.cancel()
                continue
            await asyncio.sleep(self.think.seconds(self.rng))
            choices = self._choices()  # may have changed meanwhile
            if not choices or loop.time() >= until:
                continue
            by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
            pick = by_action.get(54) or by_action.get(52) or self.rng.choice(choices)
            clicked = self.watch.loop.time()
            if await self._click(self.hand_id, pick, None):
                self.watch.moves.append((self.table_id, clicked))


async def open_table(
    emu: DiscordEmulator, guild: Any, i: int, level: str
) -> tuple[int, list[User]]:
    channel = emu.add_channel(guild, f"table-{i}")
    a = emu.add_member(guild, f"a{i}")
    b = emu.add_member(guild, f"b{i}")
    await asyncio.sleep(0.05)  # CHANNEL_CREATE and GUILD_MEMBER_ADD reach the bot
    lobby = await emu.invoke_and_wait(a, channel, "smear start", {"seats": 3}, timeout=20)
    tid = next(int(c.split(":")[2]) for c in lobby.custom_ids() if c.startswith("tb:l:"))
    await (await emu.click(b, lobby, label="Join")).message(timeout=20)
    await (await emu.select(a, lobby, f"tb:ai:{tid}", [level])).message(timeout=20)
    return tid, [a, b]


async def prune(emu: DiscordEmulator, keep: float) -> None:
    """Forget answered interactions after ``keep`` seconds. The emulator scans every
    interaction it ever saw on each message edit; a long run would otherwise time the
    emulator's own bookkeeping (tokens stay valid: webhooks look them up elsewhere)."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(1.0)
        now = loop.time()
        for iid, h in list(emu.interactions.items()):
            if h.failed or (h.acked_at is not None and now - h.acked_at > keep):
                del emu.interactions[iid]


@contextlib.asynccontextmanager
async def bot_database(kind: str, folder: Path) -> AsyncIterator[str]:
    """Where the bots keep their data: a SQLite file, a throwaway PostgreSQL server's fresh
    database, or a given PostgreSQL URL."""
    if kind == "sqlite":
        yield str(folder / "bench.sqlite3")
    elif kind == "postgres":
        from sandbox.postgres import new_database, postgres_server

        with postgres_server() as server:
            yield await new_database(server)
    else:
        yield kind


# The bot's permissions in a server whose games play in their channels (as before games had
# threads of their own): without Create Public Threads, which the emulator's bot role has.
IN_CHANNEL = DEFAULT_BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS


def guild_on(
    emu: DiscordEmulator, name: str, shard: int, count: int, *, threads: bool = False
) -> Any:
    """A server on ``shard`` of ``count`` (so each bot process gets its share of tables);
    ``threads``: its games play in threads of their own (else in their channels)."""
    permissions = DEFAULT_BOT_PERMISSIONS if threads else IN_CHANNEL
    while True:
        guild = emu.add_guild(name, channels=[], bot_permissions=permissions)
        if (guild.id >> 22) % count == shard:
            return guild


async def start_bots(
    emu: DiscordEmulator, db: str, processes: int, folder: Path, profile: str | None
) -> list[BotProcess]:
    bots = []
    for i in range(processes):
        shards = f"{processes}/{i}" if processes > 1 else ""
        log = folder / f"bot-{i}.log"
        bots.append(await BotProcess.start(emu, db, shards, log, profile if i == 0 else None))
    for bot in bots:
        hello = await bot.read(timeout=60)
        assert hello.get("ready"), hello
    return bots


async def ask_all(bots: list[BotProcess], cmd: str) -> list[dict[str, Any]]:
    return [await bot.ask(cmd) for bot in bots]


def _table_of(custom_ids: list[str]) -> int | None:
    """The table a public table message belongs to (its Show my hand button says)."""
    for cid in custom_ids:
        if cid.startswith("tb:s:") and cid.count(":") == 3 and cid.rsplit(":", 1)[1][:1] == "t":
            return int(cid.split(":")[2])
    return None
