"""The discord.py glue: Rendered payloads become views and embeds discord.py can send."""

from __future__ import annotations

import re

import discord

from bot import ids
from bot.render import Button, Embed, Rendered, Select
from bot.storage import LeaderRow, StatRow
from cogs.buttons import DYNAMIC_ITEMS
from cogs.stats import leaderboard_text, stats_text
from cogs.ui import build_view, edit_kwargs, send_kwargs


async def test_views_are_built_stopped_and_laid_out_by_rows() -> None:
    r = Rendered(
        content="hi",
        embed=Embed("t", "d"),
        rows=(
            (Button("tb:s:1", "Show"), Button("tb:r:1", "Refresh", disabled=True)),
            Select("tb:rm:1", "Remove", (("Seat 1", "0"),)),
        ),
    )
    view = build_view(r)
    assert view is not None and view.is_finished()  # not kept in discord.py's view store
    comps = view.to_components()
    assert len(comps) == 2 and len(comps[0]["components"]) == 2
    kw = send_kwargs(r)
    assert isinstance(kw["embed"], discord.Embed) and kw["content"] == "hi"
    assert edit_kwargs(Rendered(content="x"))["view"] is None  # edits clear old buttons


def test_every_custom_id_has_a_dynamic_item() -> None:
    samples = [
        ids.lobby(1, "join"),
        ids.lobby(1, "ai-hard"),
        ids.remove(1),
        ids.show(1),
        ids.refresh(1),
        ids.play(123456789, 12, 345, 5, 56),
        ids.export(1),
    ]
    for cid in samples:
        matches = [
            item
            for item in DYNAMIC_ITEMS
            if re.fullmatch(item.__discord_ui_compiled_template__, cid)
        ]
        assert len(matches) == 1, cid


def test_leaderboard_shows_the_caller_outside_the_top() -> None:
    rows = [LeaderRow(i + 1, i, f"p{i}", 20.0 - i, 4, 2) for i in range(10)]
    mine = LeaderRow(14, 99, "me", 3.0, 2, 0)
    text = leaderboard_text("smear", rows, mine, 99)
    assert "14. me" in text and "← you" in text and "50%" in text


def test_stats_text() -> None:
    text = stats_text("alice", [StatRow("smear", 3, 2, 5, 4, 9.5, 12.0)])
    assert "3 games" in text and "bids made 4 of 5" in text
