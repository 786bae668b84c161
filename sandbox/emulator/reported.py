"""Behaviour Discord's users report but Discord does not document, as switches a test turns on
(all off by default): the hidden per-channel limit on webhook messages (sandbox.ratelimits
``HiddenLimit``) and a share of interaction tokens whose webhook requests all answer 404
"Unknown Webhook" while their interaction callback works (discord-api-docs #6851, #7220).

The second also keeps what a bot must never do once a token answered 10015: Discord's rate-limit
page asks that a webhook that answered 404 not be used again ("repeated attempts to do so will
result in a temporary restriction"), so every later request through that token is recorded.
"""

from __future__ import annotations

import random
from collections import Counter

from aiohttp import web

from sandbox.emulator.state import EmulatorState
from sandbox.interactions import InteractionHandle
from sandbox.models import RequestRecord
from sandbox.ratelimits import HiddenLimit
from sandbox.responses import error_response

UNKNOWN_WEBHOOK = 10015
# A marker the webhook handlers put on a request answered 10015 because of failing_tokens, so
# that the pipeline records the answer as coming from this option.
FAILING_TOKEN_KEY = web.RequestKey("sandbox.failing_token", bool)
SENT_KEY = web.RequestKey("sandbox.sent", int)  # the request's place in the order sent
REPORTED_FAILING_SHARE = 0.05  # what reported_limits=True turns on, unless told otherwise


class ReportedBehaviour(EmulatorState):
    # ----- switches ----------------------------------------------------------------------------

    def limit_webhooks_per_channel(self, limit: int = 30, period: float = 60.0) -> None:
        """From now on at most ``limit`` webhook message creates (``POST /webhooks/{app}/{token}``,
        ephemeral followups included) per ``period`` seconds in one channel (a thread is a
        channel of its own); over it, a 429 with ``X-RateLimit-Scope: shared`` that no header
        announced. ``limit=0`` turns it off."""
        self.limiter.hidden = HiddenLimit(limit, period) if limit > 0 else None

    def fail_tokens(self, share: float, *, seed: int = 1) -> None:
        """From now on each new interaction's token fails with probability ``share`` (drawn
        from a generator seeded with ``seed``, so a test run is repeatable): every webhook
        request through it answers 404 10015 "Unknown Webhook", its callback still works."""
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"share must be between 0 and 1, not {share}")
        self._failing_share = share
        self._failing_rng = random.Random(seed)

    def fail_token(self, token: str | InteractionHandle) -> None:
        """Makes one interaction's token fail, as ``fail_tokens`` would have."""
        self._failing_tokens.add(token.token if isinstance(token, InteractionHandle) else token)

    # ----- what happened -----------------------------------------------------------------------

    @property
    def failing_tokens(self) -> frozenset[str]:
        """The tokens made to fail (whether or not the bot used them)."""
        return frozenset(self._failing_tokens)

    def failed_tokens(self) -> list[str]:
        """The failing tokens that answered 404 10015 at least once, in the order they first
        did."""
        return list(self._failed_tokens)

    def requests_after_unknown_webhook(self) -> list[RequestRecord]:
        """Every request sent through a token after that token had answered 404 10015 (from
        ``failing_tokens`` or not): a bot should make none. One sent before that answer and
        delayed on the network (``slow_down``) past it is not such a request."""
        return list(self._after_unknown_webhook)

    def requests_after_unknown_webhook_by_token(self) -> Counter[str]:
        """How many requests each token got after it had answered 404 10015."""
        return Counter(r.token for r in self._after_unknown_webhook)

    # ----- for the handlers and the pipeline ---------------------------------------------------

    def _draw_token_failure(self, handle: InteractionHandle) -> None:
        """Decides, when an interaction is created, whether its token is one that fails."""
        if self._failing_share and self._failing_rng.random() < self._failing_share:
            self._failing_tokens.add(handle.token)

    def _failing_token_answer(self, request: web.Request, token: str) -> web.Response | None:
        """The answer of a webhook request through a failing token (None for the others)."""
        if token not in self._failing_tokens:
            return None
        request[FAILING_TOKEN_KEY] = True
        if token not in self._failed_tokens:
            self._failed_tokens.append(token)
        return error_response(404, UNKNOWN_WEBHOOK, "Unknown Webhook")

    def _track_unknown_webhook(self, record: RequestRecord, code: int, *, sent_so_far: int) -> None:
        """Notes a request through a token that had already answered 10015 when it was sent,
        and tokens that answer it now (``sent_so_far``: how many requests were sent by then)."""
        if not record.token:
            return
        answered = self._unknown_webhook_after.get(record.token)
        if answered is not None and record.sent > answered:
            self._after_unknown_webhook.append(record)
        if record.status == 404 and code == UNKNOWN_WEBHOOK:
            self._unknown_webhook_after.setdefault(record.token, sent_so_far)
