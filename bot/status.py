"""What the bot asks of Discord and how Discord answers, counted for the operator.

Every request discord.py makes (through its one HTTP session) passes an ``aiohttp.TraceConfig``
(discord.py's public ``http_trace`` option), which counts it by kind (under the bot's token, or
through an interaction, which Discord does not count against the bot's global budget) and by
answer. Discord bans a bot for a while when it gets 10,000 invalid answers (401, 403 and 429)
in 10 minutes, so those are counted over the last 10 minutes and each one is logged with its
route; so is any other client error but the 404 of a message that is already gone.

The counts go into the process's heartbeat (``python -m bot status`` shows them).
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter, deque
from types import SimpleNamespace
from typing import Any

import aiohttp

from bot.storage.heartbeats import ALIVE_WITHIN

log = logging.getLogger("trickbot.discord")

INVALID = frozenset({401, 403, 429})  # what Discord counts toward its ban
INVALID_WINDOW = 600.0  # seconds: Discord's window for invalid requests
INVALID_LIMIT = 10_000  # invalid requests in the window that get a bot banned

_WEBHOOK = re.compile(r"/webhooks/\d+/[^/?]+")
_INTERACTION = re.compile(r"/interactions/\d+/[^/?]+")
_ID = re.compile(r"/\d+")
_VERSION = re.compile(r"^/api(/v\d+)?")


def route_of(path: str) -> str:
    """A request's route, as Discord's documentation names it: ids and tokens as
    placeholders (a token must never reach a log)."""
    path = _VERSION.sub("", path)
    path = _WEBHOOK.sub("/webhooks/{application_id}/{token}", path)
    path = _INTERACTION.sub("/interactions/{id}/{token}", path)
    return _ID.sub("/{id}", path)


def exempt(route: str) -> bool:
    """Interaction callbacks and interaction-token webhooks: not bound to the global limit."""
    return route.startswith(("/interactions/", "/webhooks/{application_id}/{token}"))


def _expected(method: str, route: str, status: int) -> bool:
    """A 404 for a message we edit or delete: someone deleted it (the bot lets it go)."""
    return status == 404 and method in ("PATCH", "DELETE") and "/messages/" in route


class RequestLog:
    """Counts of every request to Discord, by kind and by answer."""

    def __init__(self) -> None:
        self.bot_token = 0  # requests under the bot's token (the global budget)
        self.interaction = 0  # through interactions (exempt from it)
        self.answers: Counter[int] = Counter()
        self.by_route: Counter[tuple[str, str]] = Counter()  # (method, route) of bot-token ones
        self._invalid: deque[float] = deque()

    def trace(self) -> aiohttp.TraceConfig:
        """The trace discord.py's session is created with (``Client(http_trace=...)``)."""
        config = aiohttp.TraceConfig()
        config.on_request_end.append(self._ended)
        return config

    async def _ended(
        self, _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: Any
    ) -> None:
        self.record(params.method, params.url.path, params.response.status)

    def record(self, method: str, path: str, status: int) -> None:
        self.count(method, route_of(path), status)

    def count(self, method: str, route: str, status: int) -> None:
        """One answer to a request on ``route`` (its template: no ids, no tokens)."""
        if exempt(route):
            self.interaction += 1
        else:
            self.bot_token += 1
            self.by_route[(method, route)] += 1
        self.answers[status] += 1
        if status < 400:
            return
        if status in INVALID:
            now = time.monotonic()
            self._invalid.append(now)
            log.warning(
                "Discord answered %d to %s %s (%d invalid answers in 10 minutes; at %d it bans "
                "the bot for a while)",
                status,
                method,
                route,
                self.invalid_recently(now),
                INVALID_LIMIT,
            )
        elif not _expected(method, route, status):
            log.warning("Discord answered %d to %s %s", status, method, route)

    def invalid_recently(self, now: float | None = None) -> int:
        """401, 403 and 429 answers in the last 10 minutes."""
        now = time.monotonic() if now is None else now
        while self._invalid and self._invalid[0] < now - INVALID_WINDOW:
            self._invalid.popleft()
        return len(self._invalid)

    def report(self) -> dict[str, object]:
        """For the heartbeat: what an operator wants to see at a glance."""
        return {
            "bot_token_requests": self.bot_token,
            "interaction_requests": self.interaction,
            "client_errors": sum(n for s, n in self.answers.items() if 400 <= s < 500),
            "invalid_last_10_min": self.invalid_recently(),
            "rate_limited": self.answers[429],
            "unauthorized": self.answers[401],
            "forbidden": self.answers[403],
        }


# ============================================================================ python -m bot status


def read_heartbeats(target: str) -> list[tuple[str, float, dict[str, Any]]]:
    """Every owner's last heartbeat in the database ``target`` (read only: the running bot
    owns the database; this only looks)."""
    import asyncio
    import json
    import sqlite3

    from bot.storage import sqlite_path

    sql = "SELECT owner, alive_at, status FROM heartbeats ORDER BY owner"
    if target.startswith(("postgresql://", "postgres://")):
        import asyncpg

        async def fetch() -> list[Any]:
            conn = await asyncpg.connect(target, timeout=5)
            try:
                return list(await conn.fetch(sql))
            finally:
                await conn.close()

        rows = asyncio.run(fetch())
    else:
        conn = sqlite3.connect(f"file:{sqlite_path(target)}?mode=ro", uri=True, timeout=5)
        try:
            rows = conn.execute(sql).fetchall()
        finally:
            conn.close()
    return [(str(r[0]), float(r[1]), json.loads(r[2] or "{}")) for r in rows]


def describe(owner: str, alive_at: float, status: dict[str, Any], now: float) -> str:
    """One operator's paragraph about one owner."""
    ago = now - alive_at
    state = (
        "running" if ago < ALIVE_WITHIN else f"stopped or unreachable (last seen {ago:,.0f} s ago)"
    )
    lines = [f"{owner}: {state}"]
    if status:
        lines.append(
            f"  tables: {status.get('tables', '?')}, requests to Discord: "
            f"{status.get('bot_token_requests', 0)} under the bot token, "
            f"{status.get('interaction_requests', 0)} through interactions"
        )
        lines.append(
            f"  invalid answers (401/403/429) in the last 10 minutes: "
            f"{status.get('invalid_last_10_min', 0)} of the {INVALID_LIMIT:,} that get a bot "
            f"banned (since start: 429 {status.get('rate_limited', 0)}, 401 "
            f"{status.get('unauthorized', 0)}, 403 {status.get('forbidden', 0)})"
        )
    return "\n".join(lines)


def main(target: str) -> int:
    """``python -m bot status``: what each bot process last said about itself."""
    import sys

    try:
        beats = read_heartbeats(target)
    except Exception as e:  # any failure to read is one sentence for the operator
        print(f"Could not read the bot's status from its database: {e}", file=sys.stderr)
        return 2
    if not beats:
        print("No bot process has run on this database yet.")
        return 0
    now = time.time()
    for owner, alive_at, status in beats:
        print(describe(owner, alive_at, status, now))
    return 0
