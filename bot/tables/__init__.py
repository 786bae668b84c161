"""Every table of every channel, and the one door the cogs use to reach them: ``Tables``.

The cogs read an interaction into an ``Asker`` (who, where, how to reach them) and call one use
case with an ``Answer`` (how to answer them): ``tables.lobby.open(asker, answer, new)``,
``tables.play.play(asker, answer, table_id, move)``... The use cases (``bot.tables.service``)
are grouped by what people do:

- ``lobby``: open a table, the lobby's buttons, the rules;
- ``play``: a person's hand, their move, the coach's hint;
- ``leaving``: leave, cancel, hand a seat to a computer (each asks first);
- ``after``: rematch, a game's record, the coach's review;
- ``people``: leaderboards, stats, languages, forgetting;
- ``daily``: the daily deal (``/smear daily``, ``/salad daily``) and its boards.

Behind the door, split by job (none of it is the cogs' business):

- ``registry``: the live tables in memory and ``locked``, the one way to act on one;
- ``commands``: what people do, checked and saved with its public effects;
- ``driver``: the moves nobody clicks (computers, turn timers, idle lobbies);
- ``feed``: what people see (outbox, table messages, pings, hands), in order and never back in
  time;
- ``life``: owning the tables, resuming them, the heartbeat, a graceful stop.

Nothing here knows discord.py: Discord is reached through the ``Discord`` protocol
(``bot.tables.ports``), which ``cogs.discord.io`` implements.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager

from bot.computers import ComputerPlayers
from bot.daily import ITERATIONS
from bot.i18n import Lang
from bot.languages import Languages
from bot.model import PLAYING, Refusal, Table
from bot.storage import Shards, Storage
from bot.storage.heartbeats import BEAT_SECONDS
from bot.tables.commands import Commands, NewTable
from bot.tables.driver import Driver
from bot.tables.feed import Feed
from bot.tables.feed.limits import CREATES_LIMIT, CREATES_WINDOW, DISCORD_PER_SECOND, Budget
from bot.tables.life import Life
from bot.tables.ports import (
    NO_PERMISSION,
    THREAD_AT_CAP,
    THREAD_DELETED,
    THREAD_LOCKED,
    THREAD_NO_PERMISSION,
    Answer,
    Asker,
    Clock,
    Discord,
    Limited,
    SystemClock,
    Unavailable,
    asked_again_after_429,
)
from bot.tables.registry import Registry
from bot.tables.service.after import AfterGameUseCases
from bot.tables.service.base import Parts
from bot.tables.service.daily import DailyUseCases
from bot.tables.service.leaving import LeavingUseCases
from bot.tables.service.lobby import LobbyUseCases
from bot.tables.service.people import PeopleUseCases
from bot.tables.service.play import PlayUseCases
from bot.tables.threads import THREADS_PER_GUILD, Threads
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.tables")


class Tables:
    """The tables, and what people can do with them."""

    def __init__(
        self,
        storage: Storage,
        discord: Discord,
        languages: Languages | None = None,
        *,
        clock: Clock | None = None,
        ai_pause: float = 1.0,
        default_turn_timer: int = 120,
        lobby_idle: float = 30 * 60.0,
        remind_after: float = 30.0,
        table_edit_gap: float = 1.0,
        time_scale: float = 1.0,
        computers: ComputerPlayers | None = None,
        shards: Shards | None = None,
        heartbeat_seconds: float = BEAT_SECONDS,
        status: Callable[[], dict[str, object]] | None = None,
        requests_per_second: float = DISCORD_PER_SECOND,
        daily_iterations: int = ITERATIONS,
        webhook_creates: tuple[int, float] = (CREATES_LIMIT, CREATES_WINDOW),
        public_messages: str = "interactions",
        threads_per_guild: int = THREADS_PER_GUILD,
    ) -> None:
        self.clock = clock or SystemClock()
        shards = shards or Shards()
        self.languages = languages or Languages()
        self.registry = Registry(storage.tables)
        self.feed = Feed(
            storage,
            discord,
            self.languages,
            clock=self.clock,
            table_edit_gap=table_edit_gap,
            hand_edit_gap=table_edit_gap,
            remind_after=remind_after * time_scale,
            budget=Budget.share(self.clock, shards.fraction, requests_per_second),
            webhook_creates=webhook_creates,
            public_messages=public_messages,
        )
        self.threads = Threads(
            discord,
            self.feed.outlet.budget,
            storage,
            self.languages,
            clock=self.clock,
            per_guild=threads_per_guild,
            active_in=self.registry.threads_in_guild,
        )
        self.feed.on_closed = self._closed
        self.feed.public.refused_in_thread = self._refused_in_thread
        self._discord = discord
        self.commands = Commands(
            self.registry,
            storage,
            self.feed,
            self.languages,
            self._wake_driver,
            self.threads,
            clock=self.clock,
            default_turn_timer=default_turn_timer,
            time_scale=time_scale,
        )
        self.computers = computers or ComputerPlayers()
        self.driver = Driver(
            self.commands,
            self.clock,
            self.computers,
            ai_pause=ai_pause,
            lobby_idle=lobby_idle,
            time_scale=time_scale,
        )
        self.life = Life(
            storage,
            self.registry,
            self.feed,
            self.driver,
            self.computers,
            self.clock,
            shards=shards,
            time_scale=time_scale,
            heartbeat_seconds=heartbeat_seconds,
            status=status or dict,
            reopen_thread=self.threads.reopen,
            thread_gone=self._thread_state,
        )
        parts = Parts(
            self.commands,
            self.feed,
            self.registry,
            storage,
            self.languages,
            self.computers,
            self.clock,
            self.threads,
        )
        self.lobby = LobbyUseCases(parts)
        self.play = PlayUseCases(parts)
        self.leaving = LeavingUseCases(parts)
        self.after = AfterGameUseCases(parts)
        self.people = PeopleUseCases(parts)
        self.daily = DailyUseCases(parts, daily_iterations)
        self._side: set[asyncio.Task[None]] = set()  # reopening threads, ending tables

    def _wake_driver(self, t: Table) -> None:
        self.driver.wake(t)

    @property
    def live(self) -> dict[int, Table]:
        """The tables driven here, by id."""
        return self.registry.tables

    @property
    def owned(self) -> bool:
        """This process owns its tables and drives them."""
        return self.life.owned

    def lang(self, asker: Asker) -> Lang:
        """The language of what only the asker sees (a refusal, a hand)."""
        return self.languages.private(asker.guild_id, asker.user_id, asker.locale)

    # ------------------------------------------------------------------ what Discord tells

    def heard_message(self, channel_id: int, message_id: int) -> None:
        """The gateway said a message was posted (anyone's): it sits below what was there."""
        self.feed.channels.heard(channel_id, message_id)

    def heard_deleted(self, message_id: int) -> None:
        """The gateway said a message was deleted: it is never asked about again."""
        self.feed.channels.deleted(message_id)

    def listening_since(self, snowflake: int) -> None:
        """A new gateway session: messages before ``snowflake`` may have anything below them."""
        self.feed.channels.reset(snowflake)

    def answered(self, channel_id: int, message_id: int, *, private_to: int | None) -> None:
        """An interaction's answer posted a message (public, or for ``private_to`` only)."""
        self.feed.answered(channel_id, message_id, private_to=private_to)

    def followup_sent(self, channel_id: int) -> None:
        """An interaction's followup was sent (a webhook create in that channel)."""
        self.feed.followup_sent(channel_id)

    def retire_token(self, token: str) -> None:
        """Discord refused an interaction's token (Unknown Webhook, 401) while answering it:
        the feed never uses it either."""
        self.feed.outlet.retire(token)

    def token_request(self, token: str) -> AbstractAsyncContextManager[None]:
        """An interaction's answer makes a webhook request through ``token`` (an edit of its
        original message, a followup) in this ``with`` block: after room in the token's
        window, which the feed's requests through the same token share, and counted in it."""
        return self.feed.outlet.spending(token, self.clock.time())

    def token_retired(self, token: str) -> bool:
        """Whether Discord refused ``token`` (to an answer or to the feed)."""
        return self.feed.outlet.retired(token)

    # ------------------------------------------------------------------ games in threads

    def heard_thread(self, thread_id: int, *, archived: bool, locked: bool) -> None:
        """The gateway said a thread changed: a live game's thread that a moderator locked
        ends its table; one archived (a week without a message, or by hand) is reopened, as
        its messages cannot be edited while it is archived."""
        t = self.registry.of_thread(thread_id)
        if t is None:
            return
        if locked:
            self._thread_state(t, THREAD_LOCKED)
        elif archived:
            self._spawn(self._keep_thread_open(t), f"thread-reopen-{t.id}")

    def heard_thread_deleted(self, thread_id: int) -> None:
        """The gateway said a thread was deleted: a live game in it ends."""
        t = self.registry.of_thread(thread_id)
        if t is not None:
            self._thread_state(t, THREAD_DELETED)

    def permissions_changed(self, guild_id: int) -> None:
        """A role or a channel of the server changed: each game whose thread the bot could
        not reopen (no Send Messages in Threads) tries again, and each game in a thread the
        bot may no longer write in says what to grant."""
        for t in self.registry.in_guild(guild_id):
            if t.settings.get("thread_blocked"):
                self._spawn(self._keep_thread_open(t), f"thread-retry-{t.id}")
            elif t.thread_id is None or t.status != PLAYING:
                continue
            elif not t.settings.get("thread_cannot_write"):
                self._refused_in_thread(t)  # taken away: told now, not at the next post
            elif self._discord.thread_refusal(t.channel_id, True) != NO_PERMISSION:
                self._spawn(self.commands.thread_can_write(t.id), f"thread-can-write-{t.id}")

    def _thread_state(self, t: Table, state: str) -> None:
        """What reopening the table's thread found. A moderator's delete or lock ends the
        table; a missing permission does not (nobody decided to stop the game): the channel
        is told what to grant, and the game goes on once it is granted."""
        if state in (THREAD_DELETED, THREAD_LOCKED):
            self._spawn(self.commands.thread_ended(t.id, state), f"thread-{state}-{t.id}")
        elif state in (THREAD_NO_PERMISSION, THREAD_AT_CAP):
            self._spawn(self.commands.thread_blocked(t.id, state), f"thread-blocked-{t.id}")
        elif t.settings.get("thread_blocked"):
            self._spawn(self.commands.thread_unblocked(t.id), f"thread-unblocked-{t.id}")

    async def _keep_thread_open(self, t: Table) -> None:
        """A live table's thread is unarchived (after a restart, or when Discord archived
        it); one a moderator deleted or locked meanwhile ends the table."""
        if t.thread_id is None or not t.live:
            return

        def needed(retry_after: float) -> bool:  # a 429: asked again while the game needs it
            log.warning("table=%s thread reopen rate-limited for %.0f s", t.id, retry_after)
            return t.live

        try:
            state = await asked_again_after_429(
                lambda: self.threads.reopen(t), needed, self.clock.sleep
            )
        except (Limited, Unavailable) as e:  # the next archive, change or restart retries
            log.warning("table=%s could not reopen its thread: %s", t.id, e)
            return
        self._thread_state(t, state)

    def _refused_in_thread(self, t: Table) -> None:
        """A post in a live game's thread was refused: if the bot lacks the permission there
        (as the gateway last said), its people are told what to grant; the game goes on
        through their clicks."""
        if not t.live or t.settings.get("thread_cannot_write"):
            return
        if self._discord.thread_refusal(t.channel_id, True) == NO_PERMISSION:
            self._spawn(self.commands.thread_cannot_write(t.id), f"thread-write-{t.id}")

    def _closed(self, t: Table) -> None:
        """Everything of an ended game is out: its thread is archived (a moderator's delete
        or lock left nothing to tidy)."""
        if t.thread_id is not None and "thread_ended" not in t.settings:
            self.threads.archive(t)
            # One active thread fewer: a game waiting at the cap tries to reopen its own.
            self.permissions_changed(t.guild_id)

    def _spawn(self, work: Coroutine[object, object, None], name: str) -> None:
        task = asyncio.create_task(self._quietly(work, name), name=name)
        self._side.add(task)
        task.add_done_callback(self._side.discard)

    async def _quietly(self, work: Coroutine[object, object, None], name: str) -> None:
        """A refusal (the table ended meanwhile) is the end of it; anything else is logged."""
        try:
            await work
        except Refusal as e:
            log.debug("%s: %s", name, e.key)
        except Exception:
            log.exception("%s failed", name)

    async def start(self) -> int:
        """Own and resume this process's tables (see ``bot.tables.life``); how many."""
        await self.threads.load()
        return await self.life.resume()

    async def stop(self, timeout: float = 3.0) -> None:
        await self.daily.close()
        await self.life.stop(timeout)
        await self._close_side()

    async def halt(self) -> None:
        """Stop dead, as a killed process does: nothing more is sent or saved (tests)."""
        await self.daily.close()
        await self.life.halt()
        await self._close_side()

    async def _close_side(self) -> None:
        await cancel_all(list(self._side))
        await self.threads.close()


__all__ = ["Answer", "Asker", "Discord", "NewTable", "Tables"]
