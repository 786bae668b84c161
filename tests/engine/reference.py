"""A deliberately plain, independent scorer of game records, written from RULES.md alone.

It shares no code with the engine (strings, lists and loops; no bitmasks, no engine import) so
that comparing the two on thousands of random games checks the engine's rules, not its
implementation against itself. It assumes a legal record: legality is tested elsewhere.
"""

from __future__ import annotations

from typing import Any

RANKS = "23456789TJQKA"
GAME_VALUE = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


def rank(card: str) -> int:
    return RANKS.index(card[0])


def trick_winner(cards: list[str], trump: str | None) -> int:
    """Index in ``cards`` of the winning card: the highest trump, else the highest led."""
    led = cards[0][1]
    best = 0
    for i, c in enumerate(cards):
        b = cards[best]
        if trump is not None and c[1] == trump:
            if b[1] != trump or rank(c) > rank(b):
                best = i
        elif c[1] == led and (trump is None or b[1] != trump) and rank(c) > rank(b):
            best = i
    return best


def smear_bidding(bids: list[Any], dealer: int, n: int) -> tuple[int, int | None]:
    """The high bid and who made it (None if everyone passed). Bidding starts left of the
    dealer."""
    high_bid, bidder = 0, None
    for i, b in enumerate(bids):
        if b != "pass":
            high_bid, bidder = b, (dealer + 1 + i) % n
    return high_bid, bidder


def smear_tricks(
    plays: list[str], bidder: int, n: int, trump: str
) -> tuple[dict[str, int], list[list[str]]]:
    """Plays the six tricks out from the bidder's lead: who played each card, and the cards
    each seat took."""
    seat = bidder
    played_by: dict[str, int] = {}
    taken: list[list[str]] = [[] for _ in range(n)]
    for t in range(6):
        trick = plays[t * n : (t + 1) * n]
        seats = [(seat + i) % n for i in range(n)]
        for c, s in zip(trick, seats, strict=True):
            played_by[c] = s
        w = seats[trick_winner(trick, trump)]
        taken[w].extend(trick)
        seat = w
    return played_by, taken


def smear_points(
    trump: str, played_by: dict[str, int], taken: list[list[str]], n: int
) -> dict[str, Any]:
    """The points of a played-out hand: high and low go to whoever played them, jack to
    whoever took it, game to the one seat with the most game points (nobody on a tie)."""
    trumps = sorted((c for c in played_by if c[1] == trump), key=rank)
    points = [0] * n
    high = played_by[trumps[-1]]
    low = played_by[trumps[0]]
    points[high] += 1
    points[low] += 1
    jack = None
    if "J" + trump in played_by:
        jack = next(s for s in range(n) if "J" + trump in taken[s])
        points[jack] += 1
    counts = [sum(GAME_VALUE.get(c[0], 0) for c in taken[s]) for s in range(n)]
    best = max(counts)
    game = counts.index(best) if counts.count(best) == 1 else None
    if game is not None:
        points[game] += 1
    return {
        "high": high,
        "low": low,
        "jack": jack,
        "game": game,
        "game_points": counts,
        "points": points,
    }


def smear_result(record: dict[str, Any]) -> dict[str, Any]:
    n = record["seats"]
    options = record.get("options") or {}
    target = options.get("target", 11)
    scores = [0] * n
    dealer = record["first_dealer"]
    hands_out = []
    winner = None
    for hand in record["hands"]:
        bids = hand.get("bids", [])
        plays = hand.get("plays", [])
        if winner is not None:
            break
        high_bid, bidder = smear_bidding(bids, dealer, n)
        bidding_done = len(bids) == n or high_bid == 4
        if not bidding_done:
            break
        if bidder is None:
            hands_out.append({"dealer": dealer, "bidder": None, "scores": list(scores)})
            continue  # the same dealer deals again
        if len(plays) < 6 * n:
            break  # hand in progress
        trump = plays[0][1]  # the bidder leads, and the card led names trump
        played_by, taken = smear_tricks(plays, bidder, n, trump)
        scored = smear_points(trump, played_by, taken, n)
        points = scored["points"]
        before = scores[bidder]
        made = points[bidder] >= high_bid
        for s in range(n):
            if s == bidder:
                scores[s] += points[s] if made else -high_bid
            else:
                scores[s] += points[s]
        hands_out.append(
            {
                "dealer": dealer,
                "bidder": bidder,
                "bid": high_bid,
                "trump": trump,
                **scored,
                "made": made,
                "scores": list(scores),
            }
        )
        if made and (scores[bidder] >= target or (high_bid == 4 and before >= 1)):
            winner = bidder
        dealer = (dealer + 1) % n
    return {
        "game": "smear",
        "finished": winner is not None,
        "winners": [] if winner is None else [winner],
        "scores": list(scores),
        "hands": hands_out,
    }


def salad_hand_over_early(number: int, taken: list[str]) -> bool:
    """Hands 2 to 4 end as soon as every card they penalize has been taken."""
    if number == 2:
        return sum(c[1] == "H" for c in taken) == 13
    if number == 3:
        return sum(c[0] == "Q" for c in taken) == 4
    if number == 4:
        return "KS" in taken
    return False


def salad_tricks(
    plays: list[str], number: int, dealer: int, n: int
) -> tuple[list[list[str]], list[int], int | None, bool]:
    """Plays hand ``number`` out, the player left of the dealer leading first. Returns the cards
    each seat took, the tricks each seat won, who won the last trick (None if the hand ended
    early or is unfinished) and whether the hand is over."""
    per_hand = {3: 17, 4: 13, 5: 10, 6: 8}[n]
    seat = (dealer + 1) % n
    taken: list[list[str]] = [[] for _ in range(n)]
    tricks = [0] * n
    all_taken: list[str] = []
    for t in range(per_hand):
        trick = plays[t * n : (t + 1) * n]
        if len(trick) < n:
            break
        seats = [(seat + i) % n for i in range(n)]
        w = seats[trick_winner(trick, None)]
        taken[w].extend(trick)
        all_taken.extend(trick)
        tricks[w] += 1
        seat = w
        if t == per_hand - 1:
            return taken, tricks, w, True
        if salad_hand_over_early(number, all_taken):
            return taken, tricks, None, True
    return taken, tricks, None, False


def salad_penalty(number: int, taken: list[str], tricks: int, took_last: bool) -> int:
    """One seat's penalty in hand ``number``; hand 6 charges for everything at once."""
    p = 0
    if number in (1, 6):
        p += 10 * tricks
    if number in (2, 6):
        p += 10 * sum(c[1] == "H" for c in taken)
    if number in (3, 6):
        p += 25 * sum(c[0] == "Q" for c in taken)
    if number in (4, 6) and "KS" in taken:
        p += 100
    if number in (5, 6) and took_last:
        p += 100
    return p


def salad_result(record: dict[str, Any]) -> dict[str, Any]:
    n = record["seats"]
    scores = [0] * n
    dealer = record["first_dealer"]
    hands_out = []
    for number, hand in enumerate(record["hands"], start=1):
        plays = hand.get("plays", [])
        taken, tricks, last, complete = salad_tricks(plays, number, dealer, n)
        if not complete:
            break
        pens = [salad_penalty(number, taken[s], tricks[s], last == s) for s in range(n)]
        scores = [a + b for a, b in zip(scores, pens, strict=True)]
        hands_out.append(
            {"dealer": dealer, "contract": number, "penalties": pens, "scores": list(scores)}
        )
        dealer = (dealer + 1) % n
    finished = len(hands_out) == 6
    low = min(scores)
    return {
        "game": "salad",
        "finished": finished,
        "winners": [s for s in range(n) if scores[s] == low] if finished else [],
        "scores": list(scores),
        "hands": hands_out,
    }


def reference_result(record: dict[str, Any]) -> dict[str, Any]:
    return smear_result(record) if record["game"] == "smear" else salad_result(record)
