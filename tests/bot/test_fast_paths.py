"""The shortcuts taken for speed give what the slower, general paths gave."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import discord

from bot import ai, ids
from bot.model import PLAYING
from bot.render import Button, Rendered
from bot.storage import Storage
from cogs.ui import STYLES, build_view
from engine.record import new_game
from tests.bot.test_storage import _table


async def test_button_rows_are_sent_as_discord_py_would_build_them() -> None:
    rows = (
        tuple(
            Button(ids.play(7, 1, 3, 0, c), f"{c}♠", style, disabled=c % 2 == 0)
            for c, style in ((1, "danger"), (2, "secondary"), (3, "primary"), (4, "success"))
        ),
        (Button(ids.refresh(7), "Refresh"), Button(ids.show(7), "Show my hand", "primary")),
    )
    reference = discord.ui.View(timeout=None)
    for i, row in enumerate(rows):
        for b in row:
            reference.add_item(
                discord.ui.Button(
                    custom_id=b.custom_id,
                    label=b.label,
                    style=STYLES[b.style],
                    disabled=b.disabled,
                    row=i,
                )
            )
    view = build_view(Rendered(content="x", rows=rows))
    assert view is not None and view.is_finished() and not view.is_dispatchable()
    assert view.to_components() == reference.to_components()


async def test_cheap_levels_run_inline_and_hard_in_a_thread() -> None:
    st = new_game("smear", 3, 5, None)
    seat = st.current_player
    assert seat is not None
    view = st.view(seat)
    for level in ("random", "easy", "normal"):
        action = await ai.choose("smear", level, view, random.Random(1))
        assert action in view.legal
    assert ("smear", "hard") in ai._threaded


async def test_saves_of_many_tables_are_group_committed(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    try:
        tables = []
        for i in range(6):
            t = _table(i, channel=10 + i)
            await storage.create_table(t)
            t.state = new_game("smear", 3, t.seed, t.options)
            t.status = PLAYING
            await storage.save_game(t)  # seats_dirty: a transaction of its own
            tables.append(t)
        for t in tables:
            assert t.state is not None
            t.state.apply(t.state.legal_actions()[0])
            t.version = 1
        calls = 0
        real = storage.db.executemany

        async def counting(sql: str, rows: Any) -> Any:
            nonlocal calls
            calls += 1
            return await real(sql, rows)

        storage.db.executemany = counting  # type: ignore[method-assign]
        await asyncio.gather(*(storage.save_game(t) for t in tables))
        assert calls <= 2  # the first alone, the rest queued meanwhile together
        rebuilt = {t.id: t for t in await storage.load_live()}
        assert all(rebuilt[t.id].version == 1 for t in tables)
    finally:
        await storage.close()


async def test_a_failed_group_commit_fails_only_its_own_rows(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    try:
        good, bad = _table(1, channel=11), _table(2, channel=12)
        for t in (good, bad):
            await storage.create_table(t)
            t.state = new_game("smear", 3, t.seed, t.options)
            t.status = PLAYING
            await storage.save_game(t)
        await storage.db.execute(
            "CREATE TRIGGER no_bad BEFORE UPDATE ON game_tables WHEN NEW.id = ?"
            " BEGIN SELECT RAISE(ABORT, 'refused'); END".replace("?", str(bad.id))
        )
        good.version = bad.version = 3
        results = await asyncio.gather(
            storage.save_game(good), storage.save_game(bad), return_exceptions=True
        )
        assert results[0] is None and isinstance(results[1], Exception)
        rebuilt = {t.id: t for t in await storage.load_live()}
        assert rebuilt[good.id].version == 0  # version comes from the record: 0 actions
        async with storage.db.execute(
            "SELECT version FROM game_tables WHERE id = ?", (good.id,)
        ) as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == 3
    finally:
        await storage.close()
