"""Reading the table: deals are weighed by how well they explain the others' bids and cards.

When every other seat plays by the ``normal`` rules, the real deal explains every card they
played, so no other deal consistent with the table may weigh more; and the model must tell
deals apart (some weigh less), or it reads nothing."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_player
from engine.ai.determinize import knowledge_of, sample_hands
from engine.ai.inference import (
    PLAY_AGREEMENT,
    _same_card,
    salad_play_likelihood,
    smear_play_likelihood,
)
from engine.core import Phase
from engine.record import new_game
from engine.salad import SaladView
from engine.smear import SmearView
from tests.engine.ai.test_expert import mask
from tests.engine.conftest import act, smear_hand


def _others_cards(view: SmearView | SaladView) -> int:
    """Cards the other seats played this hand that the model reads (not the naming lead)."""
    tricks = [*view.tricks, *([view.trick] if view.trick is not None else [])]
    n = 0
    for k, t in enumerate(tricks):
        for i, _ in enumerate(t.cards):
            first = k == 0 and i == 0 and isinstance(view, SmearView)
            n += (t.leader + i) % view.seats != view.seat and not first
    return n


@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 4)])
def test_the_real_deal_explains_normal_play(game: str, seats: int) -> None:
    """Every card of a ``normal`` player is the rules' card on the real deal, so its weight is
    at least agree**m for m cards read (a forced card weighs 1), and a deal on which some card
    is not what the rules would play weighs less than that: the model tells deals apart."""
    normal = make_player(game, "normal")
    rng = random.Random(3)
    agree = PLAY_AGREEMENT[game]
    told_apart = checked = 0
    for seed in range(8):
        state = new_game(game, seats, seed)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            m = _others_cards(view)
            if view.phase == Phase.PLAY and 1 <= m <= 3:
                know = knowledge_of(view)
                like = smear_play_likelihood if game == "smear" else salad_play_likelihood
                assert like(view, know, list(state.hands)) >= agree**m * (1 - 1e-9)  # type: ignore[arg-type]
                for _ in range(10):
                    other = like(view, know, sample_hands(know, rng))  # type: ignore[arg-type]
                    told_apart += other < agree**m * (1 - 1e-9)
                checked += 1
            state.apply(normal.choose(view, rng), seat)
    assert checked >= 20
    assert told_apart > 0


def test_a_card_the_rules_would_not_play_weighs_the_deal_down() -> None:
    """Seat 2, last to the trick, threw the 3 of clubs under the 9 (trump): a deal where it
    held the ace of clubs too explains that badly (the rules take the trick with the ace, for
    High and Game), one where its other club was the 5 explains it as well as the rules can,
    and one where the 3 was its only club reads nothing (a forced card)."""
    st = smear_hand(["9C 4D 5D 6H 7H 8H", "2C 8D 9D TD 2S 3S", "3C 2H 3H 4H 5H 9H"], dealer=2)
    act(st, "2", "pass", "pass", "9C", "2C", "3C")
    view = st.view(0)
    know = knowledge_of(view)
    own, seat1 = mask("4D 5D 6H 7H 8H"), mask("8D 9D TD 2S 3S")
    forced = smear_play_likelihood(view, know, [own, seat1, mask("2H 3H 4H 5H 9H")])
    agrees = smear_play_likelihood(view, know, [own, seat1, mask("5C 3H 4H 5H 9H")])
    odd = smear_play_likelihood(view, know, [own, seat1, mask("AC 3H 4H 5H 9H")])
    assert forced == pytest.approx(1.0)
    assert agrees == pytest.approx(PLAY_AGREEMENT["smear"])
    assert odd == pytest.approx(1.0 - PLAY_AGREEMENT["smear"])


def test_touching_cards_of_equal_worth_are_one_card() -> None:
    worth = [0] * 52
    two, three, five = 0, 1, 3
    assert _same_card(two, three, worth, elsewhere=0)
    assert not _same_card(two, five, worth, elsewhere=1 << 2)  # the four is out: not the same
    assert _same_card(two, five, worth, elsewhere=0)
