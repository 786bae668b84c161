"""/hand and /table: your hand, leaving, cancelling, handing a seat to a computer, exporting.

Leaving or cancelling a game in play, and replacing a person, cannot be undone: each asks first,
with a confirmation button only the asker sees.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.model import LOBBY, PLAYING, Refusal, Table
from bot.render import Button, Rendered
from cogs import buttons
from cogs.context import Ctx
from cogs.translator import tr

if TYPE_CHECKING:
    from bot.app import TrickBot


def _confirmation(ctx: Ctx, key: str, button: str, custom_id: str, **args: object) -> Rendered:
    return Rendered(
        content=ctx.lang.t(key, **args),
        rows=((Button(custom_id, ctx.lang.t(button), "danger"),),),
    )


async def _table_here(ctx: Ctx) -> Table:
    return await ctx.answering(ctx.manager.table_here(ctx.place), defer="new")


async def on_confirm(ctx: Ctx, m: re.Match[str]) -> None:
    """The asker confirmed: do it, and answer on the confirmation (its button goes)."""
    op, tid, arg = m["op"], int(m["tid"]), int(m["arg"])
    c = ctx.manager.commands
    if op == "leave":
        key = await ctx.answering(c.leave_game(tid, ctx.place, ctx.user_id), defer="update")
    elif op == "cancel":
        await ctx.answering(c.cancel(tid, ctx.place, ctx.user_id, ctx.can_manage), defer="update")
        key = "cancelled-done"
    else:
        work = c.replace_seat(tid, ctx.place, ctx.user_id, arg, ctx.can_manage)
        key = await ctx.answering(work, defer="update")
    await ctx.update(Rendered(content=ctx.lang.t(key)))


buttons.EXTRA_ROUTES.append((ids.CONFIRM, on_confirm))


class PlayCog(commands.Cog):
    table = app_commands.Group(name=tr("name-table"), description=tr("cmd-table"), guild_only=True)

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    @app_commands.command(name=tr("name-hand"), description=tr("cmd-hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        t = await _table_here(ctx)
        work = ctx.manager.commands.show_hand(t.id, ctx.place, ctx.user_id, ctx.lang)
        await buttons.answer_hand(ctx, t.id, work)

    @table.command(name=tr("name-leave"), description=tr("cmd-table-leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        t = await _table_here(ctx)
        if t.status == LOBBY:
            await ctx.answering(
                ctx.manager.commands.leave_lobby(t.id, ctx.place, ctx.user_id), defer="new"
            )
            await ctx.say(ctx.lang.t("left-lobby"))
            return
        if t.seat_of(ctx.user_id) is None:
            raise Refusal("refusal-not-seated")
        last = len(t.humans()) == 1
        ask = "confirm-leave-last" if last else "confirm-leave"
        payload = _confirmation(ctx, ask, "confirm-leave-button", ids.confirm("leave", t.id))
        await ctx.post(payload, ephemeral=True)

    @table.command(name=tr("name-cancel"), description=tr("cmd-table-cancel"))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        t = await _table_here(ctx)
        if ctx.user_id != t.host_id and not ctx.can_manage:
            raise Refusal("refusal-host-only")
        if t.status != PLAYING:
            await ctx.answering(
                ctx.manager.commands.cancel(t.id, ctx.place, ctx.user_id, ctx.can_manage),
                defer="new",
            )
            await ctx.say(ctx.lang.t("cancelled-done"))
            return
        payload = _confirmation(
            ctx, "confirm-cancel", "confirm-cancel-button", ids.confirm("cancel", t.id)
        )
        await ctx.post(payload, ephemeral=True)

    @table.command(name=tr("name-replace"), description=tr("cmd-table-replace"))
    @app_commands.describe(player=tr("opt-replace-player"))
    @app_commands.rename(player=tr("name-player"))
    async def replace(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        ctx = Ctx(interaction)
        t = await _table_here(ctx)
        if ctx.user_id != t.host_id and not ctx.can_manage:
            raise Refusal("refusal-host-only")
        if t.status != PLAYING:
            raise Refusal("refusal-not-started")
        seat = t.seat_of(player.id)
        if seat is None:
            raise Refusal("refusal-replace-person")
        payload = _confirmation(
            ctx,
            "confirm-replace",
            "confirm-replace-button",
            ids.confirm("replace", t.id, seat),
            name=t.seats[seat].name,
        )
        await ctx.post(payload, ephemeral=True)

    @table.command(name=tr("name-export"), description=tr("cmd-table-export"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        live = ctx.manager.table_in(ctx.place.channel_id)
        if live is not None and live.status == PLAYING:
            raise Refusal("refusal-export-live")
        found = await ctx.answering(
            ctx.manager.storage.tables.last_record_in_channel(ctx.place.channel_id), defer="new"
        )
        if found is None:
            raise Refusal("refusal-no-game-here")
        await buttons.send_export(ctx, found[0])
