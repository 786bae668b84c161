"""Skill ratings with openskill's Plackett-Luce model (a multiplayer rating).

Pure functions: the storage layer reads the current ratings and writes the new ones in the same
transaction as the game's result. Computer players take part as opponents with a fixed rating
by level, so a person's game against computers counts, but computers are never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.games import Game

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
COMPUTER_MU = {"random": 15.0, "easy": 20.0, "normal": 25.0, "hard": 30.0, "expert": 34.0}
COMPUTER_SIGMA = 2.0
# What people see: a round 1000 for a newcomer (ordinal 0), moving a few dozen points a game.
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0


@dataclass(frozen=True)
class Participant:
    seat: int
    user_id: int | None  # None for a computer
    level: str | None
    score: int
    won: bool


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate leaderboards sort by (mu - 3 sigma)."""
    return mu - 3.0 * sigma


def display(mu: float, sigma: float) -> int:
    """The rating shown to people: 1000 for a newcomer, never below 0."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma)))


def finishing_ranks(game: Game, participants: list[Participant]) -> list[int]:
    """1 for the best; winners first, then by score (high wins Smear, low wins Salad)."""

    def key(p: Participant) -> tuple[int, int]:
        return (0 if p.won else 1, p.score if game.lowest_wins else -p.score)

    ordered = sorted({key(p) for p in participants})
    return [ordered.index(key(p)) + 1 for p in participants]


def rate(
    game: Game,
    participants: list[Participant],
    current: dict[int, tuple[float, float]],
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for every person in the game. ``current`` holds those already rated."""
    people = [p for p in participants if p.user_id is not None]
    if not people or len(participants) < 2:
        return {}
    teams = []
    for p in participants:
        if p.user_id is None:
            mu = COMPUTER_MU.get(p.level or "normal", DEFAULT_MU)
            teams.append([MODEL.rating(mu=mu, sigma=COMPUTER_SIGMA)])
        else:
            mu, sigma = current.get(p.user_id, (DEFAULT_MU, DEFAULT_SIGMA))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    new = MODEL.rate(teams, ranks=[float(r) for r in finishing_ranks(game, participants)])
    out: dict[int, tuple[float, float]] = {}
    for p, team in zip(participants, new, strict=True):
        if p.user_id is not None:
            out[p.user_id] = (float(team[0].mu), float(team[0].sigma))
    return out
