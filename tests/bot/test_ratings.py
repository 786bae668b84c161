from __future__ import annotations

from bot import ratings
from bot.ratings import Participant
from engine.games import SALAD, SMEAR


def test_winner_gains_and_computers_are_not_rated() -> None:
    ps = [
        Participant(0, 1, None, 11, True),
        Participant(1, 2, None, 5, False),
        Participant(2, None, "normal", 7, False),
    ]
    new = ratings.rate(SMEAR, ps, {})
    assert set(new) == {1, 2}
    assert new[1][0] > ratings.DEFAULT_MU > new[2][0]


def test_salad_ranks_lowest_first_and_ties_share() -> None:
    ps = [
        Participant(0, 1, None, 300, False),
        Participant(1, 2, None, 100, True),
        Participant(2, 3, None, 100, True),
    ]
    assert ratings.finishing_ranks(SALAD, ps) == [2, 1, 1]


def test_one_person_against_computers_is_rated() -> None:
    ps = [Participant(0, 1, None, 3, True), Participant(1, None, "easy", 0, False)]
    assert 1 in ratings.rate(SMEAR, ps, {})


def test_the_shown_rating_starts_at_1000_and_moves_visibly() -> None:
    assert ratings.display(ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA) == 1000
    ps = [Participant(0, 1, None, 11, True), Participant(1, 2, None, 3, False)]
    new = ratings.rate(SMEAR, ps, {})
    winner, loser = ratings.display(*new[1]), ratings.display(*new[2])
    assert winner - 1000 >= 20 and loser >= 0  # a visible step; a newcomer never below 0
    assert winner > loser
