"""Every button and menu the bot sends, routed by its custom_id (``bot.ids``).

Each cog declares the clicks it answers with ``@component(pattern)`` on a method taking the
click's ``Ctx`` and the pattern's match. ``Router.collect`` reads those declarations off the
cogs when the bot sets up (``bot.app.TrickBot.setup_hook``): the route table is written in one
place per cog, and nothing is added by importing a module. One listener then reads each
component interaction's custom_id, finds its route and calls its handler. Buttons need no
registration, so they work on every message the bot ever sent, across restarts; nothing a
custom_id says is trusted (the use cases check it). Every failure becomes a sentence for the
person who clicked: nobody sees "This interaction failed".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import discord

from bot.model import Refusal
from bot.tables.ports import TokenRefused
from cogs.discord.context import ANSWER_FAILURES, Ctx

log = logging.getLogger("trickbot.buttons")

Handler = Callable[[Ctx, re.Match[str]], Awaitable[None]]
F = TypeVar("F", bound=Callable[..., Awaitable[None]])
ROUTE = "__component_route__"


def component(pattern: re.Pattern[str]) -> Callable[[F], F]:
    """Declares that a cog method answers clicks whose custom_id matches ``pattern``."""

    def mark(method: F) -> F:
        setattr(method, ROUTE, pattern)
        return method

    return mark


class Router:
    def __init__(self) -> None:
        self.routes: list[tuple[re.Pattern[str], Handler]] = []

    def collect(self, cogs: Iterable[object]) -> None:
        """Every ``@component`` method of these cogs becomes a route."""
        for cog in cogs:
            for name in dir(type(cog)):
                pattern = getattr(getattr(type(cog), name), ROUTE, None)
                if isinstance(pattern, re.Pattern):
                    self.routes.append((pattern, getattr(cog, name)))

    def table(self) -> list[tuple[str, str]]:
        """(pattern, handler) of every route, for people to read."""
        return [(p.pattern, getattr(h, "__qualname__", repr(h))) for p, h in self.routes]

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        ctx = Ctx.of(interaction)
        for pattern, handler in self.routes:
            m = pattern.fullmatch(custom_id)
            if m is not None:
                await run(ctx, handler, m)
                return
        await ctx.say(ctx.lang.t("refusal-unknown-button"))


UNKNOWN_INTERACTION = 10062  # Discord's code: the interaction expired (3 s) or is unknown


async def run(ctx: Ctx, handler: Handler, m: re.Match[str]) -> None:
    if not await ctx.still_alive():
        log.warning("a click reached this process after it expired: nothing was done")
        return
    try:
        await handler(ctx, m)
    except Refusal as e:
        await ctx.refuse(e)
    except TokenRefused as e:
        # Discord no longer knows the click (it expired before its answer): nothing to
        # answer any more, not a bug here, a process too far behind.
        log.warning("a click's interaction expired before its answer: %s", e)
    except ANSWER_FAILURES as e:
        # Its answer met a 429 longer than its deadline, or Discord away: the feed still
        # brings the person's hand; nothing here is a bug.
        log.warning("a click could not be answered: %s", e)
    except Exception as e:
        if isinstance(e, discord.NotFound) and e.code == UNKNOWN_INTERACTION:
            # Nothing to answer any more: not a bug here, a process too far behind.
            log.warning("a click's interaction expired before its answer (%d)", e.code)
            return
        log.exception("a click failed")
        await ctx.say(ctx.lang.t("error-generic"))
