"""The weighted search, level ``expert-v1``: determinized search with weighted deals, ``normal``
rollouts and exact endgames, on the compiled core (``engine.ai.fast``). It is the Expert in
both games and the coach's search; Smear's Expert leaves its bids to Hard's search
(``hard_bids``), since this search's own bids lost to Hard (issue 33, ``levels.EXPERT_OPTIONS``).

For each decision the player deals the unseen cards to the other seats consistently with
everything public and weighs each deal by how well it explains what the others did: their
bids (Smear, from the measured bidding model) and every card they played this hand (the
``normal`` rules' card, with the measured share of decisions on which other players agree
with it; ``engine.ai.inference``). On each deal every candidate action is played out, the same
deals for every action (common random numbers): the ``normal`` rules for every seat, except
that a Smear hand with ``ENDGAME_TRICKS`` tricks left is solved exactly (max^n with every hand
in view). The action with the best weighted mean value is chosen.

Touching cards of equal worth are tried once for all (``equivalent_actions``). The deals come
in batches that double the total; after each batch an action clearly worse than the best
(``PRUNE_Z`` standard errors of the paired difference) stops being played, and the search
stops as soon as the choice is made: one action left, or no action left that could beat the
best by more than ``MATTER`` (the budget is a bound, not a target).

Bids (Smear): the searched bids are those a sensible player considers (``searched_bids``), and
each bid is played out once for every trump the seat could name, so a bid is worth what its
best trump makes of it (``bid_trumps``). The choice is among the bids the search sees set at
most ``SET_RISK`` of the time (``sensible_bids``: more for a bid that wins the game, any risk
to stop a player who would win it).

Values: Smear, the chance to win the game from the scores the hand leaves (``win_model``; 1 or
0 when the hand ends the game). Salad, ``search.salad_value``: the others' mean penalty minus
ours this hand, and the game won in the last hand.

Budgets: ``budget_ms`` bounds a decision: a batch starts only with the deals that fit the time
left at the pace so far. ``iterations`` alone makes the decision a function of the view and
the generator, whether the kernels run compiled or not (the daily deal's computers, tests).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from engine.ai import smear_normal
from engine.ai.budget import now
from engine.ai.determinize import Knowledge, knowledge_of
from engine.ai.fast import search as kernel_search
from engine.ai.fast import tally
from engine.ai.fast.jit import floats, grown, int_array
from engine.ai.fast.rng import seeded
from engine.ai.fast.states import Position, position_of
from engine.ai.fast.warm import warm_up
from engine.ai.hard import HardPlayer
from engine.ai.inference import PLAY_AGREEMENT
from engine.ai.normal import salad_action, smear_action
from engine.ai.rules import SET_RISK, bids_to_search, sensible_bids
from engine.ai.salad_policy import PENALTY
from engine.ai.search import WIN_VALUE, SearchingPlayer
from engine.ai.smear_policy import CARD_VALUE
from engine.cards import BIT, JACK, SUIT_MASK, SUIT_OF
from engine.core import BID_OFFSET, PASS, Phase
from engine.salad import SaladView
from engine.smear import SmearView, made_bid_wins

ENDGAME_TRICKS = 3
# For the ``normal`` rules' move, in the units of the values: Smear a chance to win the game,
# Salad penalty points.
TIE_BONUS = {"smear": 0.002, "salad": 0.05}
# A difference in value too small to search on for: the search stops once no action could
# beat the best by more (same units).
MATTER = {"smear": 0.002, "salad": 0.5}
# The bids searched: those the measured model gives at least this chance of making, and the
# ``normal`` rules' bid (which stretches for the game).
SEARCH_BID_SHARE = 0.5
# Deals: the first batch, the most in one batch (so the clock is read often enough), and the
# deals after which pruning starts.
FIRST_BATCH = 1
MAX_BATCH = 256
PRUNE_AFTER = 8
PRUNE_Z = 3.0
# A batch is planned to end this far inside the time left (the pace of the next batch varies).
PACE_MARGIN = 1.25
# What a search maximizes (Smear): the chance to win the game from the scores the hand leaves
# (the outcome's measure 0), or Hard's value, the points against the others' with a game won
# or lost worth ``search.WIN_VALUE`` (the margin, measure 1; in points, so its tie bonus and
# the difference worth searching for are Hard's 0.05 points).
VALUES = {"win": 0, "margin": 1}
MARGIN_TIE_BONUS = 0.05


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's estimate for each legal action, weighted means over ``deals``: ``values``
    what the search maximizes (Smear: the chance to win the game; Salad: ``margins``),
    ``margins`` the seat's points against the others' mean (a game won or lost counted as
    ``search.WIN_VALUE``; Salad: ``search.salad_value``), ``points`` the seat's own score
    change for the hand (Smear: S10, S11; Salad: the penalty it takes), ``sets`` how often
    the seat is the bidder and set (Smear: the chance that a bid fails)."""

    actions: tuple[int, ...]
    values: tuple[float, ...]
    margins: tuple[float, ...]
    points: tuple[float, ...]
    deals: int
    best: int
    sets: tuple[float, ...] = ()


class Clock:
    """How many deals of a batch fit the budget, at the pace of the decision so far; the first
    batch always runs (a decision needs deals)."""

    def __init__(self, budget_ms: float | None) -> None:
        self.start = now()
        self.end = None if budget_ms is None else self.start + budget_ms / 1000.0

    def fits(self, wanted: int, done: int) -> int:
        if self.end is None or not done:
            return wanted
        t = now()
        pace = (t - self.start) / done
        room = (self.end - t) / (pace * PACE_MARGIN) if pace > 0 else float(wanted)
        return max(0, min(wanted, int(room)))


class Tally:
    """Every arm's outcomes deal by deal, in the kernels' flat arrays (``fast.tally``), and
    which arms are still played."""

    def __init__(self, arms: int, measure: int = 0, prune_after: int = PRUNE_AFTER) -> None:
        self.arms = arms
        self.measure = measure  # the outcome the arms are ranked and pruned by (``VALUES``)
        self.prune_after = prune_after
        self.active = list(range(arms))
        self.played = [0] * arms  # deals each arm was played on (a prefix of the deals)
        self.deals = 0
        self.weights: Any = floats(64)
        self.outcomes: Any = floats(64 * arms * kernel_search.OUTCOME)

    def make_room(self, deals: int) -> None:
        size = len(self.weights)
        if self.deals + deals <= size:
            return
        while size < self.deals + deals:
            size *= 2
        self.weights = grown(self.weights, size)
        self.outcomes = grown(self.outcomes, size * self.arms * kernel_search.OUTCOME)

    def added(self, deals: int) -> None:
        self.deals += deals
        for a in self.active:
            self.played[a] = self.deals

    def means(self, arm: int) -> tuple[float, float, float, float]:
        """The arm's weighted (value, margin, points, set) over the deals it was played on."""
        out = floats(kernel_search.OUTCOME)
        tally.arm_means(self.weights, self.outcomes, self.played[arm], self.arms, arm, out)
        return float(out[0]), float(out[1]), float(out[2]), float(out[3])

    def best(self) -> int:
        return max(self.active, key=lambda a: self.means(a)[self.measure])

    def prune(self, matter: float) -> bool:
        """Stop playing the arms clearly worse than the best; True when the choice is made
        (one arm left, or none could beat the best by more than ``matter``)."""
        if self.deals < self.prune_after or len(self.active) < 2:
            return len(self.active) < 2
        best = self.best()
        keep = [best]
        settled = True
        for a in self.active:
            if a == best:
                continue
            mean, var, effective = tally.gap(
                self.weights, self.outcomes, self.deals, self.arms, best, a, self.measure
            )
            spread = PRUNE_Z * math.sqrt(var / max(1.0, effective))
            if mean > spread:
                continue
            keep.append(a)
            settled = settled and spread - mean <= matter
        self.active = sorted(keep)
        return settled


class ExpertPlayer(SearchingPlayer):
    """Weighted PIMC with ``normal`` rollouts and exact Smear endgames. The keywords switch
    its parts off for the ablations (``docs/ai.md``): ``read_bids``/``read_plays`` weigh deals
    by the bids and the cards, ``endgame`` the tricks solved exactly (0: none),
    ``bid_trumps`` values a bid for every trump rather than the rules' trump, ``set_risk``
    caps the set rate of a bid (None: no cap), ``stop_early`` ends a search once its choice is
    made; ``search_bids``/``search_cards`` False take the ``normal`` rules' bids or cards
    instead of searching them; ``agree`` is the share of the others' cards read as the
    ``normal`` rules' (``inference.PLAY_AGREEMENT`` by default), ``bid_rules`` reads their
    bids as exactly the ``normal`` rules' too; ``value`` is what the Smear search maximizes
    (``VALUES``: "win" the chance to win the game, "margin" Hard's points and game won), and
    ``prune_after`` the deals before an arm may be pruned or the search stopped;
    ``long_shots`` searches every legal bid, not only those the hand makes often enough
    (``searched_bids``), as Hard does; ``hard_bids`` leaves the bids to Hard's search at the
    same budget (Smear's Expert: its own bids are where it lost to Hard), whose imagined
    bidders are ``hard_bidders`` (``hard.BIDDERS``: how it reads and finishes the others'
    bidding) and whose game won is worth ``hard_win_value`` hand points (Hard's
    ``win_value``)."""

    def __init__(
        self,
        game: str,
        budget_ms: float | None = None,
        iterations: int | None = None,
        *,
        read_bids: bool = True,
        read_plays: bool = True,
        endgame: int = ENDGAME_TRICKS,
        bid_trumps: bool = True,
        set_risk: float | None = SET_RISK,
        stop_early: bool = True,
        search_bids: bool = True,
        search_cards: bool = True,
        agree: float | None = None,
        bid_rules: bool = False,
        value: str = "win",
        prune_after: int = PRUNE_AFTER,
        long_shots: bool = False,
        hard_bids: bool = False,
        hard_bidders: str = "v1",
        hard_win_value: float = WIN_VALUE,
    ) -> None:
        super().__init__(game, budget_ms, iterations)
        self.long_shots = long_shots
        # The bids' search, when they are Hard's (made once: a player decides many times).
        self._bidder = (
            HardPlayer(game, budget_ms, iterations, bidders=hard_bidders, win_value=hard_win_value)
            if hard_bids
            else None
        )
        self.read_bids = read_bids
        self.read_plays = read_plays
        self.endgame = endgame
        self.bid_trumps = bid_trumps
        self.set_risk = set_risk
        self.stop_early = stop_early
        self.search_bids = search_bids
        self.search_cards = search_cards
        self.agree = PLAY_AGREEMENT[game] if agree is None else agree
        self.bid_rules = bid_rules
        if value not in VALUES:
            raise ValueError(f"value is one of {', '.join(VALUES)}, not {value!r}")
        self.measure = VALUES[value] if game == "smear" else 0
        self.prune_after = prune_after

    @property
    def hard_bids(self) -> bool:
        """Its Smear bids are Hard's search."""
        return self._bidder is not None

    def decide(self, view: SmearView | SaladView, rng: random.Random) -> int:
        bidding = isinstance(view, SmearView) and view.phase == Phase.BID
        if bidding and self._bidder is not None:
            return self._bidder.decide(view, rng)
        if not (self.search_bids if bidding else self.search_cards):
            return smear_action(view) if isinstance(view, SmearView) else salad_action(view)
        return self.analyse(view, rng, long_shots=self.long_shots).best

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
        warm_up()  # a process's first search: the kernels ready before the clock starts
        clock = Clock(self.budget_ms if budget_ms is None else budget_ms)
        legal = view.legal
        bidding = isinstance(view, SmearView) and view.phase == Phase.BID
        if bidding and not long_shots:
            assert isinstance(view, SmearView)
            legal = searched_bids(view)
            if len(legal) == 1:
                return Analysis(legal, (0.0,), (0.0,), (0.0,), 0, legal[0])
        know = knowledge_of(view)
        hint = smear_action(view) if isinstance(view, SmearView) else salad_action(view)
        classes = equivalent_actions(view, know, legal, hint)
        searched = tuple(classes)
        arms = self._arms(view, searched)
        t = self._search(view, know, arms, rng, clock)
        means = [t.means(a) for a in range(len(arms))]
        # Each action at its best arm (a bid at its best trump).
        best_arm: dict[int, int] = {}
        k = self.measure
        for a, (action, _) in enumerate(arms):
            if action not in best_arm or means[a][k] > means[best_arm[action]][k]:
                best_arm[action] = a
        choices = [i for i, rep in enumerate(searched) if best_arm[rep] in t.active]
        if bidding and t.deals:
            assert isinstance(view, SmearView)
            set_rates = [means[best_arm[rep]][3] for rep in searched]
            choices = sensible_bids(view, searched, set_rates, self.set_risk) or choices
        bonus = MARGIN_TIE_BONUS if k else TIE_BONUS[self.game]
        best = max(
            choices,
            key=lambda i: means[best_arm[searched[i]]][k] + (bonus if searched[i] == hint else 0),
        )
        of = {a: best_arm[rep] for rep in searched for a in classes[rep]}
        return Analysis(
            legal,
            tuple(means[of[a]][0] for a in legal),
            tuple(means[of[a]][1] for a in legal),
            tuple(means[of[a]][2] for a in legal),
            t.deals,
            searched[best],
            tuple(means[of[a]][3] for a in legal),
        )

    def _arms(
        self, view: SmearView | SaladView, searched: tuple[int, ...]
    ) -> list[tuple[int, int]]:
        """(action, trump named if the seat leads the hand, -1 for the rules' choice) pairs."""
        if not (isinstance(view, SmearView) and view.phase == Phase.BID and self.bid_trumps):
            return [(a, -1) for a in searched]
        hand = 0
        for c in view.hand:
            hand |= BIT[c]
        suits = [s for s in range(4) if hand & SUIT_MASK[s]]
        return [(a, s) for a in searched for s in ((-1,) if a == PASS else suits)]

    def _search(
        self,
        view: SmearView | SaladView,
        know: Knowledge,
        arms: list[tuple[int, int]],
        rng: random.Random,
        clock: Clock,
    ) -> Tally:
        """Deals in doubling batches until the budget, the iterations or a settled choice."""
        pos = position_of(view, know)
        generator = seeded(rng)
        flags = (kernel_search.READ_BIDS if self.read_bids else 0) | (
            kernel_search.READ_PLAYS if self.read_plays else 0
        )
        if self.bid_rules:
            flags |= kernel_search.READ_BID_RULES
        agree = self.agree
        matter = MARGIN_TIE_BONUS if self.measure else MATTER[self.game]
        t = Tally(len(arms), self.measure, self.prune_after)
        flat = int_array([x for arm in arms for x in arm])
        limit = self.iterations
        while True:
            wanted = FIRST_BATCH if not t.deals else min(MAX_BATCH, t.deals)
            if limit is not None:
                wanted = min(wanted, limit - t.deals)
            deals = clock.fits(wanted, t.deals)
            if deals <= 0:
                break
            self._batch(pos, t, flat, deals, generator, flags, agree)
            if t.prune(matter) and self.stop_early:
                break
            if len(t.active) < 2:
                break
        return t

    def _batch(
        self,
        pos: Position,
        t: Tally,
        arms: Any,
        deals: int,
        generator: Any,
        flags: int,
        agree: float,
    ) -> None:
        """Play ``deals`` more deals on the active arms."""
        t.make_room(deals)
        active = int_array(t.active)
        if pos.game == "smear":
            kernel_search.smear_deals(
                pos.base,
                pos.kn,
                pos.bids,
                pos.nbids,
                pos.hist,
                pos.nhist,
                arms,
                t.arms,
                active,
                len(t.active),
                t.deals,
                deals,
                generator,
                flags,
                agree,
                self.endgame,
                t.weights,
                t.outcomes,
            )
        else:
            kernel_search.salad_deals(
                pos.base,
                pos.kn,
                pos.hist,
                pos.nhist,
                arms,
                t.arms,
                active,
                len(t.active),
                t.deals,
                deals,
                generator,
                flags,
                agree,
                t.weights,
                t.outcomes,
            )
        t.added(deals)


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


def searched_bids(view: SmearView) -> tuple[int, ...]:
    """Pass (when legal, and the seat is short of the target: ``rules.must_go_out``), the
    ``normal`` bid, and every bid the hand makes often enough.

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
    out = bids_to_search(view, out)
    if len(view.bids) == view.seats - 1:
        me = view.scores[view.seat]
        target = view.options.target
        bids = [a for a in out if a != PASS]
        wins = [a for a in bids if made_bid_wins(me, a - BID_OFFSET, target)]
        least = {min(bids, default=PASS), min(wins, default=PASS)}
        out = tuple(a for a in out if a == PASS or a in least)
    return out if out else view.legal


__all__ = ["Analysis", "ExpertPlayer"]
