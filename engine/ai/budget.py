"""The time bound of one search decision."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

# The clock budgets are counted on: wall time, as a player at a table needs. The arena may
# count this process's CPU time instead (``use_cpu_time``), so that a budget measured on a
# shared, busy machine buys the search what one free core would.
_clock: list[Callable[[], float]] = [time.perf_counter]


def use_cpu_time(on: bool) -> None:
    """Count budgets (and ``now``) in this process's CPU time (True) or wall time (False)."""
    _clock[0] = time.process_time if on else time.perf_counter


def now() -> float:
    """The budgets' clock, in seconds."""
    return _clock[0]()


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection during a search: a full collection in the middle of one
    took 10-20 ms, more than a small budget. The search makes no reference cycles (its
    garbage goes by reference counting), and the collector's previous state is restored."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Budget:
    """``budget_ms`` is a bound, not a target: a new deal starts only if the longest deal so
    far, twice over (one deal may take twice another's time), still fits before the end. The
    first deal always runs (a decision needs one)."""

    def __init__(self, budget_ms: float | None) -> None:
        self.lap_start = now()
        self.end = None if budget_ms is None else self.lap_start + budget_ms / 1000.0
        self.longest = 0.0
        self.started = 0

    def another(self) -> bool:
        """Whether to start another deal; call it before each one."""
        t = now()
        if self.started:
            self.longest = max(self.longest, t - self.lap_start)
        self.lap_start = t
        if self.end is not None and self.started and t + 2 * self.longest > self.end:
            return False
        self.started += 1
        return True
