"""The measured Smear bidding model and the script that fits it."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from engine.ai import fit_bidding
from engine.ai.bid_model import FEATURE_NAMES, bid_values, features, make_probs
from engine.ai.bid_model_data import WEIGHTS
from engine.ai.smear_normal import best_trump, wanted_bid
from engine.cards import SPADES, mask_of, parse_cards


def hand(text: str) -> int:
    return mask_of(parse_cards(text.split()))


def test_probabilities_fall_with_the_points_asked() -> None:
    rng = random.Random(3)
    for _ in range(200):
        m = 0
        for c in rng.sample(range(52), 6):
            m |= 1 << c
        for suit in range(4):
            if m >> (13 * suit) & 0x1FFF:
                for seats in (2, 3):
                    p = make_probs(m, suit, seats)
                    assert 1.0 >= p[0] >= p[1] >= p[2] >= p[3] >= 0.0


def test_a_strong_hand_makes_more_than_a_weak_one() -> None:
    strong = make_probs(hand("AS KS JS TS 3H 4D"), SPADES, 3)
    weak = make_probs(hand("9S 5S 7H 8D 9C 3C"), SPADES, 3)
    assert strong[1] > 0.9 > 0.5 > weak[1]
    assert max(bid_values(strong, 3)) > max(bid_values(weak, 3))
    # The ace and the two of trump are High and Low whatever the others hold (S6, S7).
    assert make_probs(hand("AS 2S 7H 8D 9C 3C"), SPADES, 3)[1] > 0.85


def test_the_fitted_numbers_fit_the_features() -> None:
    assert len(features(hand("AS KS JS TS 3H 4D"), SPADES)) == len(FEATURE_NAMES)
    for seats in (2, 3):
        assert len(WEIGHTS[seats]) == 4
        assert all(len(w) == len(FEATURE_NAMES) for w in WEIGHTS[seats])


def test_normal_bids_from_the_model() -> None:
    assert best_trump(hand("AS KS JS TS 3H 4D"), 3)[0] == SPADES
    assert wanted_bid(hand("AS KS JS TS 3H 4D"), 0, 3, (0, 0, 0), 11, ()) >= 2
    assert wanted_bid(hand("9S 5C 7H 8D 3H 2D"), 0, 3, (0, 0, 0), 11, ()) == 0


def test_the_script_regenerates_a_loadable_module(tmp_path: Path) -> None:
    out = tmp_path / "data.py"
    assert fit_bidding.main(["--deals", "300", "--seed", "2", "--out", str(out)]) == 0
    spec = importlib.util.spec_from_file_location("fitted", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "fit_bidding --deals 300 --seed 2" in out.read_text()
    for seats in (2, 3):
        assert len(module.WEIGHTS[seats]) == 4
        assert 2.0 < module.TOTAL_POINTS[seats] <= 4.0
