"""What bot/tables needs from outside, as protocols: Discord (``cogs.discord.io`` implements
it; tests use a fake) and a clock (tests drive one by hand)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from bot.clock import wall_time
from bot.model import Place
from bot.render import Rendered

T = TypeVar("T")


class Clock(Protocol):
    def monotonic(self) -> float: ...

    def time(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def monotonic(self) -> float:
        """The running event loop's clock (``time.monotonic`` unless a test runs the loop on
        virtual time), so the feed's windows and the loop's timers agree."""
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:
            return time.monotonic()

    def time(self) -> float:
        return wall_time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class Unavailable(Exception):
    """Discord could not be reached or failed on its side: try again later."""


class MessageRefused(Exception):
    """Discord refused a message for what it is (400, e.g. 50035 Invalid Form Body): sending
    the same again would be refused again. A bug of ours, never the players' doing: the
    message is given up (and logged) so the game goes on."""


class TokenRefused(Exception):
    """Discord refused an interaction token's webhook for good (10015 Unknown Webhook, 401, or
    an expired token): nothing sent through it can succeed, so it is never used again."""


class MessageGone(Exception):
    """The message does not exist any more (10008 Unknown Message): deleted by someone. The
    token that asked is fine; the message is never asked about again."""


class Limited(Exception):
    """Discord answered 429 to a request through an interaction's token: nothing was sent; the
    message goes another way at once instead of waiting ``retry_after`` seconds."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(f"{what} (retry after {retry_after:.1f} s)")
        self.retry_after = retry_after


async def asked_again_after_429(
    send: Callable[[], Awaitable[T]],
    may_wait: Callable[[float], bool],
    sleep: Callable[[float], Awaitable[None]],
) -> T:
    """``send()``, asked again after each 429's ``retry_after`` for as long as
    ``may_wait(retry_after)`` says the wait is worth it; else the 429 stands (``Limited``).
    Never slept out inside a request: only the caller waits, nothing else is held behind it."""
    while True:
        try:
            return await send()
        except Limited as e:
            if not may_wait(e.retry_after):
                raise
            await sleep(e.retry_after)


class HiddenLimit(Limited):
    """A 429 with scope ``shared`` on a webhook route: a limit Discord does not announce
    (reported: about 30 webhook message creates per channel per minute). The channel has no
    room for another webhook create for ``retry_after`` seconds."""

    def __init__(self, retry_after: float) -> None:
        super().__init__("a hidden webhook limit", retry_after)


class TokenBusy(Limited):
    """A 429 of the token's own bucket (scope ``user``: 5 requests per 2 s, documented) or a
    global one: the token has no room for ``retry_after`` seconds. The channel's webhook
    creates are not concerned."""

    def __init__(self, retry_after: float, *, is_global: bool = False) -> None:
        super().__init__("a global limit" if is_global else "the token's own limit", retry_after)
        self.is_global = is_global


# Why Discord did not open a game's thread; each sends the game to its channel at once.
RATE_LIMITED = "rate-limited"  # 429, of any length (users report 219 s and 280 s)
THREAD_CAP = "thread-cap"  # 160006: the server's active threads are at Discord's maximum
NO_PERMISSION = "no-permission"  # 403: no Create Public Threads (or no View Channel)
CHANNEL_KIND = "channel-kind"  # a channel that cannot hold this thread (an announcement one)
UNREACHABLE = "unreachable"  # Discord failed on its side, or the channel or message is gone


@dataclass(frozen=True)
class ThreadRefused:
    """Discord would not open the thread (``why``: one of the reasons above); a 429 says
    after how many seconds to ask again."""

    why: str
    retry_after: float = 0.0


# What reopening a game's thread found ("open": it is, or is again).
THREAD_OPEN, THREAD_LOCKED, THREAD_DELETED = "open", "locked", "deleted"
# Neither deleted nor locked, but the bot may not unarchive it: Send Messages in Threads is
# missing (the same 403 as a lock; the thread's own ``locked`` tells them apart).
THREAD_NO_PERMISSION = "no-permission"
# Unarchiving would take the server past Discord's cap of active threads (160006): the game
# waits until a thread of the server's is archived (one of its own games ending, at least).
THREAD_AT_CAP = "at-cap"


class Discord(Protocol):
    """What the feed needs of Discord (``cogs.discord.io`` implements it). Permanent failures
    of the bot's own requests are answered (None, False); a token's raise ``TokenRefused``,
    ``MessageGone`` or ``HiddenLimit``; passing ones raise ``Unavailable``.

    Two ways reach a message. With the bot's own authority (``post``, ``edit``, ``delete``,
    ``recent``): every such request counts against the bot's global budget of requests per
    second. Through an interaction's token (``token_post``, ``token_edit``,
    ``token_delete``): not counted against it, for the 15 minutes the token lives, and only for
    messages made through that same token (``ref``: "@original" for the message the
    interaction answered with, else the message id)."""

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None: ...

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def recent(self, channel_id: int, after: int) -> list[Posted] | None:
        """The channel's messages newer than message id ``after`` (newest first, a few dozen
        at most); None if the bot may not read the channel's history."""
        ...

    async def create_thread(
        self, channel_id: int, message_id: int | None, name: str, archive_minutes: int
    ) -> int | ThreadRefused:
        """A public thread in ``channel_id``, on ``message_id`` (None: without a message); its
        id, or why Discord refused, at once (a 429 is never waited out: the game plays in its
        channel instead). A message that already has a thread (started before a crash) answers
        with that thread, whose id is the message's."""
        ...

    def thread_refusal(self, channel_id: int, with_message: bool) -> str | None:
        """Why a thread cannot be opened in the channel, as far as the gateway's cache knows
        its kind and the bot's permissions in it (None: it can, or nothing is known). No
        request is made."""
        ...

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        """Add a person to a thread (it shows in their list); a refusal is let go, a 429
        raises ``Limited`` at once (never slept out)."""
        ...

    async def reopen_thread(self, thread_id: int) -> str:
        """Unarchive a thread (nothing changes if it is open): THREAD_OPEN, THREAD_LOCKED (a
        moderator locked it: only they may reopen it), THREAD_DELETED, THREAD_NO_PERMISSION
        (the bot lacks Send Messages in Threads) or THREAD_AT_CAP (160006). A 429 raises
        ``Limited`` at once (never slept out); Discord away raises ``Unavailable``."""
        ...

    async def archive_thread(self, thread_id: int) -> None:
        """Archive a thread (not lock it: people may still read it and talk in it); a refusal
        is let go, a 429 raises ``Limited`` at once (never slept out)."""
        ...

    async def token_post(self, token: str, message: Rendered, *, ephemeral: bool) -> int:
        """A new message through ``token`` (a webhook message create: it counts toward the
        channel's hidden limit); its id."""
        ...

    async def token_edit(self, token: str, ref: str, message: Rendered) -> None: ...

    async def token_delete(self, token: str, ref: str) -> None: ...


@dataclass(frozen=True)
class Posted:
    """A message found in a channel: its id and the custom ids of its components."""

    message_id: int
    custom_ids: tuple[str, ...]


@dataclass(frozen=True)
class Asker:
    """Who asked (a click or a command), where, and how their interaction reaches them. Plain
    facts read off the interaction by ``cogs``; nothing in them is trusted (the table is
    checked against them, not the other way round)."""

    guild_id: int
    channel_id: int
    user_id: int
    name: str  # as the server shows them
    locale: str | None  # their Discord client's language
    can_manage: bool  # Manage Server in this server
    owns_guild: bool
    token: str  # the interaction's token (reaches their messages for 15 minutes)
    message_id: int | None = None  # the message clicked (None for a command)
    ephemeral: bool = False  # the clicked message is ephemeral (a copy of a hand)
    # Asked inside a thread or a forum post (a game's thread is not opened inside another).
    in_thread: bool = False
    # The bot may open public threads here and write in them (its permissions in the channel).
    may_open_threads: bool = False
    # An announcement channel: its threads start from a message only (a daily deal's or a
    # learn game's, which have none, cannot open there).
    announcement: bool = False
    selected: tuple[str, ...] = ()  # a menu's chosen values

    @property
    def place(self) -> Place:
        return Place(self.guild_id, self.channel_id)


class Drawing(Protocol):
    """A message drawn from its table as the table is at the moment the message is sent: the
    sender calls ``draw`` right before the request leaves, with nothing awaited in between, so
    no move can come between what is read and what is sent. ``draw`` answers None while the
    table is being changed (its state is ahead of its last commit); the sender then waits for
    ``settled`` and draws again."""

    def draw(self) -> Rendered | None: ...

    async def settled(self) -> None: ...


async def drawn(message: Rendered | Drawing) -> Rendered:
    """What ``message`` shows now. Call it right before the request that sends it: the caller
    must await nothing between this and the request."""
    if isinstance(message, Rendered):
        return message
    while (payload := message.draw()) is None:
        await message.settled()
    return payload


class Answer(Protocol):
    """How a use case answers the person who asked (``cogs.discord.context.Ctx`` implements it
    for a discord.py interaction; tests use a fake). Exactly one answer reaches Discord in time:
    a slow piece of work is acknowledged first."""

    async def working(self, work: Awaitable[T], *, slow: str) -> T:
        """``work``'s result; if it takes long, the interaction is acknowledged first, as
        ``slow`` says: "update" (the answer edits the clicked message), "new" (it posts a
        message only the asker sees) or "none" (never: the answer must be a public post)."""
        ...

    async def update(self, payload: Rendered | Drawing | None) -> int | None:
        """Edit the clicked message (None: only acknowledge the click). If the clicked message
        is gone (deleted a moment before), ``payload`` is posted anew, only for the asker, and
        its id returned; else None. A ``Drawing`` is drawn at the moment the answer is sent."""
        ...

    async def post(self, payload: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        """A new message as the answer; its id. A ``Drawing`` is drawn when it is sent."""
        ...

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        """A sentence, whatever was answered before."""
        ...

    async def defer(self, kind: str) -> None:
        """Acknowledge now ("update" or "new"): the answer will take seconds."""
        ...
