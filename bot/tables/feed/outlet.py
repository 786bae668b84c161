"""The feed's way out to Discord: whose authority each request goes with, the bot token's
budget, and the memory of which messages are gone.

A public message of a table is sent through the freshest interaction token of one of its
people when there is one (its ``Voice``): Discord does not count those requests against the
bot's global budget, and the message can be edited and deleted through the same token for as
long as it lives (15 minutes). Without a usable token, the bot's own authority is used, and the
request waits for its turn in the ``Budget``.

A message Discord said is gone (deleted, by us or by someone else, or heard deleted over the
gateway) or no longer ours to change (forbidden) is never asked about again: every such request
would be wasted, and a 403 counts toward Discord's limit of invalid requests (10,000 in 10
minutes, then the whole bot is banned for a while). So each message id that failed once, or that
we deleted, is remembered (the most recent ones), and a later edit or delete of it is answered
from memory. A token Discord refused (Unknown Webhook, 401, expired) is retired the same way for
every table it speaks for: Discord restricts a caller that keeps asking a webhook that answers
404. "Unknown Message" retires the message, never the token, and is not asked again elsewhere.

Every webhook message create (a token's new message, ephemeral or public) asks ``creates`` first
(Discord's hidden per-channel limit), and every message the bot sends is noted in ``channels``
(what each person sees at the bottom of a channel).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import Enum

from bot.render import Rendered
from bot.tables.feed.channels import ChannelLog
from bot.tables.feed.limits import (
    CHANNEL_LIMIT,
    CHANNEL_WINDOW,
    CLOCK_MARGIN,
    HAND_RESERVE,
    RESCUE_RESERVE,
    SWEEP_EVERY,
    TABLE_RESERVE,
    TOKEN_LIMIT,
    TOKEN_WINDOW,
    Budget,
    SlidingWindows,
    WebhookCreates,
)
from bot.tables.ports import (
    Clock,
    Discord,
    HiddenLimit,
    Limited,
    MessageGone,
    MessageRefused,
    Posted,
    TokenRefused,
)

log = logging.getLogger(__name__)


REMEMBERED = 50_000  # message ids known gone, most recent kept
RETIRED = 50_000  # tokens Discord refused, most recent kept (each dies in 15 minutes anyway)
TOKEN_LIFE = 15 * 60.0  # an interaction token's life on Discord
TOKEN_MARGIN = 60.0  # stop using a token this long before it dies
# A request through a token that can wait (an edit of a table message or of a hand that is not
# its owner's turn) leaves one request of the token's window for what cannot (a person's hand
# following them), and waits for the window instead of being refused after the fact.
PATIENT = 2  # room a request that can wait asks for: itself and one more
URGENT = 1  # room a request that cannot wait asks for: itself


@contextlib.contextmanager
def given_up_if_refused(table_id: int, what: str) -> Iterator[None]:
    """A message Discord refuses for what it is (400) would be refused again if sent again,
    and every message after it would wait behind it: it is given up, with one error, and the
    rest of the pass goes on (a message drawn from the table is drawn anew when it changes)."""
    try:
        yield
    except MessageRefused as e:
        log.error("table=%s gave up %s: %s", table_id, what, e)


@dataclass(frozen=True)
class Voice:
    """Whose authority a public message is sent with: an interaction's token (and how that
    token reaches the message: "@original" or its id), or the bot's own (``token`` None)."""

    token: str | None = None
    issued: float = 0.0  # wall-clock time the token was issued
    ref: str | None = None

    def reaching(self, message_id: int) -> Voice:
        """The same token, reaching ``message_id`` (a message it made): never the message it
        reached before (a table message posted again after a deletion is edited as itself)."""
        return Voice(self.token, self.issued, str(message_id))


BOT = Voice()


Draw = Callable[[], Rendered | None]
"""A message drawn from a plan right before it is sent; None if the table moved on since."""


class TableMoved(Exception):
    """A message about to be sent no longer shows the table as it is: nothing was sent (the
    next pass draws it anew)."""


def _drawn(message: Rendered | Draw) -> Rendered:
    """``message`` as it is sent now (called in the request's ``with`` block, right before it
    leaves: whatever was awaited for the token's window is behind it)."""
    payload = message if isinstance(message, Rendered) else message()
    if payload is None:
        raise TableMoved
    return payload


class Outcome(Enum):
    """How one request through an interaction's token went."""

    SENT = "sent"
    LATER = "later"  # Discord answered 429: the message is there, try again at ``retry_at``
    GONE = "gone"  # the message is gone (deleted, by anyone): never asked about again
    REFUSED = "refused"  # Discord refused the token for good: retired, for every table


@dataclass(frozen=True, slots=True)
class Answer:
    """The one result of a request through a token (``Outlet.ask``), which every caller reads
    the same way, in place of a ladder of exceptions at each of them."""

    outcome: Outcome
    message_id: int | None = None  # SENT, a new message: its id
    retry_at: float = 0.0  # LATER: the clock's time (monotonic) at which it may go again

    @property
    def reaches(self) -> bool:
        """The message can still be reached through the token (sent, or to be sent later)."""
        return self.outcome is Outcome.SENT or self.outcome is Outcome.LATER


SENT = Answer(Outcome.SENT)
GONE = Answer(Outcome.GONE)
REFUSED = Answer(Outcome.REFUSED)


class Outlet:
    def __init__(
        self,
        discord: Discord,
        budget: Budget,
        clock: Clock,
        creates: WebhookCreates | None = None,
        channels: ChannelLog | None = None,
    ) -> None:
        self.discord = discord
        self.budget = budget
        self.clock = clock
        self.creates = creates or WebhookCreates(clock)
        self.channels = channels or ChannelLog()
        self.channels.on_delete = self.forget
        self.on_retire: Callable[[str], None] | None = None  # told of each token retired
        # Each channel's own bucket under the bot token, and each token's.
        self.buckets: SlidingWindows[int] = SlidingWindows(
            clock, CHANNEL_LIMIT, CHANNEL_WINDOW + CLOCK_MARGIN
        )
        self._tokens: SlidingWindows[str] = SlidingWindows(
            clock, TOKEN_LIMIT, TOKEN_WINDOW + CLOCK_MARGIN
        )
        self._gone: OrderedDict[int, None] = OrderedDict()
        self._retired: OrderedDict[str, None] = OrderedDict()
        # Tokens Discord has answered (token -> issued), and the first request of each other
        # token while it is on its way: see ``_through``.
        self._answered: dict[str, float] = {}
        self._first: dict[str, asyncio.Event] = {}
        # A token issued before this process started may have been used by the process before
        # it (killed a moment ago) as much as Discord allows: until its window has passed, it
        # counts as full.
        self._born = clock.monotonic()
        self._born_wall = clock.time()
        self._next_sweep = self._born + SWEEP_EVERY

    def tokens_held(self) -> int:
        """Tokens whose recent requests are kept (each click brings a new one)."""
        return len(self._tokens)

    def _first_seen(self, token: str, issued: float) -> None:
        """Counts ``token``'s window from the first time it is used here. A token issued
        before this process started may have been used by the process before it (killed a
        moment ago) as much as Discord allows: until its window has passed, it counts as
        full. Tokens answered long ago are forgotten now and then."""
        now = self.clock.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            dead = self.clock.time() - TOKEN_LIFE
            self._answered = {t: i for t, i in self._answered.items() if i > dead}
        if not self._tokens.known(token) and issued < self._born_wall:
            self._tokens.full_until(token, self._born + self._tokens.window)

    @asynccontextmanager
    async def spending(self, token: str, issued: float) -> AsyncIterator[None]:
        """One request through ``token``, sent in the ``with`` block, first waiting for room
        in its window if it is full: Discord would refuse it (429), and the refusal counts as
        an invalid request. (Requests that can wait longer ask ``wait_for`` first and come
        back later.) A click's own answers through its token count here too: the window is
        the token's, whoever sends.

        The request counts from when it is sent until its answer is back, then from the
        answer: Discord's window opens when a request reaches it, which a slow network or a
        busy machine makes later than the sending. Counted from the sending, a request sent
        2 s after the one that opened the window may land inside it."""
        while (wait := self.wait_for(Voice(token, issued), URGENT)) > 0:
            await self.clock.sleep(wait)
        sent = self._tokens.spend(token)
        try:
            yield
        finally:
            self._tokens.landed(token, sent)

    @asynccontextmanager
    async def _through(self, token: str, issued: float) -> AsyncIterator[None]:
        """One webhook request through ``token``, sent in the ``with`` block: after room in
        the token's window and, for a token Discord has not answered yet, after the answer to
        its first request. A token that answers Unknown Webhook answers so to everything, and
        a request already on its way when the first was refused would be one more through a
        refused token (Discord restricts callers that keep asking). Raises ``TokenRefused`` if
        the token was refused before or meanwhile."""
        async with self.spending(token, issued):
            while (first := self._first.get(token)) is not None:
                await first.wait()
            if token in self._retired:
                raise TokenRefused(token)
            if token in self._answered:
                yield
                return
            first = self._first[token] = asyncio.Event()
            try:
                yield
                self._answered[token] = issued
            finally:
                del self._first[token]
                first.set()

    def wait_for(self, voice: Voice, room: int = PATIENT) -> float:
        """Seconds a request with ``voice`` should wait for room in its token's window (0 for
        the bot's own voice, whose budget is the ``Budget``'s). A request that can wait leaves
        one request of the window for one that cannot (``room`` = ``PATIENT``); one that
        cannot still waits rather than be refused by Discord (``room`` = ``URGENT``)."""
        if voice.token is None:
            return 0.0
        self._first_seen(voice.token, voice.issued)
        return self._tokens.wait(voice.token, room)

    def _limited(
        self, token: str, issued: float, e: Limited, channel_id: int | None = None
    ) -> None:
        """Discord answered 429 to a request through ``token``. Only the hidden limit (scope
        ``shared``, on a webhook create) closes the channel's webhook creates; the token's own
        bucket, or a global limit, makes the token wait ``retry_after`` and nothing else."""
        if isinstance(e, HiddenLimit):
            if channel_id is not None:
                self.creates.shut(channel_id, e.retry_after)
            return
        # The window counts as full until ``retry_after`` from now (``wait_for`` says so).
        self._first_seen(token, issued)
        self._tokens.full_until(token, self.clock.monotonic() + e.retry_after)

    def usable(self, issued: float, margin: float = TOKEN_MARGIN) -> bool:
        """A token issued then still has ``margin`` seconds to live."""
        return self.clock.time() - issued < TOKEN_LIFE - margin

    def retire(self, token: str) -> None:
        """Discord refused ``token`` for good: it is never used again, by any table (nor by
        the next process: ``on_retire`` has the hands that kept it saved again without it)."""
        known = token in self._retired
        self._retired[token] = None
        self._retired.move_to_end(token)
        if len(self._retired) > RETIRED:
            self._retired.popitem(last=False)
        if not known and self.on_retire is not None:
            self.on_retire(token)

    def retired(self, token: str | None) -> bool:
        return token is not None and token in self._retired

    def alive(self, token: str, issued: float, margin: float = TOKEN_MARGIN) -> bool:
        """``token`` may be used: not refused by Discord, and with ``margin`` seconds to live."""
        return token not in self._retired and self.usable(issued, margin)

    def speaks(self, voice: Voice) -> bool:
        return voice.token is not None and self.alive(voice.token, voice.issued)

    def gone(self, message_id: int | None) -> bool:
        return message_id is not None and message_id in self._gone

    def forget(self, message_id: int | None) -> None:
        """``message_id`` is gone: never ask Discord about it again."""
        if message_id is None:
            return
        self._gone[message_id] = None
        self._gone.move_to_end(message_id)
        if len(self._gone) > REMEMBERED:
            self._gone.popitem(last=False)

    # ------------------------------------------------------------------ public messages

    def may_create(self, channel_id: int, voice: Voice, reserve: int) -> bool:
        """A message posted now with ``voice`` would go through its token (a webhook create
        the channel has room for, leaving ``reserve``)."""
        return self.speaks(voice) and self.creates.may(channel_id, reserve)

    async def ask(
        self,
        token: str,
        issued: float,
        request: Callable[[], Awaitable[int | None]],
        *,
        message_id: int | None = None,
        channel_id: int | None = None,
    ) -> Answer:
        """One request through ``token``: ``request`` is called in the token's turn (after
        room in its window, after its first answer), right before it leaves, and what Discord
        answers is read here once for every caller: a message gone (``message_id``) is
        forgotten, a refused token retired, a 429 noted in the token's window (a hidden-limit
        one closes ``channel_id``'s webhook creates). ``TableMoved`` (nothing was sent) and
        ``MessageRefused`` (the message itself was refused) pass through."""
        try:
            async with self._through(token, issued):
                made = await request()
        except MessageGone:
            self.forget(message_id)
            return GONE
        except TokenRefused:
            self.retire(token)
            return REFUSED
        except Limited as e:
            self._limited(token, issued, e, channel_id)
            return Answer(Outcome.LATER, retry_at=self.clock.monotonic() + e.retry_after)
        return SENT if made is None else Answer(Outcome.SENT, made)

    async def post(
        self,
        channel_id: int,
        message: Rendered,
        nonce: str,
        voice: Voice = BOT,
        *,
        reserve: int = TABLE_RESERVE,
        fallback: bool = True,
    ) -> tuple[int | None, Voice]:
        """Post a public message with ``voice`` if its token may make one more webhook create
        in the channel (leaving ``reserve``), else (``fallback``) with the bot's own authority;
        its id (None if not posted) and the voice that reaches it."""
        token = voice.token
        if (
            token is not None
            and message.file is None
            and self.may_create(channel_id, voice, reserve)
        ):

            async def create() -> int:
                self.creates.spend(channel_id)
                return await self.discord.token_post(token, message, ephemeral=False)

            made = (await self.ask(token, voice.issued, create, channel_id=channel_id)).message_id
            if made is not None:
                self.channels.posted(channel_id, made)
                return made, voice.reaching(made)
        if not fallback:
            return None, voice
        async with self.budget.request(), self.buckets.request(channel_id):
            posted = await self.discord.post(channel_id, message, nonce)
        if posted is not None:
            self.channels.posted(channel_id, posted)
        return posted, BOT

    async def edit(
        self, channel_id: int, message_id: int, message: Rendered | Draw, voice: Voice = BOT
    ) -> bool:
        """False if the message is gone (or not ours to edit any more). A ``Draw`` is drawn
        right before the request leaves (``TableMoved``: nothing was sent)."""
        if self.gone(message_id):
            return False
        token = voice.token
        if token is not None and self.speaks(voice):
            ref = voice.ref or str(message_id)
            answer = await self.ask(
                token,
                voice.issued,
                lambda: self.discord.token_edit(token, ref, _drawn(message)),
                message_id=message_id,
            )
            if answer.outcome is Outcome.SENT:
                return True
            if answer.outcome is Outcome.GONE:  # deleted: nobody can edit it, not even the bot
                return False
            # Refused, or asked to wait: the message is there, the bot's own authority edits it.
        async with self.budget.request():
            payload = _drawn(message)
            async with self.buckets.request(channel_id):
                edited = await self.discord.edit(channel_id, message_id, payload)
        if edited:
            return True
        self.forget(message_id)
        return False

    async def delete(self, channel_id: int, message_id: int, voice: Voice = BOT) -> None:
        if self.gone(message_id):
            return
        token = voice.token
        if token is not None and self.speaks(voice):
            ref = voice.ref or str(message_id)
            answer = await self.ask(
                token,
                voice.issued,
                lambda: self.discord.token_delete(token, ref),
                message_id=message_id,
            )
            if answer.outcome is Outcome.SENT or answer.outcome is Outcome.GONE:
                self.forget(message_id)
                return
        async with self.budget.request():
            await self.discord.delete(channel_id, message_id)
        self.forget(message_id)

    async def recent(self, channel_id: int, after: int) -> list[Posted] | None:
        async with self.budget.request():
            return await self.discord.recent(channel_id, after)

    # ------------------------------------------------------------------ hands (ephemeral)

    def room_for_hand(self, channel_id: int, *, rescue: bool = False) -> bool:
        """A hand may be posted anew in this channel (a webhook create): moved to the bottom,
        or (``rescue``) shown at all, its copy being out of every token's reach."""
        return self.creates.may(channel_id, RESCUE_RESERVE if rescue else HAND_RESERVE)

    async def hand_post(
        self, channel_id: int, person: int, token: str, issued: float, message: Rendered | Draw
    ) -> int | None:
        """A new copy of ``person``'s hand through ``token``; None if Discord refused the token
        (retired) or the channel's webhook creates are spent (another of the person's tokens
        may post it). Raises ``TableMoved`` (nothing sent) if ``message`` no longer draws."""
        if not self.alive(token, issued):
            return None

        async def create() -> int:
            payload = _drawn(message)
            self.creates.spend(channel_id)
            return await self.discord.token_post(token, payload, ephemeral=True)

        made = (await self.ask(token, issued, create, channel_id=channel_id)).message_id
        if made is not None:
            self.channels.posted(channel_id, made, private_to=person)
        return made

    async def hand_edit(
        self,
        token: str,
        issued: float,
        ref: str,
        message_id: int | None,
        message: Rendered | Draw,
    ) -> Answer:
        """Edit a copy of a hand through ``token``. An answer that no longer ``reaches`` the
        copy (deleted, or its token refused) is final: it is not asked about again. Raises
        ``TableMoved`` (nothing sent) if ``message`` no longer draws."""
        if self.gone(message_id):
            return GONE
        if token in self._retired:
            return REFUSED
        return await self.ask(
            token,
            issued,
            lambda: self.discord.token_edit(token, ref, _drawn(message)),
            message_id=message_id,
        )

    async def hand_delete(
        self, token: str, issued: float, ref: str, message_id: int | None
    ) -> bool:
        """Delete a copy of a hand; True if it is gone (now or already)."""
        if self.gone(message_id):
            return True
        if token in self._retired:
            return False
        answer = await self.ask(
            token, issued, lambda: self.discord.token_delete(token, ref), message_id=message_id
        )
        if answer.outcome is Outcome.SENT or answer.outcome is Outcome.GONE:
            self.forget(message_id)
            return True
        return False
