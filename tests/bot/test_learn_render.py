"""Learn to play, in words (bot/render/learn.py): over whole games in every language, each lesson
of ``engine.teach`` is on the learner's hand as one line that cites its rule, with every
placeholder filled, the hand within Discord's limits; a table that is not learning shows none."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import LANGUAGES, lang
from bot.model import Seat
from bot.render.learn import learn_lines, lesson_text
from bot.render.messages import hand_message
from engine.core import Phase
from engine.record import AnyState
from engine.simulate import random_action
from engine.teach import lessons
from tests.bot.test_render import check_limits, sample_table

CODES = sorted(LANGUAGES)
RULE = re.compile(r"\((S\d+|C\d+|S6-S9, S10)\)\.?$")


def _state(t_state: object) -> AnyState:
    assert t_state is not None
    return t_state  # type: ignore[return-value]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 4)])
def test_every_lesson_is_a_line_of_the_hand_citing_its_rule(
    code: str, game: str, seats: int
) -> None:
    language = lang(code)
    names = [("Ådalbert-Łukasz Väinämöinen" + str(i))[:32] for i in range(seats)]
    t = sample_table(game, seats, 7, names=names, settings={"coach": True, "learn": True})
    for i in range(1, seats):
        t.seats[i] = Seat(None, f"Babbage{i}", level="normal")
    st = _state(t.state)
    rng = random.Random(3)
    steps: set[str] = set()
    while st.phase != Phase.OVER:
        if st.current_player == 0:
            now = lessons(st, 0)
            rendered = hand_message(t, 0, language)
            check_limits(rendered)
            content = rendered.content or ""
            for lesson in now:
                text = lesson_text(t, lesson, language)
                assert text in content.splitlines(), (lesson, content)
                assert RULE.search(text) and lesson.rule in text, text
                assert "{" not in text and "$" not in text, text
                steps.add(lesson.step)
            assert len([x for x in content.splitlines() if x.startswith("🎓")]) == len(now)
        st.apply(random_action(st, rng))
        t.version += 1
    final = learn_lines(t, 0, language)
    assert final and all(RULE.search(x) for x in final)
    assert {"trick", "hand", "greyed"} <= steps
    assert ("bid" in steps) == (game == "smear")


def test_a_table_that_is_not_learning_shows_no_lesson() -> None:
    t = sample_table("smear", 3, 7, settings={"coach": True})
    assert learn_lines(t, 0, lang("en")) == []
    assert "🎓" not in (hand_message(t, 0, lang("en")).content or "")
    t.settings["learn"] = True
    assert learn_lines(t, t.state.current_player or 0, lang("en"))  # type: ignore[union-attr]
