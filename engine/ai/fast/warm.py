"""The kernels made ready before a first decision: compiled once per machine and engine version,
loaded from the disk cache by every process after that.

Every search calls ``warm_up`` first, so the kernels are compiled in one place: under a lock
on the cache folder, so that processes starting together (the bot's pool, the arena's workers,
pytest-xdist's workers) pay the first compile (about 30 s of CPU) once between them, and the
others load its result (about 1 s).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.ai.determinize import knowledge_of
from engine.ai.fast import jit, search, tally
from engine.ai.fast.rng import seeded
from engine.ai.fast.states import position_of
from engine.ai.inference import PLAY_AGREEMENT
from engine.ai.normal import salad_action, smear_action
from engine.record import new_game
from engine.salad import SaladView
from engine.smear import SmearView

_warm: list[bool] = []
_warming = threading.Lock()


def play_deals(view: SmearView | SaladView, deals: int, rng: random.Random) -> None:
    """``deals`` deals of the search at ``view`` on one arm, the ``normal`` rules' move: dealt,
    weighed by the bids and cards seen, played out and measured (the benchmark's unit)."""
    pos = position_of(view, knowledge_of(view))
    flags = search.READ_BIDS | search.READ_PLAYS
    weights = jit.floats(deals)
    outcomes = jit.floats(deals * search.OUTCOME)
    one = jit.int_array([0])
    if isinstance(view, SmearView):
        arm = jit.int_array([smear_action(view), -1])
        search.smear_deals(
            pos.base, pos.kn, pos.bids, pos.nbids, pos.hist, pos.nhist, arm, 1, one, 1, 0,
            deals, seeded(rng), flags, PLAY_AGREEMENT["smear"], 3, weights, outcomes,
        )  # fmt: skip
    else:
        arm = jit.int_array([salad_action(view), -1])
        search.salad_deals(
            pos.base, pos.kn, pos.hist, pos.nhist, arm, 1, one, 1, 0, deals, seeded(rng),
            flags, PLAY_AGREEMENT["salad"], weights, outcomes,
        )  # fmt: skip
    tally.arm_means(weights, outcomes, deals, 1, 0, jit.floats(search.OUTCOME))
    tally.gap(weights, outcomes, deals, 1, 0, 0, 0)


@contextmanager
def _compile_lock(folder: str | None) -> Iterator[None]:
    """An exclusive lock on the kernel cache folder, across processes (none without a folder
    or on a system without ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        fcntl = None  # type: ignore[assignment]
    if folder is None or fcntl is None:
        yield
        return
    with (Path(folder) / "compile.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def warm_up() -> None:
    """Compile (or load from the disk cache) every kernel a search calls, now rather than in
    the middle of a timed decision. Once a process, from any thread (a second caller waits
    until the kernels are ready); nothing to do when the kernels run interpreted."""
    if _warm or not jit.JIT:
        return
    with _warming:
        if _warm:
            return
        with _compile_lock(jit.cache_folder()):
            for game, seats in (("smear", 3), ("salad", 4)):
                state = new_game(game, seats, 1)
                seat = state.current_player
                assert seat is not None
                play_deals(state.view(seat), 2, random.Random(0))
        _warm.append(True)


__all__ = ["play_deals", "warm_up"]
