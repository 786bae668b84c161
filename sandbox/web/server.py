"""The sandbox web page: a Discord-like channel view over the emulator, on 127.0.0.1.

The page acts as one of the pretend users. Everything it does goes through the emulator's own
user API (``invoke``, ``click``, ``submit_modal``, ``autocomplete``, ``send_message``), so the
real discord.py client receives exactly what it would receive from Discord. What the bot sends
reaches the page over a WebSocket, filtered to what the chosen user may see (their own
ephemeral messages only).

HTTP API (JSON; ids are strings because snowflakes do not fit a JavaScript number):

- ``GET /api/state?user=ID`` the world as that user sees it (also the WebSocket's hello)
- ``GET /api/commands`` the bot's registered slash commands, flattened to ``/cmd sub`` entries
- ``POST /api/invoke`` ``{user, channel, command: "smear start", options: {name: value}}``
- ``POST /api/click`` ``{user, message, custom_id, values?}``
- ``POST /api/modal`` ``{user, interaction, values: {custom_id: text}}``
- ``POST /api/autocomplete`` ``{user, channel, command, options, focused}`` → ``{choices}``
- ``POST /api/say`` ``{user, channel, content}`` (a plain message)
- ``POST /api/locale`` ``{user, locale}`` the user's Discord client locale (``fi``, ``it``,
  ``en-US``, ...): every interaction they make from then on carries it as its ``locale``
- ``POST /api/server-locale`` ``{locale}`` the guild's ``preferred_locale``; the bot gets
  GUILD_UPDATE at once
- ``GET /api/attachments/{message}/{attachment}?user=ID``
- ``GET /ws?user=ID`` frames: ``hello``, ``message``, ``delete``, ``commands``, ``ack``,
  ``failed``, ``modal``, ``violation``, ``status``, ``world`` (users' and the server's locales),
  ``thread`` (a thread started or changed: archived, locked, renamed) and ``thread_delete``

A channel in the state (``channels``) is a text channel or, with ``parent_id``, a thread of one
(``archived``, ``locked``, ``message_count``); ``channel`` in the page's requests may be either,
and a message a thread was started from names it (``thread``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import weakref
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from sandbox.emulator import DiscordEmulator, EmulatorEvent
from sandbox.interactions import EmulatorError, InteractionHandle
from sandbox.models import Channel, Message, Thread, User
from sandbox.web.commands import (
    BadRequest,
    OptionParser,
    find_leaf,
    flatten_commands,
    unknown_command,
)
from sandbox.web.world import DISCORD_LOCALES, SandboxWorld, discord_locale

_log = logging.getLogger(__name__)

__all__ = ["SandboxWeb", "find_leaf", "flatten_commands", "unknown_command"]

STATIC = Path(__file__).parent / "static"
STATUS_INTERVAL = 1.0

# ---------------------------------------------------------------------------------------------
# the server
# ---------------------------------------------------------------------------------------------


class SandboxWeb:
    """Serves the page and its API for ``world`` inside ``emu``."""

    def __init__(
        self, emu: DiscordEmulator, world: SandboxWorld, *, title: str = "Local sandbox"
    ) -> None:
        self.emu = emu
        self.world = world
        self.options = OptionParser(world)
        self.title = title
        self._queues: set[asyncio.Queue[EmulatorEvent | None]] = set()
        self._sockets: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
        self._remove_listener: Callable[[], None] | None = None
        self._runner: web.AppRunner | None = None
        self.url: str | None = None

    # ----- lifecycle ---------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._errors])
        r = app.router
        r.add_get("/", self._index)
        r.add_static("/static", STATIC, append_version=False)
        r.add_get("/api/state", self._state)
        r.add_get("/api/commands", self._commands)
        r.add_post("/api/invoke", self._invoke)
        r.add_post("/api/click", self._click)
        r.add_post("/api/modal", self._modal)
        r.add_post("/api/autocomplete", self._autocomplete)
        r.add_post("/api/say", self._say)
        r.add_post("/api/locale", self._locale)
        r.add_post("/api/server-locale", self._server_locale)
        r.add_get("/api/attachments/{message_id}/{attachment_id}", self._attachment)
        r.add_get("/ws", self._ws)
        app.on_shutdown.append(self._close_sockets)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serves on ``host:port`` (0: any free port); returns the page's address."""
        if self._remove_listener is None:
            self._remove_listener = self.emu.add_listener(self._on_event)
        self._runner = web.AppRunner(self.make_app(), shutdown_timeout=0.5, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound_host, bound_port = self._runner.addresses[0][:2]
        self.url = f"http://{bound_host}:{bound_port}/"
        return self.url

    async def stop(self) -> None:
        if self._remove_listener is not None:
            self._remove_listener()
            self._remove_listener = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> SandboxWeb:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _close_sockets(self, app: web.Application) -> None:
        for queue in list(self._queues):
            queue.put_nowait(None)
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close()

    # ----- views -------------------------------------------------------------------------------

    def bot_connected(self) -> bool:
        return any(s.connected for s in self.emu.gateway.live_sessions())

    def commands(self, user: User | None = None) -> list[dict[str, Any]]:
        """The bot's commands as ``user``'s Discord client shows them (in their locale)."""
        locale = self.world.locale_of(user) if user is not None else None
        return flatten_commands(self.emu.commands(self.world.guild) + self.emu.commands(), locale)

    def user_view(self, user: User) -> dict[str, Any]:
        return {"id": str(user.id), "name": user.name, "bot": user.bot}

    def world_view(self) -> dict[str, Any]:
        """Who the pretend users are, with their Discord locales, and the server's locale."""
        return {
            "users": [
                {**self.user_view(u), "locale": self.world.locale_of(u)} for u in self.world.users
            ],
            "guild": {
                "id": str(self.world.guild.id),
                "name": self.world.guild.name,
                "locale": self.emu.guild_locale(self.world.guild),
            },
            "locales": [{"code": code, "name": name} for code, name in DISCORD_LOCALES.items()],
        }

    def channel_view(self, channel: Channel) -> dict[str, Any]:
        """A channel as the sidebar lists it; a thread says its parent and its state."""
        view: dict[str, Any] = {"id": str(channel.id), "name": channel.name, "topic": channel.topic}
        if isinstance(channel, Thread):
            view.update(
                parent_id=str(channel.parent_id),
                archived=channel.archived,
                locked=channel.locked,
                message_count=channel.message_count,
            )
        return view

    def message_view(self, msg: Message, viewer: User) -> dict[str, Any]:
        interaction: dict[str, Any] | None = None
        if msg.interaction_user is not None:
            interaction = {
                "user": self.user_view(msg.interaction_user),
                "command": msg.interaction_name,
            }
        return {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": self.user_view(msg.author),
            "content": msg.content,
            "embeds": msg.embeds,
            "components": msg.components,
            "attachments": [
                {
                    "id": str(a.id),
                    "filename": a.filename,
                    "size": a.size,
                    "content_type": a.content_type,
                    "description": a.description,
                    "url": f"/api/attachments/{msg.id}/{a.id}?user={viewer.id}",
                }
                for a in msg.attachments
            ],
            "ephemeral": msg.ephemeral,
            "loading": msg.loading,
            "edited": msg.edited,
            "timestamp": int(msg.created_at * 1000),
            "interaction": interaction,
            # the thread started from this message (the page links to it)
            "thread": str(msg.thread_id) if msg.thread_id is not None else None,
        }

    def snapshot(self, user: User) -> dict[str, Any]:
        messages: list[dict[str, Any]] = []
        for channel in [*self.world.channels, *self.world.threads()]:
            messages += [
                self.message_view(m, user) for m in self.emu.visible_messages(channel, user)
            ]
        return {
            "me": str(user.id),
            "title": self.title,
            "bot": self.user_view(self.emu.bot_user),
            "bot_connected": self.bot_connected(),
            **self.world_view(),
            "channels": [
                self.channel_view(c) for c in [*self.world.channels, *self.world.threads()]
            ],
            "mentionables": {
                "users": {str(u.id): u.name for u in self.emu.users.values()},
                "channels": {str(c.id): c.name for c in self.emu.channels.values()},
                "roles": {str(r.id): r.name for r in self.world.guild.roles.values()},
            },
            "commands": self.commands(user),
            "messages": messages,
        }

    # ----- events ------------------------------------------------------------------------------

    def _on_event(self, event: EmulatorEvent) -> None:
        for queue in self._queues:
            queue.put_nowait(event)

    def frame_for(self, event: EmulatorEvent, user: User) -> dict[str, Any] | None:
        """What a page showing ``user`` receives for ``event`` (None: nothing)."""
        if event.message is not None:
            return self._message_frame(event.kind, event.message, user)
        if event.thread is not None:
            return self._thread_frame(event.kind, event.thread)
        if event.kind == "commands_update":
            return {"type": "commands", "commands": self.commands(user)}
        if event.kind == "world_update":
            return {"type": "world", **self.world_view(), "commands": self.commands(user)}
        handle = event.interaction
        if handle is not None and handle.user.id == user.id:
            return self._interaction_frame(event.kind, handle)
        if event.kind == "violation" and event.violation is not None:
            return {
                "type": "violation",
                "kind": event.violation.kind,
                "detail": event.violation.detail,
            }
        return None

    def _thread_frame(self, kind: str, thread: Thread) -> dict[str, Any] | None:
        if thread.parent_id not in {c.id for c in self.world.channels}:
            return None
        if kind == "thread_delete":
            return {"type": "thread_delete", "id": str(thread.id)}
        return {"type": "thread", "thread": self.channel_view(thread)}

    def _message_frame(self, kind: str, msg: Message, user: User) -> dict[str, Any] | None:
        if kind in ("message_create", "message_update"):
            if msg.channel_id not in self.world.channel_ids():
                return None
            if msg.visible_to(user):
                return {"type": "message", "message": self.message_view(msg, user)}
            return None
        if kind == "message_delete" and (not msg.ephemeral or msg.owner_id == user.id):
            return {"type": "delete", "id": str(msg.id), "channel_id": str(msg.channel_id)}
        return None

    @staticmethod
    def _interaction_frame(kind: str, handle: InteractionHandle) -> dict[str, Any] | None:
        message_id = str(handle.message_id) if handle.message_id else None
        if kind == "interaction_failed":
            return {
                "type": "failed",
                "name": handle.name,
                "channel_id": str(handle.channel.id),
                "message_id": message_id,
            }
        if kind == "interaction_ack":
            if handle.modal is not None:
                return {"type": "modal", "interaction": str(handle.id), "modal": handle.modal}
            return {
                "type": "ack",
                "interaction": str(handle.id),
                "message_id": message_id,
                "response_type": handle.response_type,
            }
        return None

    # ----- HTTP --------------------------------------------------------------------------------

    @web.middleware
    async def _errors(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        try:
            return await handler(request)
        except (BadRequest, EmulatorError, KeyError, ValueError) as exc:
            text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
            return web.json_response({"error": str(text)}, status=400)

    async def _body(self, request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except json.JSONDecodeError as exc:
            raise BadRequest(f"request body is not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise BadRequest("request body must be a JSON object")
        return body

    def _user(self, value: Any) -> User:
        if value is None:
            raise BadRequest("which user? (user=)")
        return self.world.user(value)

    def _channel(self, value: Any) -> Channel:
        if value is None:
            raise BadRequest("which channel? (channel=)")
        return self.world.channel(value)

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def _state(self, request: web.Request) -> web.Response:
        user = self._user(request.query.get("user", str(self.world.users[0].id)))
        return web.json_response(self.snapshot(user))

    async def _commands(self, request: web.Request) -> web.Response:
        user = request.query.get("user")
        return web.json_response({"commands": self.commands(self._user(user) if user else None)})

    async def _invoke(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"))
        command = " ".join(str(body.get("command") or "").strip().lstrip("/").split())
        commands = self.commands(user)
        leaf = find_leaf(commands, command)
        if leaf is None:
            raise BadRequest(unknown_command(commands, command))
        options = self.options.coerce(leaf, body.get("options") or {})
        handle = await self.emu.invoke(
            user, channel, leaf["name"], options, locale=self.world.locale_of(user)
        )
        return web.json_response({"interaction": str(handle.id)})

    async def _autocomplete(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"))
        command = " ".join(str(body.get("command") or "").strip().lstrip("/").split())
        commands = self.commands(user)
        leaf = find_leaf(commands, command)
        if leaf is None:
            raise BadRequest(unknown_command(commands, command))
        focused = self.options.option_def(leaf, str(body.get("focused") or ""))["name"]
        raw = {
            self.options.option_def(leaf, k)["name"]: v
            for k, v in (body.get("options") or {}).items()
        }
        typed = str(raw.pop(focused, ""))
        options = self.options.coerce(leaf, raw, lenient=True)
        options[focused] = typed
        choices = await self.emu.autocomplete(
            user, channel, leaf["name"], options, focused, locale=self.world.locale_of(user)
        )
        return web.json_response({"choices": choices})

    async def _click(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        msg = self.emu.message(int(body.get("message") or 0))
        if msg.channel_id not in self.world.channel_ids():
            raise BadRequest("that message is not in the sandbox")
        values = body.get("values")
        handle = await self.emu.click(
            user,
            msg,
            str(body.get("custom_id") or ""),
            values=list(values) if values is not None else None,
            locale=self.world.locale_of(user),
        )
        return web.json_response({"interaction": str(handle.id)})

    async def _modal(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        opened: InteractionHandle | None = self.emu.interactions.get(
            int(body.get("interaction") or 0)
        )
        if opened is None:
            raise BadRequest("unknown interaction")
        values = {str(k): str(v) for k, v in dict(body.get("values") or {}).items()}
        handle = await self.emu.submit_modal(
            user, opened, values, locale=self.world.locale_of(user)
        )
        return web.json_response({"interaction": str(handle.id)})

    async def _say(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"))
        content = str(body.get("content") or "").strip()
        if not content:
            raise BadRequest("nothing to send")
        if len(content) > 2000:
            raise BadRequest("a message is at most 2000 characters")
        msg = await self.emu.send_message(user, channel, content)
        return web.json_response({"message": str(msg.id)})

    async def _locale(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self._user(body.get("user"))
        self.world.set_locale(user, discord_locale(body.get("locale")))
        self._on_event(EmulatorEvent("world_update"))
        return web.json_response({"user": str(user.id), "locale": self.world.locale_of(user)})

    async def _server_locale(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        locale = discord_locale(body.get("locale"))
        self.emu.set_guild_locale(self.world.guild, locale)
        self.world.changed()
        self._on_event(EmulatorEvent("world_update"))
        return web.json_response({"locale": locale})

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.query.get("user"))
        msg = self.emu.messages.get(int(request.match_info["message_id"]))
        if msg is None or not msg.visible_to(user):
            raise web.HTTPNotFound()
        for att in msg.attachments:
            if str(att.id) == request.match_info["attachment_id"]:
                disposition = (
                    "inline" if (att.content_type or "").startswith("image/") else ("attachment")
                )
                return web.Response(
                    body=att.data,
                    content_type=att.content_type or "application/octet-stream",
                    headers={"Content-Disposition": f'{disposition}; filename="{att.filename}"'},
                )
        raise web.HTTPNotFound()

    async def _ws(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.query.get("user") or str(self.world.users[0].id))
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        self._sockets.add(ws)
        queue: asyncio.Queue[EmulatorEvent | None] = asyncio.Queue()
        self._queues.add(queue)

        async def read() -> None:
            async for frame in ws:
                if frame.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
                    break
            queue.put_nowait(None)

        reader = asyncio.create_task(read())
        connected = self.bot_connected()
        try:
            await ws.send_json({"type": "hello", **self.snapshot(user)})
            while not ws.closed:
                try:
                    event = await asyncio.wait_for(queue.get(), STATUS_INTERVAL)
                except TimeoutError:
                    now = self.bot_connected()
                    if now != connected:
                        connected = now
                        await ws.send_json({"type": "status", "bot_connected": now})
                    continue
                if event is None:
                    break
                frame = self.frame_for(event, user)
                if frame is not None:
                    await ws.send_json(frame)
        except (ConnectionError, RuntimeError) as exc:
            _log.debug("sandbox page socket closed: %s", exc)
        finally:
            self._queues.discard(queue)
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
            await ws.close()
        return ws
