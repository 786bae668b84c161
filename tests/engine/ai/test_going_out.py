"""Every level goes out when it can: only a made bid wins (RULES.md S12), so a seat at or past
the target, for whom any made bid wins the game, never passes while a bid is legal. (Issue 33:
an Easy computer stood at 59 of 11 for 65 hands without going out.)"""

from __future__ import annotations

import random

import pytest

from engine.ai import make_player
from engine.ai.fast import smear as km
from engine.ai.fast.states import smear_array
from engine.core import PASS, bid_action
from engine.smear import SmearState
from tests.engine.conftest import act, smear_hand

# The levels that choose (random picks any legal action by design).
LEVELS = ("easy", "normal-v1", "normal", "hard", "expert-v1", "expert")
# Seat 0's hand is hopeless: no bid of it makes its points often, so only the score can make
# a bid right.
HANDS = ["2C 5D 7H 9S 3C 4D", "AS KS 2H 3H 4H 5H", "6C 7C 8C 9C TC JC"]


def _first_to_speak(score: int) -> SmearState:
    """Seat 0 speaks first (left of dealer 2) with ``score`` points."""
    return smear_hand(HANDS, dealer=2, scores=[score, 0, 0])


def _after_a_three(score: int) -> SmearState:
    """Seat 2 opened with 3 (its made 3 does not win: 0 + 3 < 11); seat 0 may pass or bid 4."""
    st = smear_hand(HANDS, dealer=1, scores=[score, 0, 0])
    act(st, "3")
    return st


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("score", [11, 59])
def test_a_seat_at_or_past_the_target_bids_the_least_it_may(level: str, score: int) -> None:
    """S12: at or past the target any made bid wins the game, and passing leaves the game to
    the others; the least bid risks the least (S10)."""
    player = make_player("smear", level, iterations=8)
    st = _first_to_speak(score)
    assert player.choose(st.view(0), random.Random(1)) != PASS
    st = _after_a_three(score)
    assert st.current_player == 0
    assert player.choose(st.view(0), random.Random(1)) == bid_action(4)


@pytest.mark.parametrize("level", LEVELS)
def test_below_the_target_a_hopeless_hand_still_passes(level: str) -> None:
    """The rule is the score's, not a habit of bidding: at 0 points the same hand passes."""
    player = make_player("smear", level, iterations=8)
    assert player.choose(_first_to_speak(0).view(0), random.Random(1)) == PASS


@pytest.mark.parametrize("score", [11, 59])
def test_the_search_rollouts_go_out_too(score: int) -> None:
    """The compiled ``normal`` bidder the searches play the others with (``fast.smear``) goes
    out as ``smear_normal`` does: the searches expect the others to take the game when a made
    bid gives it to them."""
    st = _first_to_speak(score)
    assert km.choose_bid(smear_array(st)) == bid_action(2)
    st = _after_a_three(score)
    assert km.choose_bid(smear_array(st)) == bid_action(4)
