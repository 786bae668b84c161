"""What the emulator recorded, for tests and benchmarks to assert on: Discord violations, rate
limit hits (429s, with their scope) and client errors (every 4xx answer)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from sandbox.emulator.state import EmulatorState
from sandbox.models import ClientError, RateLimitRecord, Violation


class Records(EmulatorState):
    # ----- violations ------------------------------------------------------------------------

    def violations_of(self, kind: str) -> list[Violation]:
        return [v for v in self.violations if v.kind == kind]

    def assert_no_violations(self) -> None:
        if self.violations:
            lines = "\n  ".join(str(v) for v in self.violations)
            raise AssertionError(f"{len(self.violations)} Discord violation(s):\n  {lines}")

    def clear_violations(self) -> None:
        self.violations.clear()

    # ----- requests --------------------------------------------------------------------------

    def request_counts(self, *, global_limited: bool | None = None) -> Counter[str]:
        """How many requests each route got, keyed ``"METHOD /route/{template}"``; only those
        under the bot token's global limit (True) or only the interaction routes (False)."""
        return Counter(
            f"{r.method} {r.route}"
            for r in self.requests
            if global_limited is None or r.global_limited == global_limited
        )

    # ----- rate limits -----------------------------------------------------------------------

    @property
    def rate_limit_hits(self) -> list[RateLimitRecord]:
        """Every 429 the emulator answered, injected by a test or from its real limits."""
        return list(self._rate_limits)

    def rate_limits(
        self, *, scope: str | None = None, injected: bool | None = None
    ) -> list[RateLimitRecord]:
        """The 429s answered, optionally only of one ``scope`` (``global``, ``user``,
        ``shared``) and only injected (True) or only from the real limits (False)."""
        return [
            hit
            for hit in self._rate_limits
            if (scope is None or hit.scope == scope)
            and (injected is None or hit.injected == injected)
        ]

    def rate_limit_counts(
        self, *, scope: str | None = None, injected: bool | None = None
    ) -> Counter[str]:
        """How many 429s each route got, keyed ``"METHOD /route/{template}"``."""
        return Counter(
            f"{hit.method} {hit.route}" for hit in self.rate_limits(scope=scope, injected=injected)
        )

    def assert_no_rate_limits(self, *, scope: str | None = None) -> None:
        """Fails when the real limits answered any 429 (of ``scope``, if given); injected ones
        are the test's own doing and do not count."""
        counts = self.rate_limit_counts(scope=scope, injected=False)
        if counts:
            what = f"{scope} " if scope else ""
            lines = "\n  ".join(f"{n} x {route}" for route, n in counts.most_common())
            raise AssertionError(f"{counts.total()} {what}429(s) from Discord's limits:\n  {lines}")

    # ----- client errors ---------------------------------------------------------------------

    def client_errors(
        self,
        *,
        status: int | None = None,
        invalid: bool | None = None,
        injected: bool | None = None,
    ) -> list[ClientError]:
        """Every 4xx answer the emulator gave, oldest first, optionally only of one ``status``,
        only those Discord counts toward its invalid-request limit (``invalid=True``: 401, 403
        and non-shared 429) and only injected 429s (True) or none of them (False)."""
        return [
            error
            for error in self._client_errors
            if (status is None or error.status == status)
            and (invalid is None or error.invalid == invalid)
            and (injected is None or error.injected == injected)
        ]

    def invalid_request_count(self) -> int:
        """Answers Discord counts toward its invalid-request limit (10,000 per 10 minutes)."""
        return len(self.client_errors(invalid=True, injected=False))

    def assert_no_client_errors(
        self, *, allow: Callable[[ClientError], bool] | None = None
    ) -> None:
        """Fails when the emulator answered any 4xx other than the 429s a test injected and
        those ``allow`` accepts (e.g. ``allow=lambda e: e.status == 404``)."""
        errors = [e for e in self.client_errors(injected=False) if allow is None or not allow(e)]
        if errors:
            lines = "\n  ".join(str(e) for e in errors)
            raise AssertionError(f"{len(errors)} client error(s):\n  {lines}")
