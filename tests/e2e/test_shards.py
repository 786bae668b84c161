"""Two bot processes, one per shard, against one emulator and one PostgreSQL: killing one loses
nothing; its restart resumes its tables at once while the other keeps playing; a second process
for the same shard never drives a table the first owns, and tells the people who click there the
truth meanwhile."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import asyncpg
import pytest

from sandbox import DiscordEmulator, Guild, User
from sandbox.postgres import new_database
from tests.e2e.harness import IN_CHANNEL, lobby_table_id, text_of
from tests.e2e.process import BotProcess, SeenPlayers

pytestmark = pytest.mark.process  # each test starts python -m bot


def _guild_on_shard(emu: DiscordEmulator, shard: int, count: int, name: str) -> Guild:
    """A server that Discord puts on ``shard`` ((id >> 22) % count)."""
    while True:
        guild = emu.add_guild(name, channels=["table"], bot_permissions=IN_CHANNEL)
        if (guild.id >> 22) % count == shard:
            return guild


async def _table(
    emu: DiscordEmulator, guild: Guild, names: tuple[str, str]
) -> tuple[int, list[User]]:
    people = [emu.add_member(guild, n) for n in names]
    await asyncio.sleep(0.1)  # the members reach the bot
    lobby = await emu.invoke_and_wait(
        people[0], guild.channel("table"), "smear start", {"seats": 2, "target": 4}, timeout=10
    )
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(people[1], lobby, label="Join")
    return tid, people


async def _owner_process(url: str, owner: str) -> int | None:
    """The process id the owner of ``owner`` (e.g. "shard 0 of 2") last reported."""
    conn = await asyncpg.connect(url)
    try:
        status: str | None = await conn.fetchval(
            "SELECT status FROM heartbeats WHERE owner = $1", owner
        )
        return None if status is None else int(json.loads(status)["process"])
    finally:
        await conn.close()


async def test_two_shard_processes_and_a_kill(
    emu: DiscordEmulator, tmp_path: Path, postgres: str
) -> None:
    url = await new_database(postgres)
    g0 = _guild_on_shard(emu, 0, 2, "Shard zero")
    g1 = _guild_on_shard(emu, 1, 2, "Shard one")
    first = BotProcess(emu, url, tmp_path / "a.log", {"SHARD_COUNT": "2", "SHARD_IDS": "0"})
    second = BotProcess(emu, url, tmp_path / "b.log", {"SHARD_COUNT": "2", "SHARD_IDS": "1"})
    await first.start()
    await second.start()
    try:
        t0, people0 = await _table(emu, g0, ("ann", "abe"))
        t1, people1 = await _table(emu, g1, ("bea", "bob"))
        p0 = SeenPlayers(emu, g0.channel("table"), t0, people0)
        p1 = SeenPlayers(emu, g1.channel("table"), t1, people1)
        await p0.play_until(lambda: p0.clicks >= 4)
        await p1.play_until(lambda: p1.clicks >= 4)
        owner0 = await _owner_process(url, "shard 0 of 2")
        owner1 = await _owner_process(url, "shard 1 of 2")
        assert first.proc is not None and second.proc is not None
        assert (owner0, owner1) == (first.proc.pid, second.proc.pid)

        # A second process for shard 0 (a misconfiguration) must not drive its table; the
        # clicks Discord now sends it are told the truth, and nothing is played.
        intruder = BotProcess(emu, url, tmp_path / "c.log", {"SHARD_COUNT": "2", "SHARD_IDS": "0"})
        await intruder.start()
        hand = p0.hand_of(people0[0]) or p0.hand_of(people0[1])
        assert hand is not None
        user = people0[0] if p0.hand_of(people0[0]) is hand else people0[1]
        before = [m.id for m in emu.visible_messages(g0.channel("table"), user)]
        click = await emu.click(user, hand, label="Refresh")
        await click.wait_ack(timeout=3)
        answer = await emu.wait_for_message(
            g0.channel("table"),
            lambda m: m.visible_to(user) and m.id not in before and "starting up" in m.content,
            timeout=3,
        )
        assert "nothing was played" in answer.content
        assert await _owner_process(url, "shard 0 of 2") == first.proc.pid, "one owner"
        await intruder.stop()
        assert "served by another process" in intruder.log.read_text()

        first.kill()  # shard 0's process dies; shard 1 plays on meanwhile
        await first.wait()
        before = p1.clicks
        await p1.play_until(lambda: p1.clicks >= before + 4)

        await first.start()  # its restart takes its table back at once
        clicks = p0.clicks
        await p0.play_until(lambda: p0.clicks > clicks, timeout=5)
        await p0.play_until(lambda: False, timeout=40)
        await p1.play_until(lambda: False, timeout=40)
        for guild, tid in ((g0, t0), (g1, t1)):
            final = await emu.wait_for_message(
                guild.channel("table"), lambda m: "final standings" in text_of(m), timeout=10
            )
            assert final.attachments
            results = [
                m.content.split("**")[1]
                for m in emu.public_messages(guild.channel("table"))
                if m.content.startswith("**Hand ")
            ]
            assert len(results) == len(set(results)), f"table {tid}: a result posted twice"
        board = await emu.invoke_and_wait(people1[0], g1.channel("table"), "leaderboard")
        assert "bea —" in board.content and "bob —" in board.content
        board = await emu.invoke_and_wait(people0[0], g0.channel("table"), "leaderboard")
        assert "ann —" in board.content and "bea —" not in board.content
    finally:
        await first.stop()
        await second.stop()
