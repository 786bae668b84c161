"""Every game in its own thread: whether a table opens one, opening it, and keeping it open.

A table opened in a text channel plays in a public thread opened on its lobby message when the
game starts, if the server did not turn threads off (``/settings threads``) and the bot may
open public threads there (Create Public Threads, Send Messages in Threads). A table opened
inside a thread (or a forum post) plays where it was opened: Discord has no thread in a thread.
Otherwise the game plays in the channel as it always did, and the person who opened it is told
once per server why, and what to grant.

Opening the thread and adding the seated people to it are requests under the bot's token: each
waits its turn in the ``Budget`` like every other. A thread archived while its game is live
(after a week without a message, or by hand) is unarchived at once, and a table resumed after a
restart unarchives its thread before its messages are edited (Discord refuses edits in an
archived thread). A thread a moderator locked or deleted ends its table (``Tables``); one the
bot may not reopen for want of Send Messages in Threads keeps its table, and the channel is
told what to grant. A finished game's thread is archived once its last message is out.

Bounded and never waiting: the bot counts its live games' threads per server, and at
``THREADS_PER_GUILD`` (well under Discord's cap of about 1,000 active threads, which other
bots and people share), or at the count where Discord last answered 160006, a new game plays in
its channel instead. So does one whose thread Discord refused (403, a channel that cannot hold
it) or rate-limited: a 429 is never waited out, whatever its ``retry_after``; the server's next
game asks again once it has passed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial

from bot.languages import Languages
from bot.model import Table
from bot.render.threads import thread_name
from bot.storage import Storage, StorageError
from bot.tables.feed.limits import Budget
from bot.tables.ports import (
    RATE_LIMITED,
    THREAD_CAP,
    THREAD_OPEN,
    Answer,
    Asker,
    Clock,
    Discord,
    SystemClock,
    ThreadRefused,
    asked_again_after_429,
)
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.threads")

ARCHIVE_MINUTES = 10080  # the longest auto-archive Discord allows: a week without a message
EXPLAIN_OFF = "threads-explain-off"
EXPLAIN_PERMISSION = "threads-explain-permission"
EXPLAIN_KIND = "threads-explain-announcement"
# A game whose thread was refused at its start plays in the channel: the note that says why.
FELL_BACK = "threads-fell-back-"  # + the reason (``ports.RATE_LIMITED``, ...)
THREADS_PER_GUILD = 500  # live games' threads per server before new games play in channels
# Other bots' and people's threads count toward Discord's cap too, and archive by themselves:
# the count where Discord said 160006 is trusted this long, then a game asks again.
CAP_RECHECK_SECONDS = 600.0
# A background request about a thread (archive, add a member) answered 429 is asked again after
# its retry_after, this many times in all: Discord's long thread waits are reported, not bounded.
LIMITED_TRIES = 3


class Threads:
    def __init__(
        self,
        discord: Discord,
        budget: Budget,
        storage: Storage,
        languages: Languages,
        *,
        clock: Clock | None = None,
        per_guild: int = THREADS_PER_GUILD,
        active_in: Callable[[int], int] = lambda guild_id: 0,
    ) -> None:
        self.discord = discord
        self.budget = budget
        self.storage = storage
        self.languages = languages
        self.clock = clock or SystemClock()
        self.per_guild = per_guild
        self.active_in = active_in  # a server's live games with a thread (``Registry``)
        self.retry_at: dict[int, float] = {}  # server -> monotonic time a 429 said to wait for
        # server -> (our thread count when Discord said 160006, monotonic time it did)
        self.ceiling: dict[int, tuple[int, float]] = {}
        self.choices: dict[int, bool] = {}  # a server's /settings threads (absent: on)
        self.explained: set[int] = set()  # servers whose players were told once
        self._side: set[asyncio.Task[None]] = set()

    async def load(self) -> None:
        """Every server's choice, and who was told already (before the first click)."""
        self.choices = await self.storage.people.thread_choices()
        self.explained = await self.storage.people.threads_explained()

    async def choose(self, guild_id: int, on: bool) -> None:
        await self.storage.people.set_threads(guild_id, on)
        self.choices[guild_id] = on

    def forget(self, guild_id: int) -> None:
        """The server's settings were deleted (``/settings forget-server``)."""
        self.choices.pop(guild_id, None)
        self.explained.discard(guild_id)

    def wanted(self, asker: Asker, *, with_message: bool = True) -> tuple[bool, str | None]:
        """Whether a table opened by ``asker`` plays in its own thread; if not, the message id
        of why, to tell them once (None: nothing to tell, as inside a thread).
        ``with_message``: the thread would start from the lobby's message (a daily deal or a
        learn game has none, which an announcement channel refuses)."""
        if asker.in_thread:
            return False, None
        if self.choices.get(asker.guild_id) is False:
            return False, EXPLAIN_OFF
        if not asker.may_open_threads:
            return False, EXPLAIN_PERMISSION
        if asker.announcement and not with_message:
            return False, EXPLAIN_KIND
        return True, None

    async def explain(self, asker: Asker, answer: Answer, key: str | None) -> None:
        """Tell the asker why the game plays in the channel, once per server."""
        if key is None or asker.guild_id in self.explained:
            return
        self.explained.add(asker.guild_id)
        lang = self.languages.private(asker.guild_id, asker.user_id, asker.locale)
        await answer.say(lang.t(key))
        try:
            await self.storage.people.explained_threads(asker.guild_id)
        except StorageError as e:  # told again after a restart at worst
            log.warning("guild=%s could not note the threads explanation: %s", asker.guild_id, e)

    def refusal(self, t: Table, with_message: bool) -> ThreadRefused | None:
        """Why the table's game should not ask for a thread now (None: ask): the server is
        near the cap, a 429 has not passed yet, or the channel's kind or the bot's
        permissions there (as the gateway last said) do not allow one."""
        guild = t.guild_id
        wait = self.retry_at.get(guild, 0.0) - self.clock.monotonic()
        if wait > 0:
            return ThreadRefused(RATE_LIMITED, wait)
        self.retry_at.pop(guild, None)
        active = self.active_in(guild)
        if active >= self.per_guild:
            return ThreadRefused(THREAD_CAP)
        ceiling = self.ceiling.get(guild)
        if ceiling is not None:
            count, at = ceiling
            if active >= count and self.clock.monotonic() < at + CAP_RECHECK_SECONDS:
                return ThreadRefused(THREAD_CAP)
            del self.ceiling[guild]  # one of ours ended, or a while passed: ask again
        why = self.discord.thread_refusal(t.channel_id, with_message)
        return None if why is None else ThreadRefused(why)

    async def open(self, t: Table, lobby_message_id: int | None) -> int | ThreadRefused:
        """A public thread for the table's game, on its lobby message (or without one when
        there is none yet, as for the daily deal); its id, or why the game plays in the
        channel instead (decided at once: nothing waits for Discord's limits)."""
        refused = self.refusal(t, lobby_message_id is not None)
        if refused is not None:
            return refused
        name = thread_name(t, self.languages.public(t.guild_id))
        async with self.budget.request():
            opened = await self.discord.create_thread(
                t.channel_id, lobby_message_id, name, ARCHIVE_MINUTES
            )
        if isinstance(opened, ThreadRefused):
            if opened.why == RATE_LIMITED:
                self.retry_at[t.guild_id] = self.clock.monotonic() + opened.retry_after
            elif opened.why == THREAD_CAP:
                self.ceiling[t.guild_id] = (self.active_in(t.guild_id), self.clock.monotonic())
            log.warning("table=%s plays in its channel: thread refused (%s)", t.id, opened.why)
        return opened

    def archive(self, t: Table) -> None:
        """The finished game's thread is archived, in the background: it leaves the server's
        active threads (Discord caps them) and stays readable; anyone may talk in it again."""
        thread_id = t.thread_id
        if thread_id is None:
            return

        async def archive() -> None:
            await self._patiently(lambda: self.discord.archive_thread(thread_id))

        self._spawn(archive(), f"thread-archive-{t.id}")

    def add_people(self, t: Table) -> None:
        """Everyone seated joins the thread (it shows in their channel list), in the
        background: nobody's click waits for it."""
        thread_id = t.thread_id
        if thread_id is None:
            return
        people = t.humans()

        async def add() -> None:
            for user_id in people:
                await self._patiently(partial(self.discord.add_to_thread, thread_id, user_id))

        self._spawn(add(), f"thread-members-{t.id}")

    async def reopen(self, t: Table) -> str:
        """Unarchive the table's thread; one of ``ports.THREAD_*``. A 429 raises ``Limited``
        at once: the caller tries again after its ``retry_after`` if the game still needs
        it."""
        if t.thread_id is None:
            return THREAD_OPEN
        async with self.budget.request():
            return await self.discord.reopen_thread(t.thread_id)

    async def _patiently(self, request: Callable[[], Awaitable[None]]) -> None:
        """A background request about a thread (each try paced by the ``Budget``), asked
        again after each 429's ``retry_after``, at most ``LIMITED_TRIES`` times in all."""
        tries = iter(range(LIMITED_TRIES - 1))

        async def paced() -> None:
            async with self.budget.request():
                await request()

        def again(retry_after: float) -> bool:
            log.info("thread request rate-limited, asked again in %.0f s", retry_after)
            return next(tries, None) is not None

        await asked_again_after_429(paced, again, self.clock.sleep)

    def _spawn(self, work: Coroutine[object, object, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._side.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._side.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("%s failed: %s", task.get_name(), task.exception())

    def idle(self) -> bool:
        return not self._side

    async def close(self) -> None:
        await cancel_all(list(self._side))
        self._side.clear()
