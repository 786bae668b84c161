"""Use cases of the daily deal (``bot.daily``): ``/smear daily`` and ``/salad daily``, and its
boards.

The first ``/smear daily`` of a day opens a table in the channel with the day's deal and starts
it at once; it is played like any table (the same commands, feed and driver), but the channel
sees only its progress (``bot.render.daily``). Once the person has played it, the same command
shows their result and the board of the day (a button turns it into the week's). Par is worked
out once per server and day, in the background, by the same computers in the same pool.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.daily import (
    GAMES,
    ITERATIONS,
    LEVEL,
    Deal,
    daily_of,
    day_of,
    day_seed,
    play_out,
    week_of,
)
from bot.model import LOBBY, Refusal, Table
from bot.render import Rendered, jump_url
from bot.render.daily import day_board, result_text, week_board
from bot.storage import Storage, StorageError
from bot.tables.commands import TableHere
from bot.tables.feed import table_slot
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import Parts, UseCases
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.daily")

PERIODS = ("d", "w")  # the board of the day, of its week


class DailyUseCases(UseCases):
    def __init__(self, parts: Parts, iterations: int = ITERATIONS) -> None:
        super().__init__(parts)
        self.iterations = iterations  # the computers' work per decision on new days' deals
        self._opening: set[tuple[int, str, int]] = set()  # (server, game, person)
        self._par: dict[tuple[int, str, int], asyncio.Task[None]] = {}  # (server, game, day)

    def today(self) -> int:
        return day_of(self.parts.clock.time())

    # ------------------------------------------------------------------ playing it

    async def play(self, asker: Asker, answer: Answer, game: str) -> None:
        """``/smear daily``, ``/salad daily``: today's deal at a table in this channel, or, once
        played, the person's result and the board of the day (only they see it)."""
        if game not in GAMES:
            raise Refusal("refusal-unknown-game")
        key = (asker.guild_id, game, asker.user_id)
        if key in self._opening:  # a second click while the first one deals
            raise Refusal("daily-dealing")
        self._opening.add(key)
        try:
            await self._play(asker, answer, game, self.today())
        finally:
            self._opening.discard(key)

    async def _play(self, asker: Asker, answer: Answer, game: str, day: int) -> None:
        playing = self._live_table(asker, game, day)
        if playing is not None:
            link = await self._link(playing)
            if link is None:
                raise Refusal("daily-playing")
            raise Refusal("daily-playing-link", link=link)
        storage = self.parts.storage.daily
        found = storage.attempt(asker.guild_id, game, day, asker.user_id)
        mine = await answer.working(found, slow="none")
        if mine is not None:
            if not mine.finished:
                raise Refusal("daily-playing")
            lang = self.lang(asker)
            note = lang.t("daily-played", result=result_text(game, mine.result or 0))
            payload = await answer.working(self._day(asker, game, day, note), slow="none")
            await answer.post(payload, ephemeral=True)
            return
        deal = await answer.working(self._deal(asker.guild_id, game, day), slow="none")
        thread, why_not = self.parts.threads.wanted(asker, with_message=False)
        work = self.commands.open_daily(asker.place, asker.user_id, asker.name, deal, thread=thread)
        try:
            t = await answer.working(work, slow="none")
        except TableHere as here:
            link = await self._link(here.table)
            if link is None:
                raise Refusal("daily-channel-busy") from None
            raise Refusal("daily-channel-busy-link", link=link) from None
        try:
            await storage.start(t, self.parts.clock.time())
        except StorageError as e:  # its last save writes the attempt all the same
            log.warning("table=%s daily attempt not written at its start: %s", t.id, e)
        shown = await self.commands.lobby_now(t)
        await self.post_lobby(asker, answer, t, shown)
        self.saw(asker, t.id)  # in the channel of a game in its thread: no token for it
        await self.parts.threads.explain(asker, answer, why_not)
        self._par_soon(deal)

    async def _deal(self, guild_id: int, game: str, day: int) -> Deal:
        storage = self.parts.storage.daily
        seed = day_seed(await storage.secret(), guild_id, game, day)
        return await storage.deal(Deal(guild_id, game, day, seed, self.iterations))

    def _live_table(self, asker: Asker, game: str, day: int) -> Table | None:
        """The asker's daily table of ``game`` and ``day``, if it is still being played."""
        for t in self.parts.registry.in_guild(asker.guild_id):
            daily = daily_of(t)
            if daily is None or t.game != game or t.host_id != asker.user_id:
                continue
            if int(daily["day"]) == day:
                return t
        return None

    async def _link(self, t: Table) -> str | None:
        """A link to a live table's message, if it is still there."""
        name = "lobby" if t.status == LOBBY else table_slot(t.hand_no)
        message_id = await self.feed.still_there(t, name)
        return None if message_id is None else jump_url(t.guild_id, t.channel_of(name), message_id)

    # ------------------------------------------------------------------ the boards

    async def board(self, asker: Asker, answer: Answer, game: str, day: int, period: str) -> None:
        """A board button: the board of ``day`` or of its week, only for the one who asked
        (a click on such a board turns it into the other one)."""
        if game not in GAMES or period not in PERIODS or day > self.today():
            raise Refusal("refusal-unknown-button")
        work = self._day(asker, game, day) if period == "d" else self._week(asker, game, day)
        if asker.ephemeral:
            await answer.update(await answer.working(work, slow="update"))
        else:
            await answer.post(await answer.working(work, slow="new"), ephemeral=True)

    async def _day(self, asker: Asker, game: str, day: int, note: str | None = None) -> Rendered:
        storage = self.parts.storage.daily
        attempts = await storage.board(asker.guild_id, game, day)
        deal = await storage.stored_deal(asker.guild_id, game, day)
        if deal is not None:
            self._par_soon(deal)  # after a restart, par may still be missing
        par = None if deal is None else deal.par
        return day_board(game, day, attempts, par, asker.user_id, self.lang(asker), note)

    async def _week(self, asker: Asker, game: str, day: int) -> Rendered:
        storage = self.parts.storage.daily
        first, last = week_of(day)
        for deal in await storage.days_without_par(asker.guild_id, game, first, last):
            self._par_soon(deal)
        week = await storage.week(asker.guild_id, game, first, last)
        return week_board(game, day, first, last, week, asker.user_id, self.lang(asker))

    # ------------------------------------------------------------------ par

    def _par_soon(self, deal: Deal) -> None:
        """Work out the deal's par in the background (once at a time per deal)."""
        key = (deal.guild_id, deal.game, deal.day)
        task = self._par.get(key)
        if deal.par is not None or (task is not None and not task.done()):
            return
        self._par[key] = asyncio.create_task(self._work_out_par(deal), name=f"daily-par-{key}")

    async def _work_out_par(self, deal: Deal) -> None:
        computers = self.parts.computers

        async def choose(view: Any, seed: int) -> int:
            return await computers.choose(deal.game, LEVEL, view, seed, iterations=deal.iterations)

        try:
            played = await play_out(deal, choose)
            await self.parts.storage.daily.set_par(deal, played)
            log.info(
                "daily par guild=%s game=%s day=%s par=%s",
                deal.guild_id,
                deal.game,
                deal.day,
                played.finish.result,
            )
        except Exception:
            log.exception("working out the par of a daily deal failed")
        finally:
            self._par.pop((deal.guild_id, deal.game, deal.day), None)

    async def par_done(self) -> None:
        """Until every par being worked out is stored (tests, a graceful stop)."""
        while self._par:
            await asyncio.gather(*list(self._par.values()), return_exceptions=True)

    async def close(self) -> None:
        await cancel_all(list(self._par.values()))
        self._par.clear()


async def record_hidden(storage: Storage, table_id: int, user_id: int, today: int) -> bool:
    """A daily game's record shows the day's cards: while that day lasts, it is kept from
    whoever has not played that deal to the end (``/table export``)."""
    found = await storage.daily.of_table(table_id)
    if found is None:
        return False
    guild_id, game, attempt = found
    if attempt.day < today or (attempt.user_id == user_id and attempt.finished):
        return False
    mine = await storage.daily.attempt(guild_id, game, attempt.day, user_id)
    return mine is None or not mine.finished


__all__ = ["DailyUseCases", "record_hidden"]
