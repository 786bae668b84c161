"""Invariants over thousands of random games of every game and seat count (hypothesis)."""

from __future__ import annotations

import random
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import cards_of
from engine.core import ACTION_COUNT, Phase, TrickView
from engine.errors import IllegalAction
from engine.record import GameState, replay, result, to_record
from engine.salad import DECK_MASK, SaladState, game_total, hand_total
from engine.simulate import random_action, simulate
from engine.smear import SmearState

CONFIGS = [("smear", 2), ("smear", 3), ("salad", 3), ("salad", 4), ("salad", 5), ("salad", 6)]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _snapshot(state: GameState) -> tuple[object, ...]:
    return (
        to_record(state),
        result(state),
        [state.view(s) for s in range(state.n)],
        state.current_player,
        state.legal_actions(),
    )


@settings(max_examples=300, deadline=None)
@given(seed=seeds, stuck=st.booleans(), seats=st.sampled_from([2, 3]))
def test_smear_every_dealt_card_is_played_once_and_points_match_scores(
    seed: int, stuck: bool, seats: int
) -> None:
    state = simulate("smear", seats, seed, {"stuck_dealer": stuck})
    assert state.log is not None
    previous = [0] * seats
    for log, r in zip(state.log, state.results, strict=False):
        dealt = sorted(c for hand in log.deal for c in hand)
        assert len(dealt) == len(set(dealt)) == 6 * seats
        if r.bidder is None:
            assert log.plays == [] and all(b == 52 for b in log.bids)
            assert list(r.scores) == previous
            continue
        assert sorted(log.plays) == dealt  # every dealt card played exactly once
        assert sum(r.points) <= 4
        for s in range(seats):
            earned = [r.high, r.low, r.jack, r.game].count(s)
            assert r.points[s] == earned
            if s == r.bidder:
                assert r.made == (r.points[s] >= r.bid)
                delta = r.points[s] if r.made else -r.bid
            else:
                delta = r.points[s]
            assert r.scores[s] == previous[s] + delta
        assert r.high is not None and r.low is not None
        previous = list(r.scores)
    outcome = state.outcome()
    if outcome is not None:
        last = state.results[-1]
        assert outcome.winners == (last.bidder,) and last.made


@settings(max_examples=120, deadline=None)
@given(seed=seeds, seats=st.sampled_from([3, 4, 5, 6]))
def test_salad_totals_are_exactly_c5s_and_no_card_is_played_twice(seed: int, seats: int) -> None:
    state = simulate("salad", seats, seed)
    assert state.log is not None and state.phase == Phase.OVER
    deck = cards_of(DECK_MASK[seats])
    for log, r in zip(state.log, state.results, strict=True):
        assert sorted(c for hand in log.deal for c in hand) == deck
        assert len(log.plays) == len(set(log.plays))
        if r.contract in (1, 5, 6):
            assert sorted(log.plays) == deck  # played out in full
        assert sum(r.penalties) == hand_total(r.contract, seats)
    assert sum(state.scores) == game_total(seats)
    assert [r.contract for r in state.results] == [1, 2, 3, 4, 5, 6]


@settings(max_examples=150, deadline=None)
@given(seed=seeds, config=st.sampled_from(CONFIGS), stop=st.floats(0, 1))
def test_replaying_a_record_gives_the_same_state_and_result(
    seed: int, config: tuple[str, int], stop: float
) -> None:
    game, seats = config
    full = simulate(game, seats, seed)
    record = to_record(full)
    # Cut the record anywhere, as a game in progress, and compare with the live game there.
    total = sum(len(h.get("bids", [])) + len(h["plays"]) for h in record["hands"])
    cut = int(stop * total)
    live = _replay_live(game, seats, seed, cut)
    again = replay(to_record(live))
    assert result(again) == result(live)
    assert to_record(again) == to_record(live)
    for s in range(seats):
        assert again.view(s) == live.view(s)
    assert result(replay(record)) == result(full)


def _replay_live(game: str, seats: int, seed: int, actions: int) -> GameState:
    from engine.record import new_game

    state = new_game(game, seats, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(actions):
        if state.phase == Phase.OVER:
            break
        state.apply(random_action(state, rng))
    return state


def _cards_in_view(view: object) -> set[int]:
    seen: set[int] = set()
    for f in fields(view):  # type: ignore[arg-type]
        value = getattr(view, f.name)
        if f.name in ("hand", "legal"):
            seen.update(c for c in value if c < 52)
        elif isinstance(value, TrickView):
            seen.update(value.cards)
        elif f.name == "tricks":
            for t in value:
                seen.update(t.cards)
    return seen


# A view that leaks does so in nearly every game: 60 whole games, every seat's view at every
# step, find it (a leaked stock card or another seat's hand fails on the first example).
@settings(max_examples=60, deadline=None)
@given(seed=seeds, config=st.sampled_from(CONFIGS))
def test_a_view_never_shows_another_seats_unplayed_card(seed: int, config: tuple[str, int]) -> None:
    game, seats = config
    from engine.record import new_game

    state = new_game(game, seats, seed)
    rng = random.Random(seed)
    for _ in range(400):
        if state.phase == Phase.OVER:
            break
        for s in range(seats):
            view = state.view(s)
            assert set(view.hand) == set(cards_of(state.hands[s]))
            hidden = set()
            for other in range(seats):
                if other != s:
                    hidden |= set(cards_of(state.hands[other]))
            if isinstance(state, SmearState):
                dealt = 0
                for h in state.dealt_hands:
                    dealt |= h
                hidden |= set(range(52)) - set(cards_of(dealt))  # the unseen stock
            assert not (_cards_in_view(view) & hidden)
            assert not any(c in hidden for c in _ints_anywhere(view))
        state.apply(random_action(state, rng))


def _ints_anywhere(view: object) -> list[int]:
    """Cards could hide in any field: collect every card-sized int held by hand-like fields."""
    out: list[int] = []
    for f in fields(view):  # type: ignore[arg-type]
        if f.name in ("hand", "legal", "trick", "tricks"):
            continue
        value = getattr(view, f.name)
        if isinstance(value, tuple | list | frozenset | set):
            for v in value:
                if isinstance(v, int) and f.name not in ("scores", "tricks_taken", "penalties"):
                    out.append(v)
    return out


@settings(max_examples=150, deadline=None)
@given(seed=seeds, config=st.sampled_from(CONFIGS), data=st.data())
def test_an_illegal_action_is_refused_and_changes_nothing(
    seed: int, config: tuple[str, int], data: st.DataObject
) -> None:
    game, seats = config
    from engine.record import new_game

    state = new_game(game, seats, seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 120))):
        if state.phase == Phase.OVER:
            break
        state.apply(random_action(state, rng))
    before = _snapshot(state)
    legal = set(state.legal_actions())
    illegal = [a for a in range(ACTION_COUNT) if a not in legal]
    action = data.draw(st.sampled_from(illegal)) if illegal else 0
    try:
        state.apply(action)
        raise AssertionError(f"illegal action {action} was accepted")
    except IllegalAction as e:
        assert e.rule  # names a rule
    assert _snapshot(state) == before
    if state.current_player is not None and legal:
        wrong_seat = (state.current_player + 1) % seats
        try:
            state.apply(next(iter(legal)), wrong_seat)
            raise AssertionError("an action out of turn was accepted")
        except IllegalAction as e:
            assert e.rule == "G3"
        assert _snapshot(state) == before


def test_g1_the_same_seed_gives_the_same_game_card_for_card() -> None:
    for game, seats in CONFIGS:
        a = to_record(simulate(game, seats, 42))
        b = to_record(simulate(game, seats, 42))
        c = to_record(simulate(game, seats, 43))
        assert a == b
        assert a != c


def test_fast_path_playout_agrees_with_the_checked_path() -> None:
    """The search's inlined playout makes the same choices, and scores them the same, as the
    card-by-card path of a logged state, whose plays the checked API then accepts in replay."""
    for seed in range(300):
        for start in (SmearState(3, seed=seed), SaladState(4, seed=seed)):
            rng = random.Random(seed)
            for _ in range(seed % 7):  # start at the deal, mid-bidding or mid-trick
                start.apply(random_action(start, rng))
            logged = start.clone()
            logged.rng = None  # stop at the end of the hand, as a search copy does
            fast = start.copy()
            logged.playout_hand(random.Random(seed))
            fast.playout_hand(random.Random(seed))
            assert fast.phase in (Phase.DEAL, Phase.OVER)
            assert fast.results[-1] == logged.results[-1]
            assert fast.scores == logged.scores
            assert result(replay(to_record(logged))) == result(logged)


def test_copy_does_not_disturb_the_game() -> None:
    state = SmearState(3, seed=5)
    twin = SmearState(3, seed=5)
    for _ in range(20):
        c = state.copy()
        c.playout_hand(random.Random(1))
    rng_a, rng_b = random.Random(9), random.Random(9)
    while state.phase != Phase.OVER and len(state.results) < 30:
        state.apply(random_action(state, rng_a))
        twin.apply(random_action(twin, rng_b))
    assert to_record(state) == to_record(twin)


def test_a_state_without_history_refuses_to_give_a_view() -> None:
    """A view of a search copy would lack the bids, tricks and voids: refuse rather than lie."""
    for state in (SmearState(3, seed=1), SaladState(4, seed=1)):
        assert state.view(0).seat == 0
        for blind in (state.copy(), type(state)(state.n, seed=1, keep_log=False)):
            try:
                blind.view(0)
                raise AssertionError("a view of a state without history was given")
            except ValueError as e:
                assert "without history" in str(e)
