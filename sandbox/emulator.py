"""A local Discord: REST API + gateway on 127.0.0.1 for the real, unmodified discord.py client.

Tests create users, guilds and channels, start a bot against it (see ``sandbox.testing``),
then act as users: ``invoke`` slash commands, ``click`` buttons and read what each user sees.
Every request Discord would reject, and every interaction a user would see fail, is recorded in
``violations``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import mimetypes
import random
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import BodyPartReader, web

from sandbox.gateway import GatewayHub, GatewaySession
from sandbox.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    CommandNotPermitted,
    CommandNotRegistered,
    ComponentNotClickable,
    EmulatorError,
    EmulatorTimeout,
    InteractionHandle,
    NoBotConnected,
)
from sandbox.limits import (
    BUTTON,
    CHANNEL_SELECT,
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    MENTIONABLE_SELECT,
    ROLE_SELECT,
    SELECT_TYPES,
    STRING_SELECT,
    USER_SELECT,
    Problem,
    check_message,
    check_modal,
    iter_components,
)
from sandbox.models import (
    ADMINISTRATOR,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    Attachment,
    Channel,
    Clock,
    Guild,
    Member,
    Message,
    RateLimitRecord,
    RequestRecord,
    Role,
    SnowflakeGenerator,
    User,
    Violation,
)
from sandbox.ratelimits import FaultInjector
from sandbox.responses import error_response, json_response

_log = logging.getLogger(__name__)

T = TypeVar("T")
UserRef = User | int
ChannelRef = Channel | int
MessageRef = Message | int

API_VERSION = 10
TOKEN_LIFETIME = 15 * 60.0
NONCE_WINDOW = 5 * 60.0  # seconds a post's nonce is remembered (enforce_nonce)
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
ALLOWED_RESPONSE_FLAGS = (
    FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
)
ALLOWED_CHANNEL_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
MESSAGE_TYPE_DEFAULT = 0
MESSAGE_TYPE_CHAT_INPUT = 20


@dataclass(frozen=True)
class EmulatorEvent:
    """A change a live view of the emulator (the sandbox web page) may want to show.

    ``kind`` is one of ``message_create``, ``message_update``, ``message_delete`` (``message``
    set; ephemeral messages included), ``commands_update``, ``interaction_ack`` and
    ``interaction_failed`` (``interaction`` set), ``violation`` (``violation`` set).
    """

    kind: str
    message: Message | None = None
    interaction: InteractionHandle | None = None
    violation: Violation | None = None


EmulatorListener = Callable[[EmulatorEvent], None]


@dataclass(frozen=True)
class EmulatorURLs:
    http: str  # http://127.0.0.1:port
    api: str  # value for discord.http.Route.BASE
    gateway: str  # value for discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


class DiscordEmulator:
    """The local Discord. Create, ``await start()``, add users/guilds, run a bot, act as users."""

    def __init__(
        self,
        *,
        token: str = "sandbox-bot-token",
        bot_name: str = "SandboxBot",
        interaction_timeout: float = 3.0,
        token_lifetime: float = TOKEN_LIFETIME,
        clock: Clock | None = None,
        shard_count: int = 1,
        heartbeat_interval: float = 41.25,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.token = token
        self.interaction_timeout = interaction_timeout
        self.token_lifetime = token_lifetime
        self.clock = clock or Clock()
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
        self._tokens: dict[str, InteractionHandle] = {}
        self.violations: list[Violation] = []
        self.latencies: list[float] = []
        self.nonce_hits = 0  # posts answered with an earlier message of the same nonce
        self._slow: tuple[float, str | None, random.Random] | None = None
        # Called after each REST request is handled, before its answer is sent (fault
        # injection: a test may kill the bot process right there).
        self._after_request: list[Callable[[str, str, web.StreamResponse], None]] = []
        self.requests: list[RequestRecord] = []
        self.unhandled: list[tuple[str, str]] = []
        self.faults = FaultInjector()
        self.gateway = GatewayHub(self, int(heartbeat_interval * 1000))
        self._waiters: set[asyncio.Future[None]] = set()
        self._listeners: list[EmulatorListener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.urls: EmulatorURLs | None = None

    # =========================================================================================
    # lifecycle
    # =========================================================================================

    async def start(self) -> EmulatorURLs:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.port = int(port)
        base = f"http://{host}:{port}"
        self.urls = EmulatorURLs(
            http=base, api=f"{base}/api/v{API_VERSION}", gateway=f"ws://{host}:{port}/gateway"
        )
        return self.urls

    async def stop(self) -> None:
        for handle in self.interactions.values():
            if handle.timer is not None:
                handle.timer.cancel()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patched(self) -> Iterator[EmulatorURLs]:
        """Points discord.py (REST, webhooks, gateway) at this emulator; restores on exit."""
        import discord.gateway
        import discord.http
        import yarl

        if self.urls is None:
            raise EmulatorError("start() the emulator first")
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.urls.api
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.urls.gateway)
        try:
            yield self.urls
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    # =========================================================================================
    # world building
    # =========================================================================================

    def add_user(self, name: str, *, bot: bool = False, global_name: str | None = None) -> User:
        user = User(id=self.snowflakes.next(), name=name, bot=bot, global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Sandbox Guild",
        *,
        owner: User | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        channels: Sequence[str] = ("general",),
    ) -> Guild:
        """A guild with an @everyone role, the bot as a member and the named text channels."""
        gid = self.snowflakes.next()
        owner = owner or self.add_user(f"{name} owner")
        guild = Guild(id=gid, name=name, owner_id=owner.id)
        guild.roles[gid] = Role(
            id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions
        )
        bot_role = Role(
            id=self.snowflakes.next(),
            guild_id=gid,
            name=self.bot_user.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(user=owner, guild_id=gid)
        guild.members[self.bot_user.id] = Member(
            user=self.bot_user, guild_id=gid, role_ids=[bot_role.id]
        )
        self.guilds[gid] = guild
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        self._spawn(
            self.gateway.broadcast_guild(gid, "GUILD_CREATE", self._guild_create_payload(guild))
        )
        return guild

    def add_channel(self, guild: Guild | int, name: str, *, topic: str | None = None) -> Channel:
        g = self._guild(guild)
        channel = Channel(
            id=self.snowflakes.next(),
            guild_id=g.id,
            name=name,
            position=len(g.channels),
            topic=topic,
        )
        g.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._spawn(self.gateway.broadcast_guild(g.id, "CHANNEL_CREATE", channel.to_payload()))
        return channel

    def guild_locale(self, guild: Guild | int) -> str:
        """The guild's preferred_locale (``en-US`` unless ``set_guild_locale`` changed it)."""
        return self.guild_locales.get(self._guild(guild).id, "en-US")

    def set_guild_locale(self, guild: Guild | int, locale: str) -> None:
        """Sets the guild's preferred_locale; a connected bot gets GUILD_UPDATE (as when a server
        owner changes the server's language in Discord)."""
        g = self._guild(guild)
        self.guild_locales[g.id] = locale
        payload = self._guild_create_payload(g)
        for key in ("channels", "members", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        self._spawn(self.gateway.broadcast_guild(g.id, "GUILD_UPDATE", payload))

    def add_role(self, guild: Guild | int, name: str, permissions: int = 0) -> Role:
        g = self._guild(guild)
        role = Role(
            id=self.snowflakes.next(),
            guild_id=g.id,
            name=name,
            permissions=permissions,
            position=len(g.roles),
        )
        g.roles[role.id] = role
        self._spawn(
            self.gateway.broadcast_guild(
                g.id, "GUILD_ROLE_CREATE", {"guild_id": str(g.id), "role": role.to_payload()}
            )
        )
        return role

    def add_member(
        self,
        guild: Guild | int,
        user: User | str,
        *,
        roles: Sequence[Role] = (),
        permissions: int | None = None,
        nick: str | None = None,
    ) -> User:
        """Adds a member (creating the user from a name if needed).

        ``permissions`` gives the member a personal role with those bits, e.g. ``MANAGE_GUILD``.
        """
        g = self._guild(guild)
        u = user if isinstance(user, User) else self.add_user(user)
        role_ids = [r.id for r in roles]
        if permissions is not None:
            role_ids.append(self.add_role(g, f"{u.name} perms", permissions).id)
        member = Member(user=u, guild_id=g.id, role_ids=role_ids, nick=nick)
        g.members[u.id] = member
        payload = member.to_payload()
        payload["guild_id"] = str(g.id)
        self._spawn(self.gateway.broadcast_guild(g.id, "GUILD_MEMBER_ADD", payload))
        return u

    def permissions_for(self, guild: Guild | int, user: UserRef) -> int:
        return self._guild(guild).permissions_for(self._user(user).id)

    # =========================================================================================
    # reading
    # =========================================================================================

    def channel_messages(
        self, channel: ChannelRef, *, include_deleted: bool = False
    ) -> list[Message]:
        cid = self._channel(channel).id
        return [
            m
            for m in sorted(self.messages.values(), key=lambda m: m.id)
            if m.channel_id == cid and (include_deleted or not m.deleted)
        ]

    def visible_messages(self, channel: ChannelRef, user: UserRef) -> list[Message]:
        """The channel as ``user`` sees it: public messages and only their own ephemerals."""
        u = self._user(user)
        return [m for m in self.channel_messages(channel) if m.visible_to(u)]

    def public_messages(self, channel: ChannelRef) -> list[Message]:
        return [m for m in self.channel_messages(channel) if not m.ephemeral]

    def message(self, message: MessageRef | InteractionHandle) -> Message:
        """The current state of a message (by id, Message, or an interaction's original)."""
        if isinstance(message, InteractionHandle):
            if message.original_message_id is None:
                raise EmulatorError(f"{message!r} has no response message (yet)")
            mid = message.original_message_id
        else:
            mid = message if isinstance(message, int) else message.id
        try:
            return self.messages[mid]
        except KeyError:
            raise EmulatorError(f"unknown message {mid}") from None

    async def wait_for_message(
        self,
        channel: ChannelRef,
        predicate: Callable[[Message], bool] = lambda m: True,
        *,
        user: UserRef | None = None,
        timeout: float = 5.0,
        after: MessageRef | None = None,
    ) -> Message:
        """The first message (oldest) matching ``predicate``, now or once it appears/is edited.

        With ``user``, only what that user can see; without, every message including all
        ephemerals. ``after`` skips messages up to and including that one.
        """
        after_id = 0 if after is None else (after if isinstance(after, int) else after.id)

        def ready() -> Message | None:
            pool = (
                self.visible_messages(channel, user)
                if user is not None
                else self.channel_messages(channel)
            )
            for msg in pool:
                if msg.id > after_id and predicate(msg):
                    return msg
            return None

        return await self.wait_until(ready, timeout=timeout, what="a matching message")

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

    async def wait_for_session(self, *, timeout: float = 5.0, min_identifies: int = 1) -> None:
        """Until a gateway session is connected (and at least ``min_identifies`` happened)."""

        def ready() -> bool | None:
            ok = self.gateway.identify_count >= min_identifies and any(
                s.connected for s in self.gateway.live_sessions()
            )
            return True if ok else None

        await self.wait_until(ready, timeout=timeout, what="a connected gateway session")

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
    ) -> None:
        if not self._listeners:
            return
        event = EmulatorEvent(kind, message, interaction, violation)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                _log.exception("sandbox event listener failed on %s", kind)

    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Synced commands (global, or of a guild), as the bot registered them."""
        if guild is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(self._guild(guild).id, []))

    def all_command_names(self) -> list[str]:
        names = [c["name"] for c in self.global_commands]
        for cmds in self.guild_commands.values():
            names += [c["name"] for c in cmds]
        return names

    # ----- violations ---------------------------------------------------------------------

    def violations_of(self, kind: str) -> list[Violation]:
        return [v for v in self.violations if v.kind == kind]

    def assert_no_violations(self) -> None:
        if self.violations:
            lines = "\n  ".join(str(v) for v in self.violations)
            raise AssertionError(f"{len(self.violations)} Discord violation(s):\n  {lines}")

    def clear_violations(self) -> None:
        self.violations.clear()

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

    # ----- fault injection (see FaultInjector for the knobs) ---------------------------------

    @property
    def rate_limit_hits(self) -> list[RateLimitRecord]:
        return self.faults.hits

    def after_request(
        self, hook: Callable[[str, str, web.StreamResponse], None]
    ) -> Callable[[], None]:
        """Calls ``hook(method, route template, response)`` after every REST request the
        emulator handled, before the answer goes back; returns a remover."""
        self._after_request.append(hook)

        def remove() -> None:
            with contextlib.suppress(ValueError):
                self._after_request.remove(hook)

        return remove

    def delete_message(self, message: MessageRef) -> None:
        """A moderator deletes a message (the bot hears nothing of it, as with Discord when it
        has no message intent)."""
        self._delete_message(self.message(message))

    def slow_down(self, seconds: float, *, seed: int = 1, route: str | None = None) -> None:
        """From now on every REST request (or those of ``route``, a template such as
        ``/webhooks/{application_id}/{token}/messages/{message_id}``) waits a random time up to
        ``seconds`` before it is handled, as over a real network: requests sent one after the
        other may then be handled in another order."""
        self._slow = (seconds, route, random.Random(seed))

    def latency_for(self, method: str, template: str) -> float:
        if self._slow is None:
            return 0.0
        seconds, route, rng = self._slow
        if route is not None and route != template:
            return 0.0
        return rng.uniform(0.0, seconds)

    def rate_limit_burst(
        self,
        count: int,
        *,
        retry_after: float = 0.05,
        method: str | None = None,
        route: str | None = None,
        is_global: bool = False,
    ) -> None:
        """The next ``count`` API requests (optionally only ``method route``) get 429."""
        self.faults.add_burst(count, retry_after, method, route, is_global)

    def rate_limit_route(
        self,
        method: str,
        route: str,
        duration: float,
        *,
        retry_after: float | None = None,
        params: Mapping[str, str] | None = None,
    ) -> None:
        """For ``duration`` seconds every ``method route`` request gets 429.

        ``route`` is a template like ``/channels/{channel_id}/messages``; ``params`` narrows it
        (``{"channel_id": "123"}``). retry_after defaults to the time left in the window.
        """
        loop = asyncio.get_running_loop()
        self.faults.add_window(method, route, loop.time() + duration, retry_after, params)

    async def gateway_reconnect(self, shard_id: int | None = None) -> int:
        """Sends op 7 RECONNECT; returns how many connections got it."""
        return await self.gateway.send_reconnect(shard_id)

    async def gateway_drop(self, shard_id: int | None = None, *, abrupt: bool = True) -> int:
        """Cuts gateway connections (abrupt: TCP abort; else close code 4000)."""
        return await self.gateway.drop(shard_id, abrupt=abrupt)

    async def gateway_invalidate(
        self, shard_id: int | None = None, *, resumable: bool = False
    ) -> int:
        return await self.gateway.invalidate(shard_id, resumable=resumable)

    # =========================================================================================
    # acting as users
    # =========================================================================================

    async def invoke(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Runs ``/command`` as ``user``: ``"smear start"`` is command smear, subcommand start.

        Option values: str/int/float/bool, or User/Channel/Role (or their ids) for those types.
        """
        return await self._application_command(
            user, channel, command, options or {}, locale=locale, focused=None
        )

    async def invoke_and_wait(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Message:
        """``invoke`` then wait for the resulting message (see InteractionHandle.message)."""
        handle = await self.invoke(user, channel, command, options, locale=locale)
        return await handle.message(timeout=timeout)

    async def click_and_wait(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: Sequence[Any] | None = None,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Message:
        """``click`` then wait for the resulting message (see InteractionHandle.message)."""
        handle = await self.click(
            user, message, custom_id, label=label, values=values, locale=locale
        )
        return await handle.message(timeout=timeout)

    async def autocomplete(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        locale: str = "en-US",
    ) -> list[dict[str, Any]]:
        """Types into option ``focused``; returns the choices the bot suggested."""
        handle = await self._application_command(
            user, channel, command, options, locale=locale, focused=focused
        )
        await handle.wait_ack()
        return handle.autocomplete_choices or []

    async def click(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: Sequence[Any] | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Clicks a button (by custom_id or label) or picks ``values`` in a select menu.

        Refuses, like a real client, a component not on the message, a disabled one, a link
        button, or a message the user cannot see (someone else's ephemeral). ``locale`` is the
        clicker's Discord client locale (the interaction's ``locale``).
        """
        u = self._user(user)
        msg = self.message(message)
        if not msg.visible_to(u):
            raise ComponentNotClickable(f"{u.name} cannot see {msg!r}")
        comp = self._find_component(msg, custom_id, label)
        if comp.get("disabled"):
            raise ComponentNotClickable(f"component {comp.get('custom_id')!r} is disabled")
        ctype = int(comp.get("type", 0))
        if ctype == BUTTON and not comp.get("custom_id"):
            raise ComponentNotClickable("link/premium buttons do not send interactions")
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": ctype}
        channel = self.channels[msg.channel_id]
        guild = self.guilds[channel.guild_id]
        if ctype in SELECT_TYPES:
            data.update(self._select_values(guild, comp, values))
        elif values is not None:
            raise ComponentNotClickable("values= is for select menus")
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            u,
            channel,
            data,
            name=str(comp["custom_id"]),
            message=msg,
            locale=locale,
        )

    async def select(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str,
        values: Sequence[Any],
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        return await self.click(user, message, custom_id, values=values, locale=locale)

    async def submit_modal(
        self,
        user: UserRef,
        handle: InteractionHandle,
        values: Mapping[str, str],
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Fills in and submits the modal the bot answered ``handle`` with."""
        modal = handle.modal
        if modal is None:
            raise EmulatorError(f"{handle!r} was not answered with a modal")
        u = self._user(user)
        if u.id != handle.user.id:
            raise EmulatorError("only the user who opened a modal can submit it")
        known = {
            str(c.get("custom_id"))
            for c in iter_components(modal.get("components") or [])
            if c.get("type") == 4
        }
        unknown = set(values) - known
        if unknown:
            raise EmulatorError(
                f"modal has no text inputs {sorted(unknown)}; it has {sorted(known)}"
            )
        rows = []
        for custom_id in sorted(known):
            rows.append(
                {
                    "type": 1,
                    "components": [
                        {"type": 4, "custom_id": custom_id, "value": values.get(custom_id, "")}
                    ],
                }
            )
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        msg = self.messages.get(handle.message_id) if handle.message_id else None
        return await self._dispatch_interaction(
            MODAL_SUBMIT,
            u,
            handle.channel,
            data,
            name=str(modal.get("custom_id")),
            message=msg,
            locale=locale,
        )

    async def send_message(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A user typing a plain message in a channel (dispatched as MESSAGE_CREATE)."""
        u = self._user(user)
        ch = self._channel(channel)
        msg = Message(
            id=self.snowflakes.next(),
            channel_id=ch.id,
            guild_id=ch.guild_id,
            author=u,
            content=content,
            created_at=self.clock.now(),
            created_via="user",
        )
        self.messages[msg.id] = msg
        self._emit("message_create", message=msg)
        await self.gateway.broadcast_guild(
            ch.guild_id, "MESSAGE_CREATE", self._message_payload(msg)
        )
        self._notify()
        return msg

    # ----- internals of acting ---------------------------------------------------------------

    async def _application_command(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any],
        *,
        locale: str,
        focused: str | None,
    ) -> InteractionHandle:
        u = self._user(user)
        ch = self._channel(channel)
        guild = self.guilds[ch.guild_id]
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise CommandNotRegistered("empty command")
        cmd, scope_guild = self._find_command(guild.id, parts[0])
        required = cmd.get("default_member_permissions")
        if required is not None:
            perms = guild.permissions_for(u.id)
            need = int(required)
            if not perms & ADMINISTRATOR and (perms & need) != need:
                raise CommandNotPermitted(
                    f"/{parts[0]} needs permissions {need:#x}; {u.name} has {perms:#x}"
                )
        resolved: dict[str, dict[str, Any]] = {}
        built = self._build_options(
            cmd, cmd.get("options") or [], parts[1:], dict(options), guild, resolved, focused
        )
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 1,
            "options": built,
        }
        if resolved:
            data["resolved"] = resolved
        if scope_guild is not None:
            data["guild_id"] = str(scope_guild)
        itype = AUTOCOMPLETE if focused is not None else APPLICATION_COMMAND
        return await self._dispatch_interaction(
            itype, u, ch, data, name=" ".join(parts), locale=locale
        )

    def _find_command(self, guild_id: int, name: str) -> tuple[dict[str, Any], int | None]:
        for cmd in self.guild_commands.get(guild_id, []):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, guild_id
        for cmd in self.global_commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, None
        raise CommandNotRegistered(
            f"the bot has not registered /{name}; registered: {sorted(self.all_command_names())}"
        )

    def _build_options(
        self,
        cmd: dict[str, Any],
        defs: list[dict[str, Any]],
        path: list[str],
        values: dict[str, Any],
        guild: Guild,
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        subs = [d for d in defs if d.get("type") in (1, 2)]
        if path:
            sub = next((d for d in subs if d["name"] == path[0]), None)
            if sub is None:
                raise CommandNotRegistered(
                    f"/{cmd['name']} has no subcommand {path[0]!r}; it has "
                    f"{[d['name'] for d in subs]}"
                )
            inner = self._build_options(
                cmd, sub.get("options") or [], path[1:], values, guild, resolved, focused
            )
            return [{"type": sub["type"], "name": sub["name"], "options": inner}]
        if subs:
            raise CommandNotRegistered(
                f"/{cmd['name']} needs a subcommand: {[d['name'] for d in subs]}"
            )
        by_name = {d["name"]: d for d in defs}
        unknown = set(values) - set(by_name)
        if unknown:
            raise CommandNotRegistered(
                f"unknown option(s) {sorted(unknown)}; the command has {sorted(by_name)}"
            )
        out: list[dict[str, Any]] = []
        for opt in defs:
            name = opt["name"]
            if name not in values:
                if opt.get("required") and focused is None:
                    raise CommandNotRegistered(f"required option {name!r} missing")
                continue
            entry: dict[str, Any] = {"type": opt["type"], "name": name}
            if name == focused:
                entry["value"] = str(values[name])
                entry["focused"] = True
            else:
                entry["value"] = self._option_value(opt, values[name], guild, resolved)
            out.append(entry)
        return out

    def _option_value(
        self, opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> Any:
        otype = opt["type"]
        # Users, channels and roles go out as ids, with the objects in `resolved`; Discord
        # puts no bounds or choices on them, so only plain values get those checks.
        if otype == 6 or (otype == 9 and self._is_user(value)):  # user, or a user mentionable
            return self._user_option(opt, value, guild, resolved)
        if otype == 7:
            return self._channel_option(value, resolved)
        if otype in (8, 9):  # role, or a role mentionable
            return self._role_option(opt, value, guild, resolved)
        value = self._plain_option(opt, value)
        self._check_choices(opt, value)
        return value

    def _user_option(
        self, opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> str:
        if not self._is_user(value):
            raise EmulatorError(f"option {opt['name']!r}: {value!r} is not a known user")
        u = self._user(value)
        resolved.setdefault("users", {})[str(u.id)] = u.to_payload()
        member = guild.members.get(u.id)
        if member is not None:
            resolved.setdefault("members", {})[str(u.id)] = member.to_payload(
                permissions=guild.permissions_for(u.id), with_user=False
            )
        return str(u.id)

    def _channel_option(self, value: Any, resolved: dict[str, dict[str, Any]]) -> str:
        ch = self._channel(value)
        resolved.setdefault("channels", {})[str(ch.id)] = {
            "id": str(ch.id),
            "name": ch.name,
            "type": ch.type,
            "permissions": str(DEFAULT_EVERYONE_PERMISSIONS),
            "guild_id": str(ch.guild_id),
        }
        return str(ch.id)

    @staticmethod
    def _role_option(
        opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> str:
        role = value if isinstance(value, Role) else guild.roles.get(int(value))
        if role is None:
            raise EmulatorError(f"option {opt['name']!r}: unknown role {value!r}")
        resolved.setdefault("roles", {})[str(role.id)] = role.to_payload()
        return str(role.id)

    @classmethod
    def _plain_option(cls, opt: dict[str, Any], value: Any) -> Any:
        """A string, integer, number or boolean option, converted and checked against its
        length or value bounds."""
        otype = opt["type"]
        name = opt["name"]
        if otype == 3:  # string
            value = str(value)
            cls._check_length(opt, value)
        elif otype == 4:  # integer; bool is refused by name, as Python counts it an int
            if isinstance(value, bool) or not isinstance(value, int):
                raise EmulatorError(f"option {name!r} needs an integer, got {value!r}")
            cls._check_bounds(opt, value)
        elif otype == 10:  # number
            value = float(value)
            cls._check_bounds(opt, value)
        elif otype == 5:  # boolean
            value = bool(value)
        else:
            raise EmulatorError(f"option type {otype} ({name!r}) is not supported by the sandbox")
        return value

    @staticmethod
    def _check_length(opt: dict[str, Any], value: str) -> None:
        name = opt["name"]
        if "min_length" in opt and len(value) < opt["min_length"]:
            raise EmulatorError(f"option {name!r} shorter than {opt['min_length']}")
        if "max_length" in opt and len(value) > opt["max_length"]:
            raise EmulatorError(f"option {name!r} longer than {opt['max_length']}")

    @staticmethod
    def _check_bounds(opt: dict[str, Any], value: float) -> None:
        name = opt["name"]
        if "min_value" in opt and value < opt["min_value"]:
            raise EmulatorError(f"option {name!r} below {opt['min_value']}")
        if "max_value" in opt and value > opt["max_value"]:
            raise EmulatorError(f"option {name!r} above {opt['max_value']}")

    @staticmethod
    def _check_choices(opt: dict[str, Any], value: Any) -> None:
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise EmulatorError(
                f"option {opt['name']!r} must be one of {[c['value'] for c in choices]}, "
                f"got {value!r}"
            )

    def _find_component(
        self, msg: Message, custom_id: str | None, label: str | None
    ) -> dict[str, Any]:
        if (custom_id is None) == (label is None):
            raise EmulatorError("give exactly one of custom_id or label")
        for comp in msg.all_components():
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("type") == BUTTON and comp.get("label") == label:
                return comp
        wanted = custom_id if custom_id is not None else f"label={label!r}"
        raise ComponentNotClickable(
            f"{wanted} is not on message {msg.id}; it has {msg.custom_ids()} "
            f"(labels {msg.button_labels()})"
        )

    def _select_values(
        self, guild: Guild, comp: dict[str, Any], values: Sequence[Any] | None
    ) -> dict[str, Any]:
        if values is None:
            raise ComponentNotClickable("a select menu needs values=")
        lo = int(comp.get("min_values", 1))
        hi = int(comp.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise ComponentNotClickable(f"select takes {lo}..{hi} values, got {len(values)}")
        ctype = comp["type"]
        out: dict[str, Any] = {}
        if ctype == STRING_SELECT:
            allowed = [o.get("value") for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ComponentNotClickable(f"{bad} not among select options {allowed}")
            out["values"] = [str(v) for v in values]
            return out
        resolved: dict[str, dict[str, Any]] = {}
        ids: list[str] = []
        for value in values:
            if ctype == USER_SELECT or (ctype == MENTIONABLE_SELECT and self._is_user(value)):
                ids.append(self._option_value({"type": 6, "name": "v"}, value, guild, resolved))
            elif ctype in (ROLE_SELECT, MENTIONABLE_SELECT):
                ids.append(self._option_value({"type": 8, "name": "v"}, value, guild, resolved))
            elif ctype == CHANNEL_SELECT:
                ids.append(self._option_value({"type": 7, "name": "v"}, value, guild, resolved))
        out["values"] = ids
        out["resolved"] = resolved
        return out

    async def _dispatch_interaction(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        name: str,
        message: Message | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        guild = self.guilds[channel.guild_id]
        member = guild.members.get(user.id)
        if member is None:
            raise EmulatorError(f"{user.name} is not a member of {guild.name}")
        session = self.gateway.session_for_guild(guild.id)
        if session is None:
            raise NoBotConnected(f"no bot gateway session for guild {guild.name}")
        iid = self.snowflakes.next()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(48)}"
        handle = InteractionHandle(
            self,
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            data=data,
            name=name,
            message_id=message.id if message is not None else None,
            created_at=self.clock.now(),
        )
        self.interactions[iid] = handle
        self._tokens[token] = handle
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": self.guild_locale(guild), "features": []},
            "channel": channel.to_payload(),
            "channel_id": str(channel.id),
            "member": member.to_payload(permissions=guild.permissions_for(user.id)),
            "token": token,
            "version": 1,
            "app_permissions": str(guild.permissions_for(self.bot_user.id)),
            "locale": locale,
            "guild_locale": self.guild_locale(guild),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = self._message_payload(message)
        loop = asyncio.get_running_loop()
        handle.dispatched_at = loop.time()
        handle.timer = loop.call_later(self.interaction_timeout, self._expire, handle)
        await session.dispatch("INTERACTION_CREATE", payload)
        return handle

    def _expire(self, handle: InteractionHandle) -> None:
        handle.timer = None
        if handle.acked:
            return
        handle.failed = True
        self._emit("interaction_failed", interaction=handle)
        self._violate(
            "interaction_timeout",
            f"{handle.name!r} by {handle.user.name} not answered within "
            f"{self.interaction_timeout}s: This interaction failed",
            interaction_id=handle.id,
        )

    # =========================================================================================
    # payloads
    # =========================================================================================

    def _ready_payload(self, session: GatewaySession, sharded: bool) -> dict[str, Any]:
        assert self.urls is not None
        user = self.bot_user.to_payload()
        user.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"})
        data: dict[str, Any] = {
            "v": API_VERSION,
            "user": user,
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in self.guilds.values()
                if session.handles_guild(g.id)
            ],
            "session_id": session.session_id,
            "resume_gateway_url": self.urls.gateway,
            "session_type": "normal",
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["sandbox"],
        }
        if sharded:
            data["shard"] = [session.shard_id, session.shard_count]
        return data

    def _guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "roles": [r.to_payload() for r in guild.roles.values()],
            "channels": [c.to_payload() for c in guild.channels.values()],
            "members": [m.to_payload() for m in guild.members.values()],
            "member_count": len(guild.members),
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale(guild),
            "system_channel_id": None,
            "rules_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "vanity_url_code": None,
            "max_members": 500000,
            "application_id": None,
            "lazy": True,
        }

    def _attachment_payload(self, channel_id: int, att: Attachment) -> dict[str, Any]:
        assert self.urls is not None
        url = f"{self.urls.http}/attachments/{channel_id}/{att.id}/{att.filename}"
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": url,
            "proxy_url": url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            data["description"] = att.description
        return data

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "guild_id": str(msg.guild_id),
            "author": msg.author.to_payload(),
            "content": msg.content,
            "timestamp": self.clock.iso(msg.created_at),
            "edited_timestamp": self.clock.iso(msg.edited_at) if msg.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self._attachment_payload(msg.channel_id, a) for a in msg.attachments],
            "embeds": copy.deepcopy(msg.embeds),
            "components": copy.deepcopy(msg.components),
            "flags": msg.flags,
            "pinned": False,
            "type": msg.type,
        }
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_id is not None and msg.interaction_user is not None:
            handle = self.interactions.get(msg.interaction_id)
            meta: dict[str, Any] = {
                "id": str(msg.interaction_id),
                "type": msg.interaction_type or APPLICATION_COMMAND,
                "user": msg.interaction_user.to_payload(),
                "authorizing_integration_owners": {"0": str(msg.guild_id)},
            }
            if handle is not None:
                if handle.original_message_id and handle.original_message_id != msg.id:
                    meta["original_response_message_id"] = str(handle.original_message_id)
                if handle.message_id is not None:
                    meta["interacted_message_id"] = str(handle.message_id)
            if msg.interaction_name:
                meta["name"] = msg.interaction_name
            data["interaction_metadata"] = meta
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        return data

    # =========================================================================================
    # HTTP plumbing
    # =========================================================================================

    def _add_routes(self, app: web.Application) -> None:
        api = r"/api/v{version:\d+}"
        r = app.router
        r.add_get("/gateway", self.gateway.handle)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        r.add_get(api + "/gateway", self._get_gateway)
        r.add_get(api + "/gateway/bot", self._get_gateway_bot)
        r.add_get(api + "/users/@me", self._get_me)
        r.add_get(api + "/oauth2/applications/@me", self._get_application)
        r.add_get(api + "/applications/@me", self._get_application)
        r.add_route("*", api + "/applications/{application_id}/commands", self._commands)
        r.add_route(
            "*", api + "/applications/{application_id}/guilds/{guild_id}/commands", self._commands
        )
        r.add_post(api + "/interactions/{interaction_id}/{token}/callback", self._callback)
        r.add_post(api + "/webhooks/{application_id}/{token}", self._followup)
        r.add_route(
            "*", api + "/webhooks/{application_id}/{token}/messages/{message_id}", self._webhook_msg
        )
        r.add_get(api + "/channels/{channel_id}", self._get_channel)
        r.add_post(api + "/channels/{channel_id}/typing", self._typing)
        r.add_route("*", api + "/channels/{channel_id}/messages", self._channel_messages)
        r.add_route(
            "*", api + "/channels/{channel_id}/messages/{message_id}", self._channel_message
        )

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)  # type: ignore[no-any-return]
        match_info = request.match_info
        template = ""
        if match_info.http_exception is not None:
            self.unhandled.append((request.method, request.path))
            _log.warning("sandbox: unhandled route %s %s", request.method, request.path)
            response: web.StreamResponse = error_response(404, 0, "404: Not Found")
        else:
            resource = match_info.route.resource
            canonical = resource.canonical if resource is not None else request.path
            template = canonical.split("}", 1)[1] if canonical.startswith("/api/v{") else canonical
            limited = self.faults.check(request.method, request.path, template, match_info)
            delay = self.latency_for(request.method, template)
            if delay:
                await asyncio.sleep(delay)
            if limited is not None:
                response = limited
            else:
                try:
                    response = await handler(request)
                except web.HTTPException as exc:
                    response = error_response(exc.status, 0, exc.reason)
        self.requests.append(
            RequestRecord(request.method, request.path, response.status, self.clock.now())
        )
        for hook in list(self._after_request):
            hook(request.method, template, response)
        self._notify()
        return response

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def _token_ok(self, token: str) -> bool:
        return token.removeprefix("Bot ") == self.token

    def _unauthorized(self) -> web.Response:
        return error_response(401, 0, "401: Unauthorized")

    async def _read_body(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[int, Attachment]]:
        files: dict[int, Attachment] = {}
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                elif name.startswith("files[") and name.endswith("]"):
                    raw = await part.read(decode=False)
                    filename = part.filename or f"file{len(files)}"
                    files[int(name[6:-1])] = Attachment(
                        id=self.snowflakes.next(),
                        filename=filename,
                        data=bytes(raw),
                        content_type=mimetypes.guess_type(filename)[0]
                        or "application/octet-stream",
                    )
            return payload, files
        raw_body = await request.read()
        if not raw_body:
            return {}, files
        body = json.loads(raw_body)
        return (body if isinstance(body, dict) else {"__list__": body}), files

    def _form_error(
        self, request: web.Request, problems: list[Problem], interaction_id: int | None = None
    ) -> web.Response:
        errors: dict[str, Any] = {}
        for kind, detail in problems:
            self._violate(kind, detail, request, interaction_id)
            errors.setdefault(kind, {"_errors": []})["_errors"].append(
                {"code": kind.upper(), "message": detail}
            )
        return error_response(400, 50035, "Invalid Form Body", errors)

    # ----- attachments -----------------------------------------------------------------------

    def _collect_attachments(
        self, payload: dict[str, Any], files: dict[int, Attachment], existing: list[Attachment]
    ) -> list[Attachment] | None:
        """The attachments a create/edit results in; None when the payload leaves them alone."""
        entries = payload.get("attachments")
        if entries is None:
            if not files:
                return None
            return [*existing, *(files[i] for i in sorted(files))]
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        for entry in entries:
            ident = int(entry.get("id", -1))
            if ident in files:
                att = files[ident]
                if entry.get("filename"):
                    att.filename = str(entry["filename"])
                att.description = entry.get("description")
                result.append(att)
            elif ident in by_id:
                result.append(by_id[ident])
        return result

    # ----- messages --------------------------------------------------------------------------

    def _new_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        attachments: list[Attachment],
        *,
        flags: int,
        via: str,
        handle: InteractionHandle | None = None,
    ) -> Message:
        msg = Message(
            id=self.snowflakes.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=attachments,
            flags=flags,
            created_at=self.clock.now(),
            created_via=via,
        )
        if handle is not None:
            msg.webhook_id = self.application_id
            msg.interaction_id = handle.id
            msg.interaction_type = handle.type
            msg.interaction_user = handle.user
            msg.interaction_name = handle.name if handle.type == APPLICATION_COMMAND else None
            msg.type = MESSAGE_TYPE_CHAT_INPUT if handle.type == APPLICATION_COMMAND else 0
        self.messages[msg.id] = msg
        self._emit("message_create", message=msg)
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    channel.guild_id, "MESSAGE_CREATE", self._message_payload(msg)
                )
            )
        self._notify()
        return msg

    def _edit_message(
        self,
        request: web.Request,
        msg: Message,
        payload: dict[str, Any],
        files: dict[int, Attachment],
        *,
        via: str,
        interaction_id: int | None = None,
    ) -> web.Response | None:
        """Applies an edit after checking the merged result; returns an error response or None."""
        content = payload.get("content", msg.content)
        embeds = payload.get("embeds", msg.embeds)
        components = payload.get("components", msg.components)
        attachments = self._collect_attachments(payload, files, msg.attachments)
        if attachments is None:
            attachments = msg.attachments
        flags = msg.flags & ~FLAG_LOADING
        if "flags" in payload and payload["flags"] is not None:
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (int(payload["flags"]) & FLAG_SUPPRESS_EMBEDS)
            flags |= int(payload["flags"]) & FLAG_IS_COMPONENTS_V2
        merged = {
            "content": content or "",
            "embeds": embeds or [],
            "components": components or [],
            "attachments": attachments,
            "flags": flags,
        }
        problems = check_message(merged)
        if problems:
            return self._form_error(request, problems, interaction_id)
        msg.history.append(msg.snapshot(msg.edited_at or msg.created_at, msg.created_via))
        msg.content = str(content or "")
        msg.embeds = list(embeds or [])
        msg.components = list(components or [])
        msg.attachments = list(attachments)
        msg.flags = flags
        msg.edited_at = self.clock.now()
        msg.created_via = via
        self._emit("message_update", message=msg)
        for handle in self.interactions.values():
            if (
                handle.original_message_id == msg.id
                and handle.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)
                and not handle.settled
            ):
                handle.settled = True
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    msg.guild_id, "MESSAGE_UPDATE", self._message_payload(msg)
                )
            )
        self._notify()
        return None

    def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        self._emit("message_delete", message=msg)
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    msg.guild_id,
                    "MESSAGE_DELETE",
                    {
                        "id": str(msg.id),
                        "channel_id": str(msg.channel_id),
                        "guild_id": str(msg.guild_id),
                    },
                )
            )
        self._notify()

    # =========================================================================================
    # REST handlers
    # =========================================================================================

    async def _get_gateway(self, request: web.Request) -> web.Response:
        assert self.urls is not None
        return json_response({"url": self.urls.gateway})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        assert self.urls is not None
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(
            {
                "url": self.urls.gateway,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        data = self.bot_user.to_payload()
        data.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None})
        return json_response(data)

    async def _get_application(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        owner = next(iter(self.guilds.values())).owner_id if self.guilds else self.bot_user.id
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "sandbox application",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": self.users[owner].to_payload(),
                "team": None,
                "flags": 0,
                "bot": self.bot_user.to_payload(),
                "rpc_origins": [],
                "tags": [],
                "redirect_uris": [],
                "approximate_guild_count": len(self.guilds),
            }
        )

    async def _commands(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        if int(request.match_info["application_id"]) != self.application_id:
            return error_response(403, 50001, "Missing Access")
        guild_id: int | None = None
        if "guild_id" in request.match_info:
            guild_id = int(request.match_info["guild_id"])
            if guild_id not in self.guilds:
                return error_response(403, 50001, "Missing Access")
        current = (
            self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        )
        if request.method == "GET":
            return json_response(current)
        if request.method != "PUT":
            return error_response(405, 0, "405: Method Not Allowed")
        payload, _ = await self._read_body(request)
        items = payload.get("__list__", [])
        stored = [self._store_command(guild_id, dict(item)) for item in items]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self._emit("commands_update")
        self._notify()
        return json_response(stored)

    def _store_command(self, guild_id: int | None, item: dict[str, Any]) -> dict[str, Any]:
        ctype = int(item.get("type", 1))
        key = (guild_id, ctype, str(item.get("name")))
        cid = self._command_ids.get(key)
        if cid is None:
            cid = self._command_ids[key] = self.snowflakes.next()
        item.setdefault("description", "")
        item.setdefault("options", [])
        item.setdefault("default_member_permissions", None)
        item.setdefault("nsfw", False)
        item.update(
            {
                "id": str(cid),
                "application_id": str(self.application_id),
                "type": ctype,
                "version": str(self.snowflakes.next()),
            }
        )
        if guild_id is not None:
            item["guild_id"] = str(guild_id)
        return item

    async def _get_attachment(self, request: web.Request) -> web.StreamResponse:
        att_id = int(request.match_info["attachment_id"])
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    return web.Response(
                        body=att.data, content_type=att.content_type or "application/octet-stream"
                    )
        return error_response(404, 0, "404: Not Found")

    # ----- interactions ----------------------------------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        handle = self.interactions.get(int(request.match_info["interaction_id"]))
        if handle is None or handle.token != request.match_info["token"]:
            return error_response(404, 10062, "Unknown interaction")
        refused = self._refuse_callback(request, handle)
        if refused is not None:
            return refused
        payload, files = await self._read_body(request)
        rtype = int(payload.get("type", 0))
        data = payload.get("data") or {}
        outcome = self._respond(request, handle, rtype, data, files)
        if isinstance(outcome, web.Response):
            return outcome
        self._acknowledge(handle, rtype, data, outcome)
        return json_response(self._callback_result(handle, rtype, outcome))

    def _refuse_callback(
        self, request: web.Request, handle: InteractionHandle
    ) -> web.Response | None:
        """Discord's answer to a callback that comes too late or a second time, else None."""
        if handle.failed:
            self._violate(
                "late_callback",
                f"callback for {handle.name!r} after the {self.interaction_timeout}s limit",
                request,
                handle.id,
            )
            return error_response(404, 10062, "Unknown interaction")
        if handle.acked:
            self._violate(
                "double_ack",
                f"second callback (after type {handle.response_type}) for {handle.name!r}",
                request,
                handle.id,
            )
            return error_response(400, 40060, "Interaction has already been acknowledged.")
        return None

    def _respond(
        self,
        request: web.Request,
        handle: InteractionHandle,
        rtype: int,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response | None:
        """Carries out callback `rtype`: the message it answers with (None if it has none), or
        the error response when the callback is invalid."""
        if rtype == CHANNEL_MESSAGE:
            return self._respond_with_message(request, handle, data, files)
        if rtype == DEFERRED_CHANNEL_MESSAGE:
            return self._respond_deferred(request, handle, data)
        if rtype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            return self._respond_with_update(request, handle, rtype, data, files)
        if rtype == AUTOCOMPLETE_RESULT:
            return self._respond_with_choices(request, handle, data)
        if rtype == MODAL:
            return self._respond_with_modal(request, handle, data)
        return self._bad_callback(request, handle, rtype)

    def _respond_with_message(
        self,
        request: web.Request,
        handle: InteractionHandle,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response:
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT):
            return self._bad_callback(request, handle, CHANNEL_MESSAGE)
        attachments = self._collect_attachments(data, files, []) or []
        flags = int(data.get("flags") or 0) & ALLOWED_RESPONSE_FLAGS
        body = {**data, "attachments": attachments, "flags": flags}
        problems = check_message(body)
        if problems:
            return self._form_error(request, problems, handle.id)
        return self._new_message(
            handle.channel, data, attachments, flags=flags, via="callback:4", handle=handle
        )

    def _respond_deferred(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> Message | web.Response:
        """The "thinking" message; only its ephemeral flag comes from the bot."""
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT):
            return self._bad_callback(request, handle, DEFERRED_CHANNEL_MESSAGE)
        flags = (int(data.get("flags") or 0) & FLAG_EPHEMERAL) | FLAG_LOADING
        return self._new_message(
            handle.channel, {}, [], flags=flags, via="callback:5", handle=handle
        )

    def _respond_with_update(
        self,
        request: web.Request,
        handle: InteractionHandle,
        rtype: int,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response:
        """Updates (or, deferred, will update) the message whose component was used."""
        if handle.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or handle.message_id is None:
            return self._bad_callback(request, handle, rtype)
        message = self.messages[handle.message_id]
        if rtype == UPDATE_MESSAGE:
            error = self._edit_message(
                request, message, data, files, via="callback:7", interaction_id=handle.id
            )
            if error is not None:
                return error
        return message

    def _respond_with_choices(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> web.Response | None:
        if handle.type != AUTOCOMPLETE:
            return self._bad_callback(request, handle, AUTOCOMPLETE_RESULT)
        if len(data.get("choices") or []) > 25:
            return self._form_error(
                request, [("autocomplete_limits", "more than 25 choices")], handle.id
            )
        return None

    def _respond_with_modal(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> web.Response | None:
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            return self._bad_callback(request, handle, MODAL)
        problems = check_modal(data)
        if problems:
            return self._form_error(request, problems, handle.id)
        return None

    def _acknowledge(
        self, handle: InteractionHandle, rtype: int, data: dict[str, Any], message: Message | None
    ) -> None:
        """Marks the interaction answered: stops its timeout timer and records the latency."""
        handle.acked_at = asyncio.get_running_loop().time()
        handle.response_type = rtype
        handle.response_data = data
        if handle.timer is not None:
            handle.timer.cancel()
            handle.timer = None
        if handle.latency is not None:
            self.latencies.append(handle.latency)
        if message is not None:
            handle.original_message_id = message.id
        self._emit("interaction_ack", interaction=handle)
        self._notify()

    def _callback_result(
        self, handle: InteractionHandle, rtype: int, message: Message | None
    ) -> dict[str, Any]:
        """The callback's response body: the interaction and what the callback created."""
        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        resource: dict[str, Any] = {"type": rtype}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = rtype == DEFERRED_CHANNEL_MESSAGE
            interaction["response_message_ephemeral"] = message.ephemeral
            if rtype != DEFERRED_UPDATE_MESSAGE:
                resource["message"] = self._message_payload(message)
        return {"interaction": interaction, "resource": resource}

    def _bad_callback(
        self, request: web.Request, handle: InteractionHandle, rtype: int
    ) -> web.Response:
        return self._form_error(
            request,
            [
                (
                    "invalid_callback",
                    f"callback type {rtype} not valid for interaction type {handle.type}",
                )
            ],
            handle.id,
        )

    def _webhook_handle(self, request: web.Request) -> InteractionHandle | web.Response:
        handle = self._tokens.get(request.match_info["token"])
        if handle is None or int(request.match_info["application_id"]) != self.application_id:
            return error_response(404, 10015, "Unknown Webhook")
        age = self.clock.now() - handle.created_at
        if age > self.token_lifetime:
            self._violate(
                "token_expired",
                f"token of {handle.name!r} used {age / 60:.1f} min after the interaction "
                f"(lifetime {self.token_lifetime / 60:.0f} min)",
                request,
                handle.id,
            )
            return error_response(401, 50027, "Invalid Webhook Token")
        if not handle.acked:
            self._violate(
                "not_acknowledged",
                f"webhook call for {handle.name!r} before its initial response",
                request,
                handle.id,
            )
            return error_response(404, 10015, "Unknown Webhook")
        return handle

    async def _followup(self, request: web.Request) -> web.Response:
        handle = self._webhook_handle(request)
        if isinstance(handle, web.Response):
            return handle
        payload, files = await self._read_body(request)
        original = handle.original
        if (
            handle.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first followup after a "thinking" defer fills in the thinking message.
            error = self._edit_message(
                request, original, payload, files, via="followup", interaction_id=handle.id
            )
            if error is not None:
                return error
            return json_response(self._message_payload(original))
        attachments = self._collect_attachments(payload, files, []) or []
        flags = int(payload.get("flags") or 0) & ALLOWED_RESPONSE_FLAGS
        problems = check_message({**payload, "attachments": attachments, "flags": flags})
        if problems:
            return self._form_error(request, problems, handle.id)
        msg = self._new_message(
            handle.channel, payload, attachments, flags=flags, via="followup", handle=handle
        )
        handle.followup_ids.append(msg.id)
        self._notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self._message_payload(msg))
        return web.Response(status=204)

    async def _webhook_msg(self, request: web.Request) -> web.Response:
        handle = self._webhook_handle(request)
        if isinstance(handle, web.Response):
            return handle
        ref = request.match_info["message_id"]
        if ref == "@original":
            mid = handle.original_message_id
        else:
            try:
                mid = int(ref)
            except ValueError:
                mid = None
        msg = self.messages.get(mid) if mid is not None else None
        if msg is None or msg.deleted or msg.channel_id != handle.channel.id:
            return error_response(404, 10008, "Unknown Message")
        related = {handle.original_message_id, handle.message_id, *handle.followup_ids}
        if msg.ephemeral and msg.id not in related:
            self._violate(
                "foreign_ephemeral",
                f"ephemeral message {msg.id} is not reachable with the token of {handle.name!r}",
                request,
                handle.id,
            )
            return error_response(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        if msg.author.id != self.bot_user.id:
            return error_response(403, 50005, "Cannot edit a message authored by another user")
        if request.method == "PATCH":
            payload, files = await self._read_body(request)
            error = self._edit_message(
                request, msg, payload, files, via="webhook_edit", interaction_id=handle.id
            )
            return error or json_response(self._message_payload(msg))
        if request.method == "DELETE":
            self._delete_message(msg)
            return web.Response(status=204)
        return error_response(405, 0, "405: Method Not Allowed")

    # ----- channels --------------------------------------------------------------------------

    def _channel_or_error(self, request: web.Request) -> Channel | web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error_response(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        return json_response(channel.to_payload())

    async def _typing(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        return web.Response(status=204)

    async def _channel_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        if request.method == "GET":
            msgs = self.public_messages(channel)
            q = request.query
            if "before" in q:
                msgs = [m for m in msgs if m.id < int(q["before"])]
            if "after" in q:
                msgs = [m for m in msgs if m.id > int(q["after"])]
            limit = int(q.get("limit", 50))
            newest_first = list(reversed(msgs))[:limit]
            return json_response([self._message_payload(m) for m in newest_first])
        if request.method != "POST":
            return error_response(405, 0, "405: Method Not Allowed")
        payload, files = await self._read_body(request)
        raw_flags = int(payload.get("flags") or 0)
        if raw_flags & FLAG_EPHEMERAL:
            return self._form_error(
                request,
                [("ephemeral_channel_message", "ephemeral flag on a plain channel message")],
            )
        attachments = self._collect_attachments(payload, files, []) or []
        flags = raw_flags & ALLOWED_CHANNEL_FLAGS
        problems = check_message({**payload, "attachments": attachments, "flags": flags})
        if problems:
            return self._form_error(request, problems)
        nonce = payload.get("nonce")
        if nonce is not None and payload.get("enforce_nonce"):
            # Discord: the same author's message with this nonce from the last few minutes is
            # returned instead of creating a second one.
            earlier = self._by_nonce(channel, str(nonce))
            if earlier is not None:
                self.nonce_hits += 1
                return json_response(self._message_payload(earlier))
        msg = self._new_message(channel, payload, attachments, flags=flags, via="channel")
        if nonce is not None:
            msg.nonce = str(nonce)
        return json_response(self._message_payload(msg))

    def _by_nonce(self, channel: Channel, nonce: str) -> Message | None:
        horizon = self.clock.now() - NONCE_WINDOW
        for msg in reversed(list(self.messages.values())):
            if msg.created_at < horizon:
                break
            if msg.channel_id == channel.id and msg.nonce == nonce and not msg.deleted:
                return msg
        return None

    async def _channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != channel.id:
            return error_response(404, 10008, "Unknown Message")
        if msg.ephemeral:
            # Ephemeral messages do not exist for the channel endpoints: only the token of an
            # interaction that made or touched them reaches them.
            self._violate(
                "ephemeral_via_channel",
                f"ephemeral message {msg.id} used through the channel endpoint",
                request,
            )
            return error_response(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        if request.method == "PATCH":
            if msg.author.id != self.bot_user.id:
                return error_response(403, 50005, "Cannot edit a message authored by another user")
            payload, files = await self._read_body(request)
            error = self._edit_message(request, msg, payload, files, via="channel_edit")
            return error or json_response(self._message_payload(msg))
        if request.method == "DELETE":
            self._delete_message(msg)
            return web.Response(status=204)
        return error_response(405, 0, "405: Method Not Allowed")

    # =========================================================================================
    # helpers
    # =========================================================================================

    def _notify(self) -> None:
        for fut in list(self._waiters):
            if not fut.done():
                fut.set_result(None)
        self._waiters.clear()

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

    def _is_user(self, value: Any) -> bool:
        return isinstance(value, User) or (isinstance(value, int) and value in self.users)
