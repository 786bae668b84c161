"""The path of every REST request before and after its handler: the route it matched, injected
faults, Discord's rate limits (global and per route, with their headers), a slow network, and
the records tests assert on (requests, 429s with their scope, 4xx answers)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.clock import wall_time
from sandbox.emulator.faults import FaultControls, InjectedLimit
from sandbox.emulator.records import Records
from sandbox.emulator.reported import FAILING_TOKEN_KEY, SENT_KEY, ReportedBehaviour
from sandbox.models import ClientError, RateLimitRecord, RequestRecord
from sandbox.ratelimits import (
    GLOBAL_EXEMPT,
    INTERACTION_WEBHOOK,
    SCOPE_GLOBAL,
    SCOPE_SHARED,
    SCOPE_USER,
    Verdict,
    rate_limited_response,
)
from sandbox.responses import error_response

_log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
INVALID_STATUSES = (401, 403)  # with non-shared 429s, what Discord's invalid-request limit counts
HIDDEN_LIMIT_MESSAGE = "You are being rate limited."


def _route_template(request: web.Request) -> str | None:
    """``/channels/{channel_id}/messages`` for ``/api/v10/channels/1/messages``; None when no
    route matched."""
    match_info = request.match_info
    if match_info.http_exception is not None:
        return None
    resource = match_info.route.resource
    canonical = resource.canonical if resource is not None else request.path
    return canonical.split("}", 1)[1] if canonical.startswith("/api/v{") else canonical


def _error_code(response: web.StreamResponse) -> int:
    """The Discord JSON error code of an error answer (0 when it has none)."""
    body = response.body if isinstance(response, web.Response) else None
    if not isinstance(body, bytes):
        return 0
    try:
        data = json.loads(body)
    except ValueError:
        return 0
    return int(data.get("code") or 0) if isinstance(data, dict) else 0


def _counts_as_invalid(response: web.StreamResponse) -> bool:
    if response.status == 429:
        return response.headers.get("X-RateLimit-Scope") != SCOPE_SHARED
    return response.status in INVALID_STATUSES


class RequestPipeline(FaultControls, Records, ReportedBehaviour):
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        for before in list(self._before_request):
            before()
        # Which request this is in the order the bot sent them: one delayed on the network
        # (``slow_down``) that was sent before an answer came back is not sent after it.
        self._arrivals += 1
        request[SENT_KEY] = self._arrivals
        template = _route_template(request)
        injected = False
        if template is None:
            self.unhandled.append((request.method, request.path))
            _log.warning("sandbox: unhandled route %s %s", request.method, request.path)
            response: web.StreamResponse = error_response(404, 0, "404: Not Found")
        else:
            response, injected = await self._answer(request, template, handler)
        self._record(request, template or request.path, response, injected=injected)
        for hook in list(self._after_request):
            hook(request.method, template or "", response)
        self._notify()
        return response

    async def _answer(
        self, request: web.Request, template: str, handler: Handler
    ) -> tuple[web.StreamResponse, bool]:
        """The answer to a request of a known route, and whether it is an injected 429."""
        method = request.method
        injected = self.faults.check(method, template, request.match_info)
        verdict = None
        if injected is None:
            verdict = self.limiter.check(method, template, self._limit_params(request, template))
        delay = self.latency_for(method, template)
        if delay:
            await asyncio.sleep(delay)
        if injected is not None:
            return self._injected_429(request, template, injected), True
        if verdict is not None and verdict.refused is not None:
            return self._refused(request, template, verdict), False
        # A body Discord will never take is refused after the rate limits are checked: it
        # counts in its bucket and its answer carries the bucket's headers, as any other.
        refusal = None
        if self.faults.may_refuse(method, template):
            # A multipart body (a message with a file) is read by its handler as a stream,
            # so only JSON bodies are looked into.
            json_body = request.can_read_body and not request.content_type.startswith("multi")
            body = await request.read() if json_body else b""
            refusal = self.faults.refusal(method, template, request.match_info, body)
        if refusal is not None:
            response: web.StreamResponse = error_response(*refusal)
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                response = error_response(exc.status, 0, exc.reason)
        if verdict is not None:
            response.headers.update(verdict.bucket_headers(wall_time()))
        return response, False

    def _limit_params(self, request: web.Request, template: str) -> dict[str, str]:
        """The path's parameters, and for a webhook message create the channel its interaction
        belongs to (what the hidden per-channel webhook limit is kept per)."""
        params = dict(request.match_info)
        if template == INTERACTION_WEBHOOK:
            handle = self._tokens.get(params.get("token", ""))
            if handle is not None:
                params["channel_id"] = str(handle.channel.id)
        return params

    def _refused(self, request: web.Request, template: str, verdict: Verdict) -> web.Response:
        """The 429 of a request over the global limit, its route's bucket or a hidden limit."""
        scope = verdict.refused or SCOPE_USER
        bucket = verdict.rule.bucket if verdict.rule is not None else ""
        self._record_429(request, template, verdict.retry_after, scope, bucket, injected=False)
        # A global 429 carries no bucket headers (Discord's documented example has none); a
        # shared one carries its route's, which still show requests remaining (as in Discord's
        # documented example of a shared 429): they never warned of the hidden limit.
        headers = {} if scope == SCOPE_GLOBAL else verdict.bucket_headers(wall_time())
        # The hidden webhook limit's answer reads as users report it, not as Discord's
        # documented example of a shared 429 ("The resource is being rate limited.").
        message = HIDDEN_LIMIT_MESSAGE if scope == SCOPE_SHARED else None
        return rate_limited_response(
            verdict.retry_after, scope=scope, headers=headers, message=message
        )

    def _injected_429(
        self, request: web.Request, template: str, injected: InjectedLimit
    ) -> web.Response:
        scope = SCOPE_GLOBAL if injected.is_global else SCOPE_USER
        bucket = "" if injected.is_global else injected.bucket
        self._record_429(request, template, injected.retry_after, scope, bucket, injected=True)
        headers = {}
        if not injected.is_global:
            retry = injected.retry_after
            headers = {
                "X-RateLimit-Limit": "1",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{wall_time() + retry:.3f}",
                "X-RateLimit-Reset-After": f"{retry:.3f}",
                "X-RateLimit-Bucket": bucket,
            }
        return rate_limited_response(injected.retry_after, scope=scope, headers=headers)

    def _record_429(
        self,
        request: web.Request,
        template: str,
        retry_after: float,
        scope: str,
        bucket: str,
        *,
        injected: bool,
    ) -> None:
        _log.debug("sandbox: 429 (%s) on %s %s", scope, request.method, template)
        self._rate_limits.append(
            RateLimitRecord(
                request.method,
                request.path,
                template,
                retry_after,
                scope == SCOPE_GLOBAL,
                wall_time(),
                scope=scope,
                bucket=bucket,
                injected=injected,
            )
        )

    def _record(
        self, request: web.Request, route: str, response: web.StreamResponse, *, injected: bool
    ) -> None:
        now = self.clock.now()
        status = response.status
        code = _error_code(response) if status >= 400 else 0
        record = RequestRecord(
            request.method,
            request.path,
            status,
            now,
            route,
            route not in GLOBAL_EXEMPT,
            request.match_info.get("token", ""),
            request.get(SENT_KEY, self._arrivals),
        )
        self.requests.append(record)
        self._track_unknown_webhook(record, code, sent_so_far=self._arrivals)
        if 400 <= status < 500:
            error = ClientError(
                request.method,
                route,
                request.path,
                status,
                code,
                _counts_as_invalid(response),
                injected,
                now,
                request.get(FAILING_TOKEN_KEY, False),
            )
            self._client_errors.append(error)
