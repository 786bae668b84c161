"""Shared helpers for the computer-player tests: random games, and twin games that differ only
in cards one seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.ai.determinize import knowledge_of, sample_hands
from engine.cards import cards_of
from engine.core import Phase
from engine.record import new_game
from engine.salad import SaladState
from engine.smear import HandLog, SmearState

State = SmearState | SaladState


def positions(game: str, seats: int, seed: int, max_actions: int = 400) -> Iterator[State]:
    """Every decision point of one game played with uniformly random actions."""
    state = new_game(game, seats, seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if state.is_over:
            return
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))], state.current_player)


def empty_like(state: State) -> State:
    first = state.results[0].dealer if state.results else state.dealer
    if isinstance(state, SmearState):
        return SmearState(state.n, state.options, first_dealer=first)
    return SaladState(state.n, first_dealer=first)


def twin(state: State, seed: int) -> State | None:
    """A game with the same history as ``state`` except the current hand's unseen cards,
    dealt anew for the seat to act: every card that seat saw is the same. None if the
    redeal happens to equal the real deal."""
    seat = state.current_player
    assert seat is not None and state.log is not None
    know = knowledge_of(state.view(seat))
    hands = sample_hands(know, random.Random(seed))
    played_by = know.played_by
    new_deal = [cards_of(hands[s] | played_by[s]) for s in range(state.n)]
    if new_deal == state.log[-1].deal:
        return None
    other = empty_like(state)
    logs: list[tuple[list[list[int]], list[int]]] = [
        (log.deal, log.bids + log.plays) if isinstance(log, HandLog) else (log.deal, log.plays)
        for log in state.log
    ]
    for i, (deal, actions) in enumerate(logs):
        assert other.phase == Phase.DEAL
        other.deal(new_deal if i == len(logs) - 1 else deal)
        for a in actions:
            other.apply(a, other.current_player)
    return other
