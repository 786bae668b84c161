"""Positions where the right move is clear, for ``normal``, ``hard`` and ``expert``."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_player
from engine.cards import parse_cards
from engine.core import PASS, Phase, bid_action
from engine.salad import SaladState
from engine.smear import SmearState


@pytest.mark.parametrize("level", ["normal-v1", "normal", "hard", "expert-v1", "expert"])
def test_smear_bidder_with_ace_king_jack_ten_bids_and_leads_the_ace(level: str) -> None:
    st = SmearState(3, first_dealer=2)
    st.deal(
        [
            parse_cards(["AS", "KS", "JS", "TS", "3H", "4D"]),
            parse_cards(["5C", "6C", "7D", "8H", "9H", "2D"]),
            parse_cards(["QC", "KD", "5H", "6D", "7C", "8C"]),
        ]
    )
    player = make_player("smear", level, iterations=60)
    bid = player.choose(st.view(0), random.Random(1))
    assert bid != PASS
    st.apply(bid, 0)
    while st.phase == Phase.BID:
        st.apply(PASS, st.current_player)
    assert st.current_player == 0
    assert player.choose(st.view(0), random.Random(2)) == parse_cards(["AS"])[0]


@pytest.mark.parametrize("level", ["normal-v1", "normal", "hard", "expert-v1", "expert"])
def test_salad_hand_four_discards_the_lone_king_of_spades(level: str) -> None:
    st = SaladState(4, first_dealer=0)
    st.hand_index = 3  # hand 4: 100 for taking the king of spades
    hands = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS AS 2C",
        "2D 3D 4D 5D 6D 7D 8D 9D 3C 4C 5C 6C 7C",
        "KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "TD JD QD KD AD AH 8C 9C TC JC QC KC AC",
    ]
    st.deal([parse_cards(h.split()) for h in hands])
    assert st.current_player == 1
    st.apply(parse_cards(["7D"])[0], 1)
    view = st.view(2)
    assert view.contract == 4
    player = make_player("salad", level, iterations=30)
    assert player.choose(view, random.Random(3)) == parse_cards(["KS"])[0]


def _bidding_spot(scores: tuple[int, int, int], first_bid: int | None) -> SmearState:
    """Seat 1 has spoken (pass or ``first_bid``); seat 2 holds A-K-3 of spades to act."""
    st = SmearState(3, first_dealer=0)
    st.scores = list(scores)
    st.deal(
        [
            parse_cards(["2C", "3C", "4C", "5C", "6C", "7C"]),
            parse_cards(["8C", "9C", "TC", "JC", "QC", "KC"]),
            parse_cards(["AS", "KS", "3S", "5H", "7D", "8D"]),
        ]
    )
    st.apply(PASS if first_bid is None else bid_action(first_bid), 1)
    assert st.current_player == 2
    return st


@pytest.mark.parametrize("level", ["normal-v1", "normal", "hard", "expert-v1", "expert"])
def test_smear_takes_the_bid_from_a_bidder_who_would_go_out(level: str) -> None:
    """S12: only the bidder can win, so an opponent at 10 who bid 2 must be outbid."""
    player = make_player("smear", level, iterations=100)
    st = _bidding_spot((0, 10, 0), 2)
    assert player.choose(st.view(2), random.Random(1)) == bid_action(3)


@pytest.mark.parametrize("level", ["normal-v1", "normal"])
def test_smear_normal_lets_a_harmless_bid_stand(level: str) -> None:
    st = _bidding_spot((0, 0, 0), 2)
    assert make_player("smear", level).choose(st.view(2), random.Random(1)) == PASS


def test_smear_hard_bids_higher_to_go_out() -> None:
    """At 10 points a made 3 wins the game (S12): hard bids 3 where it bids 2 at 0."""
    player = make_player("smear", "hard", iterations=100)
    quiet = _bidding_spot((0, 0, 0), None)
    assert player.choose(quiet.view(2), random.Random(2)) == bid_action(2)
    out = _bidding_spot((0, 0, 10), None)
    assert player.choose(out.view(2), random.Random(2)) == bid_action(3)
