"""The kernels' random numbers: xoshiro128** on 32-bit words held in ints.

Compiled and interpreted kernels must draw the same numbers, so the generator is one whose
every step fits a 64-bit int without overflow (32-bit words, multipliers 5 and 9): numba's
wrapping integers and Python's unbounded ones then agree. A search seeds it from the player's
``random.Random``, so a decision stays a function of the view and that generator.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.fast.jit import Ints, int_array, kernel, popcount

M32 = 0xFFFFFFFF


def seeded(rng: random.Random) -> Any:
    """A kernel generator state (four words, not all zero) drawn from ``rng``."""
    words = [rng.getrandbits(32) for _ in range(4)]
    if not any(words):
        words[0] = 1
    return int_array(words)


@kernel
def next32(s: Ints) -> int:
    """The next 32 random bits; advances the state ``s``."""
    s0 = s[0]
    s1 = s[1]
    s2 = s[2]
    s3 = s[3]
    r = (s1 * 5) & M32
    r = ((r << 7) | (r >> 25)) & M32
    r = (r * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    s[0] = s0
    s[1] = s1
    s[2] = s2
    s[3] = s3
    return r


@kernel
def below(s: Ints, k: int) -> int:
    """A random int in [0, k) (k < 2**31; bias below 2**-1 of k / 2**32)."""
    return (next32(s) * k) >> 32


@kernel
def kth_bit(mask: int, k: int) -> int:
    """The bit (as a mask) of the k-th set bit of ``mask``, counting from the lowest."""
    while k:
        mask &= mask - 1
        k -= 1
    return mask & -mask


@kernel
def pick(s: Ints, mask: int, k: int) -> int:
    """``k`` bits drawn uniformly from ``mask`` (k <= its count), as a mask."""
    out = 0
    left = mask
    count = popcount(left)
    for _ in range(k):
        bit = kth_bit(left, below(s, count))
        out |= bit
        left ^= bit
        count -= 1
    return out


__all__ = ["below", "kth_bit", "next32", "pick", "seeded"]
