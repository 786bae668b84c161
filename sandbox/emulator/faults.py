"""Faults a test injects: 429s on demand (a burst, or a route limited for a while), a slow
network, a hook run after each request, and gateway failures (RECONNECT, drops, invalidated
sessions). The 429s are answered exactly like those of the real limits (sandbox.ratelimits),
so discord.py waits and retries; they are recorded with ``injected=True``."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from aiohttp import web

from sandbox.emulator.state import EmulatorState
from sandbox.ratelimits import ROUTE_RULES, bucket_id


def _norm(route: str) -> str:
    return "/" + route.strip("/")


@dataclass(frozen=True)
class InjectedLimit:
    """A 429 a test asked for: how long to wait, and whether it is a global one."""

    retry_after: float
    is_global: bool
    bucket: str


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


@dataclass
class _Refusal:
    remaining: int
    method: str
    route: str
    status: int
    code: int
    message: str
    params: dict[str, str] = field(default_factory=dict)
    containing: str | None = None  # only requests whose body holds this text


class FaultInjector:
    """The 429s and refusals tests asked for, matched against each request."""

    def __init__(self) -> None:
        self._bursts: list[_Burst] = []
        self._windows: list[_Window] = []
        self._refusals: list[_Refusal] = []

    def add_refusal(
        self,
        count: int,
        method: str,
        route: str,
        status: int,
        code: int,
        message: str,
        params: Mapping[str, str] | None,
        containing: str | None,
    ) -> None:
        self._refusals.append(
            _Refusal(
                count,
                method.upper(),
                _norm(route),
                status,
                code,
                message,
                dict(params or {}),
                containing,
            )
        )

    def may_refuse(self, method: str, template: str) -> bool:
        """A test asked to refuse some ``method template`` requests (cheap: no body read)."""
        template = _norm(template)
        return any(
            r.remaining > 0 and (r.method, r.route) == (method, template) for r in self._refusals
        )

    def refusal(
        self, method: str, template: str, match_info: Mapping[str, str], body: bytes
    ) -> tuple[int, int, str] | None:
        """The refusal (status, code, message) this request gets, if a test asked for one."""
        template = _norm(template)
        for refusal in self._refusals:
            if refusal.remaining <= 0 or (refusal.method, refusal.route) != (method, template):
                continue
            if any(match_info.get(k) != v for k, v in refusal.params.items()):
                continue
            if refusal.containing is not None and refusal.containing.encode() not in body:
                continue
            refusal.remaining -= 1
            return refusal.status, refusal.code, refusal.message
        return None

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
        self._refusals.clear()

    def check(
        self, method: str, template: str, match_info: Mapping[str, str]
    ) -> InjectedLimit | None:
        """The injected 429 this request gets, if any (a burst's count goes down by one)."""
        template = _norm(template)
        rule = ROUTE_RULES.get((method, template))
        bucket = rule.bucket if rule is not None else bucket_id(f"{method} {template}")
        for burst in self._bursts:
            if burst.remaining <= 0:
                continue
            if burst.method is not None and burst.method != method:
                continue
            if burst.route is not None and burst.route != template:
                continue
            burst.remaining -= 1
            return InjectedLimit(burst.retry_after, burst.is_global, bucket)
        self._bursts = [b for b in self._bursts if b.remaining > 0]
        now = asyncio.get_running_loop().time()
        self._windows = [w for w in self._windows if w.until > now]
        for window in self._windows:
            if window.method != method or window.route != template:
                continue
            if any(match_info.get(k) != v for k, v in window.params.items()):
                continue
            retry = window.retry_after if window.retry_after is not None else window.until - now
            return InjectedLimit(max(retry, 0.001), False, bucket)
        return None


class FaultControls(EmulatorState):
    """The test API for faults."""

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

    def slow_down(self, seconds: float, *, seed: int = 1, route: str | None = None) -> None:
        """From now on every REST request (or those of ``route``, a template such as
        ``/webhooks/{application_id}/{token}/messages/{message_id}``) waits a random time up to
        ``seconds`` before it is handled, as over a real network: requests sent one after the
        other may then be handled in another order."""
        self._slow = (seconds, route, random.Random(seed))

    def lag_gateway(self, seconds: float) -> None:
        """From now on every interaction reaches the bot ``seconds`` after it was created (a
        bot process that is behind, a slow link): its time to answer still counts from its
        creation, as Discord's does."""
        self._gateway_lag = seconds

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

    def refuse_next(
        self,
        method: str,
        route: str,
        *,
        count: int = 1,
        status: int = 400,
        code: int = 50035,
        message: str = "Invalid Form Body",
        params: Mapping[str, str] | None = None,
        containing: str | None = None,
    ) -> None:
        """The next ``count`` ``method route`` requests (``params`` and ``containing``, a text
        of their body, narrow them) are refused with ``status`` and ``code``, as Discord
        refuses a body it will never take (400 50035 Invalid Form Body): the same again is
        refused again."""
        self.faults.add_refusal(count, method, route, status, code, message, params, containing)

    def limit_thread_creation(
        self, retry_after: float = 219.0, *, duration: float = 3600.0
    ) -> None:
        """For ``duration`` seconds every thread start (from a message or without one)
        answers 429 with ``retry_after``, as users report for thread creation (219 s and
        280 s, discord-api-docs #7816; thread routes sharing a guild-wide bucket, #8082)."""
        for route in (
            "/channels/{channel_id}/messages/{message_id}/threads",
            "/channels/{channel_id}/threads",
        ):
            self.rate_limit_route("POST", route, duration, retry_after=retry_after)

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
