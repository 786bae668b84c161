"""The ``expert`` level: determinized search with weighted deals, ``normal`` rollouts and exact
endgames.

For each decision the player deals the unseen cards to the other seats consistently with
everything public (``determinize.sample_hands``) and weighs each deal by how well it explains
what the others did (``engine.ai.inference``): their bids (Smear, from the measured bidding
model, so a deal where a seat passed holding a hand that bids 3 counts little but is never
thrown away) and every card they played this hand (the ``normal`` rules' card, with the
measured share of decisions on which other players agree with it). On each deal
every legal action is tried and the rest of the hand is played out; the action with the best
weighted mean value over the deals is chosen, the same deals for every action (common random
numbers). Touching cards of equal worth are tried once for all (``equivalent_actions``), and
an action clearly worse than the best on the deals so far stops being tried (``Tally``), so
the budget goes to the moves in doubt. The playouts follow the ``normal`` rules, except that a
Smear hand with at most ``ENDGAME_TRICKS`` tricks left is solved exactly: every seat plays the
card best for its own chance to win on that deal (max^n search over the remaining tricks;
with High and Low fixed by who holds those trumps, only Jack and Game depend on the play).

Bids (Smear): the searched bids are those a sensible player considers (``searched_bids``: the
last to speak tries only the least bid that does the job), and the choice is among those the
search sees set at most ``SET_RISK`` of the time (``sensible_bids``; more for a bid that wins
the game, any risk to stop a player who would win it). Measured at 100 ms against two
``normal`` (the same 30 duplicate deal sets): no cap won 18/30 and was set on 18% of its bids,
a cap of 0.3 won 16/30 and was set on 13%; at 250 ms a cap of 0.2 bid a third of the hands
(against 47% without) and won less, and a cap of 0.35 won 40/90 and was set on 11.0% of its
bids, well under the 15% a careful player allows: the cap is 0.45.

Values: Smear, the chance to win the game from the scores the hand leaves (``win_model``, fitted
on games of ``normal`` players; 1 or 0 when the hand ends the game), so a point counts by what
it does to the race: little at 0-0, everything near the target, where going out, stopping a
bidder who would go out and setting one count in full. Salad, ``search.salad_value``: the
others' mean penalty minus ours this hand, and the game won in the last hand.

Budgets: ``budget_ms`` is a bound, not a target (``budget.Budget``: a new deal starts only if
the longest one so far fits twice over; no cyclic GC mid-search). ``iterations`` alone makes
the decision a function of the view and the generator (tests, reproducible arena runs).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai import salad_normal, smear_normal
from engine.ai.budget import Budget
from engine.ai.determinize import Knowledge, knowledge_of, salad_state, sample_hands, smear_state
from engine.ai.inference import bid_likelihood, salad_play_likelihood, smear_play_likelihood
from engine.ai.normal import salad_action, smear_action
from engine.ai.salad_policy import PENALTY
from engine.ai.search import WIN_VALUE, SearchingPlayer, salad_value
from engine.ai.smear_policy import CARD_VALUE
from engine.ai.win_model import win_chances
from engine.cards import BIT, JACK, SUIT_MASK, SUIT_OF
from engine.core import BID_OFFSET, PASS, Phase
from engine.salad import SaladView
from engine.smear import TRICKS_PER_HAND, SmearState, SmearView, game_points_of, winning_card

ENDGAME_TRICKS = 3
# For the ``normal`` rules' move, in the units of the values: Smear a chance to win the game,
# Salad penalty points.
TIE_BONUS = {"smear": 0.002, "salad": 0.05}
# The bids searched: those the measured model gives at least this chance of making, and the
# ``normal`` rules' bid (which stretches for the game). Rollouts value a bid too kindly (the
# last tricks are played with every hand in view), so long shots are not even tried.
SEARCH_BID_SHARE = 0.5
PRUNE_AFTER = 8
# The most often a bid may be set, on the search's deals, for a sensible player to make it:
# an ordinary bid, and one that wins the game if made.
SET_RISK = 0.45
GO_OUT_SET_RISK = 0.5
# Endgame shallow pruning: no bound, and the slack that keeps float rounding from pruning a tie.
NO_LIMIT = 2.0
PRUNE_EPS = 1e-9
PRUNE_Z = 3.0


# One action's result on one deal: (value, margin, points, set: 1.0 if the seat was the
# bidder and was set).
Outcome = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's estimate for each legal action, weighted means over ``deals``: ``values``
    what the search maximizes (Smear: the chance to win the game; Salad: ``margins``),
    ``margins`` the seat's points against the others' mean (``smear_measures``,
    ``search.salad_value``), ``points`` the seat's own score change for the hand (Smear: S10,
    S11; Salad: the penalty it takes)."""

    actions: tuple[int, ...]
    values: tuple[float, ...]
    margins: tuple[float, ...]
    points: tuple[float, ...]
    deals: int
    best: int


def smear_measures(
    before: Sequence[int], change: Sequence[float], winner: int, target: int
) -> tuple[float, ...]:
    """Every seat's win chance after a hand (1 or 0 if it ended the game), then every seat's
    margin (its change minus the others' mean, ``WIN_VALUE`` for the game won or lost), then
    every seat's score change."""
    n = len(before)
    if winner >= 0:
        chances = [1.0 if seat == winner else 0.0 for seat in range(n)]
    else:
        chances = _chances(tuple(int(b + c) for b, c in zip(before, change, strict=True)), target)
    total = sum(change)
    margins = []
    for seat in range(n):
        m = change[seat] - (total - change[seat]) / (n - 1)
        if winner >= 0:
            m += WIN_VALUE if winner == seat else -WIN_VALUE
        margins.append(m)
    return (*chances, *margins, *change)


@functools.lru_cache(maxsize=4096)
def _chances(scores: tuple[int, ...], target: int) -> list[float]:
    return win_chances(scores, target)


def smear_outcome(s: SmearState, seat: int, before: list[int]) -> Outcome:
    """Play the hand out, ``normal`` rules then the exact endgame: ``seat``'s win chance,
    margin, score change, and 1 if it was the bidder and was set."""
    smear_normal.play_hand(s, TRICKS_PER_HAND - ENDGAME_TRICKS)
    n = s.n
    if s.phase == Phase.PLAY:
        result = Endgame(s).solve()
    else:
        change = [float(s.scores[i] - before[i]) for i in range(n)]
        winner = s.outcome_winner if s.phase == Phase.OVER else -1
        result = smear_measures(before, change, winner, s.options.target)
    points = result[2 * n + seat]
    return result[seat], result[n + seat], points, float(s.bidder == seat and points < 0)


class Endgame:
    """max^n over the rest of a Smear hand with every hand in view: the seat to act plays the
    card best for its own chance to win the game, the lowest such card on a tie.

    High and Low belong to whoever holds those trumps, so only the Jack's trick and the Game
    count depend on the play: a line's end is known by who took the Jack and who has the
    single highest count, and those few ends are valued once each. The search plays on the
    hands' masks, keeps the counts as it goes and undoes each card."""

    def __init__(self, s: SmearState) -> None:
        n = s.n
        self.n = n
        self.trump = s.trump
        self.hands = s.hands[:]
        self.trick = s.trick[:]
        self.leader = s.leader if s.trick else s.to_act
        self.to_act = s.to_act
        self.bidder = s.bidder
        self.bid = s.bid
        self.scores = s.scores
        self.target = s.options.target
        trumps = s.dealt & SUIT_MASK[s.trump]
        self.fixed = [0] * n
        high_bit = 1 << (trumps.bit_length() - 1)
        low_bit = trumps & -trumps
        for seat in range(n):
            dealt = s.dealt_hands[seat]
            self.fixed[seat] += bool(dealt & high_bit) + bool(dealt & low_bit)
        jack = BIT[s.trump * 13 + JACK]
        self.jack = jack if trumps & jack else 0
        # Who already took the jack (-1: nobody yet, or it was not dealt).
        self.jack_taker = -1
        for seat in range(n):
            if s.won[seat] & self.jack:
                self.jack_taker = seat
        self.counts = [game_points_of(w) for w in s.won]
        self.ends: dict[tuple[int, int], tuple[float, ...]] = {}

    def solve(self) -> tuple[float, ...]:
        """Every seat's value, then every seat's margin, then every seat's score change, at
        the end of the best line."""
        return self._node(self.to_act, NO_LIMIT)

    def _node(self, who: int, limit: float) -> tuple[float, ...]:
        """The best line for ``who`` to play on; the search stops early once ``who`` is sure
        of at least ``limit``, which the seat before it will never let happen (shallow
        pruning: the seats' chances sum to 1, so what ``who`` gains the seat before loses)."""
        trick = self.trick
        n = self.n
        hands = self.hands
        h = hands[who]
        if trick:
            follow = h & SUIT_MASK[SUIT_OF[trick[0]]]
            if follow:
                h = follow | (h & SUIT_MASK[self.trump])
        nxt = who + 1 if who + 1 < n else 0
        last = len(trick) == n - 1
        best: tuple[float, ...] = ()
        top = -1.0
        while h:
            bit = h & -h
            h ^= bit
            hands[who] ^= bit
            trick.append(bit.bit_length() - 1)
            # The card that completes the trick, or one more seat to play to it.
            result = self._trick_done(who, top) if last else self._node(nxt, 1.0 - top + PRUNE_EPS)
            trick.pop()
            hands[who] ^= bit
            if result[who] > top:
                best, top = result, result[who]
                if top >= limit:
                    break
        return best

    def _trick_done(self, who: int, top: float) -> tuple[float, ...]:
        """The trick ``who`` completed, and the rest of the hand; ``top`` is the best ``who``
        has found so far."""
        trick = self.trick
        tm = 0
        worth = 0
        for c in trick:
            tm |= BIT[c]
            worth += CARD_VALUE[c]
        leader = self.leader
        winner = (leader + trick.index(winning_card(tm, SUIT_OF[trick[0]], self.trump))) % self.n
        taker = self.jack_taker
        if tm & self.jack:
            self.jack_taker = winner
        self.counts[winner] += worth
        rest = self.hands[winner]
        if rest and not rest & (rest - 1):
            result = self._last_trick(winner)
        elif rest:
            self.trick = []
            self.leader = winner
            result = self._node(winner, NO_LIMIT if winner == who else 1.0 - top + PRUNE_EPS)
            self.trick, self.leader = trick, leader
        else:
            result = self._leaf()
        self.counts[winner] -= worth
        self.jack_taker = taker
        return result

    def _last_trick(self, leader: int) -> tuple[float, ...]:
        """One card each: the last trick is forced."""
        hands = self.hands
        tm = 0
        for h in hands:
            tm |= h
        top = 1 << winning_card(tm, SUIT_OF[hands[leader].bit_length() - 1], self.trump)
        winner = 0
        while not hands[winner] & top:
            winner += 1
        worth = game_points_of(tm)
        taker = self.jack_taker
        if tm & self.jack:
            self.jack_taker = winner
        self.counts[winner] += worth
        result = self._leaf()
        self.counts[winner] -= worth
        self.jack_taker = taker
        return result

    def _leaf(self) -> tuple[float, ...]:
        counts = self.counts
        top = max(counts)
        game = counts.index(top) if counts.count(top) == 1 else -1
        key = (self.jack_taker, game)
        result = self.ends.get(key)
        if result is None:
            result = self._value(*key)
            self.ends[key] = result
        return result

    def _value(self, jack: int, game: int) -> tuple[float, ...]:
        points = self.fixed[:]
        if jack >= 0:
            points[jack] += 1
        if game >= 0:
            points[game] += 1
        b = self.bidder
        made = points[b] >= self.bid
        change = [float(p) for p in points]
        if not made:
            change[b] = -float(self.bid)
        winner = -1
        if made and (
            self.scores[b] + points[b] >= self.target or (self.bid == 4 and self.scores[b] >= 1)
        ):
            winner = b
        return smear_measures(self.scores, change, winner, self.target)


class ExpertPlayer(SearchingPlayer):
    """Weighted PIMC with ``normal`` rollouts and exact Smear endgames. ``read_plays`` False
    weighs deals by the bids only (the measure of what reading the cards gains)."""

    def __init__(
        self,
        game: str,
        budget_ms: float | None = None,
        iterations: int | None = None,
        *,
        read_plays: bool = True,
    ) -> None:
        super().__init__(game, budget_ms, iterations)
        self.read_plays = read_plays

    def decide(self, view: SmearView | SaladView, rng: random.Random) -> int:
        return self.analyse(view, rng, long_shots=False).best

    def analyse(
        self,
        view: SmearView | SaladView,
        rng: random.Random,
        budget_ms: float | None = None,
        *,
        long_shots: bool = True,
    ) -> Analysis:
        """The legal actions' estimated values (``budget_ms`` overrides the player's).
        ``long_shots`` False leaves out Smear bids the hand seldom makes (``searched_bids``)."""
        clock = Budget(self.budget_ms if budget_ms is None else budget_ms)
        legal = view.legal
        if not long_shots and isinstance(view, SmearView) and view.phase == Phase.BID:
            legal = searched_bids(view)
            if len(legal) == 1:
                return Analysis(legal, (0.0,), (0.0,), (0.0,), 0, legal[0])
        know = knowledge_of(view)
        hint = smear_action(view) if isinstance(view, SmearView) else salad_action(view)
        classes = equivalent_actions(view, know, legal, hint)
        searched = tuple(classes)
        tally = Tally(len(searched))
        while (
            (self.iterations is None or tally.deals < self.iterations)
            and (len(tally.active) > 1 or not tally.deals)
            and clock.another()
        ):
            hands = sample_hands(know, rng)
            actions = tuple(searched[i] for i in tally.active)
            if isinstance(view, SmearView):
                w = bid_likelihood(view, know, hands)
                if self.read_plays:
                    w *= smear_play_likelihood(view, know, hands)
                tally.add(w, _smear_outcomes(view, hands, actions))
            else:
                w = salad_play_likelihood(view, know, hands) if self.read_plays else 1.0
                tally.add(w, _salad_outcomes(view, hands, actions))
        values, margins, points = tally.means(0), tally.means(1), tally.means(2)
        # Near-ties go to the move the ``normal`` rules would make.
        bonus = TIE_BONUS[self.game]
        choices = tally.active
        if isinstance(view, SmearView) and view.phase == Phase.BID and tally.deals:
            choices = sensible_bids(view, searched, tally.means(3)) or choices
        best = max(choices, key=lambda i: values[i] + (bonus if searched[i] == hint else 0))
        of = {a: i for i, rep in enumerate(searched) for a in classes[rep]}
        return Analysis(
            legal,
            tuple(values[of[a]] for a in legal),
            tuple(margins[of[a]] for a in legal),
            tuple(points[of[a]] for a in legal),
            tally.deals,
            searched[best],
        )


class Tally:
    """Each searched action's results deal by deal. After ``PRUNE_AFTER`` deals, and at every
    doubling of the deals since, an action whose paired difference to the best is more than
    ``PRUNE_Z`` standard errors below it is no longer played out: the deals go to the rest."""

    def __init__(self, actions: int) -> None:
        self.active = list(range(actions))
        self.weights: list[float] = []
        # Per action, per deal: (value, margin, points).
        self.results: list[list[Outcome]] = [[] for _ in range(actions)]

    @property
    def deals(self) -> int:
        return len(self.weights)

    def add(self, weight: float, outcomes: list[Outcome]) -> None:
        self.weights.append(weight)
        for i, outcome in zip(self.active, outcomes, strict=True):
            self.results[i].append(outcome)
        n = self.deals
        if n >= PRUNE_AFTER and n & (n - 1) == 0 and len(self.active) > 1:
            self._prune()

    def _mean(self, series: list[Outcome], k: int) -> float:
        w = self.weights[: len(series)]
        total = sum(w)
        return sum(a * b[k] for a, b in zip(w, series, strict=False)) / total if total else 0.0

    def _prune(self) -> None:
        best = max(self.active, key=lambda i: self._mean(self.results[i], 0))
        top = self.results[best]
        total = sum(self.weights)
        keep = []
        for i in self.active:
            gaps = [a[0] - b[0] for a, b in zip(top, self.results[i], strict=True)]
            mean = sum(w * g for w, g in zip(self.weights, gaps, strict=True)) / total
            var = sum(w * (g - mean) ** 2 for w, g in zip(self.weights, gaps, strict=True)) / total
            if i == best or mean <= PRUNE_Z * math.sqrt(var / self.deals):
                keep.append(i)
        self.active = keep

    def means(self, k: int) -> list[float]:
        """Each action's weighted mean of measure ``k`` (0 value, 1 margin, 2 points) over the
        deals it was played on."""
        return [self._mean(r, k) for r in self.results]


def equivalent_actions(
    view: SmearView | SaladView, know: Knowledge, legal: tuple[int, ...], hint: int
) -> dict[int, list[int]]:
    """The actions worth searching, each with the legal actions it stands for: cards of one
    suit with no unseen card between them and the same worth (Smear: Game value and not the
    jack of trump; Salad: the hand's penalty) lead to the same results, so one of them (the
    ``normal`` rules' card if it is one, else the lowest) is searched for all."""
    if view.phase == Phase.BID:
        return {a: [a] for a in legal}
    if isinstance(view, SmearView):
        jack = -1 if view.trump is None else view.trump * 13 + JACK
        worth = [CARD_VALUE[c] + (100 if c == jack else 0) for c in range(52)]
    else:
        worth = list(PENALTY[view.contract])
    classes: list[list[int]] = []
    for c in legal:  # ascending
        if classes:
            prev = classes[-1][-1]
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if (
                SUIT_OF[prev] == SUIT_OF[c]
                and worth[prev] == worth[c]
                and not between & know.unknown
            ):
                classes[-1].append(c)
                continue
        classes.append([c])
    return {(hint if hint in members else members[0]): members for members in classes}


def sensible_bids(view: SmearView, searched: tuple[int, ...], set_rates: list[float]) -> list[int]:
    """The indices of the searched bidding actions a sensible player may choose: a pass, and a
    bid the search sets at most ``SET_RISK`` of the time (``GO_OUT_SET_RISK`` when making it
    wins the game, S12, S13; any risk to outbid a player whose made bid would win it)."""
    me = view.scores[view.seat]
    target = view.options.target
    danger = view.bidder is not None and (
        view.scores[view.bidder] + view.bid >= target
        or (view.bid == 4 and view.scores[view.bidder] >= 1)
    )
    out = []
    for i, a in enumerate(searched):
        if a == PASS or danger:
            out.append(i)
            continue
        bid = a - BID_OFFSET
        wins = me + bid >= target or (bid == 4 and me >= 1)
        if set_rates[i] <= (GO_OUT_SET_RISK if wins else SET_RISK):
            out.append(i)
    return out


def searched_bids(view: SmearView) -> tuple[int, ...]:
    """Pass (when legal), the ``normal`` bid, and every bid the hand makes often enough.

    The last to speak is never outbid, and a made bid scores every point taken (S10): of the
    bids that do the same job it tries only the least (the least bid, and the least that wins
    the game if made, S12, S13), since a higher one only adds the risk of a set."""
    hand = 0
    for c in view.hand:
        hand |= BIT[c]
    _, probs = smear_normal.best_trump(hand, view.seats)
    rule = smear_action(view)
    out = tuple(
        a for a in view.legal if a in (PASS, rule) or probs[a - BID_OFFSET - 1] >= SEARCH_BID_SHARE
    )
    if len(view.bids) == view.seats - 1:
        me = view.scores[view.seat]
        target = view.options.target
        bids = [a for a in out if a != PASS]
        wins = [
            a for a in bids if me + a - BID_OFFSET >= target or (a == BID_OFFSET + 4 and me >= 1)
        ]
        least = {min(bids, default=PASS), min(wins, default=PASS)}
        out = tuple(a for a in out if a == PASS or a in least)
    return out if out else view.legal


def _smear_outcomes(view: SmearView, hands: list[int], actions: tuple[int, ...]) -> list[Outcome]:
    """Each action's ``Outcome`` on one deal."""
    base = smear_state(view, hands)
    before = list(view.scores)
    seat = view.seat
    out = []
    for a in actions:
        s = base.copy()
        s.apply_fast(a)
        out.append(smear_outcome(s, seat, before))
    return out


def _salad_outcomes(view: SaladView, hands: list[int], actions: tuple[int, ...]) -> list[Outcome]:
    """(value, value again as the margin, own penalty) of each action on one deal."""
    base = salad_state(view, hands)
    before = list(view.scores)
    seat = view.seat
    out = []
    for a in actions:
        s = base.copy()
        s.apply_fast(a)
        salad_normal.play_out(s)
        value = salad_value(s, seat, before)
        out.append((value, value, float(s.scores[seat] - before[seat]), 0.0))
    return out


__all__ = ["Analysis", "ExpertPlayer"]
