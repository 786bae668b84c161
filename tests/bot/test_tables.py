"""The table manager with a fake publisher and a real SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.model import Refusal
from bot.storage import Storage
from bot.tables import StaleClick, TableManager
from tests.bot.fakes import FakePublisher


@pytest.fixture
async def manager(tmp_path: Path) -> AsyncIterator[TableManager]:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    m = TableManager(storage, FakePublisher(), ai_pause=0.0, default_turn_timer=0)
    yield m
    await m.close()
    await storage.close()


async def _start_three(m: TableManager, target: int = 2) -> int:
    t = await m.open_table(
        guild_id=1,
        channel_id=5,
        host_id=1,
        host_name="alice",
        game="smear",
        seats=3,
        target=target,
    )
    await m.join(t.id, 2, "bob")
    await m.join(t.id, 3, "carol")  # full: starts
    return t.id


async def _wait_until(cond: object, timeout: float = 5.0) -> None:
    async def loop() -> None:
        while not cond():  # type: ignore[operator]
            await asyncio.sleep(0.005)

    await asyncio.wait_for(loop(), timeout)


async def test_lobby_rules(manager: TableManager) -> None:
    t = await manager.open_table(
        guild_id=1, channel_id=5, host_id=1, host_name="alice", game="salad", seats=4
    )
    with pytest.raises(Refusal, match="already a table"):
        await manager.open_table(
            guild_id=1, channel_id=5, host_id=2, host_name="bob", game="smear", seats=2
        )
    with pytest.raises(Refusal, match="at least 3"):
        await manager.start(t.id, 1, False)
    await manager.join(t.id, 2, "bob")
    with pytest.raises(Refusal, match="already have a seat"):
        await manager.join(t.id, 2, "bob")
    with pytest.raises(Refusal, match="Only the host"):
        await manager.remove_seat(t.id, 2, 1, False)
    await manager.remove_seat(t.id, 3, 1, True)  # Manage Server may
    assert [s.name for s in t.seats] == ["alice"]
    await manager.add_computer(t.id, 1, "easy", False)
    await manager.join(t.id, 2, "bob")
    with pytest.raises(Refusal, match="Only the host"):
        await manager.start(t.id, 2, False)
    await manager.start(t.id, 1, False)
    assert t.status == "playing"
    with pytest.raises(Refusal, match="already started"):
        await manager.join(t.id, 9, "zed")


async def test_play_refusals_and_a_whole_game(manager: TableManager) -> None:
    tid = await _start_three(manager)
    t = manager.tables[tid]
    st = t.state
    assert st is not None
    pub = manager.publisher
    assert isinstance(pub, FakePublisher)
    await _wait_until(lambda: t.table_message_id is not None)
    with pytest.raises(Refusal, match="not seated"):
        await manager.show_hand(tid, 99)
    steps = 0
    while t.status == "playing":
        seat = st.current_player
        assert seat is not None
        uid = t.seats[seat].user_id
        assert uid is not None
        other = t.seats[(seat + 1) % 3].user_id
        assert other is not None
        legal = st.legal_actions()
        action = 54 if 54 in legal else 52 if 52 in legal else legal[0]
        if steps == 3:
            with pytest.raises(Refusal, match="not your turn"):
                await manager.play(tid, other, t.hand_no, t.version, (seat + 1) % 3, action)
            with pytest.raises(Refusal, match="not from your hand"):
                await manager.play(tid, other, t.hand_no, t.version, seat, action)
            with pytest.raises(StaleClick):
                await manager.play(tid, uid, t.hand_no, t.version - 1, seat, action)
            with pytest.raises(StaleClick):
                await manager.play(tid, uid, t.hand_no + 1, t.version, seat, action)
        version = t.version
        await manager.play(tid, uid, t.hand_no, t.version, seat, action)
        assert t.version == version + 1
        steps += 1
        assert steps < 3000
    await _wait_until(lambda: tid not in manager.tables)
    assert await manager.storage.finished_count() == 1
    text = pub.public_text()
    assert "final standings" in text and "High:" in text
    assert len(pub.deleted) >= 1  # pings are replaced, not piled up
    pings = [r for _, _, r in pub.sent if r.mention_user is not None]
    assert len(pings) - len(pub.deleted) <= 1


async def test_computers_play_on_their_own(manager: TableManager) -> None:
    t = await manager.open_table(
        guild_id=1, channel_id=6, host_id=1, host_name="alice", game="salad", seats=3
    )
    await manager.add_computer(t.id, 1, "random", False)
    await manager.add_computer(t.id, 1, "easy", False)  # full: starts
    assert t.status == "playing"
    await _wait_until(lambda: t.version > 0 or t.state.current_player == 0)  # type: ignore[union-attr]
    await manager.leave_game(6, 1)  # the last person leaves: the table closes
    assert t.status == "cancelled"


async def test_timeouts_then_autopilot(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    now = [1000.0]
    m = TableManager(storage, FakePublisher(), ai_pause=0.0, clock=lambda: now[0])
    try:
        t = await m.open_table(
            guild_id=1,
            channel_id=5,
            host_id=1,
            host_name="alice",
            game="smear",
            seats=2,
            turn_timer=30,
        )
        await m.add_computer(t.id, 1, "random", False)
        await _wait_until(lambda: t.state is not None and t.deadline is not None)
        seat = t.seat_of(1)
        assert seat is not None
        for _ in range(2):
            await _wait_until(lambda: t.deadline is not None)
            now[0] += 31
            t.wake.set()
            before = t.seats[seat].timeouts
            await _wait_until(
                lambda b=before: t.seats[seat].timeouts > b or t.seats[seat].autopilot
            )
        assert t.seats[seat].autopilot
        await m.show_hand(t.id, 1)  # clicking again takes the seat back
        assert not t.seats[seat].autopilot
    finally:
        await m.close()
        await storage.close()
