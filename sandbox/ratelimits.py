"""Discord's REST rate limits, enforced and reported the way Discord does.

Up to three limits apply to a request, in this order:

- the **global** limit: 50 requests per second for the bot token, on every route except
  interaction callbacks and interaction-token webhooks (Discord: "Interaction endpoints are not
  bound to the bot's Global Rate Limit");
- a **per-route bucket** where Discord keeps one: ``limit`` requests per ``period`` seconds per
  top-level resource (the channel, or the interaction token);
- off by default, a **hidden** limit Discord's users report but Discord does not announce: about
  30 webhook messages per 60 s in one channel (``HiddenLimit``). No header describes it; the
  first a client learns of it is a 429 with ``X-RateLimit-Scope: shared``.

The numbers, and the evidence for each, are in sandbox/README.md ("Rate limits"). Windows are
fixed: a bucket's window opens with its first request and resets ``period`` seconds later, which
is what Discord's ``X-RateLimit-Reset-After`` counts down.

Every answer on a bucketed route carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``;
a 429 carries a JSON body (``message``, ``retry_after``, ``global``, ``code``), ``Retry-After``,
``X-RateLimit-Scope`` (``global``, ``user``, ``shared``), ``X-RateLimit-Global`` on a global one
and a ``Via`` header: discord.py (http.py) takes a 429 without ``Via`` for a Cloudflare ban and
raises instead of waiting.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from aiohttp import web

from sandbox.responses import json_response

GLOBAL_LIMIT = 50
GLOBAL_PERIOD = 1.0
SCOPE_GLOBAL = "global"
SCOPE_USER = "user"
SCOPE_SHARED = "shared"

# Routes outside the bot token's global limit: the interaction's own endpoints.
INTERACTION_CALLBACK = "/interactions/{interaction_id}/{token}/callback"
INTERACTION_WEBHOOK = "/webhooks/{application_id}/{token}"
INTERACTION_WEBHOOK_MESSAGE = "/webhooks/{application_id}/{token}/messages/{message_id}"
GLOBAL_EXEMPT = frozenset({INTERACTION_CALLBACK, INTERACTION_WEBHOOK, INTERACTION_WEBHOOK_MESSAGE})

CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"


def bucket_id(name: str) -> str:
    """A stable 32-hex-digit id shaped like Discord's ``X-RateLimit-Bucket`` values."""
    return hashlib.md5(name.encode(), usedforsecurity=False).hexdigest()


@dataclass(frozen=True)
class BucketRule:
    """One of Discord's per-route buckets.

    ``name`` keeps the counters apart; ``bucket`` is the id Discord reports, which two rules may
    share (creating and editing messages report the same id but count separately).
    ``major`` is the path parameter the bucket is kept per.
    """

    name: str
    limit: int
    period: float
    major: str
    bucket: str


_MESSAGE_BUCKET = bucket_id("channel message create/edit")
CREATE_MESSAGE = BucketRule("create message", 5, 5.0, "channel_id", _MESSAGE_BUCKET)
EDIT_MESSAGE = BucketRule("edit message", 5, 5.0, "channel_id", _MESSAGE_BUCKET)
DELETE_MESSAGE = BucketRule("delete message", 5, 1.0, "channel_id", bucket_id("message delete"))
INTERACTION_TOKEN = BucketRule(
    "interaction webhook", 5, 2.0, "token", bucket_id("interaction webhook")
)

ROUTE_RULES: Mapping[tuple[str, str], BucketRule] = {
    ("POST", CHANNEL_MESSAGES): CREATE_MESSAGE,
    ("PATCH", CHANNEL_MESSAGE): EDIT_MESSAGE,
    ("DELETE", CHANNEL_MESSAGE): DELETE_MESSAGE,
    ("POST", INTERACTION_WEBHOOK): INTERACTION_TOKEN,
    ("GET", INTERACTION_WEBHOOK_MESSAGE): INTERACTION_TOKEN,
    ("PATCH", INTERACTION_WEBHOOK_MESSAGE): INTERACTION_TOKEN,
    ("DELETE", INTERACTION_WEBHOOK_MESSAGE): INTERACTION_TOKEN,
}


@dataclass(frozen=True)
class HiddenLimit:
    """A limit Discord enforces without reporting it: ``limit`` requests of the routes in
    ``HIDDEN_ROUTES`` per ``period`` seconds per ``major`` (the channel the interaction belongs
    to, a thread being a channel of its own).

    Staff described it in discord-api-docs #367 ("the 30/60 was added as a limit to the channel
    itself"); users meet it as 429s their headers never announced (#1454, #3763, #4043).
    Its answers carry the route's own bucket headers, which still show requests remaining.
    """

    limit: int = 30
    period: float = 60.0
    name: str = "webhook channel"
    major: str = "channel_id"


# Every webhook message create counts, ephemeral followups included (#3763). Interaction
# callbacks do not: they are not webhook executions (a callback answers its interaction once and
# has no bucket of its own), and nobody reports them limited per channel.
HIDDEN_ROUTES = frozenset({("POST", INTERACTION_WEBHOOK)})


@dataclass
class _Window:
    opened: float
    used: int = 0


@dataclass(frozen=True)
class Verdict:
    """What the limits decided for one request.

    ``refused`` is None (let through), ``global``, ``user`` or ``shared`` (a hidden limit);
    ``rule`` is the route's bucket
    (None for a route without one), with ``remaining`` and ``reset_after`` as the answer reports
    them. ``retry_after`` is how long a refused request must wait.
    """

    rule: BucketRule | None
    remaining: int
    reset_after: float
    refused: str | None = None
    retry_after: float = 0.0

    def bucket_headers(self, wall_now: float) -> dict[str, str]:
        """The ``X-RateLimit-*`` headers of the route's bucket ({} for a route without one)."""
        if self.rule is None:
            return {}
        return {
            "X-RateLimit-Limit": str(self.rule.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": f"{wall_now + self.reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.reset_after:.3f}",
            "X-RateLimit-Bucket": self.rule.bucket,
        }


class RateLimiter:
    """Counts requests against the global limit and the per-route buckets.

    ``clock`` is the time source (``time.monotonic`` by default; the emulator passes its own
    ``EmulatorClock.now``, so a test moves every window on with ``emu.clock.advance``); tests of
    the limiter itself pass a hand-driven one. ``hidden`` is the hidden per-channel webhook limit
    (None: off).
    """

    PRUNE_AT = 4096  # windows kept before expired ones are dropped

    def __init__(
        self,
        *,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
        hidden: HiddenLimit | None = None,
    ):
        self.enabled = enabled
        self.hidden = hidden
        self._clock = clock
        self._global: _Window | None = None
        self._windows: dict[tuple[str, str], _Window] = {}
        self._hidden_windows: dict[str, _Window] = {}
        # How often a window was used up (a bucket's name, or "global"): each time, a client
        # that reads the headers (discord.py does, per bucket) waits for the reset.
        self.exhausted: Counter[str] = Counter()

    def check(self, method: str, route: str, params: Mapping[str, str]) -> Verdict | None:
        """Counts one request of ``method route``; None when no limit applies to it."""
        if not self.enabled:
            return None
        rule = ROUTE_RULES.get((method, route))
        counts_globally = route not in GLOBAL_EXEMPT
        if rule is None and not counts_globally:
            return None
        now = self._clock()
        if counts_globally:
            global_window = self._global_window(now)
            if global_window.used >= GLOBAL_LIMIT:
                wait = global_window.opened + GLOBAL_PERIOD - now
                return Verdict(None, 0, 0.0, SCOPE_GLOBAL, max(wait, 0.001))
            global_window.used += 1
            if global_window.used == GLOBAL_LIMIT:
                self.exhausted[SCOPE_GLOBAL] += 1
        if rule is None:
            return Verdict(None, 0, 0.0)
        window = self._window(rule, params, now)
        reset_after = max(window.opened + rule.period - now, 0.0)
        if window.used >= rule.limit:
            return Verdict(rule, 0, reset_after, SCOPE_USER, max(reset_after, 0.001))
        window.used += 1
        if window.used == rule.limit:
            self.exhausted[rule.name] += 1
        verdict = Verdict(rule, rule.limit - window.used, reset_after)
        if (method, route) in HIDDEN_ROUTES:
            return self._check_hidden(verdict, params, now)
        return verdict

    def _check_hidden(self, verdict: Verdict, params: Mapping[str, str], now: float) -> Verdict:
        """The hidden limit after the route's bucket let a request through: the request still
        used up its place in that bucket, and the answer reports only that bucket."""
        hidden = self.hidden
        key = params.get(hidden.major) if hidden is not None else None
        if hidden is None or not key:
            return verdict
        window = self._hidden_windows.get(key)
        if window is None or now >= window.opened + hidden.period:
            window = self._hidden_windows[key] = _Window(now)
        if window.used >= hidden.limit:
            wait = max(window.opened + hidden.period - now, 0.001)
            return replace(verdict, refused=SCOPE_SHARED, retry_after=wait)
        window.used += 1
        if window.used == hidden.limit:
            self.exhausted[hidden.name] += 1
        return verdict

    def _global_window(self, now: float) -> _Window:
        if self._global is None or now >= self._global.opened + GLOBAL_PERIOD:
            self._global = _Window(now)
        return self._global

    def _window(self, rule: BucketRule, params: Mapping[str, str], now: float) -> _Window:
        key = (rule.name, params.get(rule.major, ""))
        window = self._windows.get(key)
        if window is None or now >= window.opened + rule.period:
            if len(self._windows) >= self.PRUNE_AT:
                self._prune(now)
            window = self._windows[key] = _Window(now)
        return window

    def _prune(self, now: float) -> None:
        periods = {rule.name: rule.period for rule in ROUTE_RULES.values()}
        self._windows = {
            key: window
            for key, window in self._windows.items()
            if now < window.opened + periods[key[0]]
        }
        if self.hidden is not None:
            period = self.hidden.period
            self._hidden_windows = {
                key: window
                for key, window in self._hidden_windows.items()
                if now < window.opened + period
            }


def rate_limited_response(
    retry_after: float,
    *,
    scope: str,
    headers: Mapping[str, str] | None = None,
    message: str | None = None,
) -> web.Response:
    """A 429 as Discord sends it, shaped so discord.py waits ``retry_after`` and retries.

    ``message`` overrides the body's text (by default Discord's documented one for the scope).
    """
    is_global = scope == SCOPE_GLOBAL
    all_headers = {
        **(headers or {}),
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": scope,
    }
    if is_global:
        all_headers["X-RateLimit-Global"] = "true"
    if message is None:
        message = (
            "The resource is being rate limited."
            if scope == SCOPE_SHARED
            else "You are being rate limited."
        )
    body = {
        "message": message,
        "retry_after": round(retry_after, 3),
        "global": is_global,
        "code": 0,
    }
    return json_response(body, 429, all_headers)
