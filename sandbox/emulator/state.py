"""The emulator's state: the world (users, guilds, channels, messages, commands, interactions),
what it recorded, and the plumbing every part shares (lookups, change notification, listeners).

``EmulatorState`` holds the data; the other modules of this package each add one job to it as a
mixin (building the world, reading it, acting as users, answering REST requests), and
``sandbox.emulator.core.DiscordEmulator`` puts them together.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from sandbox.interactions import EmulatorError, EmulatorTimeout, InteractionHandle
from sandbox.models import (
    Channel,
    ClientError,
    EmulatorClock,
    Guild,
    Message,
    RateLimitRecord,
    RequestRecord,
    SnowflakeGenerator,
    Thread,
    User,
    Violation,
)
from sandbox.ratelimits import RateLimiter
from sandbox.responses import error_response

if TYPE_CHECKING:
    from sandbox.emulator.faults import FaultInjector
    from sandbox.gateway import GatewayHub

_log = logging.getLogger("sandbox.emulator")

T = TypeVar("T")
UserRef = User | int
ChannelRef = Channel | int
MessageRef = Message | int

API_VERSION = 10
TOKEN_LIFETIME = 15 * 60.0


@dataclass(frozen=True)
class EmulatorEvent:
    """A change a live view of the emulator (the sandbox web page) may want to show.

    ``kind`` is one of ``message_create``, ``message_update``, ``message_delete`` (``message``
    set; ephemeral messages included), ``commands_update``, ``interaction_ack`` and
    ``interaction_failed`` (``interaction`` set), ``violation`` (``violation`` set),
    ``thread_create``, ``thread_update`` and ``thread_delete`` (``thread`` set).
    """

    kind: str
    message: Message | None = None
    interaction: InteractionHandle | None = None
    violation: Violation | None = None
    thread: Thread | None = None


EmulatorListener = Callable[[EmulatorEvent], None]


@dataclass(frozen=True)
class EmulatorURLs:
    http: str  # http://127.0.0.1:port
    api: str  # value for discord.http.Route.BASE
    gateway: str  # value for discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


class EmulatorState:
    """Everything the emulator knows, and the helpers every part of it uses."""

    gateway: GatewayHub
    faults: FaultInjector
    urls: EmulatorURLs | None

    def __init__(
        self,
        *,
        token: str,
        bot_name: str,
        interaction_timeout: float,
        token_lifetime: float,
        clock: EmulatorClock | None,
        shard_count: int,
        host: str,
        port: int,
        rate_limits: bool,
    ) -> None:
        self.token = token
        self.interaction_timeout = interaction_timeout
        self.token_lifetime = token_lifetime
        self.clock = clock or EmulatorClock()
        self.shard_count = shard_count
        self.host = host
        self.port = port
        self.snowflakes = SnowflakeGenerator(self.clock)
        self.bot_user = User(id=self.snowflakes.next(), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        # A guild's preferred_locale (Discord's "server language"); en-US when not set.
        self.guild_locales: dict[int, str] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        # Deferred answers not yet filled in, by the message they will fill: an edit of that
        # message settles them (looked up per edit, so not a scan of every interaction).
        self.deferred_by_message: dict[int, list[InteractionHandle]] = {}
        self._tokens: dict[str, InteractionHandle] = {}
        self.violations: list[Violation] = []
        self.latencies: list[float] = []
        self.nonce_hits = 0  # posts answered with an earlier message of the same nonce
        self._slow: tuple[float, str | None, random.Random] | None = None
        self._gateway_lag = 0.0  # seconds between creating an interaction and the bot hearing it
        # Called after each REST request is handled, before its answer is sent (fault
        # injection: a test may kill the bot process right there).
        self._after_request: list[Callable[[str, str, web.StreamResponse], None]] = []
        # Called before each REST request is handled (what time changed: idle threads archive).
        self._before_request: list[Callable[[], None]] = []
        self.requests: list[RequestRecord] = []
        self.unhandled: list[tuple[str, str]] = []
        # The emulator's clock, so that ``clock.advance`` moves every rate-limit window on too.
        self.limiter = RateLimiter(enabled=rate_limits, clock=self.clock.now)
        # Reported behaviour (sandbox.emulator.reported): interaction tokens whose webhook
        # requests all answer 404 10015, those that did, and what the bot sent through a token
        # after it had answered 10015.
        self._failing_share = 0.0
        self._failing_rng = random.Random(1)
        self._failing_tokens: set[str] = set()
        self._failed_tokens: list[str] = []
        # token -> how many requests had been sent when it first answered 404 10015
        self._unknown_webhook_after: dict[str, int] = {}
        self._arrivals = 0  # requests sent to the REST API so far
        self._after_unknown_webhook: list[RequestRecord] = []
        self._rate_limits: list[RateLimitRecord] = []
        self._client_errors: list[ClientError] = []
        self._waiters: set[asyncio.Future[None]] = set()
        self._listeners: list[EmulatorListener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self.urls = None

    # ----- lookups ---------------------------------------------------------------------------

    def _guild(self, guild: Guild | int) -> Guild:
        gid = guild if isinstance(guild, int) else guild.id
        try:
            return self.guilds[gid]
        except KeyError:
            raise EmulatorError(f"unknown guild {gid}") from None

    def _channel(self, channel: ChannelRef) -> Channel:
        cid = channel if isinstance(channel, int) else channel.id
        try:
            return self.channels[cid]
        except KeyError:
            raise EmulatorError(f"unknown channel {cid}") from None

    def _user(self, user: UserRef) -> User:
        uid = user if isinstance(user, int) else user.id
        try:
            return self.users[uid]
        except KeyError:
            raise EmulatorError(f"unknown user {uid}") from None

    def guild_locale(self, guild: Guild | int) -> str:
        """The guild's preferred_locale (``en-US`` unless ``set_guild_locale`` changed it)."""
        return self.guild_locales.get(self._guild(guild).id, "en-US")

    def _is_user(self, value: Any) -> bool:
        return isinstance(value, User) or (isinstance(value, int) and value in self.users)

    # ----- the bot token ---------------------------------------------------------------------

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def _token_ok(self, token: str) -> bool:
        return token.removeprefix("Bot ") == self.token

    def _unauthorized(self) -> web.Response:
        return error_response(401, 0, "401: Unauthorized")

    # ----- changes: waiters, listeners, background sends -------------------------------------

    def _notify(self) -> None:
        for fut in list(self._waiters):
            if not fut.done():
                fut.set_result(None)
        self._waiters.clear()

    async def wait_until(
        self, predicate: Callable[[], T | None], *, timeout: float = 5.0, what: str = "condition"
    ) -> T:
        """Re-evaluates ``predicate`` on every emulator state change (and every 20 ms, for
        conditions on the bot's side) until it returns non-None."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise EmulatorTimeout(f"timed out after {timeout}s waiting for {what}")
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.add(fut)
            try:
                await asyncio.wait({fut}, timeout=min(remaining, 0.02))
            finally:
                self._waiters.discard(fut)

    def add_listener(self, listener: EmulatorListener) -> Callable[[], None]:
        """Calls ``listener`` synchronously with every ``EmulatorEvent``; returns a remover."""
        self._listeners.append(listener)

        def remove() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return remove

    def _emit(
        self,
        kind: str,
        *,
        message: Message | None = None,
        interaction: InteractionHandle | None = None,
        violation: Violation | None = None,
        thread: Thread | None = None,
    ) -> None:
        if not self._listeners:
            return
        event = EmulatorEvent(kind, message, interaction, violation, thread)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                _log.exception("sandbox event listener failed on %s", kind)

    def _spawn(self, coro: Any) -> None:
        """Runs a gateway send in the background (world-building calls are synchronous)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _violate(
        self,
        kind: str,
        detail: str,
        request: web.Request | None = None,
        interaction_id: int | None = None,
    ) -> None:
        v = Violation(
            kind=kind,
            detail=detail,
            method=request.method if request is not None else "",
            path=request.path if request is not None else "",
            interaction_id=interaction_id,
        )
        _log.warning("sandbox violation: %s", v)
        self.violations.append(v)
        self._emit("violation", violation=v)
        self._notify()
