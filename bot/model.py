"""The table as data: seats, options, the live engine state. No Discord here."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from bot.i18n import ENGLISH
from engine.games import Game, GameState, game

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"
LIVE = (LOBBY, PLAYING)
PARENT_SLOT = "channel:"  # a message of a table played in a thread, posted in the channel


class Refusal(Exception):
    """A polite, complete sentence for the person who asked; nothing was changed.

    It carries a message id of the bot's translations and its arguments, so the sentence is
    said in the language of the person who asked (``bot.i18n``)."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = args

    @property
    def message(self) -> str:
        """The sentence in English (logs and tests); people get it in their language."""
        return ENGLISH.t(self.key, **self.params)

    def __str__(self) -> str:
        return self.message


class Place(NamedTuple):
    """Where a click or a command came from: a table only answers its own channel."""

    guild_id: int
    channel_id: int


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
    version: int = 0  # actions applied so far: every card or bid button carries it
    deadline: float | None = None  # wall-clock time the current person's turn runs out
    settings: dict[str, Any] = field(default_factory=dict)  # coach, rematch_of, ...
    idle_since: float = 0.0  # wall-clock time of the last change (a lobby expires)
    # The public thread the game plays in (opened on the lobby message when it starts), or
    # None: it plays in ``channel_id``, where its lobby was posted.
    thread_id: int | None = None
    # ---- runtime only
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)
    # Counts every change people can see (moves, seats, notes) in this process: each message
    # payload carries it, and one older than what a message already shows is never sent.
    revision: int = field(default=0, repr=False)
    last_actor: int | None = field(default=None, repr=False)
    last_note: str | None = field(default=None, repr=False)  # a message id: "time ran out"
    last_note_args: dict[str, Any] = field(default_factory=dict, repr=False)
    next_seq: int = field(default=1, repr=False)  # the next outbox row's number
    saved_version: int = field(default=0, repr=False)  # moves the database has of the game
    views: Any = field(default=None, repr=False, compare=False)  # bot.render.base.view_of

    @property
    def rules(self) -> Game:
        return game(self.game)

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
        return self.status in LIVE

    @property
    def place(self) -> Place:
        """Where the table was opened (its lobby's channel)."""
        return Place(self.guild_id, self.channel_id)

    @property
    def play_channel_id(self) -> int:
        """Where its game is played: its thread, else the channel of its lobby."""
        return self.channel_id if self.thread_id is None else self.thread_id

    def reached_from(self, place: Place) -> bool:
        """A click or a command from ``place`` may act on the table: its lobby's channel or
        its thread."""
        return place.guild_id == self.guild_id and place.channel_id in (
            self.channel_id,
            self.thread_id,
        )

    def channel_of(self, slot: str) -> int:
        """The channel a public message of the table lives in: the lobby and the lines for the
        channel (``channel:...``) stay where the table was opened, the rest goes to its game's
        thread."""
        if slot == "lobby" or slot.startswith(PARENT_SLOT):
            return self.channel_id
        return self.play_channel_id

    def snapshot(self) -> TableSnapshot:
        """Everything an action may change, to put back if its save fails."""
        return TableSnapshot(
            host_id=self.host_id,
            status=self.status,
            seats=[replace(s) for s in self.seats],
            state=None if self.state is None else self.state.clone(),
            version=self.version,
            deadline=self.deadline,
            settings=copy.deepcopy(self.settings),
            idle_since=self.idle_since,
            last_actor=self.last_actor,
            last_note=self.last_note,
            last_note_args=dict(self.last_note_args),
            next_seq=self.next_seq,
            thread_id=self.thread_id,
        )

    def restore(self, snap: TableSnapshot) -> None:
        self.host_id = snap.host_id
        self.status = snap.status
        self.seats = snap.seats
        self.state = snap.state
        self.version = snap.version
        self.deadline = snap.deadline
        self.settings = snap.settings
        self.idle_since = snap.idle_since
        self.last_actor = snap.last_actor
        self.last_note = snap.last_note
        self.last_note_args = snap.last_note_args
        self.next_seq = snap.next_seq
        self.thread_id = snap.thread_id


class TableSnapshot(NamedTuple):
    host_id: int
    status: str
    seats: list[Seat]
    state: GameState | None
    version: int
    deadline: float | None
    settings: dict[str, Any]
    idle_since: float
    last_actor: int | None
    last_note: str | None
    last_note_args: dict[str, Any]
    next_seq: int
    thread_id: int | None


def count_actions(record: dict[str, Any]) -> int:
    return sum(len(h.get("bids") or []) + len(h.get("plays") or []) for h in record["hands"])
