"""Salad for the compiled search: the rules (RULES.md C1-C6) and the ``normal`` level's cards,
on a state held in one flat int array.

A port of ``engine.salad``'s fast path and ``engine.ai.salad_policy`` (careful play, as
``engine.ai.salad_normal`` plays it) to the kernel subset (``engine.ai.fast.jit``); those stay
the reference, and the tests hold every function here to them on random positions.
"""

from __future__ import annotations

from engine.ai.fast.jit import Ints, int_table, kernel, low, popcount, top
from engine.ai.salad_policy import PENALTY as _PENALTY
from engine.ai.search import SALAD_WIN_VALUE
from engine.cards import ACE, KING, QUEEN, SPADES
from engine.salad import DECK_MASK as _DECK_MASK
from engine.salad import HAND_SIZE as _HAND_SIZE
from engine.salad import HANDS_PER_GAME

DEAL, PLAY, OVER = 0, 2, 3
MAX_SEATS = 6

S_HANDS = 0
S_WON = 6
S_SCORES = 12
S_BEFORE = 18
S_COUNTS = 24
S_TRICK = 30
S_TLEN = 36
S_LEADER = 37
S_TO_ACT = 38
S_TAKEN = 39
S_TRICKS_DONE = 40
S_PHASE = 41
S_N = 42
S_HAND_INDEX = 43
S_DEALER = 44
S_SIZE = 45

SUIT_MASK = int_table([0x1FFF << (13 * s) for s in range(4)])
HEARTS = SUIT_MASK[2]
KS = SPADES * 13 + KING
AS = SPADES * 13 + ACE
QUEENS = sum(1 << (s * 13 + QUEEN) for s in range(4))
# C4: what ends hands 2, 3 and 4 early, by contract (0: never).
EARLY_END = int_table([0, 0, HEARTS, QUEENS, 1 << KS, 0, 0])
PENALTY = int_table([0] * 52 + [p for k in range(1, 7) for p in _PENALTY[k]])
HAND_SIZE = int_table([_HAND_SIZE.get(n, 0) for n in range(MAX_SEATS + 1)])
DECK_MASK = int_table([_DECK_MASK.get(n, 0) for n in range(MAX_SEATS + 1)])


@kernel
def legal_mask(st: Ints) -> int:
    if st[S_PHASE] != PLAY:
        return 0
    h = st[S_HANDS + st[S_TO_ACT]]
    if st[S_TLEN]:
        follow = h & SUIT_MASK[st[S_TRICK] // 13]
        if follow:
            return follow
    return h


@kernel
def penalty_of(contract: int, won: int, tricks: int, last: bool) -> int:
    """``salad.penalties_of`` for one seat: its cards won, tricks taken, and whether it took
    the last trick."""
    p = 0
    if contract == 1 or contract == 6:
        p += 10 * tricks
    if contract == 2 or contract == 6:
        p += 10 * popcount(won & HEARTS)
    if contract == 3 or contract == 6:
        p += 25 * popcount(won & QUEENS)
    if (contract == 4 or contract == 6) and won & (1 << KS):
        p += 100
    if (contract == 5 or contract == 6) and last:
        p += 100
    return p


@kernel
def score_hand(st: Ints, last: int) -> None:
    """Score the hand (``last``: the last trick's winner, -1 if C4 ended it early)."""
    n = st[S_N]
    contract = st[S_HAND_INDEX] + 1
    for s in range(n):
        st[S_SCORES + s] += penalty_of(contract, st[S_WON + s], st[S_COUNTS + s], s == last)
    st[S_HAND_INDEX] += 1
    st[S_TO_ACT] = -1
    if st[S_HAND_INDEX] == HANDS_PER_GAME:
        st[S_PHASE] = OVER
        return
    st[S_DEALER] = (st[S_DEALER] + 1) % n
    st[S_PHASE] = DEAL


@kernel
def apply(st: Ints, card: int) -> None:
    """Play a legal card (C2-C4)."""
    n = st[S_N]
    seat = st[S_TO_ACT]
    st[S_HANDS + seat] ^= 1 << card
    tlen = st[S_TLEN]
    if tlen == 0:
        st[S_LEADER] = seat
    st[S_TRICK + tlen] = card
    tlen += 1
    st[S_TLEN] = tlen
    if tlen < n:
        st[S_TO_ACT] = seat + 1 if seat + 1 < n else 0
        return
    tm = 0
    for i in range(n):
        tm |= 1 << st[S_TRICK + i]
    w = top(tm & SUIT_MASK[st[S_TRICK] // 13])
    index = 0
    while st[S_TRICK + index] != w:
        index += 1
    winner = (st[S_LEADER] + index) % n
    st[S_WON + winner] |= tm
    st[S_COUNTS + winner] += 1
    st[S_TAKEN] |= tm
    st[S_TLEN] = 0
    st[S_TRICKS_DONE] += 1
    st[S_TO_ACT] = winner
    contract = st[S_HAND_INDEX] + 1
    need = EARLY_END[contract]
    if st[S_TRICKS_DONE] == HAND_SIZE[n]:
        score_hand(st, winner)
    elif need and st[S_TAKEN] & need == need:
        score_hand(st, -1)


@kernel
def highest_rank(cards: int) -> int:
    """The card of highest rank (the lowest-numbered on a tie)."""
    best = -1
    m = cards
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        if best < 0 or c % 13 > best % 13:
            best = c
    return best


@kernel
def danger(c: int, hand: int, unknown: int, contract: int) -> float:
    """``salad_policy._danger``: how much keeping ``c`` may cost later."""
    pen = PENALTY[contract * 52 + c]
    s = c // 13
    below = popcount(unknown & SUIT_MASK[s] & ((1 << c) - 1))
    above = popcount(unknown & SUIT_MASK[s] & ~((2 << c) - 1))
    length = popcount(hand & SUIT_MASK[s])
    d = pen * 3.0 + (c % 13) * 1.0 + below * 0.5 - above * 0.8
    if (contract == 4 or contract == 6) and s == SPADES and c > KS and not (hand >> KS & 1):
        d += 40
    if (contract == 3 or contract == 6) and c % 13 > QUEEN:
        d += 8
    return d - length * 0.3


@kernel
def lead(cards: int, unknown: int, contract: int) -> int:
    """``salad_policy._lead`` (careful): the card whose expected cost is least."""
    base = contract * 52
    best_c = low(cards)
    best_cost = 1e9
    queens_out = popcount(unknown & QUEENS)
    ks_out = unknown >> KS & 1
    m = cards
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        s = c // 13
        above = popcount(unknown & SUIT_MASK[s] & ~((2 << c) - 1))
        below = popcount(unknown & SUIT_MASK[s] & ((1 << c) - 1))
        win = 1.0 if above == 0 else below / (below + above * 2.0 + 1)
        exposure = 10.0 if contract == 1 or contract == 6 else 0.0
        if contract == 2 or contract == 6:
            exposure += 5.0
        if contract == 3 or contract == 6:
            exposure += 10.0 * queens_out / 4
        if (contract == 4 or contract == 6) and ks_out:
            exposure += 30.0 if s != SPADES else (60.0 if c > KS else 0.0)
        cost = win * (exposure + PENALTY[base + c]) + (1 - win) * 0.0
        if (contract == 4 or contract == 6) and s == SPADES and c < KS and ks_out:
            cost -= 5.0
        if (contract == 4 or contract == 6) and c == KS:
            cost += 200.0 if unknown >> AS & 1 else 0.0
        cost += (c % 13) * 0.05
        if cost < best_cost:
            best_c = c
            best_cost = cost
    return best_c


@kernel
def least_penalty(cards: int, base: int, high_first: bool) -> int:
    """The card of ``cards`` with the least penalty; on a tie the highest (``high_first``) or
    the lowest."""
    best = -1
    m = cards
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        if (
            best < 0
            or PENALTY[base + c] < PENALTY[base + best]
            or (PENALTY[base + c] == PENALTY[base + best] and high_first)
        ):
            best = c
    return best


@kernel
def follow(cards: int, best: int, unknown_led: int, contract: int, value: int, last: bool) -> int:
    """``salad_policy._follow`` (careful): following suit under ``best``."""
    base = contract * 52
    ducks = cards & ((1 << best) - 1)
    if ducks:
        pick = -1
        m = ducks
        while m:
            bit = m & -m
            m ^= bit
            c = low(bit)
            if pick < 0 or PENALTY[base + c] >= PENALTY[base + pick]:
                pick = c
        return pick
    if last:
        return least_penalty(cards, base, True)
    higher_out = unknown_led & ~((2 << low(cards)) - 1)
    if not higher_out:
        return least_penalty(cards, base, True)
    if value == 0 and (contract == 2 or contract == 3) and PENALTY[base + top(cards)] == 0:
        if popcount(cards) > 2:
            return least_penalty(cards, base, True)
        return low(cards)
    return least_penalty(cards, base, False)


@kernel
def choose_card(
    hand: int,
    legal: int,
    st: Ints,
    seat: int,
    n: int,
    contract: int,
    played: int,
    deck: int,
    tricks_left: int,
) -> int:
    """``salad_normal.choose_card``: the ``normal`` card, with the open trick from ``st``."""
    unknown = deck & ~hand & ~played
    last_pen = 100 if (contract == 5 or contract == 6) and tricks_left == 1 else 0
    free = contract == 5 and tricks_left > 2
    if contract == 5 and tricks_left == 2:
        contract = 1
    base = contract * 52
    trick_pen = 10 if contract == 1 or contract == 6 else 0
    tlen = st[S_TLEN]
    if tlen == 0:
        if free:
            return highest_rank(legal)
        return lead(legal, unknown, contract)
    led_mask = SUIT_MASK[st[S_TRICK] // 13]
    tm = 0
    value = trick_pen + last_pen
    for i in range(tlen):
        c = st[S_TRICK + i]
        tm |= 1 << c
        value += PENALTY[base + c]
    best = top(tm & led_mask)
    if legal & led_mask:
        if free:
            return top(legal)
        return follow(legal, best, unknown & led_mask, contract, value, tlen == n - 1)
    if free:
        return highest_rank(legal)
    pick = -1
    pick_danger = 0.0
    m = legal
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        d = danger(c, hand, unknown, contract)
        if pick < 0 or d > pick_danger:
            pick = c
            pick_danger = d
    return pick


@kernel
def play_out(st: Ints) -> None:
    """``salad_normal.play_out``: the rest of the hand, every seat on the ``normal`` rules."""
    n = st[S_N]
    deck = DECK_MASK[n]
    size = HAND_SIZE[n]
    index = st[S_HAND_INDEX]
    contract = index + 1
    while st[S_PHASE] == PLAY and st[S_HAND_INDEX] == index:
        legal = legal_mask(st)
        if not legal & (legal - 1):
            apply(st, top(legal))
            continue
        held = 0
        for s in range(n):
            held |= st[S_HANDS + s]
        who = st[S_TO_ACT]
        card = choose_card(
            st[S_HANDS + who],
            legal,
            st,
            who,
            n,
            contract,
            deck & ~held,
            deck,
            size - st[S_TRICKS_DONE],
        )
        apply(st, card)


@kernel
def value(st: Ints, seat: int) -> float:
    """``search.salad_value``: the others' mean penalty this hand minus ours, and the game won
    (shared among the lowest) when the hand ended it."""
    n = st[S_N]
    mine = st[S_SCORES + seat] - st[S_BEFORE + seat]
    others = 0
    for i in range(n):
        if i != seat:
            others += st[S_SCORES + i] - st[S_BEFORE + i]
    v = others / (n - 1) - mine
    if st[S_PHASE] == OVER:
        least = st[S_SCORES]
        for i in range(n):
            least = min(least, st[S_SCORES + i])
        if st[S_SCORES + seat] == least:
            ties = 0
            for i in range(n):
                if st[S_SCORES + i] == least:
                    ties += 1
            v += SALAD_WIN_VALUE / ties
    return v


__all__ = ["S_SIZE", "apply", "choose_card", "legal_mask", "play_out", "value"]
