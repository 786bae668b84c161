"""The daily deal: what makes it the same for everyone who plays it on a day.

Every day (UTC) each server has one deal of Smear and one of Salad. You sit in seat 0 against
``expert`` computers; the cards come from the day's seed, a keyed hash of the server, the game
and the day under a secret the database keeps (``bot.storage.daily``), so nobody can know them
in advance. The computers search a fixed number of deals per decision (no time budget), seeded
from the day's seed, the hand and the version, so the same situation always gets the same move:
whoever plays the day gets exactly the same cards in the same seat against computers that play
the same way (duplicate play: the luck of the deal is the same for all).

Smear plays ``HANDS`` hands (the stuck dealer rule is on, RULES.md S2, so no deal is thrown in
and hand N is the same deal for everyone), or fewer if someone wins before (S12, S13); Salad
plays its one round of six hands. The game's own record stays valid (RECORD.md): a Smear daily
that ends after hand N is a game the bot stopped, not one the rules ended.

Your result: Smear, your points minus the best computer's; Salad, your penalty total (lower is
better). **Par** is the result an ``expert`` computer gets in your seat on the same deals
(``play_out``). Nothing here does I/O.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.model import Table
from engine.games import game
from engine.record import new_game, to_record

HANDS = 6  # a Smear daily ends after this hand even if nobody reached the target
LEVEL = "expert"
ITERATIONS = 100  # deals the computers search per decision (about an expert's 250 ms)
TURN_TIMER = 300  # seconds: a turn left this long ends the attempt, as leaving does
DAY_SECONDS = 86_400
EPOCH = datetime.date(1970, 1, 1)


@dataclass(frozen=True)
class DailyGame:
    seats: int
    options: dict[str, object]
    hands: int


GAMES: dict[str, DailyGame] = {
    "smear": DailyGame(3, {"target": 11, "stuck_dealer": True}, HANDS),
    "salad": DailyGame(4, {}, 6),
}


@dataclass(frozen=True)
class Deal:
    """One server's deal of one game on one day (``day``: days since 1970-01-01, UTC)."""

    guild_id: int
    game: str
    day: int
    seed: int
    iterations: int
    par: int | None = None

    @property
    def rules(self) -> DailyGame:
        return GAMES[self.game]

    def settings(self) -> dict[str, Any]:
        """What a daily table keeps in its settings: it is the daily deal of this day."""
        daily = {"day": self.day, "hands": self.rules.hands, "iterations": self.iterations}
        return {"daily": daily}


@dataclass(frozen=True)
class Finish:
    """Where a daily game stands: the player's result, hands played, and whether it was
    played to its end (all its hands, or a win) rather than left."""

    result: int
    hands: int
    complete: bool


# ---------------------------------------------------------------------- days and seeds


def day_of(timestamp: float) -> int:
    """The UTC day of a wall-clock time, as days since 1970-01-01."""
    return int(timestamp // DAY_SECONDS)


def day_text(day: int) -> str:
    """A day as people read it everywhere: ISO 8601 (2027-01-15)."""
    return (EPOCH + datetime.timedelta(days=day)).isoformat()


def week_of(day: int) -> tuple[int, int]:
    """The ISO week (Monday to Sunday) that holds ``day``: its first and last day."""
    monday = day - (EPOCH + datetime.timedelta(days=day)).weekday()
    return monday, monday + 6


def day_seed(secret: str, guild_id: int, game_name: str, day: int) -> int:
    """The day's seed: HMAC-SHA256 under the server-side secret (62 bits, as any table's)."""
    message = f"{guild_id}:{game_name}:{day}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def computer_seed(seed: int, hand_no: int, version: int) -> int:
    """The generator of a computer's decision at a daily table: the same for the same day,
    hand and version, in every process (a string seed is hashed with SHA-512)."""
    return random.Random(f"daily:{seed}:{hand_no}:{version}").getrandbits(64)


# ---------------------------------------------------------------------- a daily table


def daily_of(t: Table) -> dict[str, Any] | None:
    found = t.settings.get("daily")
    return found if isinstance(found, dict) else None


def is_daily(t: Table) -> bool:
    return daily_of(t) is not None


def fixed_work(t: Table, version: int) -> tuple[int, int] | None:
    """(generator seed, deals per decision) of a computer's move at a daily table; None at
    any other table (its computers search for a time)."""
    daily = daily_of(t)
    if daily is None:
        return None
    return computer_seed(t.seed, t.hand_no, version), int(daily["iterations"])


def hands_done(state: Any) -> int:
    return len(state.results)


def over(t: Table) -> bool:
    """A daily table whose last hand is played (or whose game the rules ended)."""
    daily = daily_of(t)
    st = t.state
    if daily is None or st is None:
        return False
    return st.outcome() is not None or hands_done(st) >= int(daily["hands"])


def result_of(game_name: str, scores: tuple[int, ...] | list[int], seat: int = 0) -> int:
    """Smear: the seat's points minus the best other seat's; Salad: its penalty total."""
    if game(game_name).lowest_wins:
        return scores[seat]
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def finish_of(t: Table) -> Finish:
    st = t.state
    assert st is not None
    return Finish(result_of(t.game, st.scores), hands_done(st), over(t))


def vs_par(game_name: str, result: int, par: int) -> int:
    """How much better than par a result is (negative: worse), whatever the game."""
    return par - result if game(game_name).lowest_wins else result - par


def ranked_key(game_name: str, result: int, complete: bool) -> tuple[int, int]:
    """Sorts a day's results best first: played to the end before left, then by result."""
    return (0 if complete else 1, result if game(game_name).lowest_wins else -result)


def week_points(game_name: str, result: int, complete: bool, par: int) -> int:
    """A day's part of the weekly board: the result against par; a deal left before its end
    never counts better than par (leaving must not pay)."""
    points = vs_par(game_name, result, par)
    return points if complete else min(0, points)


# ---------------------------------------------------------------------- par

Chooser = Callable[[Any, int], Awaitable[int]]  # (a seat's view, generator seed) -> action


@dataclass(frozen=True)
class Played:
    finish: Finish
    record: dict[str, Any]


async def play_out(deal: Deal, choose: Chooser) -> Played:
    """The day's game with an ``expert`` computer in every seat, seat 0 included, each
    decision made as at a daily table (``computer_seed``): seat 0's result is par."""
    rules = deal.rules
    st = new_game(deal.game, rules.seats, deal.seed, rules.options)
    version = 0
    while st.outcome() is None and hands_done(st) < rules.hands:
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        hand_no = len(st.log or ())
        action = await choose(view, computer_seed(deal.seed, hand_no, version))
        st.apply(action, seat)
        version += 1
    finish = Finish(result_of(deal.game, st.scores), hands_done(st), True)
    return Played(finish, to_record(st))


__all__ = [
    "GAMES",
    "HANDS",
    "ITERATIONS",
    "LEVEL",
    "TURN_TIMER",
    "DailyGame",
    "Deal",
    "Finish",
    "Played",
    "computer_seed",
    "daily_of",
    "day_of",
    "day_seed",
    "day_text",
    "finish_of",
    "fixed_work",
    "hands_done",
    "is_daily",
    "over",
    "play_out",
    "ranked_key",
    "result_of",
    "vs_par",
    "week_of",
    "week_points",
]
