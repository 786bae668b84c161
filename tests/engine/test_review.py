"""The review of a hand (engine/review.py) against the engine, over thousands of random games.

The review works the account out from the rules; the engine plays and scores the game. Every
hand of every game is checked: each card of the deal appears exactly once, each card is played by
the seat it was dealt to, each trick's winner is the engine's, and the points (Smear: High, Low,
Jack, Game, made or set; Salad: every penalty) add up to exactly what the engine recorded.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.cards import JACK, RANK_OF, SUIT_OF, card, parse_card
from engine.core import Phase, TrickView
from engine.errors import RecordError
from engine.record import AnyState, new_game, to_record
from engine.review import (
    CARD_KEYS,
    ENGLISH,
    SEAT_KEYS,
    SUIT_KEYS,
    HandReview,
    Reason,
    SaladPoints,
    SmearPoints,
    describe,
    english,
    review_hand,
    review_state,
    to_json,
    trick_winner_reason,
)
from engine.salad import HAND_SIZE as SALAD_TRICKS
from engine.salad import SaladHandResult, hand_total
from engine.simulate import random_action
from engine.smear import SmearHandResult
from tests.engine.test_records_cli import EXAMPLES, run_cli

MAX_HANDS = 40  # a game of random bids may go on for ever; a record may stop between hands


def play_game(
    game: str, seats: int, seed: int, options: dict[str, object] | None = None
) -> tuple[AnyState, list[list[TrickView]]]:
    """A game of random legal moves through the engine's checked API, with the tricks the
    engine itself recorded for each finished hand. Half the Smear games bid uniformly at random
    (4 included, so a 4 ends the bidding early); the rest bid as ``engine simulate`` does."""
    state = new_game(game, seats, seed, options)
    rng = random.Random(seed)
    wild = seed % 2 == 1
    engine_tricks: list[list[TrickView]] = []
    while state.phase != Phase.OVER and len(state.results) < MAX_HANDS:
        hand_tricks = state.tricks  # the engine starts a new list when it deals the next hand
        assert hand_tricks is not None
        finished = len(state.results)
        if wild and state.phase == Phase.BID:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(random_action(state, rng))
        if len(state.results) > finished:
            engine_tricks.append(list(hand_tricks))
    return state, engine_tricks


def check_cards(review: HandReview) -> None:
    """Every card of the deal exactly once; every card played by the seat it was dealt to, at
    most once; the cards not played are the rest of the deal."""
    dealt = [c for cs in review.deal for c in cs]
    assert len(dealt) == len(set(dealt))
    owner = {c: s for s, cs in enumerate(review.deal) for c in cs}
    played = [c for t in review.tricks for c in t.cards]
    left = [c for cs in review.unplayed for c in cs]
    assert Counter(played + left) == Counter(dealt)
    for t in review.tricks:
        assert len(t.cards) == review.seats
        assert sorted(t.seats) == list(range(review.seats))  # everyone plays once a trick
        assert t.seats[0] == t.leader
        for seat, c in t.plays:
            assert owner[c] == seat
    for seat, cs in enumerate(review.unplayed):
        assert all(owner[c] == seat for c in cs)


def check_trick_reasons(review: HandReview) -> None:
    """What each reason claims is true of the trick's cards (S5, C3), independently of the
    rule's code in the engine."""
    trump = review.trump
    for t in review.tricks:
        d = t.reason.details
        win = d["card"]
        assert t.seats[t.cards.index(win)] == t.winner
        led = SUIT_OF[t.cards[0]]
        trumps = [c for c in t.cards if trump is not None and SUIT_OF[c] == trump]
        code = t.reason.code
        if code in ("highest-trump", "only-trump"):
            assert t.reason.rule == "S5" and d["trump"] == trump
            assert win in trumps and RANK_OF[win] == max(RANK_OF[c] for c in trumps)
            assert (len(trumps) == 1) == (code == "only-trump")
            continue
        assert not trumps
        assert d["led"] == led and SUIT_OF[win] == led
        followers = [c for c in t.cards if SUIT_OF[c] == led]
        assert RANK_OF[win] == max(RANK_OF[c] for c in followers)
        assert (len(followers) == 1) == code.startswith("only-of-led")
        if trump is None:
            assert code in ("highest-of-led", "only-of-led") and t.reason.rule == "C3"
        else:
            assert code.endswith("-no-trump") and t.reason.rule == "S5"
            assert d["trump"] == trump


def check_smear(review: HandReview, r: SmearHandResult, before: tuple[int, ...]) -> None:
    assert review.dealer == r.dealer
    assert review.scores_before == before
    assert review.scores_after == tuple(r.scores)
    bidding = review.bidding
    assert bidding is not None
    assert bidding.bidder == r.bidder
    if r.bidder is None:
        assert bidding.reason.code == "passed-out" and bidding.reason.rule == "S2"
        assert review.points is None and review.tricks == ()
        assert review.unplayed == review.deal  # S2: nothing is played
        return
    assert bidding.bid == r.bid and review.trump == r.trump
    assert len(review.tricks) == 6 and not any(review.unplayed)  # S5: 6 tricks, all played
    points = review.points
    assert isinstance(points, SmearPoints)
    assert [a.point for a in points.awards] == ["high", "low", "jack", "game"]
    assert [a.seat for a in points.awards] == [r.high, r.low, r.jack, r.game]
    assert points.game_counts == tuple(r.game_points)
    assert points.points == tuple(r.points)
    assert (points.verdict.code == "made") == r.made
    assert sum(1 for a in points.awards if a.seat is not None) == sum(r.points)
    # S9: the counting cards are the cards of the tricks each seat won that are worth points.
    for seat, cards in enumerate(points.counting_cards):
        won = {c for t in review.tricks if t.winner == seat for c in t.cards}
        assert set(cards) <= won


def check_salad(review: HandReview, r: SaladHandResult, before: tuple[int, ...]) -> None:
    assert review.dealer == r.dealer
    assert review.scores_before == before
    assert review.scores_after == tuple(r.scores)
    points = review.points
    assert isinstance(points, SaladPoints)
    assert points.contract == r.contract == review.hand
    assert points.penalties == tuple(r.penalties)
    assert sum(p.points for p in points.items) == hand_total(r.contract, review.seats)  # C5
    assert Counter(t.winner for t in review.tricks) == Counter(
        {s: k for s, k in enumerate(r.tricks) if k}
    )
    assert (points.ended_early is not None) == any(review.unplayed)
    assert len(review.tricks) == (
        len(review.tricks) if points.ended_early else SALAD_TRICKS[review.seats]
    )


def check_game(state: AnyState, engine_tricks: list[list[TrickView]], seen: Counter[str]) -> None:
    assert state.log is not None
    previous = (0,) * state.n
    outcome = state.outcome()
    for h, (result, tricks) in enumerate(zip(state.results, engine_tricks, strict=True), start=1):
        review = review_state(state, h)
        assert review.hand == h and review.seats == state.n
        check_cards(review)
        check_trick_reasons(review)
        assert [(t.leader, t.cards, t.winner) for t in review.tricks] == [
            (t.leader, t.cards, t.winner) for t in tricks
        ]
        if isinstance(result, SmearHandResult):
            check_smear(review, result, previous)
            last = outcome is not None and h == len(state.results)
            won = review.game_won
            assert (won is not None) == last
            if won is not None:
                assert outcome is not None and outcome.winners == (won.details["seat"],)
        else:
            check_salad(review, result, previous)
        previous = tuple(result.scores)
        seen.update(reasons_of(review))
        json.dumps(to_json(review))  # plain JSON, nothing left as an object
        describe(review)


def reasons_of(review: HandReview) -> list[str]:
    found = [t.reason.code for t in review.tricks]
    if review.bidding is not None:
        found.append(review.bidding.reason.code)
    if review.trump_reason is not None:
        found.append(review.trump_reason.code)
    points = review.points
    if isinstance(points, SmearPoints):
        found += [a.reason.code for a in points.awards] + [points.verdict.code]
    elif isinstance(points, SaladPoints):
        found += [p.reason.code for p in points.items]
        if points.ended_early is not None:
            found.append(points.ended_early.code)
    if review.game_won is not None:
        found.append(review.game_won.code)
    return found


# Every review code shows up within the first 56 Smear games of these seeds and the first
# Salad game of each seat count (measured when the samples were cut from 800 and 300 for a
# faster suite); the samples keep a margin of several times that.
SMEAR_GAMES = 200
SALAD_GAMES = 60  # per seat count


def test_smear_reviews_agree_with_the_engine_over_many_games() -> None:
    seen: Counter[str] = Counter()
    hands = 0
    for seed in range(SMEAR_GAMES):
        seats = 2 + seed % 2
        options = {"stuck_dealer": seed % 4 >= 2}
        state, tricks = play_game("smear", seats, seed, options)
        check_game(state, tricks, seen)
        hands += len(state.results)
    assert hands > 10 * SMEAR_GAMES
    smear_codes = {c for c in ENGLISH if not c.endswith("-taken") and c != "ended-early"}
    smear_codes -= {"highest-of-led", "only-of-led"}
    assert set(seen) == smear_codes, f"never produced: {smear_codes - set(seen)}"


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_salad_reviews_agree_with_the_engine_over_many_games(seats: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(SALAD_GAMES):
        state, tricks = play_game("salad", seats, seed)
        assert len(state.results) == 6
        check_game(state, tricks, seen)
    salad_codes = {"highest-of-led", "only-of-led", "ended-early"}
    salad_codes |= {c for c in ENGLISH if c.endswith("-taken")}
    assert set(seen) == salad_codes, f"never produced: {salad_codes - set(seen)}"


def test_a_record_and_the_live_state_give_the_same_review() -> None:
    for game, seats in (("smear", 3), ("salad", 5)):
        state, _ = play_game(game, seats, 11)
        record = to_record(state)
        for h in range(1, len(state.results) + 1):
            assert review_hand(record, h) == review_state(state, h)
            assert review_hand(json.dumps(record), h) == review_state(state, h)


# ---------------------------------------------------------------------------- by hand


def cards(text: str) -> list[str]:
    return text.split()


def two_seat_record() -> dict[str, Any]:
    """Seat 0 bids 2 and leads A♠; seat 1 must follow with its only spade, the 2♠. Seat 0
    wins every trick, but Low is seat 1's: it goes to the one who played it (S7)."""
    return {
        "format": 1,
        "game": "smear",
        "seats": 2,
        "first_dealer": 1,
        "hands": [
            {
                "deal": [cards("AS KD QD JD TD 9D"), cards("2S 3C 4C 5C 6C 7C")],
                "bids": [2, "pass"],
                "plays": cards("AS 2S KD 3C QD 4C JD 5C TD 6C 9D 7C"),
            }
        ],
    }


def test_low_goes_to_the_seat_that_played_it_not_the_trick_winner() -> None:
    review = review_hand(two_seat_record(), 1)
    assert review.dealer == 1
    bidding = review.bidding
    assert bidding is not None
    assert [(b.seat, b.bid) for b in bidding.bids] == [(0, 2), (1, 0)]
    assert bidding.reason == Reason("highest-bid", "S3", {"seat": 0, "bid": 2})
    assert review.trump == SUIT_OF[parse_card("AS")]
    t1, t2 = review.tricks[:2]
    assert t1.reason.code == "highest-trump" and t1.winner == 0
    assert (
        t2.reason.code == "only-of-led-no-trump" and t2.winner == 0
    )  # 3♣ neither follows nor trumps
    assert all(t.winner == 0 for t in review.tricks)
    points = review.points
    assert isinstance(points, SmearPoints)
    high, low, jack, game = points.awards
    assert (high.seat, high.reason.code, high.reason.rule) == (0, "high", "S6")
    assert (low.seat, low.reason.code, low.reason.rule) == (1, "low-not-taker", "S7")
    assert low.reason.details == {"seat": 1, "card": parse_card("2S"), "winner": 0}
    assert jack.seat is None and jack.reason.code == "jack-not-dealt"  # J♠ was not dealt (S8)
    assert jack.reason.details == {"card": card(JACK, SUIT_OF[parse_card("AS")])}
    # S9: A♠ 4 + K♦ 3 + Q♦ 2 + J♦ 1 + 10♦ 10 = 20 against nothing.
    assert (game.seat, game.reason.details) == (0, {"seat": 0, "count": 20, "next": 0})
    assert points.points == (2, 1)
    assert points.verdict == Reason("made", "S10", {"seat": 0, "bid": 2, "points": 2})
    assert review.scores_after == (2, 1)
    text = describe(review)
    assert "Low goes to who played it, not to seat 0" in text


def test_a_bidder_who_falls_short_is_set() -> None:
    record = two_seat_record()
    # Seat 1 now holds the 2♠ and the 3♠, and seat 0 bids 4: the 3♠ trumps the K♦, and
    # seat 1 then leads clubs, on which seat 0 can only throw its diamonds.
    record["hands"][0] = {
        "deal": [cards("AS KD QD JD TD 9D"), cards("2S 3S 4C 5C 6C 7C")],
        "bids": [4],
        "plays": cards("AS 2S KD 3S 4C 9D 5C QD 6C JD 7C TD"),
    }
    review = review_hand(record, 1)
    bidding = review.bidding
    assert bidding is not None
    assert bidding.reason.code == "bid-four" and bidding.skipped == (1,)  # S1
    assert [t.winner for t in review.tricks] == [0, 1, 1, 1, 1, 1]
    assert review.tricks[1].reason.code == "only-trump"
    assert review.tricks[2].reason.code == "only-of-led-no-trump"
    points = review.points
    assert isinstance(points, SmearPoints)
    assert [a.seat for a in points.awards] == [0, 1, None, 1]
    # S9: seat 0 won A♠ 2♠ (4); seat 1 won K♦ Q♦ J♦ 10♦ 9♦ (3 + 2 + 1 + 10).
    assert points.game_counts == (4, 16)
    assert points.points == (1, 2)
    assert points.verdict == Reason("set", "S10", {"seat": 0, "bid": 4, "points": 1})
    assert points.changes == (-4, 2)
    assert review.scores_after == (-4, 2)
    assert review.game_won is None


def test_a_passed_out_hand_has_no_tricks_and_changes_no_score() -> None:
    record = two_seat_record()
    passed = {"deal": record["hands"][0]["deal"], "bids": ["pass", "pass"]}
    record["hands"].insert(0, passed)
    review = review_hand(record, 1)
    assert review.bidding is not None
    assert review.bidding.reason == Reason("passed-out", "S2", {"seat": 1})
    assert review.tricks == () and review.points is None
    assert review.scores_before == review.scores_after == (0, 0)
    # The same dealer deals again (S2): hand 2 is the one above, dealt by seat 1 again.
    assert review_hand(record, 2).dealer == 1


def test_the_trick_winner_reasons() -> None:
    def why(text: str, trump: str | None) -> tuple[int, str]:
        win = trick_winner_reason(
            [parse_card(c) for c in text.split()], None if trump is None else "CDHS".index(trump)
        )
        return win.index, win.reason.code

    assert why("9H KH 2S", "S") == (2, "only-trump")
    assert why("9S KS 2S", "S") == (1, "highest-trump")
    assert why("9H 2S AS", "S") == (2, "highest-trump")
    assert why("9H KH AD", "S") == (1, "highest-of-led-no-trump")
    assert why("9H KD AD", "S") == (0, "only-of-led-no-trump")
    assert why("9H KH AD", None) == (1, "highest-of-led")
    assert why("9H KD AD QC", None) == (0, "only-of-led")


# ---------------------------------------------------------------------------- errors, CLI


def test_a_hand_that_is_not_there_or_not_finished_is_refused() -> None:
    record = two_seat_record()
    for hand in (0, 2, -1):
        with pytest.raises(RecordError, match=rf"^hand {hand}: the record has hand 1 only$"):
            review_hand(record, hand)
    record["hands"][0]["plays"] = record["hands"][0]["plays"][:5]
    with pytest.raises(RecordError, match=r"^hand 1: the hand is not finished"):
        review_hand(record, 1)
    record["hands"] = []
    with pytest.raises(RecordError, match="the record has no hands"):
        review_hand(record, 1)


def test_a_bad_record_is_refused_with_the_rule() -> None:
    record = two_seat_record()
    record["hands"][0]["plays"][1] = "3C"  # seat 1 holds the 2♠ and must follow (S4)
    with pytest.raises(RecordError, match=r"hand 1, play 2 \(seat 1, 3C\).*S4"):
        review_hand(record, 1)


def test_the_english_of_every_reason_names_its_values() -> None:
    for code, text in ENGLISH.items():
        keys = {k for k in text.replace("}", "{").split("{")[1::2]}
        reason = Reason(code, "X1", dict.fromkeys(keys, 2))
        phrase = english(reason)
        assert "{" not in phrase and phrase.endswith("(X1)")
        assert keys <= CARD_KEYS | SUIT_KEYS | SEAT_KEYS | {
            "bid", "count", "next", "points", "score", "target", "before", "trick",
        }  # fmt: skip


def test_cli_review_prints_the_hand_and_its_json(tmp_path: Any) -> None:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(two_seat_record()))
    done = run_cli("review", str(path), "--hand", "1")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("Smear, hand 1, dealer seat 1.")
    assert "seat 0: AS KD QD JD TD 9D" in done.stdout
    assert "Scores: seat 0 0 -> 2, seat 1 0 -> 1." in done.stdout
    as_json = run_cli("review", "-", "--hand", "1", "--json", stdin=path.read_text())
    assert as_json.returncode == 0, as_json.stderr
    out = json.loads(as_json.stdout)
    assert out["deal"] == two_seat_record()["hands"][0]["deal"]
    assert [p["card"] for t in out["tricks"] for p in t["plays"]] == cards(
        "AS 2S KD 3C QD 4C JD 5C TD 6C 9D 7C"
    )
    low = out["points"]["awards"][1]
    assert (low["point"], low["seat"]) == ("low", 1)
    details = {"seat": 1, "card": "2S", "winner": 0}
    assert low["reason"] == {"code": "low-not-taker", "rule": "S7", "details": details}
    assert out["scores_after"] == [2, 1]


def test_cli_review_of_a_salad_example() -> None:
    path = EXAMPLES / "salad-6seats.record.json"
    done = run_cli("review", str(path), "--hand", "6", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    expected = json.loads((EXAMPLES / "salad-6seats.result.json").read_text())
    assert out["points"]["penalties"] == expected["hands"][5]["penalties"]
    assert out["scores_after"] == expected["scores"]


@pytest.mark.parametrize(
    ("args", "stdin", "fragment"),
    [
        (["--hand", "2"], None, "hand 2: the record has hand 1 only"),
        (["--hand", "0"], None, "hand 0: the record has hand 1 only"),
        (["--hand", "two"], None, "hand 'two': a hand is a whole number"),
        (["--hand", "1"], '{"format": 1, ', "malformed JSON"),
        (["--hand", "1"], "[]", "a record is a JSON object"),
    ],
)
def test_cli_review_refuses_with_one_line(
    tmp_path: Any, args: list[str], stdin: str | None, fragment: str
) -> None:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(two_seat_record()))
    source = "-" if stdin is not None else str(path)
    done = run_cli("review", source, *args, stdin=stdin)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and fragment in lines[0], done.stderr


def test_cli_review_of_a_missing_file_is_one_line() -> None:
    done = run_cli("review", "/nonexistent/record.json", "--hand", "1")
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
