"""The feed's way out to Discord: whose authority each request goes with, the bot token's
budget, and the memory of which messages are gone.

A public message of a table is sent through the freshest interaction token of one of its
people when there is one (its ``Voice``): Discord does not count those requests against the
bot's global budget, and the message can be edited and deleted through the same token for as
long as it lives (15 minutes). Without a usable token, the bot's own authority is used, and the
request waits for its turn in the ``Budget``.

A message Discord said is gone (deleted, by us or by someone else) or no longer ours to change
(forbidden) is never asked about again: every such request would be wasted, and a 403 counts
toward Discord's limit of invalid requests (10,000 in 10 minutes, then the whole bot is banned
for a while). So each message id that failed once, or that we deleted, is remembered (the most
recent ones), and a later edit or delete of it is answered from memory.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass

from bot.render import Rendered
from bot.tables.feed.budget import Budget
from bot.tables.ports import Clock, Discord, Posted

REMEMBERED = 50_000  # message ids known gone, most recent kept
SWEEP_EVERY = 30.0  # seconds between forgetting the tokens whose window is empty
TOKEN_LIFE = 15 * 60.0  # an interaction token's life on Discord
TOKEN_MARGIN = 60.0  # stop using a token this long before it dies
# Discord lets an interaction token make 5 webhook requests per 2 seconds. A request that can
# wait (an edit of a table message or of a hand that is not its owner's turn) leaves one of them
# for what cannot (a person's hand following them), and waits for the window instead of making
# discord.py hold it back after the fact.
TOKEN_WINDOW = 2.0
TOKEN_LIMIT = 5
TOKEN_PATIENT = TOKEN_LIMIT - 1


@dataclass(frozen=True)
class Voice:
    """Whose authority a public message is sent with: an interaction's token (and how that
    token reaches the message: "@original" or its id), or the bot's own (``token`` None)."""

    token: str | None = None
    issued: float = 0.0  # wall-clock time the token was issued
    ref: str | None = None

    def reaching(self, message_id: int) -> Voice:
        return Voice(self.token, self.issued, self.ref or str(message_id))


BOT = Voice()


class Outlet:
    def __init__(self, discord: Discord, budget: Budget, clock: Clock) -> None:
        self.discord = discord
        self.budget = budget
        self.clock = clock
        self._gone: OrderedDict[int, None] = OrderedDict()
        self._used: dict[str, deque[float]] = {}  # token -> its recent requests (monotonic)
        # A token issued before this process started may have been used by the process before
        # it (killed a moment ago) as much as Discord allows: until its window has passed, it
        # counts as full.
        self._born = clock.monotonic()
        self._born_wall = clock.time()
        self._next_sweep = self._born + SWEEP_EVERY

    def tokens_held(self) -> int:
        """Tokens whose recent requests are kept (each click brings a new one)."""
        return len(self._used)

    def _window(self, token: str, issued: float) -> deque[float]:
        """The token's requests in its current window."""
        now = self.clock.monotonic()
        if now >= self._next_sweep:
            # A token with nothing in its window is as good as unknown: forget it, or every
            # click of a long run would be kept (a deque each, hundreds of thousands a day).
            self._next_sweep = now + SWEEP_EVERY
            self._used = {t: u for t, u in self._used.items() if u and u[-1] > now - TOKEN_WINDOW}
        used = self._used.get(token)
        if used is None:
            inherited = issued < self._born_wall
            used = self._used[token] = deque([self._born] * TOKEN_LIMIT if inherited else ())
        while used and used[0] <= now - TOKEN_WINDOW:
            used.popleft()
        return used

    async def _spend(self, token: str, issued: float) -> None:
        """Count a request through ``token``, first waiting for room in its window if it is
        full: Discord would refuse it (429), and the refusal counts as an invalid request.
        (Requests that can wait longer ask ``wait_for`` first and come back later.)"""
        while (wait := self.wait_for(Voice(token, issued), TOKEN_LIMIT)) > 0:
            await self.clock.sleep(wait)
        self._window(token, issued).append(self.clock.monotonic())

    def wait_for(self, voice: Voice, room: int = TOKEN_PATIENT) -> float:
        """Seconds a request with ``voice`` should wait for room in its token's window (0 for
        the bot's own voice, whose budget is the ``Budget``'s). A request that can wait leaves
        one request of the window for one that cannot (``room`` = ``TOKEN_PATIENT``); one that
        cannot still waits rather than be refused by Discord (``room`` = ``TOKEN_LIMIT``)."""
        if voice.token is None:
            return 0.0
        used = self._window(voice.token, voice.issued)
        if len(used) < room:
            return 0.0
        return used[-room] + TOKEN_WINDOW - self.clock.monotonic()

    def usable(self, issued: float, margin: float = TOKEN_MARGIN) -> bool:
        """A token issued then still has ``margin`` seconds to live."""
        return self.clock.time() - issued < TOKEN_LIFE - margin

    def speaks(self, voice: Voice) -> bool:
        return voice.token is not None and self.usable(voice.issued)

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

    async def post(
        self, channel_id: int, message: Rendered, nonce: str, voice: Voice = BOT
    ) -> tuple[int | None, Voice]:
        """Post a public message with ``voice`` (the bot's own if the token can no longer);
        its id and the voice that reaches it."""
        if voice.token is not None and self.speaks(voice) and message.file is None:
            await self._spend(voice.token, voice.issued)
            message_id = await self.discord.token_post(voice.token, message, ephemeral=False)
            if message_id is not None:
                return message_id, voice.reaching(message_id)
        await self.budget.spend()
        return await self.discord.post(channel_id, message, nonce), BOT

    async def edit(
        self, channel_id: int, message_id: int, message: Rendered, voice: Voice = BOT
    ) -> bool:
        """False if the message is gone (or not ours to edit any more)."""
        if self.gone(message_id):
            return False
        ref = voice.ref or str(message_id)
        if voice.token is not None and self.speaks(voice):
            await self._spend(voice.token, voice.issued)
            if await self.discord.token_edit(voice.token, ref, message):
                return True
        await self.budget.spend()
        if await self.discord.edit(channel_id, message_id, message):
            return True
        self.forget(message_id)
        return False

    async def delete(self, channel_id: int, message_id: int, voice: Voice = BOT) -> None:
        if self.gone(message_id):
            return
        ref = voice.ref or str(message_id)
        if voice.token is not None and self.speaks(voice):
            await self._spend(voice.token, voice.issued)
            if await self.discord.token_delete(voice.token, ref):
                self.forget(message_id)
                return
        await self.budget.spend()
        await self.discord.delete(channel_id, message_id)
        self.forget(message_id)

    async def recent(self, channel_id: int, after: int) -> list[Posted] | None:
        await self.budget.spend()
        return await self.discord.recent(channel_id, after)

    # ------------------------------------------------------------------ hands (ephemeral)

    async def hand_post(self, token: str, issued: float, message: Rendered) -> int | None:
        await self._spend(token, issued)
        return await self.discord.token_post(token, message, ephemeral=True)

    async def hand_edit(
        self, token: str, issued: float, ref: str, message_id: int | None, message: Rendered
    ) -> bool:
        """Edit a copy of a hand through ``token``; False if it cannot be (gone, or the token
        is refused): that copy is not asked about again."""
        if self.gone(message_id):
            return False
        await self._spend(token, issued)
        if await self.discord.token_edit(token, ref, message):
            return True
        self.forget(message_id)
        return False

    async def hand_delete(
        self, token: str, issued: float, ref: str, message_id: int | None
    ) -> bool:
        """Delete a copy of a hand; True if it is gone (now or already)."""
        if self.gone(message_id):
            return True
        await self._spend(token, issued)
        deleted = await self.discord.token_delete(token, ref)
        if deleted:
            self.forget(message_id)
        return deleted
