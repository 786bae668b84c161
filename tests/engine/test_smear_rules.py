"""One or more tests per Smear rule of RULES.md (S1..S14), on hand-made deals."""

from __future__ import annotations

import pytest

from engine.cards import HEARTS, SPADES, parse_card
from engine.core import PASS, Phase, bid_action
from engine.errors import IllegalAction, NotYourTurn
from engine.smear import SmearOptions, SmearState, game_points_of

from .conftest import act, cards, smear_hand

# A 2-seat hand where each seat takes one ten: Game ties (S9), the jack of trump is not dealt
# (S8), High is the nine (S6) and Low goes to the seat that played it, not the trick's winner
# (S7). Dealer 1, so seat 0 bids first and, bidding 2, is set with 1 point.
TIE_DEAL = ["9S 8S TC 2C 3C 4C", "2S 3S TD 6H 7H 8H"]
TIE_PLAY = ["2", "pass", "9S", "2S", "TC", "3S", "TD", "8S", "2C", "6H", "3C", "7H", "4C", "8H"]

# Seat 0 holds the only trump dealt (2H) and wins every trick: High and Low together (S7).
SINGLE_TRUMP_DEAL = ["2H AC KC QC JC TC", "3D 4D 5D 6D 7D 8D"]
SINGLE_TRUMP_PLAY = ["2", "pass", "2H", "3D", "AC", "4D", "KC", "5D", "QC", "6D", "JC", "7D"]
SINGLE_TRUMP_PLAY += ["TC", "8D"]

# Seat 0 takes all four points with a bid of 4.
SWEEP_DEAL = ["AH 2H JH TC AC KC", "3D 4D 5D 6D 7D 8D"]
SWEEP_PLAY = ["4", "AH", "3D", "2H", "4D", "JH", "5D", "TC", "6D", "AC", "7D", "KC", "8D"]


def test_s1_bid_must_exceed_the_highest_so_far() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"], dealer=0)
    act(state, "3")
    with pytest.raises(IllegalAction) as e:
        state.apply(bid_action(2), 2)
    assert e.value.rule == "S1"
    assert "bid must exceed 3" in str(e.value)
    assert state.legal_actions() == [PASS, bid_action(4)]


def test_s1_a_bid_of_4_ends_the_bidding_at_once() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"], dealer=0)
    act(state, "pass", "4")  # seat 1 passes, seat 2 bids 4; the dealer (seat 0) gets no turn
    assert state.phase == Phase.PLAY
    assert state.bidder == 2 and state.bid == 4
    assert state.current_player == 2
    with pytest.raises(IllegalAction):
        state.apply(PASS, 0)


def test_s2_all_pass_the_same_dealer_deals_again() -> None:
    state = SmearState(3, seed=7)
    dealer = state.dealer
    first_deal = list(state.hands)
    act(state, "pass", "pass", "pass")
    assert state.phase == Phase.BID
    assert state.dealer == dealer
    assert state.hands != first_deal
    assert state.results[-1].bidder is None
    assert state.scores == [0, 0, 0]
    assert state.current_player == (dealer + 1) % 3


def test_s2_all_pass_in_a_replay_waits_for_the_next_deal() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], dealer=1)
    act(state, "pass", "pass")
    assert state.phase == Phase.DEAL
    assert state.dealer == 1


def test_s2_stuck_dealer_may_not_pass_after_everyone_passed() -> None:
    state = smear_hand(
        ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"],
        dealer=0,
        stuck_dealer=True,
    )
    act(state, "pass", "pass")
    assert state.current_player == 0
    assert PASS not in state.legal_actions()
    assert state.legal_actions() == [bid_action(2), bid_action(3), bid_action(4)]
    with pytest.raises(IllegalAction) as e:
        state.apply(PASS, 0)
    assert e.value.rule == "S2"
    act(state, "2")
    assert state.bidder == 0 and state.phase == Phase.PLAY


def test_s2_stuck_dealer_may_pass_when_someone_bid() -> None:
    state = smear_hand(
        ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"],
        dealer=0,
        stuck_dealer=True,
    )
    act(state, "2", "pass")
    assert PASS in state.legal_actions()


def test_s3_highest_bidder_leads_and_sets_trump_with_the_first_card() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"], dealer=0)
    act(state, "2", "3", "pass")
    assert state.bidder == 2 and state.bid == 3
    assert state.current_player == 2
    act(state, "5H")
    assert state.trump == HEARTS


def test_s4_trump_led_must_be_followed_with_trump() -> None:
    state = smear_hand(["AS 2C 7C 8C 9C JD", "4S 5S 3C 6D 7D 8D"], dealer=1)
    act(state, "2", "pass", "AS")
    assert state.trump == SPADES
    with pytest.raises(IllegalAction) as e:
        state.apply(parse_card("3C"), 1)
    assert e.value.rule == "S4"
    assert "must follow suit S" in e.value.reason
    assert sorted(state.legal_actions()) == sorted(cards("4S 5S"))


def test_s4_trumping_in_is_allowed_while_able_to_follow() -> None:
    state = smear_hand(["AS 2C 7C 8C 9C JD", "4S 5S 3C 6D 7D 8D"], dealer=1)
    act(state, "2", "pass", "AS", "4S", "2C")
    # Seat 1 holds the club 3C and may play it, or trump in with 5S, but not a diamond.
    assert sorted(state.legal_actions()) == sorted(cards("3C 5S"))
    with pytest.raises(IllegalAction) as e:
        state.apply(parse_card("6D"), 1)
    assert str(e.value) == "must follow suit C or play trump S (S4)"
    act(state, "5S")  # trumps in while holding a club
    assert state.current_player == 1  # and wins the trick (S5)


def test_s4_without_the_suit_led_any_card_may_be_played() -> None:
    state = smear_hand(["AS 2C 7C 8C 9C JD", "4S 5S 3H 6D 7D 8D"], dealer=1)
    act(state, "2", "pass", "AS", "4S", "2C")
    assert sorted(state.legal_actions()) == sorted(cards("5S 3H 6D 7D 8D"))


def test_s5_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    state = smear_hand(
        ["9H AC 2D 3D 4D 5D", "TH 2C 6D 7D 8D 9D", "2H KC AD TD JD QD"],
        dealer=2,
    )
    act(state, "2", "pass", "pass", "9H", "TH", "2H")  # hearts are trump; TH wins
    assert state.current_player == 1
    act(state, "2C", "KC", "AC")  # no trump in it: the highest club wins
    assert state.current_player == 0
    act(state, "2D", "6D", "AD")  # an ace of the suit led beats smaller ones
    assert state.current_player == 2


def test_s6_high_is_the_highest_trump_dealt_not_necessarily_the_ace() -> None:
    state = smear_hand(TIE_DEAL)
    act(state, *TIE_PLAY)
    assert state.results[-1].high == 0  # the nine of spades, the highest spade dealt


def test_s7_low_goes_to_whoever_played_it_not_the_winner_of_its_trick() -> None:
    state = smear_hand(TIE_DEAL)
    act(state, *TIE_PLAY)
    result = state.results[-1]
    assert result.low == 1  # 2S, played by seat 1 into a trick seat 0 won
    assert state.won[0] >> parse_card("2S") & 1


def test_s7_a_single_trump_earns_both_high_and_low() -> None:
    state = smear_hand(SINGLE_TRUMP_DEAL)
    act(state, *SINGLE_TRUMP_PLAY)
    result = state.results[-1]
    assert result.high == 0 and result.low == 0
    assert result.points == (3, 0)  # High, Low and Game


def test_s8_an_undealt_jack_earns_nobody_a_point() -> None:
    state = smear_hand(TIE_DEAL)
    act(state, *TIE_PLAY)
    assert state.results[-1].jack is None


def test_s8_the_jack_goes_to_the_winner_of_its_trick() -> None:
    state = smear_hand(["JH 2C 3C 4C 5C 6C", "AH 7D 8D 9D TD QD"], dealer=1)
    act(state, "2", "pass", "JH", "AH")  # seat 1's ace captures the jack seat 0 led
    act(state, "7D", "2C", "8D", "3C", "9D", "4C", "TD", "5C", "QD", "6C")
    result = state.results[-1]
    assert result.jack == 1
    assert result.high == 1 and result.low == 0


def test_s9_a_tie_for_game_gives_it_to_nobody() -> None:
    state = smear_hand(TIE_DEAL)
    act(state, *TIE_PLAY)
    result = state.results[-1]
    assert result.game_points == (10, 10)
    assert result.game is None


def test_s9_game_values() -> None:
    assert (
        game_points_of(sum(1 << parse_card(c) for c in ["AS", "KS", "QS", "JS", "TS", "9S"])) == 20
    )
    assert game_points_of(sum(1 << c for c in cards("2C 3D 9H 8S"))) == 0


def test_s10_a_set_bidder_loses_the_bid_and_the_points_count_for_nothing() -> None:
    state = smear_hand(TIE_DEAL, scores=[5, 5])
    act(state, *TIE_PLAY)
    result = state.results[-1]
    assert result.points == (1, 1) and result.made is False
    assert state.scores == [3, 6]  # bidder 5 - 2; the other seat adds its Low (S11)


def test_s10_a_made_bid_scores_every_point_taken_even_above_the_bid() -> None:
    state = smear_hand(SINGLE_TRUMP_DEAL)
    act(state, *SINGLE_TRUMP_PLAY)
    assert state.results[-1].made is True
    assert state.scores == [3, 0]


def test_s10_scores_may_go_negative() -> None:
    state = smear_hand(TIE_DEAL, scores=[0, 0])
    act(state, *TIE_PLAY)
    assert state.scores == [-2, 1]


def test_s11_other_players_add_what_they_took() -> None:
    state = smear_hand(["JH 2C 3C 4C 5C 6C", "AH 7D 8D 9D TD QD"], dealer=1)
    act(state, "2", "pass", "JH", "AH")
    act(state, "7D", "2C", "8D", "3C", "9D", "4C", "TD", "5C", "QD", "6C")
    # Seat 1 took High, Jack and Game (AH, JH, TD, QD...): all added though it did not bid.
    assert state.results[-1].points == (1, 3)
    assert state.scores == [-2, 3]


def test_s12_only_the_bidder_can_win() -> None:
    state = smear_hand(TIE_DEAL, scores=[0, 10])
    act(state, *TIE_PLAY)
    assert state.scores == [-2, 11]
    assert state.phase != Phase.OVER  # seat 1 reached 11 without bidding: play on
    assert state.outcome() is None


def test_s12_the_bidder_who_makes_the_bid_and_reaches_the_target_wins() -> None:
    state = smear_hand(SINGLE_TRUMP_DEAL, scores=[8, 10])
    act(state, *SINGLE_TRUMP_PLAY)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (11, 10)


def test_s13_a_made_bid_of_4_wins_when_the_score_before_was_at_least_1() -> None:
    state = smear_hand(SWEEP_DEAL, scores=[1, 0])
    act(state, *SWEEP_PLAY)
    assert state.results[-1].points == (4, 0)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.scores == [5, 0]  # below the target, but S13 wins it


def test_s13_a_made_bid_of_4_from_zero_does_not_win() -> None:
    state = smear_hand(SWEEP_DEAL, scores=[0, 0])
    act(state, *SWEEP_PLAY)
    assert state.scores == [4, 0]
    assert state.outcome() is None


def test_s13_a_made_bid_of_4_from_a_negative_score_does_not_win() -> None:
    state = smear_hand(SWEEP_DEAL, scores=[-3, 0])
    act(state, *SWEEP_PLAY)
    assert state.outcome() is None


def test_s14_a_set_bidder_at_the_target_loses_the_bid_and_play_continues() -> None:
    state = smear_hand(TIE_DEAL, scores=[11, 0])
    act(state, *TIE_PLAY)
    assert state.scores == [9, 1]
    assert state.outcome() is None
    assert state.phase == Phase.DEAL


def test_s14_at_most_one_winner_even_with_two_at_the_target() -> None:
    state = smear_hand(SINGLE_TRUMP_DEAL, scores=[10, 12])
    act(state, *SINGLE_TRUMP_PLAY)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_target_option_changes_the_winning_score() -> None:
    state = smear_hand(SINGLE_TRUMP_DEAL, target=3)
    act(state, *SINGLE_TRUMP_PLAY)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_deal_passes_left_after_a_played_hand() -> None:
    state = SmearState(3, SmearOptions(), seed=3)
    dealer = state.dealer
    while state.results == [] or state.results[-1].bidder is None:
        legal = state.legal_actions()
        state.apply(legal[-1] if state.phase == Phase.BID else legal[0])
    if state.phase != Phase.OVER:
        assert state.dealer == (dealer + 1) % 3


def test_the_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"], dealer=1)
    order = []
    for _ in range(3):
        order.append(state.current_player)
        state.apply(PASS)
    assert order == [2, 0, 1]


def test_not_your_turn_is_refused() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], dealer=1)
    with pytest.raises(NotYourTurn) as e:
        state.apply(PASS, 1)
    assert e.value.rule == "G3"


def test_a_card_not_in_hand_is_refused() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], dealer=1)
    act(state, "2", "pass")
    with pytest.raises(IllegalAction) as e:
        state.apply(parse_card("AS"), 0)
    assert "not in your hand" in e.value.reason


def test_a_card_during_bidding_is_refused() -> None:
    state = smear_hand(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], dealer=1)
    with pytest.raises(IllegalAction) as e:
        state.apply(parse_card("2C"), 0)
    assert e.value.rule == "S1"
