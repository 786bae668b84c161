"""429 injection shaped the way discord.py needs to retry rather than give up.

discord.py treats a 429 without a ``Via`` header (or with a non-JSON body) as a Cloudflare ban
and raises; with ``Via``, a JSON ``retry_after``/``global`` body and ``X-RateLimit-*`` headers
it sleeps ``retry_after`` and retries (at most 5 tries per request).
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from sandbox.models import RateLimitRecord
from sandbox.responses import json_response


def _norm(route: str) -> str:
    return "/" + route.strip("/")


@dataclass
class _Burst:
    remaining: int
    retry_after: float
    method: str | None
    route: str | None
    is_global: bool


@dataclass
class _Window:
    method: str
    route: str
    until: float  # loop time
    retry_after: float | None
    params: dict[str, str] = field(default_factory=dict)


def rate_limited_response(retry_after: float, *, is_global: bool, bucket: str) -> web.Response:
    headers = {
        "Via": "1.1 google",
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": bucket,
        "X-RateLimit-Scope": "global" if is_global else "user",
        "Retry-After": str(max(1, round(retry_after))),
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": is_global,
        "code": 0,
    }
    return json_response(body, 429, headers)


class FaultInjector:
    def __init__(self) -> None:
        self._bursts: list[_Burst] = []
        self._windows: list[_Window] = []
        self.hits: list[RateLimitRecord] = []

    def add_burst(
        self,
        count: int,
        retry_after: float,
        method: str | None,
        route: str | None,
        is_global: bool,
    ) -> None:
        self._bursts.append(
            _Burst(
                count,
                retry_after,
                method.upper() if method else None,
                route and _norm(route),
                is_global,
            )
        )

    def add_window(
        self,
        method: str,
        route: str,
        until: float,
        retry_after: float | None,
        params: Mapping[str, str] | None,
    ) -> None:
        self._windows.append(
            _Window(method.upper(), _norm(route), until, retry_after, dict(params or {}))
        )

    def clear(self) -> None:
        self._bursts.clear()
        self._windows.clear()

    def check(
        self, method: str, path: str, template: str, match_info: Mapping[str, str]
    ) -> web.Response | None:
        template = _norm(template)
        bucket = hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:16]
        for burst in self._bursts:
            if burst.remaining <= 0:
                continue
            if burst.method is not None and burst.method != method:
                continue
            if burst.route is not None and burst.route != template:
                continue
            burst.remaining -= 1
            return self._hit(method, path, template, burst.retry_after, burst.is_global, bucket)
        self._bursts = [b for b in self._bursts if b.remaining > 0]
        now = asyncio.get_running_loop().time()
        self._windows = [w for w in self._windows if w.until > now]
        for window in self._windows:
            if window.method != method or window.route != template:
                continue
            if any(match_info.get(k) != v for k, v in window.params.items()):
                continue
            retry = window.retry_after if window.retry_after is not None else window.until - now
            return self._hit(method, path, template, max(retry, 0.001), False, bucket)
        return None

    def _hit(
        self,
        method: str,
        path: str,
        template: str,
        retry_after: float,
        is_global: bool,
        bucket: str,
    ) -> web.Response:
        self.hits.append(
            RateLimitRecord(method, path, template, retry_after, is_global, time.time())
        )
        return rate_limited_response(retry_after, is_global=is_global, bucket=bucket)
