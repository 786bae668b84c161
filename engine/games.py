"""The games the engine plays, and the one API every game state offers.

``GAMES`` is the registry: each game's name, seat range, options and computer levels, and how to
start one. Code outside the engine asks the registry instead of branching on a game's name;
``GameState`` is what it may call on any game (in the spirit of OpenSpiel's ``State``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Outcome, TrickView
from engine.errors import InvalidOptions
from engine.levels import TABLE_LEVELS
from engine.salad import MAX_SEATS as SALAD_MAX
from engine.salad import MIN_SEATS as SALAD_MIN
from engine.salad import SaladState
from engine.smear import MAX_SEATS as SMEAR_MAX
from engine.smear import MIN_SEATS as SMEAR_MIN
from engine.smear import TARGET_RANGE, SmearOptions, SmearState


class GameState(Protocol):
    """One game in progress, of any kind. Both ``SmearState`` and ``SaladState`` are one.

    The checked API (``check``, ``apply``, ``view``) refuses an illegal action with
    ``IllegalAction`` and changes nothing; the fast path (``copy``, ``apply_fast``,
    ``legal_mask``, ``playout_hand``) is for search and checks nothing.
    """

    n: int
    phase: int
    scores: list[int]
    dealer: int
    results: Any  # list of the game's hand results, in order (RECORD.md result fields)
    log: Any  # list of the game's hand logs (deal, bids, plays), or None for a search copy
    tricks: list[TrickView] | None  # this hand's completed tricks (None for a search copy)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None between hands and once the game is over."""

    def legal_actions(self) -> list[int]:
        """Every legal action of the seat to act, ascending."""

    def legal_mask(self) -> int:
        """The legal actions as a bitmask (fast path)."""

    def check(self, action: int, seat: int | None = None) -> None:
        """Raise IllegalAction (naming the rule) if ``action`` by ``seat`` is not legal now."""

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a legal action, or raise IllegalAction and change nothing."""

    def apply_fast(self, action: int) -> None:
        """Apply an action known to be legal; no checks (search)."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (RULES.md G2): a SmearView or a SaladView."""

    def outcome(self) -> Outcome | None:
        """Winners and final totals once the game is over, else None."""

    def copy(self) -> Any:
        """A cheap copy for search: no history."""

    def clone(self) -> Any:
        """A full, independent copy, history included."""

    def playout_hand(self, rng: random.Random) -> None:
        """Finish the current hand with random legal actions (fast path)."""


@dataclass(frozen=True)
class Option:
    """A table option of RULES.md, described for people: a whole number in ``low..high`` or a
    flag. The game's own option parser is what checks a value."""

    name: str
    default: int | bool
    low: int = 0
    high: int = 1

    @property
    def is_flag(self) -> bool:
        return isinstance(self.default, bool)


@dataclass(frozen=True)
class Game:
    """One game of the registry."""

    name: str
    min_seats: int
    max_seats: int
    default_seats: int
    options: tuple[Option, ...]
    bidding: bool  # Smear has bidding; Salad does not
    lowest_wins: bool  # Salad: the lowest total wins
    levels: tuple[str, ...]  # computer levels a table may seat
    _options: Callable[[dict[str, object] | None], dict[str, object]]
    _new: Callable[[int, int, dict[str, object]], GameState]
    _bids: Callable[[GameState], list[tuple[int, int]]]

    @property
    def seat_range(self) -> range:
        return range(self.min_seats, self.max_seats + 1)

    def check_options(self, options: dict[str, object] | None) -> dict[str, object]:
        """The options with their defaults filled in; InvalidOptions for an unknown option or a
        value out of range."""
        return self._options(options)

    def new(self, seats: int, seed: int, options: dict[str, object] | None = None) -> GameState:
        """A new seeded game (G1). InvalidOptions for a bad seat count or option."""
        return self._new(seats, seed, self.check_options(options))

    def bids(self, state: GameState) -> list[tuple[int, int]]:
        """Each seat's bids won and bids made so far (all zero in a game without bidding)."""
        return self._bids(state)


def _new_smear(seats: int, seed: int, options: dict[str, object]) -> GameState:
    return SmearState(seats, SmearOptions.from_dict(options), seed=seed)


def _new_salad(seats: int, seed: int, options: dict[str, object]) -> GameState:
    return SaladState(seats, seed=seed)


def _smear_bids(state: GameState) -> list[tuple[int, int]]:
    won = [0] * state.n
    made = [0] * state.n
    for r in state.results:
        if r.bidder is not None:
            won[r.bidder] += 1
            made[r.bidder] += int(bool(r.made))
    return list(zip(won, made, strict=True))


def _no_bids(state: GameState) -> list[tuple[int, int]]:
    return [(0, 0)] * state.n


def _smear_options(raw: dict[str, object] | None) -> dict[str, object]:
    return SmearOptions.from_dict(raw).to_dict()


def _salad_options(raw: dict[str, object] | None) -> dict[str, object]:
    if raw:
        raise InvalidOptions(f"unknown option {sorted(raw)[0]!r} for salad")
    return {}


SMEAR = Game(
    name="smear",
    min_seats=SMEAR_MIN,
    max_seats=SMEAR_MAX,
    default_seats=3,
    options=(Option("target", 11, *TARGET_RANGE), Option("stuck_dealer", False)),
    bidding=True,
    lowest_wins=False,
    levels=TABLE_LEVELS,
    _options=_smear_options,
    _new=_new_smear,
    _bids=_smear_bids,
)
SALAD = Game(
    name="salad",
    min_seats=SALAD_MIN,
    max_seats=SALAD_MAX,
    default_seats=4,
    options=(),
    bidding=False,
    lowest_wins=True,
    levels=TABLE_LEVELS,
    _options=_salad_options,
    _new=_new_salad,
    _bids=_no_bids,
)
GAMES: dict[str, Game] = {g.name: g for g in (SMEAR, SALAD)}
GAME_NAMES: Sequence[str] = tuple(GAMES)


def game(name: str) -> Game:
    """The registry's entry for ``name``; InvalidOptions for an unknown game."""
    found = GAMES.get(name)
    if found is None:
        raise InvalidOptions(f"unknown game {name!r}: {' or '.join(GAMES)}")
    return found


def game_of(state: GameState) -> Game:
    """The registry's entry of a state's game."""
    return SMEAR if isinstance(state, SmearState) else SALAD


__all__ = ["GAMES", "GAME_NAMES", "Game", "GameState", "Option", "game", "game_of"]
