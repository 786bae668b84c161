"""Smear for the compiled search: the rules (RULES.md S1-S14), the ``normal`` level's bids and
cards, and a hand's measures, on a state held in one flat int array.

This is a port of ``engine.smear``'s fast path, ``engine.ai.smear_normal`` and
``engine.ai.smear_policy`` (careful play), ``engine.ai.bid_model`` and ``engine.ai.win_model``
to the kernel subset (``engine.ai.fast.jit``). Those stay the reference: the tests hold every
function here to them, card for card and float for float, on random positions.

The state (``S_*`` slots): each seat's hand, hand as dealt and cards won; the scores (now and
at the decision the search is making); the open trick; who leads, who acts, trump, bidder and
bid, how many have bid, tricks done, the phase (``engine.core.Phase``), seats, target and the
``stuck_dealer`` option. A copy is one array copy.
"""

from __future__ import annotations

import math

from engine.ai.bid_model_data import PASS_VALUE, TOTAL_POINTS
from engine.ai.bid_model_data import WEIGHTS as BID_WEIGHTS
from engine.ai.fast.jit import (
    Floats,
    Ints,
    float_table,
    floats,
    int_table,
    ints,
    kernel,
    low,
    popcount,
    top,
)
from engine.ai.search import WIN_VALUE
from engine.ai.smear_normal import GO_OUT_SHARE, MAKE_SHARE, STOP_SHARE
from engine.ai.smear_policy import CARD_VALUE as _CARD_VALUE
from engine.ai.win_model import NEED_CAP
from engine.ai.win_model_data import WEIGHTS as WIN_WEIGHTS
from engine.cards import ACE, JACK, KING, QUEEN, TEN, TWO
from engine.smear import GAME_VALUE_BY_RANK, HAND_SIZE, TRICKS_PER_HAND

FULL = (1 << 52) - 1
PASS = 52
BID_OFFSET = 52
DEAL, BID, PLAY, OVER = 0, 1, 2, 3
MAX_SEATS = 3

# State slots.
S_HANDS = 0
S_DEALT = 3
S_WON = 6
S_SCORES = 9
S_BEFORE = 12
S_TRICK = 15
S_TLEN = 18
S_LEADER = 19
S_TO_ACT = 20
S_TRUMP = 21
S_BIDDER = 22
S_BID = 23
S_BIDS_MADE = 24
S_TRICKS_DONE = 25
S_PHASE = 26
S_N = 27
S_TARGET = 28
S_STUCK = 29
S_WINNER = 30
S_DEALER = 31
S_SIZE = 32

SUIT_MASK = int_table([0x1FFF << (13 * s) for s in range(4)])
CARD_VALUE = int_table(_CARD_VALUE)
SUIT_GAME_POINTS = int_table(
    [sum(GAME_VALUE_BY_RANK[r] for r in range(13) if m >> r & 1) for m in range(1 << 13)]
)
# The bidding model, flat: seats 2 and 3, four weight vectors of 16 each.
BID_W = float_table([w for seats in (2, 3) for vec in BID_WEIGHTS[seats] for w in vec])
BID_TOTAL = float_table([TOTAL_POINTS[2], TOTAL_POINTS[3]])
BID_PASS = float_table([PASS_VALUE[2], PASS_VALUE[3]])
MAKE = float_table([0.0, 0.0, MAKE_SHARE[2], MAKE_SHARE[3], MAKE_SHARE[4]])
WIN_W = float_table([w for seats in (2, 3) for w in WIN_WEIGHTS[seats]])
# Legal bids by the high bid so far (0, 2, 3): pass and every higher bid.
BID_MASKS = int_table(
    [
        (1 << PASS) | (1 << (BID_OFFSET + 2)) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4)),
        0,
        (1 << PASS) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4)),
        (1 << PASS) | (1 << (BID_OFFSET + 4)),
    ]
)
ALL_BIDS = (1 << (BID_OFFSET + 2)) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4))


# ----------------------------------------------------------------------------- rules


@kernel
def winning_card(tm: int, led: int, trump: int) -> int:
    """S5: the card that wins a trick, given the mask of its cards."""
    w = tm & SUIT_MASK[trump]
    if not w:
        w = tm & SUIT_MASK[led]
    return top(w)


@kernel
def game_points(m: int) -> int:
    """S9's count of a set of cards."""
    return (
        SUIT_GAME_POINTS[m & 0x1FFF]
        + SUIT_GAME_POINTS[(m >> 13) & 0x1FFF]
        + SUIT_GAME_POINTS[(m >> 26) & 0x1FFF]
        + SUIT_GAME_POINTS[(m >> 39) & 0x1FFF]
    )


@kernel
def legal_mask(st: Ints) -> int:
    """The legal actions as a mask over action numbers."""
    phase = st[S_PHASE]
    if phase == PLAY:
        h = st[S_HANDS + st[S_TO_ACT]]
        if st[S_TLEN]:
            follow = h & SUIT_MASK[st[S_TRICK] // 13]
            if follow:
                return follow | (h & SUIT_MASK[st[S_TRUMP]])
        return h
    if phase == BID:
        bid = st[S_BID]
        if bid == 4:
            return 0
        mask = BID_MASKS[bid]
        if (
            bid == 0
            and st[S_STUCK]
            and st[S_TO_ACT] == st[S_DEALER]
            and st[S_BIDS_MADE] == st[S_N] - 1
        ):
            mask &= ALL_BIDS
        return mask
    return 0


@kernel
def apply(st: Ints, action: int) -> None:
    """Apply a legal action (S1-S14); the hand's end stops at DEAL or OVER."""
    n = st[S_N]
    seat = st[S_TO_ACT]
    if action >= 52:
        st[S_BIDS_MADE] += 1
        if action != PASS:
            st[S_BID] = action - BID_OFFSET
            st[S_BIDDER] = seat
        if st[S_BID] == 4 or st[S_BIDS_MADE] == n:
            if st[S_BIDDER] < 0:
                st[S_PHASE] = DEAL  # S2: passed out
                st[S_TO_ACT] = -1
                return
            st[S_PHASE] = PLAY
            st[S_TO_ACT] = st[S_BIDDER]
        else:
            st[S_TO_ACT] = seat + 1 if seat + 1 < n else 0
        return
    st[S_HANDS + seat] ^= 1 << action
    tlen = st[S_TLEN]
    if tlen == 0:
        st[S_LEADER] = seat
        if st[S_TRUMP] < 0:
            st[S_TRUMP] = action // 13
    st[S_TRICK + tlen] = action
    tlen += 1
    st[S_TLEN] = tlen
    if tlen < n:
        st[S_TO_ACT] = seat + 1 if seat + 1 < n else 0
        return
    tm = 0
    for i in range(n):
        tm |= 1 << st[S_TRICK + i]
    w = 1 << winning_card(tm, st[S_TRICK] // 13, st[S_TRUMP])
    winner = 0
    while not st[S_DEALT + winner] & w:
        winner += 1
    st[S_WON + winner] |= tm
    st[S_TLEN] = 0
    st[S_TRICKS_DONE] += 1
    st[S_TO_ACT] = winner
    if st[S_TRICKS_DONE] == TRICKS_PER_HAND:
        score_hand(st)


@kernel
def hand_points(st: Ints, points: Ints) -> None:
    """S6-S9: each seat's points of the finished hand, into ``points``."""
    n = st[S_N]
    trump = st[S_TRUMP]
    dealt = 0
    for s in range(n):
        dealt |= st[S_DEALT + s]
        points[s] = 0
    trumps = dealt & SUIT_MASK[trump]
    high_bit = 1 << top(trumps)
    low_bit = trumps & -trumps
    jack_bit = 1 << (trump * 13 + JACK)
    top_count = -1
    game = -1
    for s in range(n):
        held = st[S_DEALT + s]
        if held & high_bit:
            points[s] += 1
        if held & low_bit:
            points[s] += 1
        won = st[S_WON + s]
        if trumps & jack_bit and won & jack_bit:
            points[s] += 1
        g = game_points(won)
        if g > top_count:
            top_count = g
            game = s
        elif g == top_count:
            game = -1
    if game >= 0:
        points[game] += 1


@kernel
def score_hand(st: Ints) -> None:
    """S10-S14: score the finished hand; the game ends (OVER) or the next deal waits (DEAL)."""
    n = st[S_N]
    points = ints(MAX_SEATS)
    hand_points(st, points)
    bidder = st[S_BIDDER]
    bid = st[S_BID]
    before = st[S_SCORES + bidder]
    made = points[bidder] >= bid
    for s in range(n):
        if s == bidder:
            st[S_SCORES + s] += points[s] if made else -bid
        else:
            st[S_SCORES + s] += points[s]
    st[S_TO_ACT] = -1
    if made and (st[S_SCORES + bidder] >= st[S_TARGET] or (bid == 4 and before >= 1)):
        st[S_WINNER] = bidder
        st[S_PHASE] = OVER
        return
    st[S_DEALER] = st[S_DEALER] + 1 if st[S_DEALER] + 1 < n else 0
    st[S_PHASE] = DEAL


# ----------------------------------------------------------------------------- the bid model


@kernel
def logistic(z: float) -> float:
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


@kernel
def make_probs(hand: int, suit: int, seats: int) -> tuple[float, float, float, float]:
    """``bid_model.make_probs``: P(the bidder takes at least k points), k = 1..4."""
    t = (hand >> (13 * suit)) & 0x1FFF
    hi = top(t)
    lo = low(t)
    side_aces = 0
    side_tens = 0
    for s in range(4):
        if s != suit:
            side = (hand >> (13 * s)) & 0x1FFF
            side_aces += side >> ACE & 1
            side_tens += side >> TEN & 1
    jack = t >> JACK & 1
    over_jack = popcount(t >> (JACK + 1))
    count = popcount(t)
    x = floats(16)
    x[0] = 1.0
    x[1] = 1.0 if hi == ACE else 0.0
    x[2] = 1.0 if hi == KING else 0.0
    x[3] = 1.0 if hi == QUEEN else 0.0
    x[4] = hi / 12.0
    x[5] = 1.0 if lo == TWO else 0.0
    x[6] = 1.0 if lo == TWO + 1 else 0.0
    x[7] = lo / 12.0
    x[8] = float(count)
    x[9] = 1.0 if count == 1 else 0.0
    x[10] = float(jack)
    x[11] = 1.0 if jack and (over_jack > 0 or count >= 3) else 0.0
    x[12] = float(t >> TEN & 1)
    x[13] = float(over_jack)
    x[14] = float(side_aces)
    x[15] = float(side_tens)
    base = (seats - 2) * 64
    p = floats(4)
    prev = 1.0
    for k in range(4):
        z = 0.0
        for i in range(16):
            z += BID_W[base + 16 * k + i] * x[i]
        q = logistic(z)
        if q < prev:
            prev = q
        p[k] = prev
    return p[0], p[1], p[2], p[3]


@kernel
def bid_values(
    p1: float, p2: float, p3: float, p4: float, seats: int
) -> tuple[float, float, float]:
    """``bid_model.bid_values``: the expected relative change for bids 2, 3 and 4."""
    probs = floats(4)
    probs[0] = p1
    probs[1] = p2
    probs[2] = p3
    probs[3] = p4
    exact = floats(5)
    exact[0] = 1.0 - p1
    for k in range(3):
        exact[k + 1] = probs[k] - probs[k + 1]
    exact[4] = p4
    mean_points = 0.0
    for k in range(5):
        mean_points += k * exact[k]
    others = (BID_TOTAL[seats - 2] - mean_points) / (seats - 1)
    values = floats(3)
    for b in range(2, 5):
        made = 0.0
        for k in range(b, 5):
            made += k * exact[k]
        values[b - 2] = made - b * (1.0 - probs[b - 1]) - others
    return values[0], values[1], values[2]


@kernel
def best_trump(hand: int, seats: int) -> tuple[int, float, float, float, float]:
    """``smear_normal.best_trump``: the trump whose best bid is worth most, and its probs."""
    best_suit = -1
    b1 = 0.0
    b2 = 0.0
    b3 = 0.0
    b4 = 0.0
    best_value = -99.0
    for suit in range(4):
        if not hand & SUIT_MASK[suit]:
            continue
        p1, p2, p3, p4 = make_probs(hand, suit, seats)
        v2, v3, v4 = bid_values(p1, p2, p3, p4, seats)
        value = max(v2, max(v3, v4))
        if value > best_value:
            best_suit = suit
            b1, b2, b3, b4 = p1, p2, p3, p4
            best_value = value
    return best_suit, b1, b2, b3, b4


@kernel
def wanted_bid(
    hand: int, seat: int, seats: int, st: Ints, high_bid: int, high_seat: int, spoken: int
) -> int:
    """``smear_normal.wanted_bid``: the bid this hand is worth (0: pass), given the high bid
    and its seat (-1: none) and how many seats have spoken; scores and target from ``st``."""
    _, p1, p2, p3, p4 = best_trump(hand, seats)
    probs = floats(4)
    probs[0] = p1
    probs[1] = p2
    probs[2] = p3
    probs[3] = p4
    v2, v3, v4 = bid_values(p1, p2, p3, p4, seats)
    values = floats(3)
    values[0] = v2
    values[1] = v3
    values[2] = v4
    target = st[S_TARGET]
    me = st[S_SCORES + seat]
    last = spoken == seats - 1
    for i in range(3):
        b = 2 + i if last else 4 - i
        wins = me + b >= target or (b == 4 and me >= 1)
        if b > high_bid and wins and probs[b - 1] >= GO_OUT_SHARE:
            return b
    if high_seat >= 0 and high_seat != seat:
        them = st[S_SCORES + high_seat]
        danger = them + high_bid >= target or (high_bid == 4 and them >= 1)
        if danger and high_bid < 4 and probs[high_bid] >= STOP_SHARE:
            return high_bid + 1
    for i in range(3):
        b = 2 + i if last else 4 - i
        if b > high_bid and probs[b - 1] >= MAKE[b] and values[b - 2] > BID_PASS[seats - 2]:
            return b
    return 0


@kernel
def choose_bid(st: Ints) -> int:
    """``smear_normal.choose_bid`` for the seat to act."""
    seat = st[S_TO_ACT]
    legal = legal_mask(st)
    high_seat = st[S_BIDDER]
    want = wanted_bid(st[S_HANDS + seat], seat, st[S_N], st, st[S_BID], high_seat, st[S_BIDS_MADE])
    if want and legal >> (BID_OFFSET + want) & 1:
        return BID_OFFSET + want
    # At or past the target any made bid wins (S12): no pass while a bid is legal.
    if legal >> PASS & 1 and st[S_SCORES + seat] < st[S_TARGET]:
        return PASS
    for b in range(2, 5):
        if legal >> (BID_OFFSET + b) & 1:
            return BID_OFFSET + b
    return PASS


# ----------------------------------------------------------------------------- the play


@kernel
def opening_lead(hand: int, suit: int) -> int:
    """``smear_normal.opening_lead``: a high trump draws, else the lowest."""
    t = hand & SUIT_MASK[suit]
    hi = top(t)
    if hi % 13 >= QUEEN:
        return hi
    return low(t)


@kernel
def discard_cost(c: int, trump: int) -> float:
    r = c % 13
    if c // 13 == trump:
        cost = 20.0 + r
        if r == JACK:
            cost += 30
        return cost
    return CARD_VALUE[c] * 1.5 + r * 0.3


@kernel
def cheapest(pool: int, trump: int) -> int:
    """The card of ``pool`` that hurts least to throw (the lowest on a tie)."""
    best = -1
    best_cost = 0.0
    m = pool
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        cost = discard_cost(c, trump)
        if best < 0 or cost < best_cost:
            best = c
            best_cost = cost
    return best


@kernel
def is_boss(c: int, trump: int, unknown: int) -> bool:
    """No unseen card could beat ``c``."""
    s = c // 13
    above = ~((2 << c) - 1)
    if s == trump:
        return not (unknown & SUIT_MASK[trump] & above)
    if unknown & SUIT_MASK[trump]:
        return False
    return not (unknown & SUIT_MASK[s] & above)


@kernel
def take_last(winners: int, losers: int, trump: int, worth: bool) -> int:
    jack = trump * 13 + JACK
    best = -1
    best_jack = False
    best_value = -1
    m = winners
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        if CARD_VALUE[c] or c == jack:
            is_jack = c == jack
            if (
                best < 0
                or (is_jack and not best_jack)
                or (is_jack == best_jack and CARD_VALUE[c] > best_value)
            ):
                best = c
                best_jack = is_jack
                best_value = CARD_VALUE[c]
    if best >= 0:
        return best
    cheap = cheapest(winners, trump)
    if worth or not losers:
        return cheap
    if discard_cost(cheap, trump) <= discard_cost(cheapest(losers, trump), trump):
        return cheap
    return -1


@kernel
def take_early(winners: int, trump: int, unknown: int, worth: bool, rich: bool) -> int:
    jack = trump * 13 + JACK
    safe = 0
    m = winners
    while m:
        bit = m & -m
        m ^= bit
        if is_boss(low(bit), trump, unknown):
            safe |= bit
    if safe and worth:
        best = -1
        m = safe
        while m:
            bit = m & -m
            m ^= bit
            c = low(bit)
            if (CARD_VALUE[c] or c == jack) and (best < 0 or CARD_VALUE[c] > CARD_VALUE[best]):
                best = c
        if best >= 0:
            return best
        return cheapest(safe, trump)
    if rich:
        tmask = SUIT_MASK[trump]
        guarded = (1 << (trump * 13 + TEN)) | (1 << (trump * 13 + JACK))
        plain = winners & ~guarded
        if plain & tmask:
            return top(plain & tmask)
        if plain:
            return top(plain)
    return -1


@kernel
def cheap_lead(side: int) -> int:
    """The side card to lead when nothing better: no ten, least Game value, lowest rank."""
    best = -1
    m = side
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        if best < 0:
            best = c
            continue
        ten_c = CARD_VALUE[c] >= 10
        ten_b = CARD_VALUE[best] >= 10
        if ten_c != ten_b:
            if ten_b:
                best = c
            continue
        if CARD_VALUE[c] != CARD_VALUE[best]:
            if CARD_VALUE[c] < CARD_VALUE[best]:
                best = c
            continue
        if c % 13 < best % 13:
            best = c
    return best


@kernel
def lead(hand: int, trump: int, unknown: int, seat: int, bidder: int) -> int:
    """``smear_policy._lead`` (careful)."""
    tmask = SUIT_MASK[trump]
    mine = hand & tmask
    out = unknown & tmask
    if mine:
        hi = top(mine)
        if out and hi > top(out):
            return hi
    side = hand & ~tmask
    m = side
    while m:
        bit = m & -m
        m ^= bit
        c = low(bit)
        if c % 13 == ACE and not (out != 0 and seat != bidder):
            return c
    if side:
        return cheap_lead(side)
    plain = mine & ~((1 << (trump * 13 + JACK)) | (1 << (trump * 13 + TEN)))
    if plain:
        return low(plain) if out else top(plain)
    return low(mine)


@kernel
def choose_card(
    hand: int,
    legal: int,
    st: Ints,
    seat: int,
    n: int,
    trump: int,
    bidder: int,
    played: int,
    threat: bool,
) -> int:
    """``smear_normal.choose_card``: the ``normal`` card for ``seat`` holding ``hand``, with the
    open trick taken from ``st``."""
    tlen = st[S_TLEN]
    if trump < 0 and tlen == 0:
        suit, _, _, _, _ = best_trump(hand, n)
        return opening_lead(hand, suit)
    unknown = FULL & ~hand & ~played
    if tlen == 0:
        return lead(hand, trump, unknown, seat, bidder)
    led = st[S_TRICK] // 13
    jack = trump * 13 + JACK
    tm = 0
    value = 0
    jack_in = False
    for i in range(tlen):
        c = st[S_TRICK + i]
        tm |= 1 << c
        value += CARD_VALUE[c]
        if c == jack:
            jack_in = True
    best = winning_card(tm, led, trump)
    winners = 0
    m = legal
    while m:
        bit = m & -m
        m ^= bit
        if winning_card(bit | (1 << best), led, trump) == low(bit):
            winners |= bit
    losers = legal & ~winners
    if winners:
        worth = value > 0 or jack_in or threat
        if tlen == n - 1:
            take = take_last(winners, losers, trump, worth)
        else:
            take = take_early(winners, trump, unknown, worth, value >= 10 or jack_in or threat)
        if take >= 0:
            return take
    return cheapest(losers if losers else legal, trump)


@kernel
def threatens(st: Ints) -> bool:
    """The bidder wins the game if they make the bid (S12, S13)."""
    b = st[S_BIDDER]
    if b < 0:
        return False
    me = st[S_SCORES + b]
    return me + st[S_BID] >= st[S_TARGET] or (st[S_BID] == 4 and me >= 1)


@kernel
def play_cards(st: Ints, tricks: int, lead_seat: int, lead_suit: int) -> None:
    """``smear_normal.play_cards``: every seat plays the ``normal`` card until ``tricks``
    tricks of the hand are done; ``lead_seat`` names trump ``lead_suit`` if it leads first
    (-1: by the rules)."""
    if st[S_PHASE] != PLAY:
        return
    n = st[S_N]
    b = st[S_BIDDER]
    threat = threatens(st)
    dealt = 0
    for s in range(n):
        dealt |= st[S_DEALT + s]
    while st[S_PHASE] == PLAY and st[S_TRICKS_DONE] < tricks:
        legal = legal_mask(st)
        if not legal & (legal - 1):
            apply(st, top(legal))
            continue
        seat = st[S_TO_ACT]
        hand = st[S_HANDS + seat]
        if seat == lead_seat and lead_suit >= 0 and st[S_TRUMP] < 0 and st[S_TLEN] == 0:
            apply(st, opening_lead(hand, lead_suit))
            continue
        held = 0
        for s in range(n):
            held |= st[S_HANDS + s]
        card = choose_card(
            hand, legal, st, seat, n, st[S_TRUMP], b, dealt & ~held, threat and seat != b
        )
        apply(st, card)


@kernel
def play_hand(st: Ints, tricks: int, lead_seat: int, lead_suit: int) -> None:
    """``smear_normal.play_hand``: the rest of the bidding, then ``play_cards``."""
    while st[S_PHASE] == BID:
        apply(st, choose_bid(st))
    play_cards(st, tricks, lead_seat, lead_suit)


# ----------------------------------------------------------------------------- measures


@kernel
def win_chances(scores: Ints, n: int, target: int, out: Floats, off: int) -> None:
    """``win_model.win_chances`` of ``scores`` (n ints) into ``out[off:off + n]``."""
    base = (n - 2) * 5
    top_u = -1e300
    for s in range(n):
        need = target - scores[s]
        x = float(min(NEED_CAP, max(0, need)))
        u = 0.0
        u += WIN_W[base] * x
        u += WIN_W[base + 1] * min(x, 2.0)
        u += WIN_W[base + 2] * min(x, 4.0)
        u += WIN_W[base + 3] * min(x, 7.0)
        u += WIN_W[base + 4] * (1.0 if need <= 0 else 0.0)
        out[off + s] = u
        if u > top_u:
            top_u = u
    total = 0.0
    for s in range(n):
        e = math.exp(out[off + s] - top_u)
        out[off + s] = e
        total += e
    for s in range(n):
        out[off + s] = out[off + s] / total


@kernel
def measures(
    before: Ints,
    b_off: int,
    change: Floats,
    winner: int,
    n: int,
    target: int,
    out: Floats,
    off: int,
) -> None:
    """``expert.smear_measures``: every seat's win chance (1 or 0 if the hand ended the game),
    margin and score change, into ``out[off:off + 3n]``; ``before[b_off:]`` the scores
    before the hand, ``change`` the hand's score changes."""
    if winner >= 0:
        for s in range(n):
            out[off + s] = 1.0 if s == winner else 0.0
    else:
        after = ints(MAX_SEATS)
        for s in range(n):
            after[s] = int(before[b_off + s] + change[s])
        win_chances(after, n, target, out, off)
    total = 0.0
    for s in range(n):
        total += change[s]
    for s in range(n):
        m = change[s] - (total - change[s]) / (n - 1)
        if winner >= 0:
            m += WIN_VALUE if winner == s else -WIN_VALUE
        out[off + n + s] = m
        out[off + 2 * n + s] = change[s]


@kernel
def hand_measures(st: Ints, out: Floats, off: int) -> None:
    """``measures`` of a hand played to its end (or passed out), against ``S_BEFORE``."""
    n = st[S_N]
    change = floats(MAX_SEATS)
    for s in range(n):
        change[s] = float(st[S_SCORES + s] - st[S_BEFORE + s])
    winner = st[S_WINNER] if st[S_PHASE] == OVER else -1
    measures(st, S_BEFORE, change, winner, n, st[S_TARGET], out, off)


__all__ = [
    "HAND_SIZE",
    "S_SIZE",
    "apply",
    "best_trump",
    "choose_bid",
    "choose_card",
    "hand_measures",
    "legal_mask",
    "make_probs",
    "measures",
    "play_hand",
    "win_chances",
]
