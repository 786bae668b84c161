"""The gateway half of the emulator: a websocket speaking Discord's gateway protocol (v10).

Plain-text JSON frames only (the client accepts them even when it asked for zlib-stream).
Sessions outlive their connection, so a client that drops or is told to RECONNECT can RESUME
and receive the dispatches it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from sandbox.emulator import DiscordEmulator

_log = logging.getLogger(__name__)

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_MESSAGE_CONTENT = 1 << 15
REPLAY_BUFFER = 5000


def _without_content(data: dict[str, Any], bot_id: int) -> dict[str, Any]:
    """A MESSAGE_CREATE/UPDATE payload as a bot without the MESSAGE_CONTENT intent gets it: the
    fields that carry content empty (Discord, Gateway, "Message Content Intent"), except in the
    bot's own messages and in those that mention it."""
    author = data.get("author") or {}
    content = str(data.get("content") or "")
    mentioned = f"<@{bot_id}>" in content or f"<@!{bot_id}>" in content
    if str(author.get("id")) == str(bot_id) or mentioned:
        return data
    return {**data, "content": "", "embeds": [], "attachments": [], "components": []}


def _intent_of(event: str) -> int:
    if event.startswith("MESSAGE_"):
        return INTENT_GUILD_MESSAGES
    if event.startswith("GUILD_MEMBER_"):
        return INTENT_GUILD_MEMBERS
    if event.startswith("THREAD_"):
        return INTENT_GUILDS
    return 0


class GatewayConnection:
    """One websocket connection; carries at most one session."""

    _ids = itertools.count(1)

    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.id = next(self._ids)
        self.ws = ws
        self.request = request
        self.session: GatewaySession | None = None
        self.lock = asyncio.Lock()
        self.dropped = False

    async def send(self, frame: dict[str, Any]) -> bool:
        if self.ws.closed or self.dropped:
            return False
        try:
            async with self.lock:
                await self.ws.send_str(json.dumps(frame))
        except (ConnectionError, RuntimeError) as exc:
            _log.debug("gateway send failed: %s", exc)
            return False
        return True

    def abort(self) -> None:
        """Kill the TCP connection without a close frame (a network failure)."""
        self.dropped = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()

    async def close(self, code: int) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.close(code=code)


class GatewaySession:
    """An IDENTIFYed session: sequence numbers and a replay buffer for RESUME."""

    def __init__(self, shard_id: int, shard_count: int, intents: int) -> None:
        self.session_id = secrets.token_hex(16)
        self.shard_id = shard_id
        self.shard_count = shard_count
        self.intents = intents
        self.seq = 0
        self.buffer: deque[dict[str, Any]] = deque(maxlen=REPLAY_BUFFER)
        self.connection: GatewayConnection | None = None
        self.invalid = False
        self.resumes = 0
        self.dispatched: list[str] = []

    @property
    def connected(self) -> bool:
        conn = self.connection
        return conn is not None and not conn.ws.closed and not conn.dropped

    def handles_guild(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.shard_count == self.shard_id

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        self.dispatched.append(event)
        conn = self.connection
        if conn is not None:
            await conn.send(frame)


class GatewayHub:
    def __init__(self, emulator: DiscordEmulator, heartbeat_interval_ms: int) -> None:
        self.emu = emulator
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[GatewayConnection] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.connect_count = 0

    # ----- selection -------------------------------------------------------------------------

    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if not s.invalid]

    def session_for_guild(self, guild_id: int) -> GatewaySession | None:
        candidates = [s for s in self.live_sessions() if s.handles_guild(guild_id)]
        return candidates[-1] if candidates else None

    async def broadcast_guild(
        self, guild_id: int, event: str, data: dict[str, Any], *, intents: int = 0
    ) -> None:
        """Dispatches ``event`` to the session of the guild's shard if it asked for the intent
        the event belongs to (Discord, Gateway, "List of Intents"), and for ``intents`` too."""
        session = self.session_for_guild(guild_id)
        if session is None:
            return
        needed = intents | _intent_of(event)
        if session.intents & needed != needed:
            return
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and not (
            session.intents & INTENT_MESSAGE_CONTENT
        ):
            data = _without_content(data, self.emu.bot_user.id)
        await session.dispatch(event, data)

    # ----- faults ----------------------------------------------------------------------------

    def _targets(self, shard_id: int | None) -> list[GatewayConnection]:
        return [
            c
            for c in list(self.connections)
            if c.session is not None and (shard_id is None or c.session.shard_id == shard_id)
        ]

    async def send_reconnect(self, shard_id: int | None = None) -> int:
        targets = self._targets(shard_id)
        for conn in targets:
            await conn.send({"op": OP_RECONNECT, "d": None})
        return len(targets)

    async def drop(self, shard_id: int | None = None, *, abrupt: bool = True) -> int:
        targets = self._targets(shard_id)
        for conn in targets:
            if abrupt:
                conn.abort()
            else:
                conn.dropped = True
                await conn.close(4000)
        return len(targets)

    async def invalidate(self, shard_id: int | None = None, *, resumable: bool = False) -> int:
        targets = self._targets(shard_id)
        for conn in targets:
            if conn.session is not None and not resumable:
                conn.session.invalid = True
            await conn.send({"op": OP_INVALID_SESSION, "d": resumable})
        return len(targets)

    async def close_all(self) -> None:
        for conn in list(self.connections):
            conn.dropped = True
            await conn.close(1001)

    # ----- protocol --------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws, request)
        self.connections.add(conn)
        self.connect_count += 1
        handlers: dict[int, Callable[[GatewayConnection, Any], Awaitable[None]]] = {
            OP_HEARTBEAT: self._on_heartbeat,
            OP_IDENTIFY: self._on_identify,
            OP_RESUME: self._on_resume,
            OP_REQUEST_MEMBERS: self._on_request_members,
        }
        try:
            await conn.send(
                {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                try:
                    payload = json.loads(msg.data)
                except ValueError:
                    await conn.close(4002)  # decode error
                    break
                handler = handlers.get(payload.get("op"))
                if handler is not None:
                    await handler(conn, payload.get("d"))
        finally:
            self.connections.discard(conn)
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                # A clean close by the client (1000/1001) ends the session, as on Discord.
                if not conn.dropped and ws.close_code in (1000, 1001):
                    session.invalid = True
            self.emu._notify()
        return ws

    async def _on_heartbeat(self, conn: GatewayConnection, _data: Any) -> None:
        await conn.send({"op": OP_HEARTBEAT_ACK, "d": None})

    async def _on_identify(self, conn: GatewayConnection, data: Any) -> None:
        data = data or {}
        if not self.emu._token_ok(str(data.get("token", ""))):
            await conn.close(4004)  # authentication failed
            return
        shard = data.get("shard") or [0, 1]
        session = GatewaySession(int(shard[0]), int(shard[1]), int(data.get("intents") or 0))
        self.sessions[session.session_id] = session
        session.connection = conn
        conn.session = session
        self.identify_count += 1
        ready = self.emu._ready_payload(session, data.get("shard") is not None)
        await session.dispatch("READY", ready)
        for guild in list(self.emu.guilds.values()):
            if session.handles_guild(guild.id):
                await session.dispatch("GUILD_CREATE", self.emu._guild_create_payload(guild))
        self.emu._notify()

    async def _on_resume(self, conn: GatewayConnection, data: Any) -> None:
        data = data or {}
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session.invalid or not self.emu._token_ok(str(data.get("token"))):
            await conn.send({"op": OP_INVALID_SESSION, "d": False})
            return
        old = session.connection
        if old is not None and old is not conn:
            old.dropped = True
            await old.close(4000)
        session.connection = conn
        conn.session = session
        last_seq = int(data.get("seq") or 0)
        for frame in list(session.buffer):
            if frame["s"] > last_seq:
                await conn.send(frame)
        session.resumes += 1
        self.resume_count += 1
        await session.dispatch("RESUMED", {})
        self.emu._notify()

    async def _on_request_members(self, conn: GatewayConnection, data: Any) -> None:
        data = data or {}
        session = conn.session
        guild = self.emu.guilds.get(int(data.get("guild_id") or 0))
        if session is None or guild is None:
            return
        query = str(data.get("query") or "").lower()
        user_ids = {int(u) for u in data.get("user_ids") or []}
        members = [
            m.to_payload()
            for m in guild.members.values()
            if (not user_ids or m.user.id in user_ids) and m.user.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
