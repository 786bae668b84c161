"""Deals of the unseen cards for the compiled search, from one seat's knowledge.

``knowledge`` packs ``determinize.Knowledge`` into an int array (``K_*`` slots), and
``sample_hands`` deals the unseen cards as ``determinize.sample_hands`` does: each other seat
gets exactly its count and no card of a suit it showed void in, the most constrained seat
first, the cards no later seat may hold going to the seat that must take them; the rest (the
Smear stock) is left out. After ``TRIES`` failures, hardly possible, the voids are relaxed.
"""

from __future__ import annotations

from typing import Any

from engine.ai.determinize import Knowledge
from engine.ai.fast.jit import Ints, int_array, ints, kernel, popcount
from engine.ai.fast.rng import pick

K_SEAT = 0
K_N = 1
K_HAND = 2
K_UNKNOWN = 3
K_COUNTS = 4
K_VOID = 10
K_PLAYED_BY = 16
K_SIZE = 22
TRIES = 50


def knowledge(know: Knowledge) -> Any:
    """A seat's knowledge as the kernels' int array."""
    kn = [0] * K_SIZE
    kn[K_SEAT] = know.seat
    kn[K_N] = know.seats
    kn[K_HAND] = know.hand
    kn[K_UNKNOWN] = know.unknown
    for s in range(know.seats):
        kn[K_COUNTS + s] = know.counts[s]
        kn[K_VOID + s] = know.void[s]
        kn[K_PLAYED_BY + s] = know.played_by[s]
    return int_array(kn)


@kernel
def order_seats(kn: Ints, order: Ints) -> int:
    """The other seats still holding cards, most constrained first (fewest allowed cards per
    card needed; a stable order on a tie), into ``order``; returns how many."""
    n = kn[K_N]
    left = kn[K_UNKNOWN]
    k = 0
    for s in range(n):
        if s == kn[K_SEAT] or kn[K_COUNTS + s] <= 0:
            continue
        key = popcount(left & ~kn[K_VOID + s]) - kn[K_COUNTS + s]
        i = k
        while i > 0:
            t = order[i - 1]
            if popcount(left & ~kn[K_VOID + t]) - kn[K_COUNTS + t] <= key:
                break
            order[i] = t
            i -= 1
        order[i] = s
        k += 1
    return k


@kernel
def try_deal(kn: Ints, rng: Ints, order: Ints, k: int, relax: bool, hands: Ints) -> bool:
    """One attempt at a deal into ``hands``; False if a seat could not be served."""
    left = kn[K_UNKNOWN]
    for i in range(k):
        s = order[i]
        allowed = left if relax else left & ~kn[K_VOID + s]
        need = kn[K_COUNTS + s]
        if popcount(allowed) < need:
            return False
        if i + 1 < k and not relax:
            # Cards that no later seat may hold, and no stock can absorb, are taken here.
            later_allowed = 0
            later_need = need
            for j in range(i + 1, k):
                t = order[j]
                later_allowed |= left & ~kn[K_VOID + t]
                later_need += kn[K_COUNTS + t]
            forced = allowed & ~later_allowed
            stock = popcount(left) - later_need
            if popcount(forced) > need + stock:
                return False
            must = max(0, popcount(forced) - stock)
            take = pick(rng, forced, must) if must else 0
            take |= pick(rng, allowed & ~take, need - must)
        else:
            take = pick(rng, allowed, need)
        hands[s] = take
        left &= ~take
    return True


@kernel
def sample_hands(kn: Ints, rng: Ints, hands: Ints) -> None:
    """A deal of the unseen cards into ``hands`` (the own hand kept)."""
    n = kn[K_N]
    order = ints(6)
    k = order_seats(kn, order)
    for attempt in range(TRIES + 1):
        for s in range(n):
            hands[s] = 0
        hands[kn[K_SEAT]] = kn[K_HAND]
        if try_deal(kn, rng, order, k, attempt == TRIES, hands):
            return


__all__ = ["K_SIZE", "knowledge", "sample_hands"]
