"""What bot/tables needs from outside, faked for unit tests that run in milliseconds: a Discord
that keeps messages in memory (``FakeDiscord``), a clock driven by hand (``HandClock``), and the
answer to a click (``FakeAnswer``).

The fake Discord is as strict as Discord where bot/tables relies on it: a post with a nonce
seen before returns the first message; an interaction token lives 15 minutes and reaches only
the messages made through it; a deleted message is gone. It also checks what only a test can:
that no two requests about one message are ever in flight at once (one lock per message), and
it can stop dead after a given request (a crash: Discord did it, the bot never learns).
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TypeVar

from bot.render import Rendered
from bot.tables import Asker
from bot.tables.ports import (
    NO_PERMISSION,
    RATE_LIMITED,
    THREAD_CAP,
    Drawing,
    HiddenLimit,
    Limited,
    MessageGone,
    Posted,
    ThreadRefused,
    TokenBusy,
    TokenRefused,
    drawn,
)

T = TypeVar("T")
TOKEN_LIFE = 15 * 60.0


class HandClock:
    """Wall-clock and monotonic time that move only when the test says."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        """The time passes (for the sleeper, and so for everyone)."""
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    payloads: list[Rendered]  # every version, oldest first
    ephemeral: bool = False
    token: str | None = None  # the interaction token it was made through (None: the bot)
    deleted: bool = False

    @property
    def payload(self) -> Rendered:
        return self.payloads[-1]


class Crash(Exception):
    """Raised to a test that waits on a crashed fake (never to the bot: it just hangs)."""


@dataclass
class FakeDiscord:
    clock: HandClock
    messages: dict[int, FakeMessage] = field(default_factory=dict)
    requests: list[tuple[str, bool]] = field(default_factory=list)  # (what, under the bot token)
    tokens: dict[str, float] = field(default_factory=dict)  # token -> issued
    jitter: random.Random | None = None  # yield a random number of times inside each request
    crash_after: int | None = None  # stop dead after this many requests
    crash_on: tuple[str, int] | None = None  # ... or after the nth request of this kind
    crashed: asyncio.Event = field(default_factory=asyncio.Event)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))
    original: dict[str, int] = field(default_factory=dict)  # token -> its @original message
    channel_of: dict[str, int] = field(default_factory=dict)  # token -> where it was clicked
    person_of: dict[str, int] = field(default_factory=dict)  # token -> who clicked
    _nonces: dict[tuple[int, str], int] = field(default_factory=dict)
    _busy: set[int] = field(default_factory=set)
    overlaps: list[int] = field(default_factory=list)  # messages asked about twice at once
    answered: set[str] = field(default_factory=set)  # tokens whose interaction was answered
    too_soon: list[str] = field(default_factory=list)  # tokens used before that (Discord: 404)
    _kinds: dict[str, int] = field(default_factory=dict)
    # Discord allows an interaction token 5 webhook requests per 2 s (the same token's requests
    # from a process killed a moment ago count too): every token sent a sixth is listed.
    _token_uses: dict[str, list[float]] = field(default_factory=dict)
    crowded: list[str] = field(default_factory=list)
    # Discord's users report a hidden limit on webhook creates per channel (30 per 60 s): set,
    # a create over it raises HiddenLimit (and is counted).
    hidden_limit: tuple[int, float] | None = None
    # Tokens whose next webhook request is answered 429 for their own bucket (scope ``user``):
    # token -> retry_after.
    busy: dict[str, float] = field(default_factory=dict)
    hidden_refusals: int = 0
    # Discord's users report valid tokens whose webhook answers 404 Unknown Webhook to every
    # request: a token in ``refusing`` does (minted ones join it when ``refuse_every`` says).
    refusing: set[str] = field(default_factory=set)
    refuse_every: int = 0
    after_refusal: list[str] = field(default_factory=list)  # tokens asked again after refusing
    _refused: set[str] = field(default_factory=set)
    _creates: dict[int, list[float]] = field(default_factory=dict)
    # Threads: id -> its parent channel; their names, members, and the ones a moderator
    # locked or deleted (``refuse_threads``: the bot may not open threads).
    threads: dict[int, int] = field(default_factory=dict)
    thread_names: dict[int, str] = field(default_factory=dict)
    thread_members: dict[int, list[int]] = field(default_factory=dict)
    locked_threads: set[int] = field(default_factory=set)
    deleted_threads: set[int] = field(default_factory=set)
    refuse_threads: bool = False
    # Thread creation answers 429 with this retry_after (None: it does not).
    threads_rate_limited: float | None = None
    threads_at_cap: bool = False  # thread creation answers 160006 (others' threads fill it)
    # The next requests archiving, reopening or joining a thread answer 429 with these
    # retry_afters, one each, in order.
    thread_change_429s: list[float] = field(default_factory=list)
    blocked_threads: set[int] = field(default_factory=set)  # no Send Messages in Threads
    archived_threads: list[int] = field(default_factory=list)  # archived by the bot, in order

    def mint(self, channel_id: int) -> str:
        """A new interaction token, issued now, of a click or command in ``channel_id``."""
        token = f"token-{next(self._ids)}"
        if self.refuse_every and len(self.tokens) % self.refuse_every == self.refuse_every - 1:
            self.refusing.add(token)
        self.tokens[token] = self.clock.time()
        self.channel_of[token] = channel_id
        return token

    def live(self, channel_id: int, *, ephemeral: bool | None = None) -> list[FakeMessage]:
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and (ephemeral is None or m.ephemeral == ephemeral)
        ]

    def newest_seen(self, channel_id: int, person: int) -> FakeMessage | None:
        """The newest message ``person`` sees in the channel (public, or ephemeral for them)."""
        seen = [
            m
            for m in self.live(channel_id)
            if not m.ephemeral or (m.token is not None and self.person_of.get(m.token) == person)
        ]
        return max(seen, key=lambda m: m.id, default=None)

    def tokens_used(self) -> int:
        """How many interaction tokens webhook requests went through."""
        return len(self._token_uses)

    def bot_token_requests(self) -> int:
        return sum(1 for _, bot in self.requests if bot)

    # ------------------------------------------------------------------ the machinery

    async def _request(self, what: str, bot: bool, message_id: int | None = None) -> None:
        if self.crashed.is_set():
            await asyncio.Event().wait()  # the process is dead: nothing comes back
        if message_id is not None:
            if message_id in self._busy:
                self.overlaps.append(message_id)
            self._busy.add(message_id)
        try:
            for _ in range(self.jitter.randrange(4) if self.jitter else 0):
                await asyncio.sleep(0)
        finally:
            self._busy.discard(message_id or -1)
        self.requests.append((what, bot))

    async def _maybe_crash(self, kind: str = "") -> None:
        """Stop dead here if the test said so (the request was done; its answer never comes).
        ``kind``: the request's, more precisely than its name ("public token_post")."""
        due = self.crash_after is not None and len(self.requests) >= self.crash_after
        if self.crash_on is not None and kind == self.crash_on[0]:
            self._kinds[kind] = self._kinds.get(kind, 0) + 1
            due = due or self._kinds[kind] == self.crash_on[1]
        if due:
            self.crashed.set()
            await asyncio.Event().wait()

    def _new(self, channel_id: int, payload: Rendered, ephemeral: bool, token: str | None) -> int:
        message = FakeMessage(next(self._ids), channel_id, [payload], ephemeral, token)
        self.messages[message.id] = message
        return message.id

    def _use(self, token: str) -> None:
        now = self.clock.monotonic()
        uses = [t for t in self._token_uses.get(token, []) if t > now - 2.0] + [now]
        self._token_uses[token] = uses
        if len(uses) > 5:
            self.crowded.append(token)

    def _alive(self, token: str) -> bool:
        """Discord knows a token's webhook once its interaction was answered, for 15 min."""
        self._use(token)
        if token in self._refused:
            self.after_refusal.append(token)
        if token in self.refusing:
            self._refused.add(token)
            return False
        if token not in self.answered:
            self.too_soon.append(token)
            return False
        return self.clock.time() - self.tokens.get(token, -1e18) <= TOKEN_LIFE

    def _reach(self, token: str, ref: str) -> FakeMessage:
        """The message ``ref`` reached through ``token``, as Discord sorts its failures."""
        if not self._alive(token):
            raise TokenRefused(token)  # a dead token (401), or one Discord does not know (404)
        message_id = self.original.get(token) if ref == "@original" else int(ref)
        message = None if message_id is None else self.messages.get(message_id)
        if message is None or message.deleted:
            raise MessageGone(ref)
        if message.token != token and self.original.get(token) != message.id:
            raise MessageGone(ref)  # a token reaches what it made, and its interaction answered
        return message

    def _create(self, channel_id: int) -> None:
        """A webhook message create, under the hidden per-channel limit if the test set one."""
        if self.hidden_limit is None:
            return
        limit, window = self.hidden_limit
        now = self.clock.monotonic()
        sent = [t for t in self._creates.get(channel_id, []) if t > now - window]
        if len(sent) >= limit:
            self.hidden_refusals += 1
            raise HiddenLimit(sent[0] + window - now)
        self._creates[channel_id] = [*sent, now]

    # ------------------------------------------------------------------ the bot's token

    async def create_thread(
        self, channel_id: int, message_id: int | None, name: str, archive_minutes: int
    ) -> int | ThreadRefused:
        await self._request("create_thread", True)
        assert 1 <= len(name) <= 100 and archive_minutes in (60, 1440, 4320, 10080)
        if self.threads_rate_limited is not None:
            return ThreadRefused(RATE_LIMITED, self.threads_rate_limited)
        if self.threads_at_cap:
            return ThreadRefused(THREAD_CAP)
        if self.refuse_threads or channel_id in self.threads:
            return ThreadRefused(NO_PERMISSION)
        if message_id is not None and message_id in self.threads:
            return message_id  # Discord: 160004, the message's thread takes its id
        thread_id = message_id if message_id is not None else next(self._ids)
        self.threads[thread_id] = channel_id
        self.thread_names[thread_id] = name
        self.thread_members[thread_id] = []
        await self._maybe_crash("create_thread")
        return thread_id

    def _thread_change_limited(self) -> None:
        if self.thread_change_429s:
            raise Limited("a thread route", self.thread_change_429s.pop(0))

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        await self._request("add_to_thread", True)
        self._thread_change_limited()
        members = self.thread_members[thread_id]
        if user_id not in members:
            members.append(user_id)

    async def reopen_thread(self, thread_id: int) -> str:
        await self._request("reopen_thread", True)
        self._thread_change_limited()
        if thread_id in self.deleted_threads:
            return "deleted"
        if thread_id in self.locked_threads:
            return "locked"
        return "no-permission" if thread_id in self.blocked_threads else "open"

    def thread_refusal(self, channel_id: int, with_message: bool) -> str | None:
        return None  # the fake's channels are all text channels where the bot may

    async def archive_thread(self, thread_id: int) -> None:
        await self._request("archive_thread", True)
        self._thread_change_limited()
        self.archived_threads.append(thread_id)

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None:
        await self._request("post", True)
        key = (channel_id, nonce)
        if key not in self._nonces:
            self._nonces[key] = self._new(channel_id, message, False, None)
        await self._maybe_crash("post")
        return self._nonces[key]

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        await self._request("edit", True, message_id)
        found = self.messages.get(message_id)
        ok = found is not None and not found.deleted
        if ok:
            assert found is not None
            found.payloads.append(message)
        await self._maybe_crash()
        return ok

    async def delete(self, channel_id: int, message_id: int) -> None:
        await self._request("delete", True, message_id)
        found = self.messages.get(message_id)
        if found is not None:
            found.deleted = True
        await self._maybe_crash()

    async def recent(self, channel_id: int, after: int) -> list[Posted] | None:
        await self._request("recent", True)
        found = [
            Posted(m.id, tuple(custom_ids(m.payload)))
            for m in sorted(self.live(channel_id, ephemeral=False), key=lambda m: -m.id)
        ]
        return found[:50]

    # ------------------------------------------------------------------ through a token

    async def token_post(self, token: str, message: Rendered, *, ephemeral: bool) -> int:
        await self._request("token_post", False)
        if not self._alive(token):
            raise TokenRefused(token)
        if token in self.busy:
            raise TokenBusy(self.busy.pop(token))
        channel_id = self.channel_of.get(token, 0)
        self._create(channel_id)
        message_id = self._new(channel_id, message, ephemeral, token)
        await self._maybe_crash("hand token_post" if ephemeral else "public token_post")
        return message_id

    async def token_edit(self, token: str, ref: str, message: Rendered) -> None:
        try:
            found = self._reach(token, ref)
        except (TokenRefused, MessageGone):
            await self._request("token_edit", False)
            raise
        await self._request("token_edit", False, found.id)
        found.payloads.append(message)
        await self._maybe_crash("token_edit")

    async def token_delete(self, token: str, ref: str) -> None:
        try:
            found = self._reach(token, ref)
        except (TokenRefused, MessageGone):
            await self._request("token_delete", False)
            raise
        await self._request("token_delete", False, found.id)
        found.deleted = True
        await self._maybe_crash("token_delete")


def custom_ids(payload: Rendered) -> list[str]:
    out = []
    for row in payload.rows:
        if isinstance(row, tuple):
            out += [b.custom_id for b in row if b.custom_id is not None]
        else:
            out.append(row.custom_id)
    return out


def enabled(payload: Rendered) -> list[str]:
    """The custom ids of a message's buttons that can be clicked."""
    return [
        b.custom_id
        for row in payload.rows
        if isinstance(row, tuple)
        for b in row
        if b.custom_id is not None and not b.disabled
    ]


@dataclass
class FakeAnswer:
    """The answer to one click or command, as the cogs' Ctx gives it."""

    discord: FakeDiscord
    channel_id: int
    token: str
    clicked: int | None = None  # the message clicked
    said: list[str] = field(default_factory=list)
    updates: list[Rendered | None] = field(default_factory=list)
    posted: list[int] = field(default_factory=list)

    async def working(self, work: Awaitable[T], *, slow: str) -> T:
        return await work

    async def defer(self, kind: str) -> None:
        return None

    async def update(self, drawing: Rendered | Drawing | None) -> int | None:
        """The clicked message is edited (it becomes the click's @original); if it is gone,
        the payload is posted anew for the asker (as ``Ctx`` does), and its id returned."""
        payload = None if drawing is None else await drawn(drawing)
        self.discord.answered.add(self.token)
        self.updates.append(payload)
        assert self.clicked is not None, "only a click can update the message clicked"
        self.discord.original.setdefault(self.token, self.clicked)
        message = self.discord.messages[self.clicked]
        if payload is None:
            return None
        if message.deleted:
            message_id = self.discord._new(self.channel_id, payload, True, self.token)
            self.posted.append(message_id)
            return message_id
        message.payloads.append(payload)
        return None

    async def post(self, drawing: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        payload = await drawn(drawing)
        self.discord.answered.add(self.token)
        message_id = self.discord._new(self.channel_id, payload, ephemeral, self.token)
        self.discord.original.setdefault(self.token, message_id)
        self.posted.append(message_id)
        return message_id

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        self.discord.answered.add(self.token)
        self.said.append(text)


def asker(
    discord: FakeDiscord,
    user_id: int,
    *,
    guild_id: int = 1,
    channel_id: int = 10,
    clicked: FakeMessage | None = None,
    selected: tuple[str, ...] = (),
    may_open_threads: bool = False,
) -> tuple[Asker, FakeAnswer]:
    """A person's click (on ``clicked``) or command, and the answer it gets."""
    token = discord.mint(channel_id)
    discord.person_of[token] = user_id
    who = Asker(
        guild_id=guild_id,
        channel_id=channel_id,
        user_id=user_id,
        name=f"player{user_id}",
        locale="en-US",
        can_manage=False,
        owns_guild=False,
        token=token,
        message_id=None if clicked is None else clicked.id,
        ephemeral=bool(clicked is not None and clicked.ephemeral),
        selected=selected,
        in_thread=channel_id in discord.threads,
        may_open_threads=may_open_threads,
    )
    return who, FakeAnswer(discord, channel_id, token, None if clicked is None else clicked.id)
