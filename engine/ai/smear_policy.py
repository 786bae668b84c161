"""Rule-based Smear play on bitmasks: the ``easy`` and ``normal-v1`` levels, and the policy the
``hard`` level's rollouts follow. Frozen with ``normal-v1`` (the arena's reference): the
``normal`` level reuses the careful play here and changes things in ``smear_normal``.

Every function takes only what the acting seat may know (RULES.md G2): its own hand, the cards
played this hand, the bids, the trump and the scores. The search calls the same functions on
its sampled states, so a rollout plays like a ``normal`` player.
"""

from __future__ import annotations

from engine.cards import ACE, BIT, JACK, QUEEN, SUIT_MASK, SUIT_OF, TEN, cards_of
from engine.core import BID_OFFSET, PASS
from engine.smear import trick_winner, winning_card

FULL = (1 << 52) - 1
# S9 values by rank: A=4 K=3 Q=2 J=1 T=10.
RANK_VALUE = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)
CARD_VALUE = tuple(RANK_VALUE[c % 13] for c in range(52))


def _no_others_prob(m: int, seats: int) -> float:
    """P(none of m given unseen cards was dealt to the other seats) at the start of a hand:
    46 unseen cards, 6 to each other seat, the rest in the stock."""
    unseen = 52 - 6
    dealt = 6 * (seats - 1)
    p = 1.0
    for i in range(m):
        p *= (unseen - dealt - i) / (unseen - i)
    return p


_NO_OTHERS = {n: tuple(_no_others_prob(m, n) for m in range(14)) for n in (2, 3)}


def suit_estimate(hand: int, suit: int, seats: int) -> float:
    """Expected points (High, Low, Jack, Game) of ``hand`` as bidder with ``suit`` trump."""
    t = (hand >> (13 * suit)) & 0x1FFF
    if not t:
        return 0.0
    no = _NO_OTHERS[seats]
    top = t.bit_length() - 1
    bottom = (t & -t).bit_length() - 1
    n_trumps = t.bit_count()
    high = no[12 - top]  # every rank above ours is in the stock
    low = no[bottom]  # every rank below ours is in the stock
    if n_trumps == 1:
        low = high  # one card: both or neither, roughly
    # Jack: ours to keep if protected by a higher trump or length; a chance to catch it.
    if t >> JACK & 1:
        above = t >> (JACK + 1)
        jack = 0.9 if above or n_trumps >= 3 else 0.65
    else:
        higher = (t >> (JACK + 1)).bit_count()
        jack = (0.2 if higher >= 2 else 0.1 if higher else 0.02) * (1 - no[1])
    # Game: length in trump, high trumps and tens win the count.
    g = 0.25 + 0.08 * (n_trumps - 2)
    if t >> TEN & 1:
        g += 0.15 if t >> JACK + 1 else 0.05
    g += 0.06 * (t >> QUEEN).bit_count()
    for s in range(4):
        if s != suit:
            side = (hand >> (13 * s)) & 0x1FFF
            if side >> ACE & 1:
                g += 0.07
            if side >> TEN & 1:
                g += 0.03 if side >> ACE & 1 else -0.02
    if seats == 2:
        g += 0.1
    game = min(0.85, max(0.05, g))
    return high + low + jack + game


def best_suit(hand: int, seats: int) -> tuple[int, float]:
    best, best_e = -1, -1.0
    for s in range(4):
        e = suit_estimate(hand, s, seats)
        if e > best_e:
            best, best_e = s, e
    return best, best_e


def choose_bid(
    hand: int,
    legal: int,
    seat: int,
    seats: int,
    scores: tuple[int, ...] | list[int],
    target: int,
    bids: tuple[tuple[int, int], ...],
    *,
    careful: bool = True,
) -> int:
    """A bid from the estimated points of the best trump suit, with end-game awareness:
    bid to go out when a made bid would win (S12, S13); outbid an opponent whose made bid
    would win the game, since only the bidder can win. At or past the target, never a pass
    while a bid is legal (``at_target``)."""
    action = _chosen_bid(hand, legal, seat, seats, scores, target, bids, careful)
    if action == PASS and at_target(scores[seat], target):
        return least_legal_bid(legal)
    return action


def at_target(score: int, target: int) -> bool:
    """A seat at or past the target wins the game with any made bid (S12), and only a bidder
    can win: every level bids whenever it may there, since a pass leaves the hand's chance to
    win to the others and a set costs little (the seat needs only a made bid again). An Easy
    computer that passed stood at 59 of 11 for 65 hands."""
    return score >= target


def least_legal_bid(legal: int) -> int:
    """The least bid in the legal actions ``legal`` (the least risk of a set, S10), or PASS
    when no bid is legal (a 4 was bid, S1)."""
    for b in (2, 3, 4):
        if legal >> (BID_OFFSET + b) & 1:
            return BID_OFFSET + b
    return PASS


def _chosen_bid(
    hand: int,
    legal: int,
    seat: int,
    seats: int,
    scores: tuple[int, ...] | list[int],
    target: int,
    bids: tuple[tuple[int, int], ...],
    careful: bool,
) -> int:
    """``choose_bid`` from the hand's strength and the scores, before the rule at the target."""
    _, e = best_suit(hand, seats)
    if not careful:
        # easy: a beginner's count of what looks strong.
        want = 4 if e >= 3.6 else 3 if e >= 2.9 else 2 if e >= 2.0 else 0
        return _legal_bid(want, legal)
    me = scores[seat]
    margin = 0.35
    high_bid = max((b for _, b in bids), default=0)
    high_seat = next((s for s, b in bids if b == high_bid and b > 0), -1)
    # An opponent standing at the target or near it is dangerous as a bidder.
    threat = high_seat >= 0 and scores[high_seat] + high_bid >= target
    if threat:
        margin += 0.6  # set them by taking the bid away
    # Anyone yet to speak who could go out: bid a little more freely to keep the bid.
    if any(scores[s] + 2 >= target for s in range(seats) if s != seat):
        margin += 0.2
    want = 0
    for b in (4, 3, 2):
        need = b - margin
        if b == 4 and me >= 1 and e >= 3.3:
            want = 4  # S13: a made 4 wins the game at once
            break
        if me + b >= target and e >= b - margin - 0.15:
            # A made bid wins the game (S12): a little more margin. More than this was
            # measured to lose games (normal vs easy: 62.6% at 0.15, 60.4% at 0.45).
            want = b
            break
        if e >= need + (0.3 if b == 4 else 0.0):
            want = b
            break
    if want and me - want <= -6 and e < want:
        want = 0
    return _legal_bid(want, legal)


def _legal_bid(want: int, legal: int) -> int:
    if want:
        for b in range(want, 1, -1):
            a = BID_OFFSET + b
            if legal >> a & 1:
                return a
        # Our wish is below the current bid: pass if we may.
    if legal >> PASS & 1:
        return PASS
    return least_legal_bid(legal)  # stuck_dealer (S2): the lowest legal bid


def _beats(c: int, best: int, led: int, trump: int) -> bool:
    """Whether ``c`` would take the trick from ``best`` (S5)."""
    return winning_card(BIT[c] | BIT[best], led, trump) == c


def _discard_cost(c: int, trump: int) -> float:
    """How much it hurts to throw ``c`` on a trick we lose."""
    r = c % 13
    if SUIT_OF[c] == trump:
        cost = 20.0 + r
        if r == JACK:
            cost += 30
        return cost
    return CARD_VALUE[c] * 1.5 + r * 0.3


def choose_card(
    hand: int,
    legal: int,
    trick: list[int],
    seat: int,
    seats: int,
    trump: int,
    bidder: int,
    played: int,
    threat: bool = False,
    *,
    careful: bool = True,
) -> int:
    """A card to play: draw trump with the boss, guard the Ten and Jack, win tricks worth
    something, throw cheap cards otherwise. ``threat``: the bidder wins the game if they
    make the bid, so the other seats fight for every point."""
    unknown = FULL & ~hand & ~played
    if not trick:
        if trump < 0:
            suit, _ = best_suit(hand, seats)
            t = hand & SUIT_MASK[suit]
            top = t.bit_length() - 1
            if top % 13 >= QUEEN or not careful:
                return top
            return (t & -t).bit_length() - 1
        return _lead(hand, legal, trump, unknown, seat, bidder, careful)
    led = SUIT_OF[trick[0]]
    best = trick[trick_winner(trick, trump)]
    value = 0
    jack_in = False
    for c in trick:
        value += CARD_VALUE[c]
        if c == trump * 13 + JACK:
            jack_in = True
    cards = cards_of(legal)
    winners = [c for c in cards if _beats(c, best, led, trump)]
    losers = [c for c in cards if c not in winners]
    if winners:
        if len(trick) == seats - 1:
            worth = value > 0 or jack_in or threat
            take = _take_last(winners, losers, trump, worth or not careful)
        elif careful:
            worth = value > 0 or jack_in or threat
            take = _take_early(
                winners, led, trump, unknown, worth, value >= 10 or jack_in or threat
            )
        else:
            take = max(winners)
        if take >= 0:
            return take
    pool = losers or cards
    # Losing: throw the cheapest card, never a point card if we can help it.
    if not careful:
        return min(pool, key=lambda c: c % 13)
    return min(pool, key=lambda c: _discard_cost(c, trump))


def _take_last(winners: list[int], losers: list[int], trump: int, worth: bool) -> int:
    """Last to play: take the trick if worth anything, with the card that scores most or costs
    least; -1 to lose it instead."""
    jack = trump * 13 + JACK
    scoring = [c for c in winners if CARD_VALUE[c] or c == jack]
    if scoring:
        return max(scoring, key=lambda c: (c == jack, CARD_VALUE[c]))
    cheapest = min(winners, key=lambda c: _discard_cost(c, trump))
    if worth or not losers:
        return cheapest
    if _discard_cost(cheapest, trump) <= min(_discard_cost(c, trump) for c in losers):
        return cheapest
    return -1


def _take_early(
    winners: list[int], led: int, trump: int, unknown: int, worth: bool, rich: bool
) -> int:
    """Others still to play: only a card nobody left can beat is safe; a rich trick is worth
    a try with our best non-scoring winner. -1 to lose it instead."""
    safe = [c for c in winners if _is_boss(c, led, trump, unknown)]
    if safe and worth:
        scoring = [c for c in safe if CARD_VALUE[c] or c == trump * 13 + JACK]
        if scoring:
            return max(scoring, key=lambda c: CARD_VALUE[c])
        return min(safe, key=lambda c: _discard_cost(c, trump))
    if rich:
        plain = [c for c in winners if c % 13 not in (TEN, JACK) or SUIT_OF[c] != trump]
        if plain:
            return max(plain, key=lambda c: (SUIT_OF[c] == trump, c))
    return -1


def _is_boss(c: int, led: int, trump: int, unknown: int) -> bool:
    """No unseen card could beat ``c``: higher in its suit, or a trump over a plain card."""
    s = SUIT_OF[c]
    if s == trump:
        return not (unknown & SUIT_MASK[trump] & ~((2 << c) - 1))
    if unknown & SUIT_MASK[trump]:
        return False
    return not (unknown & SUIT_MASK[s] & ~((2 << c) - 1))


def _lead(
    hand: int, legal: int, trump: int, unknown: int, seat: int, bidder: int, careful: bool
) -> int:
    tmask = SUIT_MASK[trump]
    mine = hand & tmask
    out = unknown & tmask
    if not careful:
        if mine:
            return mine.bit_length() - 1
        return (hand & -hand).bit_length() - 1
    if mine:
        top = mine.bit_length() - 1
        if out and top > out.bit_length() - 1:
            return top  # the boss trump draws theirs
    # A boss side card wins if nobody can trump it... lead side aces while trumps remain ours.
    cards = cards_of(hand & ~tmask)
    for c in cards:
        if c % 13 == ACE and not (out and seat != bidder):
            return c
    if cards:
        # A cheap side card: no ten, low rank.
        return min(cards, key=lambda c: (CARD_VALUE[c] >= 10, CARD_VALUE[c], c % 13))
    # Only trumps, none the boss: keep the Jack and Ten back if possible.
    ts = cards_of(mine)
    plain = [c for c in ts if c % 13 not in (JACK, TEN)]
    if plain:
        return min(plain) if out else max(plain)
    return min(ts)
