"""The fast way out to Discord, for the messages a table sends several times a second.

discord.py's public way to send or edit a message builds a ``View`` of ``Button`` objects for
each one and parses every answer into a ``Message``. For a table message, a hand or a click's
answer, that was about half of the bot's CPU per move (``python -m benchmarks.bench_load
--tables 200 --profile``), and nothing here reads those objects: the feed needs one id back.

So this module builds the JSON Discord expects straight from a ``Rendered`` and sends it with
discord.py's own HTTP code for channel messages (``HTTPClient.request`` and ``Route``: its
session, retries and rate limits). ``HTTPClient.request`` keeps a rate-limit bucket per route
key and, past 256 buckets, scans them all for each new key, so messages through an interaction's
token do not go there: they are sent here on an HTTP session of this module's own (each
answer counted in ``bot.status.RequestLog`` under its route), and their answers are sorted
here, because discord.py would wait out any 429 (51 seconds were seen for a hidden limit) where
the feed must send the message another way at once:

- 429 with scope ``shared`` (a limit Discord does not announce): ``HiddenLimit``, the only
  one that says the channel has no room for webhook creates;
- any other 429 (the token's own bucket, scope ``user``, or a global one): ``TokenBusy``, at
  once (never slept out here: the feed sends the message another way);
- 404 10008 Unknown Message: ``MessageGone`` (the token is fine);
- 404 10015 Unknown Webhook, 401, or any other 404: ``TokenRefused`` (never use it again);
- 5xx and network failures: ``Unavailable`` (try again later).

A click's own answers go the same way (``callback`` for the interaction's one callback, then
``token_edit``/``token_post``; ``cogs.discord.context``), so no 429 is ever slept out inside
discord.py. A message through a token may carry a file (a game's record, the standings'
chart): it goes as multipart, the JSON in ``payload_json`` and the file as ``files[0]``.

``HTTPClient.request`` is discord.py's but undocumented: it is used here and nowhere else, it
has a test (``tests/e2e/test_discord_rest.py``), and discord.py is pinned to the minor version
those tests passed with. A channel message with a file (final standings' chart, with the bot's
authority) goes the public way: it is rare, and discord.py uploads it.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

import aiohttp
import orjson
from discord.http import HTTPClient, Route
from yarl import URL

from bot.render import Button, Rendered, Row, Select
from bot.status import RequestLog, route_of
from bot.tables.ports import (
    HiddenLimit,
    MessageGone,
    MessageRefused,
    TokenBusy,
    TokenRefused,
    Unavailable,
)

EPHEMERAL = 1 << 6  # message flag: only the person the interaction came from sees it
STYLES = {"primary": 1, "secondary": 2, "success": 3, "danger": 4, "link": 5}
NO_MENTIONS: dict[str, Any] = {"parse": []}
UNKNOWN_MESSAGE = 10008  # Discord's code for a message that does not exist (any more)
THREAD_ARCHIVED = 50083  # "Tried to perform an operation on an archived thread"
EXHAUSTED_KEPT = 10_000
SOCKET_CONNECT = 10.0  # seconds to open a connection to Discord
SOCKET_READ = 60.0  # seconds an answer may stop coming before the request counts as failed
JSON, BINARY = "application/json", "application/octet-stream"
# The routes the fast path's requests are counted under (``bot.status.RequestLog``).
WEBHOOK_ROUTE = "/webhooks/{application_id}/{token}"
MESSAGE_ROUTE, ORIGINAL_ROUTE = "/messages/{id}", "/messages/@original"
CALLBACK_ROUTE = "/interactions/{id}/{token}/callback"
# Discord's interaction callback types (the first answer to a click or command).
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7


def _button(b: Button) -> dict[str, Any]:
    if b.url is not None:
        return {"type": 2, "style": 5, "label": b.label, "url": b.url, "disabled": b.disabled}
    return {
        "type": 2,
        "style": STYLES.get(b.style, 2),
        "label": b.label,
        "custom_id": b.custom_id,
        "disabled": b.disabled,
    }


def _row(row: Row) -> dict[str, Any]:
    if isinstance(row, Select):
        options = []
        for o in row.options:
            option: dict[str, Any] = {"label": o.label, "value": o.value, "default": False}
            if o.description is not None:
                option["description"] = o.description
            options.append(option)
        select = {
            "type": 3,
            "custom_id": row.custom_id,
            "placeholder": row.placeholder,
            "min_values": 1,
            "max_values": 1,
            "options": options,
            "disabled": False,
        }
        return {"type": 1, "components": [select]}
    return {"type": 1, "components": [_button(b) for b in row]}


def _embed(r: Rendered) -> dict[str, Any] | None:
    e = r.embed
    if e is None:
        return None
    out: dict[str, Any] = {
        "type": "rich",
        "title": e.title,
        "description": e.description,
        "color": e.color,
    }
    if e.fields:
        out["fields"] = [{"name": f.name, "value": f.value, "inline": f.inline} for f in e.fields]
    if e.footer:
        out["footer"] = {"text": e.footer}
    if e.image and r.file is not None and r.file[0] == e.image:
        out["image"] = {"url": f"attachment://{e.image}"}
    return out


def _mentions(r: Rendered) -> dict[str, Any]:
    if not r.mentions:
        return NO_MENTIONS
    return {"users": list(r.mentions), "parse": []}


def message_json(r: Rendered, *, edit: bool) -> dict[str, Any]:
    """The JSON body of a message. An edit replaces everything: what ``r`` lacks is removed."""
    embed = _embed(r)
    body: dict[str, Any] = {"allowed_mentions": _mentions(r)}
    if edit:
        body["content"] = r.content
        body["embeds"] = [] if embed is None else [embed]
        body["components"] = [_row(row) for row in r.rows]
        return body
    if r.content:
        body["content"] = r.content
    if embed is not None:
        body["embeds"] = [embed]
    if r.rows:
        body["components"] = [_row(row) for row in r.rows]
    return body


class Rest:
    """Channel messages with the bot's authority, and a person's ephemeral messages through an
    interaction token (``ref``: a message id, or ``@original`` for the message the interaction
    answered). Failures are discord.py's exceptions, as from its public API."""

    def __init__(
        self, http: HTTPClient, application_id: int, requests: RequestLog | None = None
    ) -> None:
        self.http = http
        self.application_id = application_id
        # A session of its own: no cookie jar and no trace (discord.py's session fires a
        # trace's signals on every request, and the log matched each URL with regexes; the
        # answers are counted here, by the route each request knows it is), no connection cap
        # (as discord.py's own).
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0),
            cookie_jar=aiohttp.DummyCookieJar(),
            # No 5-minute timer per request (aiohttp's default): an answer that stops coming
            # for SOCKET_READ seconds fails as Unavailable, and the feed tries again.
            timeout=aiohttp.ClientTimeout(
                total=None, sock_connect=SOCKET_CONNECT, sock_read=SOCKET_READ
            ),
        )
        self.requests = requests
        self.agent = {"User-Agent": http.user_agent}
        self.headers = {"Content-Type": JSON, **self.agent}
        self._exhausted: dict[str, float] = {}  # token -> loop time its bucket has room again

    # ------------------------------------------------------------------ channel messages

    async def post(self, channel_id: int, r: Rendered, nonce: str) -> int:
        """Posted with a nonce Discord enforces: the same nonce again within minutes returns
        the first message instead of a second one."""
        body = message_json(r, edit=False)
        body["nonce"] = nonce
        body["enforce_nonce"] = True
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
        data = await self.http.request(route, json=body)
        return int(data["id"])

    async def edit(self, channel_id: int, message_id: int, r: Rendered) -> None:
        route = Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )
        await self.http.request(route, json=message_json(r, edit=True))

    async def delete(self, channel_id: int, message_id: int) -> None:
        route = Route(
            "DELETE",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )
        await self.http.request(route)

    async def recent(self, channel_id: int, after: int, limit: int = 50) -> list[dict[str, Any]]:
        """The channel's messages newer than ``after`` (newest first)."""
        route = Route("GET", "/channels/{channel_id}/messages", channel_id=channel_id)
        found = await self.http.request(route, params={"after": after, "limit": limit})
        return list(found)

    # ------------------------------------------------------------------ a game's thread

    async def start_thread(
        self, channel_id: int, message_id: int | None, body: dict[str, Any]
    ) -> tuple[int, dict[str, Any], float]:
        """Start a thread with the bot's token (``bot_request``): a 429 however long (219 s
        are reported for thread creation) sends the game to its channel at once."""
        path = f"/channels/{channel_id}"
        path += "/threads" if message_id is None else f"/messages/{message_id}/threads"
        return await self.bot_request("POST", path, body)

    async def bot_request(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any], float]:
        """One request with the bot's token for a game's thread (start, archive, reopen, add a
        member): Discord's status, its answer's JSON and, for a 429, its ``retry_after``.
        Sent on the fast path's own session, not through ``HTTPClient.request``, which would sleep
        out a 429 however long inside the call: the caller decides what waits, and the
        ``Budget`` already paces the bot's token."""
        headers = {**self.headers, "Authorization": f"Bot {self.http.token}"}
        data = None if body is None else orjson.dumps(body)
        status, answer, answered = await self._exchange(
            method, Route.BASE + path, route_of(path), data, None, headers
        )
        return status, answer, _retry_after(answer, answered) if status == 429 else 0.0

    # ------------------------------------------------------------------ through a token

    async def token_post(self, token: str, r: Rendered, *, ephemeral: bool) -> int:
        """A new message through an interaction's token: a person's hand (ephemeral), a
        public message of their table, or a click's followup."""
        body = message_json(r, edit=False)
        if ephemeral:
            body["flags"] = EPHEMERAL
        data = await self._webhook("POST", token, "", body, {"wait": "true"}, r.file)
        return int(data["id"])

    async def token_edit(self, token: str, ref: str, r: Rendered) -> int | None:
        """Edit a message through ``token``; its id (Discord answers with the message)."""
        body = message_json(r, edit=True)
        data = await self._webhook("PATCH", token, f"/messages/{ref}", body, None, r.file)
        found = data.get("id")
        return int(found) if isinstance(found, str | int) else None

    async def token_delete(self, token: str, ref: str) -> None:
        await self._webhook("DELETE", token, f"/messages/{ref}")

    async def callback(
        self,
        interaction_id: int,
        token: str,
        kind: int,
        r: Rendered | None = None,
        *,
        ephemeral: bool = False,
    ) -> int | None:
        """An interaction's first answer (``kind``: one of Discord's callback types, 4 a new
        message, 5 "thinking", 6 acknowledged, 7 the clicked message updated). For 4 and 5,
        the id of the message Discord made (it answers with it when asked). Sorted like the
        token's other requests: ``TokenRefused`` for an interaction Discord no longer knows
        (404 10062: it expired, or was answered already)."""
        body: dict[str, Any] = {"type": kind}
        data = {} if r is None else message_json(r, edit=kind == UPDATE_MESSAGE)
        if ephemeral:
            data["flags"] = EPHEMERAL
        if data:
            body["data"] = data
        made = kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
        url = f"{Route.BASE}/interactions/{interaction_id}/{_in_path(token)}/callback"
        params = {"with_response": "true"} if made else None
        file = None if r is None else r.file
        answer = await self._send("POST", url, CALLBACK_ROUTE, body, params, file)
        message = (answer.get("resource") or {}).get("message") or {}
        found = message.get("id")
        return int(found) if made and isinstance(found, str | int) else None

    async def _webhook(
        self,
        method: str,
        token: str,
        path: str,
        body: dict[str, Any] | None = None,
        params: dict[str, str] | None = None,
        file: tuple[str, bytes] | None = None,
    ) -> dict[str, Any]:
        """One request to the token's webhook; its answer's JSON ({} for none)."""
        url = f"{Route.BASE}/webhooks/{self.application_id}/{_in_path(token)}{path}"
        await self._bucket_room(token)
        route = WEBHOOK_ROUTE + (
            "" if not path else ORIGINAL_ROUTE if "@" in path else MESSAGE_ROUTE
        )
        return await self._send(method, url, route, body, params, file, token)

    async def _send(
        self,
        method: str,
        url: str,
        route: str,
        body: dict[str, Any] | None,
        params: dict[str, str] | None,
        file: tuple[str, bytes] | None,
        token: str | None = None,
    ) -> dict[str, Any]:
        """One request through an interaction's token (its webhook, or its callback); its
        answer's JSON, or the failure it means (``_sorted``). ``token``: the webhook's,
        whose bucket the answer's headers tell about."""
        data: bytes | aiohttp.FormData | None = None
        headers = self.headers
        if body is not None and file is not None:
            # A file goes as multipart: the JSON in ``payload_json``, the file as files[0].
            body["attachments"] = [{"id": 0, "filename": file[0]}]
            data = aiohttp.FormData()
            data.add_field("payload_json", orjson.dumps(body).decode(), content_type=JSON)
            data.add_field("files[0]", file[1], filename=file[0], content_type=BINARY)
            headers = self.agent
        elif body is not None:
            data = orjson.dumps(body)
        status, answer, answered = await self._exchange(method, url, route, data, params, headers)
        if token is not None:
            self._note_bucket(token, answered)
        if 200 <= status < 300:
            return answer
        scope = answered.get("X-RateLimit-Scope")
        raise _sorted(method, status, answer, _retry_after(answer, answered), scope)

    async def _exchange(
        self,
        method: str,
        url: str,
        route: str,
        data: bytes | aiohttp.FormData | None,
        params: dict[str, str] | None,
        headers: Mapping[str, str],
    ) -> tuple[int, dict[str, Any], Mapping[str, str]]:
        """One request on this module's session, counted under ``route``: Discord's status,
        its answer's JSON ({} for none) and its headers; ``Unavailable`` if none came."""
        try:
            # Built here, already quoted: aiohttp would parse and quote the text again (a
            # tenth of its time per request at 400 tables).
            async with self.session.request(
                method, URL(url, encoded=True), data=data, params=params, headers=headers
            ) as resp:
                status, text, answered = resp.status, await resp.read(), resp.headers
        except (TimeoutError, aiohttp.ClientError, ConnectionError) as e:
            raise Unavailable(f"{method} {route}: {e}") from e
        if self.requests is not None:
            self.requests.count(method, route, status)
        return status, _json(text), answered

    async def close(self) -> None:
        await self.session.close()

    async def _bucket_room(self, token: str) -> None:
        """Wait while Discord said the token's bucket is used up (its answers' headers count
        at Discord's end, after the network's delays, which the feed's own count cannot see)."""
        until = self._exhausted.get(token)
        if until is None:
            return
        wait = until - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        if self._exhausted.get(token) == until:
            del self._exhausted[token]

    def _note_bucket(self, token: str, headers: Mapping[str, str]) -> None:
        if headers.get("X-RateLimit-Remaining") != "0":
            return
        try:
            reset_after = float(headers.get("X-RateLimit-Reset-After", "0"))
        except ValueError:
            return
        now = asyncio.get_running_loop().time()
        self._exhausted[token] = now + min(reset_after, 5.0)
        if len(self._exhausted) > EXHAUSTED_KEPT:  # tokens used up long ago are done waiting
            self._exhausted = {t: u for t, u in self._exhausted.items() if u > now}


@functools.lru_cache(maxsize=4096)
def _in_path(token: str) -> str:
    """A token as a path segment (quoted once: a token is used for many requests)."""
    return quote(token, safe="")


def _json(text: bytes) -> dict[str, Any]:
    try:
        found = orjson.loads(text) if text else {}
    except orjson.JSONDecodeError:
        return {}
    return found if isinstance(found, dict) else {}


def _retry_after(answer: dict[str, Any], headers: Mapping[str, str]) -> float:
    """How long a 429 said to wait: its body's ``retry_after``, else its header, else 1 s."""
    given = answer.get("retry_after")
    if isinstance(given, int | float):
        return float(given)
    try:
        return float(headers.get("Retry-After", "1"))
    except ValueError:
        return 1.0


def refuses_token(status: int, code: object) -> bool:
    """Whether an answer to a request through an interaction's token means the token is dead
    for good (401, or a 404 that is not about the message: Unknown Webhook, an expired or
    unknown interaction). 404 10008 Unknown Message is about the message, never the token."""
    return status == 401 or (status == 404 and code != UNKNOWN_MESSAGE)


def _sorted(
    method: str, status: int, answer: dict[str, Any], retry: float, scope: str | None
) -> Exception:
    """The failure an answer means, for the feed. A 429 is read by its scope header: only a
    ``shared`` one is the hidden per-channel limit."""
    code = answer.get("code")
    if status == 429:
        if scope == "shared":
            return HiddenLimit(retry)
        return TokenBusy(retry, is_global=scope == "global" or answer.get("global") is True)
    if status == 404 and code == UNKNOWN_MESSAGE:
        return MessageGone(f"{method}: {answer.get('message', 'Unknown Message')}")
    if refuses_token(status, code):
        return TokenRefused(f"{method}: {status} {answer.get('message', '')} ({code})")
    if status == 403:
        return MessageGone(f"{method}: 403 {answer.get('message', '')} ({code})")
    if status >= 500:
        return Unavailable(f"{method} webhook: Discord answered {status}")
    if status == 400 and code == THREAD_ARCHIVED:
        # The game's thread was archived and is not reopened yet (the bot reopens it, or waits
        # for Send Messages in Threads): the edit waits and is tried again, quietly.
        return Unavailable(f"{method} webhook: the thread is archived")
    # 400: a message Discord would not take (a bug here, never the person's doing).
    return MessageRefused(f"{method} webhook: {status} {answer.get('message', '')} ({code})")
