"""The discord.py glue: Rendered payloads become views and embeds discord.py can send, and every
custom id the bot sends has a route."""

from __future__ import annotations

from typing import cast

import discord

from bot import ids
from bot.app import COGS
from bot.render import Button, Embed, Option, Rendered, Select
from bot.tables import Tables
from cogs.discord.router import Router
from cogs.discord.ui import build_view, edit_kwargs, send_kwargs


async def test_views_are_built_stopped_and_laid_out_by_rows() -> None:
    r = Rendered(
        content="hi",
        embed=Embed("t", "d"),
        rows=(
            (Button("tb:s:1", "Show"), Button("tb:r:1", "Refresh", disabled=True)),
            Select("tb:rm:1", "Remove", (Option("Seat 1", "0", "about"),)),
        ),
        mentions=(5,),
    )
    view = build_view(r)
    assert view is not None and view.is_finished()  # not kept in discord.py's view store
    comps = view.to_components()
    assert len(comps) == 2 and len(comps[0]["components"]) == 2
    kw = send_kwargs(r)
    assert isinstance(kw["embed"], discord.Embed) and kw["content"] == "hi"
    assert kw["allowed_mentions"].users[0].id == 5
    assert edit_kwargs(Rendered(content="x"))["view"] is None  # edits clear old buttons


def test_every_custom_id_has_exactly_one_route() -> None:
    """The route table the cogs declare (collected as the bot sets up) answers every custom id
    the bot makes, each with one handler."""
    router = Router()
    router.collect(cog(cast(Tables, None)) for cog in COGS)
    routes = [p for p, _ in router.routes]
    made = [
        ids.lobby(1, "join"),
        ids.lobby(1, "cancel"),
        ids.add_computer(1),
        ids.remove(1),
        ids.show(1),
        ids.refresh(1),
        ids.play(1, 2, 3, 0, 52),
        ids.export(1),
        ids.rematch(1),
        ids.hint(1),
        ids.review(1),
        ids.confirm("leave", 1),
        ids.confirm("replace", 1, 2),
        ids.forget("me", 123),
    ]
    for custom_id in made:
        assert len(custom_id) <= 100
        assert sum(1 for p in routes if p.fullmatch(custom_id)) == 1, custom_id
