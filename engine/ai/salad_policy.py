"""Rule-based Salad play on bitmasks: the ``easy`` and ``normal-v1`` levels, and the policy the
``hard`` level's rollouts follow. Frozen with ``normal-v1`` (the arena's reference): the
``normal`` level changes things in ``salad_normal``.

Each hand has its own penalty (RULES.md hand table): the policy prices the cards of a trick
under the hand's contract, ducks tricks that cost something, sheds its own penalty cards onto
other players' tricks, and keeps low cards for the last trick when that trick is a penalty.
Only what the seat may know is used (G2).
"""

from __future__ import annotations

from engine.cards import ACE, KING, QUEEN, SPADES, SUIT_MASK, SUIT_OF, cards_of

HEARTS_MASK = SUIT_MASK[2]
KS = SPADES * 13 + KING
AS = SPADES * 13 + ACE
QUEENS = tuple(s * 13 + QUEEN for s in range(4))


def card_penalty(c: int, contract: int) -> int:
    """What taking ``c`` costs in a hand with ``contract`` (1..6)."""
    p = 0
    if contract in (2, 6) and SUIT_OF[c] == 2:
        p += 10
    if contract in (3, 6) and c % 13 == QUEEN:
        p += 25
    if contract in (4, 6) and c == KS:
        p += 100
    return p


PENALTY = {k: tuple(card_penalty(c, k) for c in range(52)) for k in range(1, 7)}


def choose_card(
    hand: int,
    legal: int,
    trick: list[int],
    seat: int,
    seats: int,
    contract: int,
    played: int,
    deck: int,
    tricks_left: int,
    *,
    careful: bool = True,
) -> int:
    """A card for a Salad position. ``played``: cards played this hand; ``deck``: the cards
    in play for this many seats; ``tricks_left``: tricks not yet complete, this one included."""
    unknown = deck & ~hand & ~played
    cards = cards_of(legal)
    last_pen = 100 if contract in (5, 6) and tricks_left == 1 else 0
    # Hand 5: only the last trick costs; shed high cards while the tricks are free, and
    # duck the one before it, whose winner must lead the last.
    free = contract == 5 and tricks_left > 2
    if contract == 5 and tricks_left == 2 and careful:
        contract = 1
    pen = PENALTY[contract]
    trick_pen = 10 if contract in (1, 6) else 0
    if not trick:
        if free:
            return max(cards, key=lambda c: c % 13)
        return _lead(cards, hand, unknown, contract, careful)
    led = SUIT_OF[trick[0]]
    led_mask = SUIT_MASK[led]
    best = max(c for c in trick if SUIT_OF[c] == led)
    last = len(trick) == seats - 1
    value = trick_pen + last_pen
    for c in trick:
        value += pen[c]
    if SUIT_OF[cards[0]] == led:
        if free:
            return max(cards)
        return _follow(cards, best, unknown & led_mask, pen, contract, value, last, careful)
    # Void in the suit led: discard the most dangerous card.
    if free:
        return max(cards, key=lambda c: c % 13)
    if not careful:
        return max(cards, key=lambda c: (pen[c], c % 13))
    return max(cards, key=lambda c: _danger(c, hand, unknown, contract))


def _follow(
    cards: list[int],
    best: int,
    unknown_led: int,
    pen: tuple[int, ...],
    contract: int,
    value: int,
    last: bool,
    careful: bool,
) -> int:
    """Following suit under ``best``, the winning card so far; ``value``: what the trick
    costs its winner so far; ``unknown_led``: unseen cards of the suit led."""
    ducks = [c for c in cards if c < best]
    if ducks:
        # The highest card that still loses; a penalty card under someone else's is best.
        return max(ducks, key=lambda c: (pen[c], c))
    if not careful:
        return min(cards)
    if last:
        # Ours anyway: win with the highest card that costs nothing.
        return max(cards, key=lambda c: (-pen[c], c))
    # Someone later may still go over us: the lowest card gives them the best chance,
    # unless nobody can (then we win anyway, so shed the highest).
    higher_out = unknown_led & ~((2 << cards[0]) - 1)
    if not higher_out:
        return max(cards, key=lambda c: (-pen[c], c))
    if value == 0 and contract in (2, 3) and pen[cards[-1]] == 0:
        # Nothing at stake yet: shed a high card, keep low ones to duck later.
        return min(cards, key=lambda c: (pen[c], -c)) if len(cards) > 2 else min(cards)
    return min(cards, key=lambda c: (pen[c], c))


def _danger(c: int, hand: int, unknown: int, contract: int) -> float:
    """How much keeping ``c`` may cost later: its own penalty, then how likely it is to
    win a trick (high and with few lower cards out in its suit), short suits first."""
    pen = PENALTY[contract][c]
    s = SUIT_OF[c]
    below = unknown & SUIT_MASK[s] & ((1 << c) - 1)
    above = unknown & SUIT_MASK[s] & ~((2 << c) - 1)
    length = (hand & SUIT_MASK[s]).bit_count()
    d = pen * 3.0 + (c % 13) * 1.0 + below.bit_count() * 0.5 - above.bit_count() * 0.8
    if contract in (4, 6) and s == SPADES and c > KS and not (hand >> KS & 1):
        d += 40  # the ace of spades catches the king
    if contract in (3, 6) and c % 13 > QUEEN:
        d += 8  # kings and aces catch queens
    return d - length * 0.3


def _lead(cards: list[int], hand: int, unknown: int, contract: int, careful: bool) -> int:
    pen = PENALTY[contract]
    if not careful:
        return min(cards, key=lambda c: (pen[c], c % 13))
    best_c, best_cost = cards[0], 1e9
    for c in cards:
        s = SUIT_OF[c]
        above = (unknown & SUIT_MASK[s] & ~((2 << c) - 1)).bit_count()
        below = (unknown & SUIT_MASK[s] & ((1 << c) - 1)).bit_count()
        win = 1.0 if above == 0 else below / (below + above * 2.0 + 1)
        # If we win, we take our own card and whatever is dropped on it.
        exposure = 10.0 if contract in (1, 6) else 0.0
        if contract in (2, 6):
            exposure += 5.0
        if contract in (3, 6):
            exposure += 10.0 * sum(1 for q in QUEENS if unknown >> q & 1) / 4
        if contract in (4, 6) and unknown >> KS & 1:
            exposure += 30.0 if s != SPADES else (60.0 if c > KS else 0.0)
        cost = win * (exposure + pen[c]) + (1 - win) * 0.0
        # Leading a spade below the king flushes it out.
        if contract in (4, 6) and s == SPADES and c < KS and unknown >> KS & 1:
            cost -= 5.0
        if contract in (4, 6) and c == KS:
            cost += 200.0 if unknown >> AS & 1 else 0.0
        # Prefer leading low in long suits; slight tie-break on rank.
        cost += (c % 13) * 0.05
        if cost < best_cost:
            best_c, best_cost = c, cost
    return best_c
