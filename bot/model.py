"""The table as data: seats, options, the live engine state, message ids. No Discord here."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from engine.record import GameState

GAMES = ("smear", "salad")
MIN_SEATS = {"smear": 2, "salad": 3}
MAX_SEATS = {"smear": 3, "salad": 6}

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"


class Refusal(Exception):
    """A polite, complete sentence for the person who asked; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Seat:
    user_id: int | None  # None: a computer
    name: str
    level: str | None = None  # a computer's level
    autopilot: bool = False  # a person's seat played by the computer after two timeouts
    timeouts: int = 0  # timeouts in a row

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def automatic(self) -> bool:
        return self.user_id is None or self.autopilot


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    max_seats: int
    options: dict[str, Any]
    turn_timer: int  # seconds; 0 means off
    seed: int
    status: str = LOBBY
    seats: list[Seat] = field(default_factory=list)
    state: GameState | None = None
    version: int = 0  # actions applied so far: every click carries it
    deadline: float | None = None  # wall-clock time the current person's turn runs out
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    table_message_hand: int = 0  # the hand the table message shows
    ping_message_id: int | None = None
    seats_dirty: bool = True  # seats changed since the last save (timeouts, autopilot, leave)
    # runtime only
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)
    last_actor: int | None = field(default=None, repr=False)
    last_note: str | None = field(default=None, repr=False)  # e.g. "time ran out for bob"
    wake: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)
    task: asyncio.Task[None] | None = field(default=None, repr=False, compare=False)
    events: list[Any] = field(default_factory=list, repr=False, compare=False)
    ping_seat: int | None = field(default=None, repr=False)
    ping_turn: tuple[int, int] | None = field(default=None, repr=False)
    last_render: Any = field(default=None, repr=False, compare=False)
    table_edited_at: float = field(default=0.0, repr=False)  # time.monotonic() of the last edit
    table_edit_due: float | None = field(default=None, repr=False)  # a held-back edit is due
    ai_turn: tuple[int, float] | None = field(default=None, repr=False)  # (version, ready at)

    @property
    def hand_no(self) -> int:
        """Deals so far (a passed-out Smear hand counts): the hand a click belongs to."""
        if self.state is None or self.state.log is None:
            return 0
        return len(self.state.log)

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    @property
    def live(self) -> bool:
        return self.status in (LOBBY, PLAYING)


def count_actions(record: dict[str, Any]) -> int:
    return sum(len(h.get("bids") or []) + len(h.get("plays") or []) for h in record["hands"])
