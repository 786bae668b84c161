"""The review of a hand for people (bot/render/review.py and bot/locales/*/review.ftl): every
language says everything, every card shows once, and the message fits Discord in every language
for the longest hands (Salad for 3 has 17 tricks; Salad for 6 has the most names)."""

from __future__ import annotations

import random
import re
import struct
from collections import Counter
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast

from bot.i18n import LANGUAGES, LOCALES_DIR, Lang, lang
from bot.model import Seat
from bot.render import Rendered, card_label
from bot.render.review import (
    hand_options,
    reason_text,
    review_figure,
    review_message,
    review_picture,
    review_text,
    table_review_message,
    why_short,
)
from engine.errors import RecordError
from engine.record import to_record
from engine.review import ENGLISH as REASON_CODES
from engine.review import (
    PENALTY_POINTS,
    HandReview,
    Reason,
    review_hand,
    review_state,
)
from engine.simulate import simulate
from tests.bot.test_render import check_limits, sample_table
from tests.bot.test_translations import _variables

CODES = sorted(LANGUAGES)
LONG_NAMES = [("Ådalbert-Łukasz Väinämöinen" + str(i))[:32] for i in range(6)]
TRICK_CODES = {c for c in REASON_CODES if "-of-led" in c or c.endswith("-trump")}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _messages(code: str) -> dict[str, ast.Message]:
    """The messages of a language's review.ftl (bot.ftl's are test_translations' business)."""
    path = LOCALES_DIR / code / "review.ftl"
    body = FluentParser().parse(path.read_text(encoding="utf-8")).body
    assert not [e for e in body if isinstance(e, ast.Junk)], f"{path}: cannot parse"
    return {e.id.name: e for e in body if isinstance(e, ast.Message)}


# ---------------------------------------------------------------------------- the words


@pytest.mark.parametrize("code", CODES)
def test_every_review_message_exists_with_the_same_placeholders(code: str) -> None:
    english, other = _messages("en"), _messages(code)
    assert sorted(set(english) - set(other)) == [], f"{code} lacks messages"
    assert sorted(set(other) - set(english)) == [], f"{code} has messages English does not"
    for key, message in english.items():
        assert key.startswith("hand-review-"), key  # bot.ftl never has these ids
        want, got = _variables(message), _variables(other[key])
        assert got <= want, (code, key, got - want)
        unsaid = want - got
        assert not unsaid or unsaid <= {"count", "n", "points", "before"}, (code, key, unsaid)


def test_the_review_ids_do_not_clash_with_the_bots() -> None:
    for code in CODES:
        bot_ftl = (LOCALES_DIR / code / "bot.ftl").read_text(encoding="utf-8")
        assert "hand-review-" not in bot_ftl


@pytest.mark.parametrize("code", CODES)
def test_every_reason_of_the_engine_has_words_in_every_language(code: str) -> None:
    """Each reason code engine.review can give is said in full, with every detail in it."""
    say, english = lang(code), lang("en")
    names = ["Ada", "Ben", "Cy"]
    for reason_code in REASON_CODES:
        keys = set(re.findall(r"{(\w+)}", REASON_CODES[reason_code]))
        details = {k: 1 for k in keys}  # seat 1, card 1 (3♣), suit 1 (♦), counts 1
        text = reason_text(Reason(reason_code, "S5", details), names, say)
        assert "hand-review" not in text and "{" not in text, (code, reason_code, text)
        assert "S5" in text
        for key in keys:
            if key in ("seat", "winner", "owner"):
                assert "Ben" in text, (code, reason_code, key, text)
            elif key == "card":
                assert card_label(1, say) in text, (code, reason_code, text)
            elif key in ("led", "trump", "suit"):
                assert "♦" in text, (code, reason_code, key, text)
        if code != "en":
            assert text != reason_text(Reason(reason_code, "S5", details), names, english)
    for trick_code in TRICK_CODES:
        short = why_short(Reason(trick_code, "S5", {"card": 1, "led": 2, "trump": 3}), say)
        assert "hand-review" not in short and len(short) < 40, (code, trick_code)
    for penalty in PENALTY_POINTS:
        assert say.has(f"hand-review-sum-{penalty}"), (code, penalty)


# ---------------------------------------------------------------------------- the text


def _review(game: str, seats: int, seed: int, hand: int) -> HandReview:
    return review_hand(to_record(simulate(game, seats, seed)), hand)


def _dealt_section(text: str) -> list[str]:
    lines = text.split("\n\n")[1].splitlines()
    return lines[1:]  # under its heading


@pytest.mark.parametrize("code", CODES)
def test_the_text_shows_every_card_dealt_once_and_every_trick(code: str) -> None:
    say = lang(code)
    for game, seats in (("smear", 2), ("smear", 3), ("salad", 3), ("salad", 6)):
        state = simulate(game, seats, 21)
        for hand in range(1, len(state.results) + 1):
            review = review_state(state, hand)  # type: ignore[arg-type]
            names = [f"P{i}" for i in range(seats)]
            text = review_text(review, names, say)
            assert "hand-review" not in text and "{" not in text
            dealt = _dealt_section(text)
            assert len(dealt) == seats
            for seat, line in enumerate(dealt):
                shown = line.split(": ", 1)[1].split(" ")
                want = [card_label(c, say) for c in review.deal[seat]]
                assert Counter(shown) == Counter(want), (code, hand, seat)
            for t in review.tricks:
                assert f"\n{t.number}. " in text


def _longest_reviews() -> list[tuple[str, HandReview]]:
    """Hands with the most words: Salad for 3 (17 tricks) and for 6 (six names a trick), each
    of its six hands; Smear for 3 with a bid of 4 and a hand that ended the game."""
    out = []
    for seats in (3, 6):
        record = to_record(simulate("salad", seats, 5))
        out += [(f"salad {seats} hand {h}", review_hand(record, h)) for h in range(1, 7)]
    state = simulate("smear", 3, 5)
    last = len(state.results)
    out.append(("smear 3 last hand", review_state(state, last)))  # type: ignore[arg-type]
    return out


LONGEST = _longest_reviews()


@pytest.mark.parametrize("code", CODES)
def test_the_message_fits_discord_for_the_longest_hands_in_every_language(code: str) -> None:
    say = lang(code)
    # Long names full of characters Markdown escapes, and a computer's mark.
    names = [n.replace("-", "_*") for n in LONG_NAMES]
    names[-1] = say.t("seat-computer", name=names[-1])
    for label, review in LONGEST:
        text = review_text(review, names[: review.seats], say)
        assert len(text) <= 4096, (code, label, len(text))
        assert not text.endswith("…"), (code, label)  # it fit by shortening names, not cutting
        rendered = Rendered(embed=_embed(review, names, say))
        check_limits(rendered)


def _embed(review: HandReview, names: list[str], say: Lang) -> Any:
    from bot.render.base import Embed
    from bot.render.review import review_title

    return Embed(review_title(review, say), review_text(review, names[: review.seats], say))


def test_names_are_shortened_only_when_the_text_would_not_fit() -> None:
    review = LONGEST[0][1]  # Salad for 3, hand 1: 17 tricks
    short = review_text(review, ["Ada", "Ben", "Cy"], lang("fi"))
    assert "Ada " in short
    huge = ["W" * 200 + str(i) for i in range(3)]
    text = review_text(review, huge, lang("fi"))
    assert len(text) <= 4096 and "W" * 200 not in text and "…" in text


def test_names_are_escaped_in_the_text() -> None:
    review = _review("smear", 2, 3, 1)
    text = review_text(review, ["*Ada*", "<@123>"], lang("en"))
    assert "\\*Ada\\*" in text and "<@123>" not in text


# ---------------------------------------------------------------------------- the picture


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize(
    ("game", "seats", "hand", "code"),
    [("smear", 3, 1, "en"), ("smear", 2, 2, "it"), ("salad", 3, 6, "fi"), ("salad", 6, 6, "et")],
)
def test_the_picture_is_a_png_a_phone_can_show(game: str, seats: int, hand: int, code: str) -> None:
    review = _review(game, seats, 9, hand)
    png = review_picture(review, LONG_NAMES[:seats], lang(code))
    width, height = _png_size(png)
    assert width == 990  # 9 inches at 110 dots an inch
    assert 600 <= height <= 2400, height
    assert len(png) < 2_000_000  # Discord takes up to 8 MB; a phone downloads it at once


def test_the_picture_shows_every_card_dealt_once_and_marks_each_trick_winner() -> None:
    say = lang("en")
    for game, seats, hand in (("smear", 3, 1), ("salad", 4, 2), ("salad", 6, 4)):
        review = _review(game, seats, 13, hand)
        fig = review_figure(review, [f"P{i}" for i in range(seats)], say)
        texts = [t.get_text() for t in fig.texts]
        labels = [card_label(c, say) for cs in review.deal for c in cs]
        # Each card once among the dealt hands, and once more for each trick it was played in.
        played = [card_label(c, say) for t in review.tricks for c in t.cards]
        counts = Counter(t for t in texts if t in set(labels))
        assert counts == Counter(labels) + Counter(played), (game, hand)
        boxed = [t.get_text() for t in fig.texts if t.get_bbox_patch() is not None]
        winners = [card_label(t.cards[t.seats.index(t.winner)], say) for t in review.tricks]
        assert boxed == winners


# ---------------------------------------------------------------------------- the message


def test_a_record_review_message_carries_the_picture_and_the_text() -> None:
    record = to_record(simulate("salad", 4, 2))
    rendered = review_message(record, 3, lang("it"), ["Ada", "Ben"])
    check_limits(rendered)
    assert rendered.file is not None and rendered.embed is not None
    name, png = rendered.file
    assert name == "review-hand-3.png" and rendered.embed.image == name
    _png_size(png)
    assert "Posto 3" in rendered.embed.description  # seats without a name
    again = Rendered.from_json(rendered.to_json())  # the outbox keeps it as JSON
    assert again == rendered


def test_a_bad_hand_or_record_is_a_record_error() -> None:
    record = to_record(simulate("smear", 2, 4))
    with pytest.raises(RecordError, match="hand 0"):
        review_message(record, 0, lang("en"), picture=False)
    record["hands"][0]["plays"][0] = "ZZ"
    with pytest.raises(RecordError, match="unknown card"):
        review_message(record, 1, lang("en"), picture=False)


def test_a_table_review_names_the_seats_as_the_table_does() -> None:
    t = sample_table("smear", 3, seed=8, names=["Ada", "Ben", "Cy"])
    t.seats[2] = Seat(None, "Babbage", level="expert")
    st = t.state
    assert st is not None
    rng = random.Random(8)
    while len(st.results) < 2:
        st.apply(rng.choice(st.legal_actions()))
    say = lang("en")
    rendered = table_review_message(t, 2, say, picture=False)
    check_limits(rendered)
    assert rendered.embed is not None and rendered.file is None
    assert say.t("seat-computer", name="Babbage") in rendered.embed.description
    assert rendered.embed.footer == say.t("table-footer", table=str(t.id))
    with pytest.raises(RecordError, match="not finished"):
        table_review_message(t, 3, say, picture=False)
    pictured = table_review_message(t, 1, say)
    assert pictured.file is not None and pictured.file[1].startswith(PNG_SIGNATURE)


@pytest.mark.parametrize("code", CODES)
def test_the_menu_of_hands_lists_the_finished_hands_within_discord_limits(code: str) -> None:
    say = lang(code)
    for game, seats in (("smear", 3), ("salad", 6)):
        t = sample_table(game, seats, seed=6, names=LONG_NAMES[:seats])
        st = t.state
        assert st is not None
        rng = random.Random(6)
        while st.outcome() is None and len(st.results) < 40:
            legal = st.legal_actions()
            st.apply(54 if 54 in legal else rng.choice(legal))  # Smear: bid 2 when allowed
        options = hand_options(t, say)
        finished = len(st.results)
        assert [o.value for o in options] == [str(h) for h in range(1, finished + 1)][-25:]
        assert all(1 <= len(o.label) <= 100 for o in options)
        assert len({o.label for o in options}) == len(options)  # each hand told apart
        assert all("hand-review" not in o.label for o in options)
        if game == "salad":
            assert say.t("salad-contract-2") in options[1].label
    assert 1 <= len(say.t("hand-review-choose")) <= 150  # a select's placeholder
