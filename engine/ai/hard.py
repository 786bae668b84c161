"""The ``hard`` level: determinized Monte Carlo search (PIMC) over the engine's fast path.

For each decision the player repeatedly deals the unseen cards to the other seats consistently
with everything public (``determinize.sample_hands``: cards played, shown voids, each seat's
card count; in Smear the stock stays unseen), and, in Smear, keeps only deals on which the
other seats would have bid as they did (a ``normal`` bidder's rules; after a few misses any
deal is accepted). On each deal every legal action is tried and the rest of the hand is played
out by the ``normal`` policy for every seat; the action with the best mean value over the
deals is chosen, near-ties going to the ``normal`` rules' move. The same deals are used for
every action (common random numbers). Smear bidding is the same search over pass and the
legal bids: a deal's rollout finishes the bidding with ``normal`` bidders and plays the hand,
so a bid's mean value weighs the estimated chance of making it against the cost of a set.

Rollouts by the ``normal`` policy rather than uniformly random play (``random_rollouts``):
measured on the same 60 duplicate Smear games against two ``normal`` players at 150 ms, 60.0%
wins with ``normal`` rollouts against 36.7% with random ones.

Values: ``engine.ai.search`` (the change of the hand's score against the others', and the
game won or lost, worth ``win_value`` hand points, ``search.WIN_VALUE`` by default); with
``value="win"``, Smear only, the weighted search's measure instead: the chance to win the game
from the scores the hand leaves (``win_model``; 1 or 0 when the hand ends the game).

Bids (Smear): with ``set_risk``, a bid that the search's deals show set more than that share of
the time is left out, as the weighted search does (``rules.sensible_bids``): a bid that wins
the game if made may risk ``GO_OUT_SET_RISK``, and any risk is taken to outbid a player whose
made bid would win the game. ``None`` (the default) leaves every bid in. The share is of all
the deals by default, so a bid the others often outbid looks safe; with
``set_risk_as_bidder`` it is of the deals on which the seat ends the bidder, the share a table
sees (set on so many of its bids).

With ``bid_margin_z`` a bid is made only when it beats the pass clearly on the deals: the mean
of its paired difference with the pass, deal by deal, at least ``bid_margin_z`` standard
errors above zero. On a few dozen deals the best of a few means is partly the luckiest one;
this asks a bid to beat the pass by more than that luck. ``None`` (the default) compares the
means alone.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.ai import salad_normal, salad_policy, smear_normal, smear_policy
from engine.ai.budget import Budget
from engine.ai.determinize import Knowledge, knowledge_of, salad_state, sample_hands, smear_state
from engine.ai.rules import bids_to_search, salad_action, sensible_bids, smear_action
from engine.ai.search import WIN_VALUE, SearchingPlayer, salad_value, smear_value
from engine.ai.win_model import win_chances
from engine.core import BIDS, PASS, Phase, bid_action, bid_value
from engine.salad import SaladState, SaladView
from engine.smear import TRICKS_PER_HAND, SmearState, SmearView

TIE_BONUS = 0.05  # per deal, for the ``normal`` rules' move
# The same bonus when the value is a chance to win the game (the weighted search's).
WIN_TIE_BONUS = 0.002
VALUES = ("margin", "win")


# How the searcher imagines the others bid, on its deals (the rest of the bidding, and which
# deals fit the bids made): ``normal-v1``'s rules, or Normal's measured model.
BIDDERS = {"v1": smear_policy.choose_bid, "model": smear_normal.choose_bid}


def smear_rollout(
    s: SmearState, rng: random.Random, random_play: bool = False, bidders: str = "v1"
) -> None:
    """Finish the hand with every seat on the ``normal-v1`` rules (or uniformly random play);
    the bidding by ``BIDDERS[bidders]``."""
    target = s.options.target
    choose_bid = BIDDERS[bidders]
    while s.phase == Phase.BID:
        seat = s.to_act
        bids = smear_normal.spoken(s)
        s.apply_fast(choose_bid(s.hands[seat], s.legal_mask(), seat, s.n, s.scores, target, bids))
    if random_play:
        s.playout_hand(rng)
    else:
        smear_normal.play_cards(s, TRICKS_PER_HAND, smear_policy.choose_card)


def salad_rollout(s: SaladState, rng: random.Random, random_play: bool = False) -> None:
    """Finish the hand with every seat on the ``normal-v1`` rules (or uniformly random play)."""
    if random_play:
        s.playout_hand(rng)
    else:
        salad_normal.play_out(s, salad_policy.choose_card)


def _bids_consistent(
    view: SmearView, know: Knowledge, hands: list[int], bidders: str = "v1"
) -> bool:
    """Would ``BIDDERS[bidders]`` holding these deals have bid as the others did?"""
    if not view.bids:
        return True
    target = view.options.target
    choose_bid = BIDDERS[bidders]
    high = 0
    for spoke, (seat, bid) in enumerate(view.bids):
        if seat == view.seat:
            if bid:
                high = bid
            continue
        dealt = hands[seat] | know.played_by[seat]
        legal = 1 << PASS
        for b in BIDS:
            if b > high:
                legal |= 1 << bid_action(b)
        # Every seat that spoke before, passes too: Normal's model knows the last to speak
        # by their number (``smear_normal.wanted_bid``).
        a = choose_bid(dealt, legal, seat, view.seats, view.scores, target, view.bids[:spoke])
        if bid_value(a) != bid:
            return False
        if bid:
            high = bid
    return True


def smear_win_value(s: SmearState, seat: int) -> float:
    """The seat's chance to win the game after the hand: 1 or 0 if the hand ended it, else the
    win model's chance from the scores."""
    if s.phase == Phase.OVER:
        return 1.0 if s.outcome_winner == seat else 0.0
    return win_chances(s.scores, s.options.target)[seat]


def was_bidder(s: SmearState, seat: int) -> bool:
    """The hand just played out had ``seat`` as its bidder."""
    return bool(s.results) and s.results[-1].bidder == seat


def was_set(s: SmearState, seat: int) -> bool:
    """The hand just played out ended with ``seat`` the bidder, set (S10)."""
    return was_bidder(s, seat) and s.results[-1].made is False


def capped_bids(
    view: SmearView, actions: tuple[int, ...], set_rates: list[float], risk: float
) -> list[int]:
    """The indices of ``actions`` a careful bidder may choose (``rules.sensible_bids``); when
    every bid is over its cap and the seat may not pass (it must go out), every action."""
    return sensible_bids(view, actions, set_rates, risk) or list(range(len(actions)))


def clear_of_pass(actions: tuple[int, ...], per_deal: list[list[float]], z: float) -> list[int]:
    """The indices of ``actions`` that are the pass, or a bid whose mean paired difference
    with the pass over the deals is at least ``z`` standard errors above zero (on one deal,
    above zero)."""
    passing = per_deal[actions.index(PASS)]
    keep = []
    for i, a in enumerate(actions):
        if a == PASS:
            keep.append(i)
            continue
        diffs = [v - w for v, w in zip(per_deal[i], passing, strict=True)]
        n = len(diffs)
        if n == 0:
            continue
        mean = sum(diffs) / n
        if n == 1:
            if mean > 0:
                keep.append(i)
            continue
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        if mean > 0 and mean >= z * spread / math.sqrt(n):
            keep.append(i)
    return keep


@dataclass(frozen=True, slots=True)
class HardAnalysis:
    """One decision's search: for each of ``actions``, ``totals`` its summed value over the
    ``deals``; in Smear's bidding, when counted, ``held`` the deals on which it left the seat
    the bidder and ``sets`` those on which it was set (empty when not counted). ``best`` is
    the action chosen."""

    actions: tuple[int, ...]
    totals: tuple[float, ...]
    held: tuple[int, ...]
    sets: tuple[int, ...]
    deals: int
    best: int


class HardPlayer(SearchingPlayer):
    """PIMC with ``normal``-policy rollouts, bounded by a time and/or an iteration budget."""

    def __init__(
        self,
        game: str,
        budget_ms: float | None = None,
        iterations: int | None = None,
        *,
        random_rollouts: bool = False,
        bid_filter_tries: int = 20,
        value: str = "margin",
        set_risk: float | None = None,
        set_risk_as_bidder: bool = False,
        bid_margin_z: float | None = None,
        bidders: str = "v1",
        win_value: float = WIN_VALUE,
    ) -> None:
        super().__init__(game, budget_ms, iterations)
        if win_value < 0:
            raise ValueError("win_value is the hand points a game won is worth, 0 or more")
        self.win_value = win_value
        if bidders not in BIDDERS:
            raise ValueError(f"bidders must be one of {', '.join(BIDDERS)}, not {bidders!r}")
        self.bidders = bidders
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(VALUES)}, not {value!r}")
        if value == "win" and game != "smear":
            raise ValueError("value='win' is Smear's win model; Salad has none")
        if set_risk is not None and not 0.0 <= set_risk <= 1.0:
            raise ValueError("set_risk must be a share between 0 and 1, or None")
        self.random_rollouts = random_rollouts
        self.bid_filter_tries = bid_filter_tries
        self.value = value
        self.set_risk = set_risk
        self.set_risk_as_bidder = set_risk_as_bidder
        self.bid_margin_z = bid_margin_z

    def decide(self, view: SmearView | SaladView, rng: random.Random) -> int:
        legal = bids_to_search(view, view.legal) if isinstance(view, SmearView) else view.legal
        if len(legal) == 1:
            return legal[0]
        return self._search(view, legal, rng, count_sets=self.set_risk is not None).best

    def analyse(self, view: SmearView | SaladView, rng: random.Random) -> HardAnalysis:
        """The search of a decision, as ``decide`` makes it, with Smear bids' sets counted
        (``engine.ai.bid_calibration``)."""
        legal = bids_to_search(view, view.legal) if isinstance(view, SmearView) else view.legal
        return self._search(view, legal, rng, count_sets=True)

    def _search(
        self,
        view: SmearView | SaladView,
        legal: tuple[int, ...],
        rng: random.Random,
        *,
        count_sets: bool,
    ) -> HardAnalysis:
        clock = Budget(self.budget_ms)
        limit = self.iterations
        know = knowledge_of(view)
        totals = [0.0] * len(legal)
        sets = [0] * len(legal)  # Smear: deals on which the action left the seat set
        held = [0] * len(legal)  # ... and on which it left the seat the bidder
        # Each action's value deal by deal, kept only for a bid with the pass to compare with.
        guard = (
            self.bid_margin_z is not None
            and isinstance(view, SmearView)
            and view.phase == Phase.BID
            and PASS in legal
        )
        per_deal: list[list[float]] | None = [[] for _ in legal] if guard else None
        bidding = isinstance(view, SmearView) and view.phase == Phase.BID
        counts = (sets, held) if count_sets and bidding else None
        before = list(view.scores)
        done = 0
        while True:
            if (limit is not None and done >= limit) or not clock.another():
                break
            hands = sample_hands(know, rng)
            if isinstance(view, SmearView):
                self._smear_deal(
                    view,
                    know,
                    hands,
                    legal,
                    before,
                    rng,
                    totals,
                    counts,
                    per_deal,
                )
            else:
                sbase = salad_state(view, hands)
                for i, a in enumerate(legal):
                    t = sbase.copy()
                    t.apply_fast(a)
                    salad_rollout(t, rng, self.random_rollouts)
                    totals[i] += salad_value(t, view.seat, before)
            done += 1
        # Near-ties go to the move the ``normal`` rules would make (say, the ace rather than
        # the king when both are ours): a small bonus per deal searched.
        hint = smear_action(view, True) if isinstance(view, SmearView) else salad_action(view, True)
        if hint in legal:
            bonus = WIN_TIE_BONUS if self.value == "win" else TIE_BONUS
            totals[legal.index(hint)] += bonus * done
        choices = list(range(len(legal)))
        if self.set_risk is not None and bidding and isinstance(view, SmearView):
            deals = held if self.set_risk_as_bidder else [done] * len(legal)
            rates = [k / d if d else 0.0 for k, d in zip(sets, deals, strict=True)]
            choices = capped_bids(view, legal, rates, self.set_risk)
        if per_deal is not None and self.bid_margin_z is not None:
            clear = clear_of_pass(legal, per_deal, self.bid_margin_z)
            choices = [i for i in choices if i in clear]
        best = max(choices, key=lambda i: totals[i])
        return HardAnalysis(
            legal,
            tuple(totals),
            tuple(held) if counts else (),
            tuple(sets) if counts else (),
            done,
            legal[best],
        )

    def _smear_deal(
        self,
        view: SmearView,
        know: Knowledge,
        hands: list[int],
        legal: tuple[int, ...],
        before: list[int],
        rng: random.Random,
        totals: list[float],
        counts: tuple[list[int], list[int]] | None,
        per_deal: list[list[float]] | None = None,
    ) -> None:
        """Play every action out on one deal (redrawn until the others' bids fit it, up to
        ``bid_filter_tries``), adding its value to ``totals`` (and to ``per_deal``, if kept)
        and, if ``counts`` are kept (sets, held), whether it left the seat the bidder, and
        set."""
        sets, held = counts if counts is not None else ([], [])
        for _ in range(self.bid_filter_tries):
            if _bids_consistent(view, know, hands, self.bidders):
                break
            hands = sample_hands(know, rng)
        base = smear_state(view, hands)
        seat = view.seat
        for i, a in enumerate(legal):
            s = base.copy()
            s.apply_fast(a)
            smear_rollout(s, rng, self.random_rollouts, self.bidders)
            if self.value == "win":
                value = smear_win_value(s, seat)
            else:
                value = smear_value(s, seat, before, self.win_value)
            totals[i] += value
            if per_deal is not None:
                per_deal[i].append(value)
            if counts is not None and was_bidder(s, seat):
                held[i] += 1
                sets[i] += was_set(s, seat)
