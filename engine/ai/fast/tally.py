"""The search's bookkeeping over its deals, compiled: each arm's weighted means, and the paired
difference of two arms over the same deals (its mean and variance), which the search prunes
and stops by.

Results live in flat arrays: ``weights[d]`` per deal, ``outcomes[(d * arms + a) * OUTCOME + k]``
per deal, arm and measure. The sums run in deal order, so the compiled and interpreted kernels
agree to the last bit (numpy's pairwise sums would not).
"""

from __future__ import annotations

from engine.ai.fast.jit import Floats, kernel
from engine.ai.fast.search import OUTCOME


@kernel
def arm_means(
    weights: Floats, outcomes: Floats, deals: int, arms: int, arm: int, out: Floats
) -> None:
    """The weighted mean of each measure of ``arm`` over its first ``deals`` deals."""
    total = 0.0
    for k in range(OUTCOME):
        out[k] = 0.0
    for d in range(deals):
        w = weights[d]
        total += w
        off = (d * arms + arm) * OUTCOME
        for k in range(OUTCOME):
            out[k] += w * outcomes[off + k]
    if total > 0.0:
        for k in range(OUTCOME):
            out[k] = out[k] / total


@kernel
def gap(
    weights: Floats, outcomes: Floats, deals: int, arms: int, a: int, b: int, measure: int
) -> tuple[float, float, float]:
    """The weighted mean and variance of (``measure`` of ``a`` - ``measure`` of ``b``; 0 the
    value, 1 the margin) deal by deal, and the deals' effective number (Kish: (sum w)^2 /
    sum w^2; fewer than the deals when a few deals explain the table far better than the
    rest)."""
    total = 0.0
    squares = 0.0
    mean = 0.0
    for d in range(deals):
        w = weights[d]
        total += w
        squares += w * w
        mean += w * (
            outcomes[(d * arms + a) * OUTCOME + measure]
            - outcomes[(d * arms + b) * OUTCOME + measure]
        )
    if total <= 0.0:
        return 0.0, 0.0, 0.0
    mean /= total
    var = 0.0
    for d in range(deals):
        g = (
            outcomes[(d * arms + a) * OUTCOME + measure]
            - outcomes[(d * arms + b) * OUTCOME + measure]
            - mean
        )
        var += weights[d] * g * g
    return mean, var / total, total * total / squares


__all__ = ["arm_means", "gap"]
