"""Every button and menu the bot sends, routed by its custom_id (``bot.ids``).

One listener reads each component interaction's custom_id, finds its pattern and calls its
handler; the handler asks ``bot.tables`` to act (which trusts nothing the custom_id says and
checks the table's server and channel) and answers. Buttons need no registration, so they work
on every message the bot ever sent, across restarts. Every failure becomes a sentence for the
person who clicked; nobody sees "This interaction failed".
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import ids, render
from bot.i18n import Lang
from bot.log import game_event
from bot.model import Refusal
from bot.render.base import action_text, card_label, suit_symbol
from bot.tables.commands import HandRefusal
from bot.tables.feed import Shown
from cogs.context import Ctx
from engine.ai.coach import Hint, Mistake
from engine.record import to_record

log = logging.getLogger("trickbot.buttons")

Handler = Callable[[Ctx, re.Match[str]], Awaitable[None]]


async def answer_hand(ctx: Ctx, table_id: int, work: Awaitable[Shown]) -> None:
    """Show a person their hand (or a refused click's reason on it) through its lane. Waiting
    for the lane counts as work: if it is long, the click is acknowledged first."""

    async def answer() -> None:
        try:
            shown = await work
        except HandRefusal as e:
            shown = e.shown
        except Refusal as e:  # nothing was done: say why on the hand, if it can be shown
            shown = await _hand_saying(ctx, table_id, e)
        t = shown.table  # the game may have just ended: the table has left the registry
        if t is None:
            raise Refusal("refusal-table-closed")
        await ctx.manager.feed.answer_hand(
            t, ctx.user_id, shown, ctx.click(), update=ctx.update, post=ctx.post_hand
        )

    await ctx.answering(answer(), defer="update" if ctx.on_ephemeral else "new")


async def _hand_saying(ctx: Ctx, table_id: int, refusal: Refusal) -> Shown:
    """The person's hand with a refusal's sentence on it (so the hand stays where they look);
    the refusal itself if their hand cannot be shown (no seat, the table is not here)."""
    note = ctx.lang.t(refusal.key, **refusal.params)
    try:
        return await ctx.manager.commands.hand_with_note(
            table_id, ctx.place, ctx.user_id, ctx.lang, note, None
        )
    except Refusal:
        raise refusal from None


def _table_id(m: re.Match[str]) -> int:
    return int(m["tid"])


def _saw(ctx: Ctx, table_id: int) -> None:
    """Any click by a seated person keeps their freshest token (their hand can follow them)."""
    t = ctx.manager.registry.get(table_id)
    if t is not None and t.place == ctx.place:
        ctx.manager.feed.saw(t, ctx.user_id, ctx.click())


async def _lobby_answer(ctx: Ctx, table_id: int, work: Awaitable[Shown]) -> None:
    shown = await ctx.answering(work, defer="update")
    t = ctx.manager.tables.get(table_id)
    if t is None:  # closed by this click
        await ctx.update(shown.payload)
        return
    msg = ctx.interaction.message
    await ctx.manager.feed.answer_public(
        t, "lobby", shown, None if msg is None else msg.id, update=ctx.update
    )


# ---------------------------------------------------------------------- the lobby


async def on_lobby(ctx: Ctx, m: re.Match[str]) -> None:
    c = ctx.manager.commands
    tid, op, place, user = _table_id(m), m["op"], ctx.place, ctx.user_id
    if op == "join":
        work = c.join(tid, place, user, ctx.name)
    elif op == "leave":
        work = c.leave_lobby(tid, place, user)
    elif op == "start":
        work = c.start(tid, place, user, ctx.can_manage)
    else:
        work = c.cancel(tid, place, user, ctx.can_manage)
    await _lobby_answer(ctx, tid, work)
    _saw(ctx, tid)


def _selected(ctx: Ctx) -> str:
    data: dict[str, Any] = dict(ctx.interaction.data or {})
    values = data.get("values") or []
    if not values or not isinstance(values[0], str):
        raise Refusal("refusal-pick-one")
    return values[0]


async def on_add_computer(ctx: Ctx, m: re.Match[str]) -> None:
    tid = _table_id(m)
    level = _selected(ctx)
    work = ctx.manager.commands.add_computer(tid, ctx.place, ctx.user_id, level, ctx.can_manage)
    await _lobby_answer(ctx, tid, work)
    _saw(ctx, tid)


async def on_remove_seat(ctx: Ctx, m: re.Match[str]) -> None:
    tid = _table_id(m)
    try:
        seat = int(_selected(ctx))
    except ValueError:
        raise Refusal("refusal-pick-one") from None
    work = ctx.manager.commands.remove_seat(tid, ctx.place, ctx.user_id, seat, ctx.can_manage)
    await _lobby_answer(ctx, tid, work)


# ---------------------------------------------------------------------- hands


async def on_show(ctx: Ctx, m: re.Match[str]) -> None:
    tid = _table_id(m)
    await answer_hand(
        ctx, tid, ctx.manager.commands.show_hand(tid, ctx.place, ctx.user_id, ctx.lang)
    )


async def on_play(ctx: Ctx, m: re.Match[str]) -> None:
    tid = _table_id(m)
    move = (int(m["hand"]), int(m["ver"]), int(m["seat"]), int(m["action"]))
    work = ctx.manager.commands.play(tid, ctx.place, ctx.user_id, move, ctx.lang)
    await answer_hand(ctx, tid, work)


# ---------------------------------------------------------------------- after a game


async def send_export(ctx: Ctx, table_id: int) -> None:
    """The record of a finished or cancelled game, as a JSON file (only you see it)."""
    found = await ctx.answering(ctx.manager.storage.tables.record_of(table_id), defer="new")
    if found is None:
        raise Refusal("refusal-no-record")
    status, place, record = found
    if place != ctx.place:
        raise Refusal("refusal-wrong-channel")
    if record is None:
        raise Refusal("refusal-no-record")
    if status not in ("finished", "cancelled"):
        raise Refusal("refusal-export-live")
    name, blob = render.record_file(table_id, record)
    payload = render.Rendered(
        content=ctx.lang.t("export-ready", table=str(table_id)), file=(name, blob)
    )
    await ctx.post(payload, ephemeral=True)


async def on_export(ctx: Ctx, m: re.Match[str]) -> None:
    await send_export(ctx, _table_id(m))


async def on_rematch(ctx: Ctx, m: re.Match[str]) -> None:
    work = ctx.manager.commands.rematch(_table_id(m), ctx.place, ctx.user_id, ctx.name)
    try:
        t, shown = await ctx.answering(work, defer="none")
    except Refusal as e:
        if e.key == "refusal-table-here":
            raise Refusal("refusal-rematch-open") from None
        raise
    message_id = await ctx.post(shown.payload, ephemeral=False)
    if message_id is not None:
        ctx.manager.feed.set_slot(t, "lobby", message_id, shown)
    game_event(t.id, "rematch", of=_table_id(m))


# ---------------------------------------------------------------------- the coach


def hint_text(h: Hint, lang: Lang) -> str:
    details = coach_details(h.details, lang)
    return lang.t(
        "hint-line",
        move=action_text(h.action, lang),
        reason=lang.t(f"coach-{h.reason}", **details),
    )


def coach_details(details: dict[str, int], lang: Lang) -> dict[str, object]:
    """The coach's numbers as people read them: cards and suits by name."""
    out: dict[str, object] = {}
    for key, value in details.items():
        if key == "card":
            out[key] = card_label(value, lang)
        elif key == "suit":
            out[key] = suit_symbol(value)
        else:
            out[key] = value
    return out


async def on_hint(ctx: Ctx, m: re.Match[str]) -> None:
    """The coach's advice for the asker's turn, shown on their hand (a table option)."""
    tid = _table_id(m)
    c = ctx.manager.commands

    async def advised() -> Shown:
        t, view, version = await c.coach_view(tid, ctx.place, ctx.user_id)
        seed = random.Random(f"{t.seed}:{version}:hint").getrandbits(64)
        h = await ctx.manager.players.hint(t.game, view, seed)
        note = hint_text(h, ctx.lang)
        return await c.hand_with_note(tid, ctx.place, ctx.user_id, ctx.lang, note, version)

    await answer_hand(ctx, tid, advised())


def review_text(mistakes: list[Mistake], lang: Lang) -> str:
    if not mistakes:
        return lang.t("review-none")
    lines = [lang.t("review-title")]
    for mk in mistakes:
        reason = lang.t(f"coach-{mk.reason}", **coach_details(mk.details, lang))
        lines.append(
            "• "
            + lang.t(
                "review-line",
                hand=mk.hand,
                decision=mk.decision,
                chosen=action_text(mk.chosen, lang),
                better=action_text(mk.better, lang),
                loss=round(mk.loss, 1),
                reason=reason,
            )
        )
    return "\n".join(lines)


async def on_review(ctx: Ctx, m: re.Match[str]) -> None:
    """After a game: each player's three costliest decisions, worked out in the pool."""
    tid = _table_id(m)
    loaded = await ctx.answering(ctx.manager.storage.tables.load_table(tid), defer="new")
    if loaded is None or loaded.table.place != ctx.place:
        raise Refusal("refusal-wrong-channel")
    t = loaded.table
    seat = t.seat_of(ctx.user_id)
    if seat is None or t.state is None:
        raise Refusal("review-not-player")
    if t.state.outcome() is None:
        raise Refusal("refusal-rematch-not-over")
    await ctx.defer("new")  # the review takes seconds
    mistakes = await ctx.manager.players.review(to_record(t.state), seat)
    await ctx.post(render.Rendered(content=review_text(mistakes, ctx.lang)), ephemeral=True)


# ---------------------------------------------------------------------- routing

ROUTES: tuple[tuple[re.Pattern[str], Handler], ...] = (
    (ids.PLAY, on_play),
    (ids.SHOW, on_show),
    (ids.REFRESH, on_show),
    (ids.LOBBY, on_lobby),
    (ids.ADD_COMPUTER, on_add_computer),
    (ids.REMOVE, on_remove_seat),
    (ids.EXPORT, on_export),
    (ids.REMATCH, on_rematch),
    (ids.HINT, on_hint),
    (ids.REVIEW, on_review),
)
EXTRA_ROUTES: list[tuple[re.Pattern[str], Handler]] = []  # added by other cogs (confirmations)


async def run(ctx: Ctx, handler: Handler, m: re.Match[str]) -> None:
    try:
        await handler(ctx, m)
    except Refusal as e:
        await ctx.refuse(e)
    except Exception:
        log.exception("a click failed")
        await ctx.say(ctx.lang.t("error-generic"))


async def on_interaction(interaction: discord.Interaction[Any]) -> None:
    if interaction.type != discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    ctx = Ctx(interaction)
    for pattern, handler in (*ROUTES, *EXTRA_ROUTES):
        m = pattern.fullmatch(custom_id)
        if m is not None:
            await run(ctx, handler, m)
            return
    await ctx.say(ctx.lang.t("refusal-unknown-button"))
