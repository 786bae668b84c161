"""One or more tests per Salad rule of RULES.md (C1..C6 and the deck table)."""

from __future__ import annotations

import pytest

from engine.cards import card_str, cards_of, parse_card
from engine.core import Phase
from engine.errors import IllegalAction, InvalidOptions
from engine.salad import (
    DECK_MASK,
    HAND_SIZE,
    SaladState,
    game_total,
    hand_total,
)

from .conftest import cards

# Each seat holds one whole suit, so the leader of every trick takes it: seat 0 clubs,
# seat 1 diamonds, seat 2 hearts, seat 3 spades.
SUITED_DEAL = [[c for c in range(13 * s, 13 * s + 13)] for s in range(4)]


def play_highest_first(state: SaladState) -> int:
    """Play the hand out, each seat playing its highest legal card; returns cards played."""
    played = 0
    index = state.hand_index
    while state.phase == Phase.PLAY and state.hand_index == index:
        state.apply(max(state.legal_actions()), state.current_player)
        played += 1
    return played


@pytest.mark.parametrize(
    ("seats", "removed", "each"),
    [(3, ["2C"], 17), (4, [], 13), (5, ["2C", "2D"], 10), (6, ["2C", "3C", "2D", "3D"], 8)],
)
def test_deck_is_trimmed_so_the_deal_comes_out_even(
    seats: int, removed: list[str], each: int
) -> None:
    deck = cards_of(DECK_MASK[seats])
    assert len(deck) == 52 - len(removed) == each * seats
    assert [card_str(c) for c in set(range(52)) - set(deck)] == sorted(removed, key=parse_card)
    assert HAND_SIZE[seats] == each
    state = SaladState(seats, seed=11)
    hands = [state.view(s).hand for s in range(seats)]
    assert all(len(h) == each for h in hands)
    assert sorted(c for h in hands for c in h) == deck  # C1: all cards are dealt


def test_deck_removed_card_cannot_be_dealt() -> None:
    state = SaladState(3, first_dealer=0)
    deck = cards_of(DECK_MASK[3])
    bad = [[*deck[:16], parse_card("2C")], deck[16:33], deck[33:50]]
    with pytest.raises(IllegalAction) as e:
        state.deal(bad)
    assert "removed from the deck" in e.value.reason


@pytest.mark.parametrize("seats", [2, 7])
def test_salad_seats_are_3_to_6(seats: int) -> None:
    with pytest.raises(InvalidOptions):
        SaladState(seats, seed=1)


def test_c1_first_dealer_from_the_seed_and_the_deal_passes_left() -> None:
    dealers = {SaladState(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}  # random from the seed
    assert SaladState(4, seed=9).dealer == SaladState(4, seed=9).dealer
    state = SaladState(4, first_dealer=2)
    seen = []
    while state.phase != Phase.OVER:
        seen.append(state.dealer)
        state.deal(SUITED_DEAL)
        play_highest_first(state)
    assert seen == [2, 3, 0, 1, 2, 3]


def test_c2_left_of_dealer_leads_and_may_lead_a_heart_at_once() -> None:
    state = SaladState(4, first_dealer=1)
    state.deal(SUITED_DEAL)
    assert state.current_player == 2  # holds the hearts
    state.apply(parse_card("2H"), 2)  # no "hearts broken" rule
    assert state.trick == [parse_card("2H")]


def test_c3_follow_suit_if_able() -> None:
    state = SaladState(4, first_dealer=3)
    state.deal(
        [
            cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"),
            cards("AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
        ]
    )
    state.apply(parse_card("2C"), 0)
    # Seat 1 has no club: any card. Seat 2 likewise. No trump exists: AD does not win.
    state.apply(parse_card("2H"), 1)
    state.apply(parse_card("AH"), 2)
    state.apply(parse_card("AS"), 3)
    assert state.current_player == 0  # 2C was the only club: it wins
    state.apply(parse_card("3C"), 0)
    state.apply(parse_card("2D"), 1)
    state.apply(parse_card("AD"), 2)  # an ace off-suit does not win
    state.apply(parse_card("2S"), 3)
    assert state.current_player == 0


def test_c3_a_revoke_is_refused_naming_the_rule() -> None:
    state = SaladState(4, first_dealer=3)
    state.deal(
        [
            cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D"),
            cards("AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
            cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
        ]
    )
    state.apply(parse_card("2C"), 0)
    with pytest.raises(IllegalAction) as e:
        state.apply(parse_card("AD"), 1)
    assert str(e.value) == "must follow suit C (C3)"
    state.apply(parse_card("AC"), 1)
    state.apply(parse_card("2H"), 2)
    state.apply(parse_card("2S"), 3)
    assert state.current_player == 1  # the highest club wins; the winner leads


def test_c4_hands_2_to_4_end_once_their_penalty_cards_are_taken() -> None:
    """Dealer 3 first: the leaders are seats 0, 1, 2, 3, 0, 1 and each takes every trick."""
    state = SaladState(4, first_dealer=3)
    plays = []
    while state.phase != Phase.OVER:
        state.deal(SUITED_DEAL)
        plays.append(play_highest_first(state))
    # Hand 2: hearts are discarded one a trick, so all 13 are taken only at the end.
    # Hand 3: the four queens fall together in the third trick (A, K, Q of every suit).
    # Hand 4: the spade king falls in the second trick.
    # Hands 1, 5 and 6 are always played out.
    assert plays == [52, 52, 12, 8, 52, 52]


def test_c5_and_c6_penalties_totals_and_co_winners() -> None:
    state = SaladState(4, first_dealer=3)
    while state.phase != Phase.OVER:
        state.deal(SUITED_DEAL)
        play_highest_first(state)
    penalties = [r.penalties for r in state.results]
    assert penalties == [
        (130, 0, 0, 0),  # hand 1: seat 0 takes 13 tricks
        (0, 130, 0, 0),  # hand 2: seat 1 takes all 13 hearts
        (0, 0, 100, 0),  # hand 3: seat 2 takes the four queens
        (0, 0, 0, 100),  # hand 4: seat 3 takes the spade king
        (100, 0, 0, 0),  # hand 5: seat 0 takes the last trick
        (0, 130 + 130 + 100 + 100 + 100, 0, 0),  # hand 6: everything
    ]
    for r in state.results:
        assert sum(r.penalties) == hand_total(r.contract, 4)  # C5
    assert sum(state.scores) == game_total(4) == 1120
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (230, 690, 100, 100)
    assert outcome.winners == (2, 3)  # C6: tied on the lowest total, both win


@pytest.mark.parametrize(("seats", "total"), [(3, 1200), (4, 1120), (5, 1060), (6, 1020)])
def test_c5_game_totals(seats: int, total: int) -> None:
    assert game_total(seats) == total
    assert hand_total(1, seats) == 10 * HAND_SIZE[seats]


def test_c6_a_single_lowest_total_wins_alone() -> None:
    state = SaladState(4, first_dealer=0)
    while state.phase != Phase.OVER:
        state.deal(SUITED_DEAL)
        play_highest_first(state)
    outcome = state.outcome()
    assert outcome is not None
    low = min(outcome.scores)
    assert outcome.winners == tuple(s for s in range(4) if outcome.scores[s] == low)


def test_play_after_the_game_is_refused() -> None:
    state = SaladState(4, first_dealer=3)
    while state.phase != Phase.OVER:
        state.deal(SUITED_DEAL)
        play_highest_first(state)
    with pytest.raises(IllegalAction) as e:
        state.apply(0)
    assert e.value.rule == "C6"
