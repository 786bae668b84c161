"""The coach: a hint for the seat to act, and a review of a finished game's costliest decisions.

Language-free: a hint or a mistake carries an action, a reason code and integer details, and
the bot words them. Both ask the ``expert`` search (``ExpertPlayer.analyse``) from the seat's
own view, so a hint never uses a card the seat cannot see (RULES.md G2).

Points. ``Hint.expected`` is the seat's expected points for the hand after the move: in Smear
its score change for the hand (S10, S11; a set bidder's is minus the bid), in Salad the
penalty it takes this hand (lower is better). ``Mistake.loss`` is what the chosen move gave
up against the better one (the expert's choice), >= 0, in expected points of the seat against
the others' mean (``Analysis.margins``: penalty points the other way round in Salad), a game
won or lost by the hand counted as ``search.WIN_VALUE`` (Smear) or ``search.SALAD_WIN_VALUE``
(Salad) points. A move the expert prefers only for the race to the target, not for the
hand's points, is not reported.

Reason codes (``reason``) and the details each carries (card numbers as in ``engine.cards``,
``suit`` 0..3 as C D H S, ``chance`` a percentage 0..100):

Smear bidding
- ``bid-makes``: bid; the hand makes this bid often enough ({bid, chance, suit}).
- ``bid-go-out``: bid; making it wins the game (S12, S13) ({bid, chance, suit}).
- ``bid-stop``: outbid a player who would win the game by making their bid ({bid, seat}).
- ``pass-weak``: pass; the hand is too weak for the lowest bid open ({bid, chance}).

Smear play
- ``name-trump``: the first lead names this suit trump ({card, suit}).
- ``draw-trump``: lead trump to pull the others' trumps ({card}).
- ``cash-winner``: lead a card nobody can beat ({card}).
- ``lead-low``: lead a cheap card and keep the strong ones ({card}).
- ``take-jack``: win the trick that holds the jack of trump ({card}).
- ``save-jack``: play the jack of trump where it wins its trick ({card}).
- ``save-ten``: take the ten home for Game ({card}).
- ``take-points``: win a trick worth Game points ({card, points}).
- ``trump-in``: trump a plain lead to win the trick ({card}).
- ``duck``: let this trick go with a cheap card ({card}).
- ``dump-low``: nothing to win here: throw the card that costs least ({card}).

Salad
- ``duck``: play under the winning card and let the trick go ({card}).
- ``dump-penalty``: drop a penalty card on someone else's trick ({card, points}).
- ``shed-danger``: void in the suit led: throw the card most likely to win a trick later
  ({card}).
- ``take-safe``: win a trick that costs nothing, to get the lead ({card}).
- ``take-cheap``: take the trick now, while it costs least ({card, points}).
- ``lead-low``: lead a low card that others must go over ({card}).
- ``lead-safe``: lead a card that cannot take a penalty ({card}).

Either game
- ``only-move``: the only legal action ({}).
- ``best-odds``: the search's choice, with no simpler reason ({}).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.ai.budget import now
from engine.ai.expert import Analysis, ExpertPlayer
from engine.ai.salad_policy import PENALTY
from engine.ai.smear_normal import best_trump
from engine.ai.smear_policy import CARD_VALUE
from engine.cards import BIT, JACK, SUIT_MASK, SUIT_OF, TEN
from engine.core import BID_OFFSET, PASS, Phase
from engine.record import replay
from engine.salad import SaladState, SaladView
from engine.smear import SmearState, SmearView, made_bid_wins, winning_card

View = SmearView | SaladView


@dataclass(frozen=True, slots=True)
class Hint:
    action: int
    reason: str
    details: dict[str, int]
    expected: float


@dataclass(frozen=True, slots=True)
class Mistake:
    hand: int  # 1-based, in the record's order (passed-out Smear deals count)
    decision: int  # 1-based: the seat's n-th decision in that hand
    chosen: int
    better: int
    loss: float
    reason: str
    details: dict[str, int]


def _game_of(view: View) -> str:
    return "smear" if isinstance(view, SmearView) else "salad"


def hint(game: str, view: View, rng: random.Random, budget_ms: float) -> Hint:
    """The move the expert search would make for the seat to act, with why."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
    if _game_of(view) != game:
        raise ValueError(f"the view is not a {game} view")
    analysis = ExpertPlayer(game).analyse(view, rng, budget_ms)
    reason, details = explain(view, analysis.best)
    expected = analysis.points[analysis.actions.index(analysis.best)]
    return Hint(analysis.best, reason, details, expected)


def explain(view: View, action: int) -> tuple[str, dict[str, int]]:
    """A reason code and its details for ``action`` in ``view`` (see the module's list)."""
    if len(view.legal) == 1:
        return "only-move", {}
    if isinstance(view, SmearView):
        if view.phase == Phase.BID:
            return _smear_bid_reason(view, action)
        return _smear_play_reason(view, action)
    return _salad_reason(view, action)


def _hand(view: View) -> int:
    m = 0
    for c in view.hand:
        m |= BIT[c]
    return m


def _smear_bid_reason(view: SmearView, action: int) -> tuple[str, dict[str, int]]:
    suit, probs = best_trump(_hand(view), view.seats)
    me = view.scores[view.seat]
    if action == PASS:
        lowest = max(view.bid + 1, 2)
        chance = probs[lowest - 1] if lowest <= 4 else 0.0
        return "pass-weak", {"bid": lowest, "chance": round(100 * chance)}
    bid = action - BID_OFFSET
    chance = round(100 * probs[bid - 1])
    if made_bid_wins(me, bid, view.options.target):
        return "bid-go-out", {"bid": bid, "chance": chance, "suit": suit}
    for seat, b in view.bids:
        if b and seat != view.seat and view.scores[seat] + b >= view.options.target:
            return "bid-stop", {"bid": bid, "seat": seat}
    return "bid-makes", {"bid": bid, "chance": chance, "suit": suit}


def _smear_play_reason(view: SmearView, card: int) -> tuple[str, dict[str, int]]:
    trump = view.trump
    if trump is None:
        return "name-trump", {"card": card, "suit": SUIT_OF[card]}
    if view.trick is None:
        return _smear_lead_reason(view, card, trump)
    trick = view.trick.cards
    led = SUIT_OF[trick[0]]
    tmask = 0
    for c in trick:
        tmask |= BIT[c]
    wins = winning_card(tmask | BIT[card], led, trump) == card
    jack = trump * 13 + JACK
    if not wins:
        cheapest = min(view.legal, key=lambda c: (CARD_VALUE[c], c % 13))
        return ("dump-low" if card == cheapest else "duck"), {"card": card}
    if card == jack:
        return "save-jack", {"card": card}
    if tmask & BIT[jack]:
        return "take-jack", {"card": card}
    if card == trump * 13 + TEN:
        return "save-ten", {"card": card}
    points = sum(CARD_VALUE[c] for c in trick) + CARD_VALUE[card]
    if points:
        return "take-points", {"card": card, "points": points}
    if SUIT_OF[card] == trump and led != trump:
        return "trump-in", {"card": card}
    return "best-odds", {}


def _unseen(view: View) -> int:
    seen = _hand(view)
    for t in view.tricks:
        for c in t.cards:
            seen |= BIT[c]
    if view.trick is not None:
        for c in view.trick.cards:
            seen |= BIT[c]
    return ((1 << 52) - 1) & ~seen


def _smear_lead_reason(view: SmearView, card: int, trump: int) -> tuple[str, dict[str, int]]:
    unseen = _unseen(view)
    suit = SUIT_OF[card]
    higher = unseen & SUIT_MASK[suit] & ~((2 << card) - 1)
    if higher:
        return "lead-low", {"card": card}
    return ("draw-trump" if suit == trump else "cash-winner"), {"card": card}


def _salad_reason(view: SaladView, card: int) -> tuple[str, dict[str, int]]:
    pen = PENALTY[view.contract]
    if view.trick is None:
        unseen = _unseen(view)
        below = unseen & SUIT_MASK[SUIT_OF[card]] & ((1 << card) - 1)
        if not below:
            return "lead-low", {"card": card}
        if not pen[card]:
            return "lead-safe", {"card": card}
        return "best-odds", {}
    trick = view.trick.cards
    led = SUIT_OF[trick[0]]
    best = max(c for c in trick if SUIT_OF[c] == led)
    taken = sum(pen[c] for c in trick)
    if SUIT_OF[card] != led:
        if pen[card]:
            return "dump-penalty", {"card": card, "points": pen[card]}
        return "shed-danger", {"card": card}
    if card < best:
        if pen[card]:
            return "dump-penalty", {"card": card, "points": pen[card]}
        return "duck", {"card": card}
    cost = taken + pen[card] + (10 if view.contract in (1, 6) else 0)
    if cost == 0:
        return "take-safe", {"card": card}
    return "take-cheap", {"card": card, "points": cost}


def review(record: dict[str, Any], seat: int, budget_ms_total: float = 20000) -> list[Mistake]:
    """The three costliest decisions ``seat`` made in a finished game (fewer if fewer cost
    anything), costliest first. The time is shared out evenly over the seat's decisions that
    had a choice, so the whole review keeps within ``budget_ms_total`` (single process)."""
    start = now()  # the budgets' clock (wall time; CPU time in the arena and tests)
    final = replay(record)
    if not 0 <= seat < final.n:
        raise ValueError(f"no seat {seat}")
    decisions = list(_decisions(final, seat))
    game = "smear" if isinstance(final, SmearState) else "salad"
    player = ExpertPlayer(game)
    rng = random.Random(0)
    found: list[Mistake] = []
    # Held back for the replay above and the bookkeeping around each search.
    spare = 0.1 * budget_ms_total
    for i, (hand, index, view, chosen) in enumerate(decisions):
        elapsed = (now() - start) * 1000.0
        left = budget_ms_total - spare - elapsed
        per = left / (len(decisions) - i)
        if per <= 0:
            break
        analysis = player.analyse(view, rng, per)
        loss = _loss(analysis, chosen)
        if loss > 0:
            reason, details = explain(view, analysis.best)
            found.append(Mistake(hand, index, chosen, analysis.best, loss, reason, details))
    found.sort(key=lambda m: -m.loss)
    return found[:3]


def _loss(analysis: Analysis, chosen: int) -> float:
    margins = dict(zip(analysis.actions, analysis.margins, strict=True))
    return max(0.0, margins[analysis.best] - margins[chosen])


def _decisions(final: SmearState | SaladState, seat: int) -> Iterator[tuple[int, int, View, int]]:
    """(hand number, decision number, view, action) for each of ``seat``'s decisions with
    more than one legal action, replaying the game's log."""
    first = final.results[0].dealer if final.results else final.dealer
    state: SmearState | SaladState
    hands: list[tuple[list[list[int]], list[int]]]
    if isinstance(final, SmearState):
        state = SmearState(final.n, final.options, first_dealer=first)
        hands = [(log.deal, log.bids + log.plays) for log in final.log or ()]
    else:
        state = SaladState(final.n, first_dealer=first)
        hands = [(log.deal, log.plays) for log in final.log or ()]
    for h, (deal, actions) in enumerate(hands, start=1):
        state.deal(deal)
        index = 0
        for a in actions:
            if state.current_player == seat:
                index += 1
                if len(state.legal_actions()) > 1:
                    yield h, index, state.view(seat), a
            state.apply(a)
