"""The last tricks of a Smear hand, solved exactly with every hand in view (max^n).

Each seat plays the card best for its own chance to win the game, the lowest such card on a
tie; of touching cards of equal worth only the lowest is tried (they lead to the same ends).
High and Low belong to whoever holds those trumps, so only the Jack's trick and the Game count
depend on the play: a line ends in one of a few (jack taker, game winner) pairs, and each pair
is valued once (``smear.measures``). The search keeps the counts as it goes and
undoes each card. Shallow pruning: a seat stops looking once it is sure of at least what the
seat before it would never let it have (the seats' chances sum to 1).

The solver works on its own int array (``E_*`` slots) and returns the end of the best line as
an index into a table of values (``VALUES`` floats an end: chances, margins, score changes).
"""

from __future__ import annotations

from engine.ai.fast.jit import Floats, Ints, floats, ints, kernel, low, top
from engine.ai.fast.smear import (
    CARD_VALUE,
    MAX_SEATS,
    S_BID,
    S_BIDDER,
    S_DEALT,
    S_HANDS,
    S_LEADER,
    S_N,
    S_SCORES,
    S_TARGET,
    S_TLEN,
    S_TO_ACT,
    S_TRICK,
    S_TRUMP,
    S_WON,
    SUIT_MASK,
    game_points,
    measures,
    winning_card,
)
from engine.cards import JACK

NO_LIMIT = 2.0
PRUNE_EPS = 1e-9

E_HANDS = 0
E_TRICK = 3
E_TLEN = 6
E_LEADER = 7
E_COUNTS = 8
E_TAKER = 11
E_N = 12
E_TRUMP = 13
E_JACK = 14
E_FIXED = 15
E_BIDDER = 18
E_BID = 19
E_SCORES = 20
E_TARGET = 23
E_SIZE = 24
ENDS = 16  # (jack taker + 1) * 4 + (game winner + 1)
VALUES = 3 * MAX_SEATS


@kernel
def solve(st: Ints, out: Floats, off: int) -> None:
    """The value of the best line from a Smear state in play: every seat's win chance, margin
    and score change (``smear.measures``) into ``out[off:off + 3n]``."""
    n = st[S_N]
    eg = ints(E_SIZE)
    trump = st[S_TRUMP]
    dealt = 0
    for s in range(n):
        eg[E_HANDS + s] = st[S_HANDS + s]
        dealt |= st[S_DEALT + s]
    tlen = st[S_TLEN]
    for i in range(tlen):
        eg[E_TRICK + i] = st[S_TRICK + i]
    eg[E_TLEN] = tlen
    eg[E_LEADER] = st[S_LEADER] if tlen else st[S_TO_ACT]
    eg[E_N] = n
    eg[E_TRUMP] = trump
    trumps = dealt & SUIT_MASK[trump]
    high_bit = 1 << top(trumps)
    low_bit = trumps & -trumps
    jack = 1 << (trump * 13 + JACK)
    eg[E_JACK] = jack if trumps & jack else 0
    eg[E_TAKER] = -1
    for s in range(n):
        held = st[S_DEALT + s]
        eg[E_FIXED + s] = (1 if held & high_bit else 0) + (1 if held & low_bit else 0)
        if st[S_WON + s] & eg[E_JACK]:
            eg[E_TAKER] = s
        eg[E_COUNTS + s] = game_points(st[S_WON + s])
        eg[E_SCORES + s] = st[S_SCORES + s]
    eg[E_BIDDER] = st[S_BIDDER]
    eg[E_BID] = st[S_BID]
    eg[E_TARGET] = st[S_TARGET]
    values = floats(ENDS * VALUES)
    known = ints(ENDS)
    end = node(eg, values, known, st[S_TO_ACT], NO_LIMIT)
    for k in range(3 * n):
        out[off + k] = values[end * VALUES + k]


@kernel
def node(eg: Ints, values: Floats, known: Ints, who: int, limit: float) -> int:
    """The end of the best line for ``who`` to play on; stops early once ``who`` is sure of at
    least ``limit``. (One function for the card and the trick it may complete: numba compiles
    self-recursion, not mutual recursion.)"""
    n = eg[E_N]
    trump = eg[E_TRUMP]
    tlen = eg[E_TLEN]
    h = eg[E_HANDS + who]
    if tlen:
        follow = h & SUIT_MASK[eg[E_TRICK] // 13]
        if follow:
            h = follow | (h & SUIT_MASK[trump])
    nxt = who + 1 if who + 1 < n else 0
    # Cards still in play: two cards of one suit with none of these between them and the same
    # worth lead to the same ends, so only the lower is tried.
    live = 0
    for s in range(n):
        live |= eg[E_HANDS + s]
    for i in range(tlen):
        live |= 1 << eg[E_TRICK + i]
    jack = trump * 13 + JACK
    prev = -1
    best = -1
    best_value = -1.0
    while h:
        bit = h & -h
        h ^= bit
        card = low(bit)
        if (
            prev >= 0
            and prev // 13 == card // 13
            and CARD_VALUE[prev] == CARD_VALUE[card]
            and prev != jack
            and card != jack
            and not live & ((1 << card) - 1) & ~((2 << prev) - 1)
        ):
            prev = card
            continue
        prev = card
        eg[E_HANDS + who] ^= bit
        eg[E_TRICK + tlen] = card
        eg[E_TLEN] = tlen + 1
        if tlen < n - 1:
            end = node(eg, values, known, nxt, 1.0 - best_value + PRUNE_EPS)
        else:
            # The card completes the trick: its winner leads the rest of the hand.
            winner, worth, taker = take_trick(eg)
            rest = eg[E_HANDS + winner]
            if rest and not rest & (rest - 1):
                end = last_trick(eg, values, known, winner)
            elif rest:
                leader = eg[E_LEADER]
                t0 = eg[E_TRICK]
                t1 = eg[E_TRICK + 1]
                t2 = eg[E_TRICK + 2]
                eg[E_TLEN] = 0
                eg[E_LEADER] = winner
                next_limit = NO_LIMIT if winner == who else 1.0 - best_value + PRUNE_EPS
                end = node(eg, values, known, winner, next_limit)
                eg[E_TRICK] = t0
                eg[E_TRICK + 1] = t1
                eg[E_TRICK + 2] = t2
                eg[E_LEADER] = leader
            else:
                end = leaf(eg, values, known)
            eg[E_COUNTS + winner] -= worth
            eg[E_TAKER] = taker
        eg[E_TLEN] = tlen
        eg[E_HANDS + who] ^= bit
        v = values[end * VALUES + who]
        if v > best_value:
            best = end
            best_value = v
            if best_value >= limit:
                break
    return best


@kernel
def take_trick(eg: Ints) -> tuple[int, int, int]:
    """Credit the complete trick to its winner (count, jack): the winner, the trick's count,
    and who had taken the jack before (to undo)."""
    n = eg[E_N]
    tm = 0
    worth = 0
    for i in range(n):
        c = eg[E_TRICK + i]
        tm |= 1 << c
        worth += CARD_VALUE[c]
    w = winning_card(tm, eg[E_TRICK] // 13, eg[E_TRUMP])
    index = 0
    while eg[E_TRICK + index] != w:
        index += 1
    winner = (eg[E_LEADER] + index) % n
    taker = eg[E_TAKER]
    if tm & eg[E_JACK]:
        eg[E_TAKER] = winner
    eg[E_COUNTS + winner] += worth
    return winner, worth, taker


@kernel
def last_trick(eg: Ints, values: Floats, known: Ints, leader: int) -> int:
    """One card each: the last trick is forced."""
    n = eg[E_N]
    tm = 0
    for s in range(n):
        tm |= eg[E_HANDS + s]
    w = 1 << winning_card(tm, top(eg[E_HANDS + leader]) // 13, eg[E_TRUMP])
    winner = 0
    while not eg[E_HANDS + winner] & w:
        winner += 1
    worth = game_points(tm)
    taker = eg[E_TAKER]
    if tm & eg[E_JACK]:
        eg[E_TAKER] = winner
    eg[E_COUNTS + winner] += worth
    end = leaf(eg, values, known)
    eg[E_COUNTS + winner] -= worth
    eg[E_TAKER] = taker
    return end


@kernel
def leaf(eg: Ints, values: Floats, known: Ints) -> int:
    """The end of a line: valued the first time it is reached."""
    n = eg[E_N]
    most = -1
    game = -1
    for s in range(n):
        c = eg[E_COUNTS + s]
        if c > most:
            most = c
            game = s
        elif c == most:
            game = -1
    end = (eg[E_TAKER] + 1) * 4 + game + 1
    if not known[end]:
        value_end(eg, values, end, eg[E_TAKER], game)
        known[end] = 1
    return end


@kernel
def value_end(eg: Ints, values: Floats, end: int, jack: int, game: int) -> None:
    n = eg[E_N]
    points = ints(MAX_SEATS)
    for s in range(n):
        points[s] = eg[E_FIXED + s]
    if jack >= 0:
        points[jack] += 1
    if game >= 0:
        points[game] += 1
    b = eg[E_BIDDER]
    bid = eg[E_BID]
    made = points[b] >= bid
    change = floats(MAX_SEATS)
    for s in range(n):
        change[s] = float(points[s])
    if not made:
        change[b] = -float(bid)
    target = eg[E_TARGET]
    winner = -1
    if made and (eg[E_SCORES + b] + points[b] >= target or (bid == 4 and eg[E_SCORES + b] >= 1)):
        winner = b
    measures(eg, E_SCORES, change, winner, n, target, values, end * VALUES)


__all__ = ["VALUES", "solve"]
