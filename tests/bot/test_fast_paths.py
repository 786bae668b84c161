"""The shortcuts taken for speed give what the slower, general paths gave."""

from __future__ import annotations

import random

import discord

from bot import ai, ids
from bot.render import Button, Rendered
from cogs.ui import STYLES, build_view
from engine.record import new_game


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
