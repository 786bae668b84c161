"""Every language says everything, with the same placeholders, within Discord's limits.

To add a language: copy the files of ``bot/locales/en/`` (one per part of the bot: ``bot.ftl``,
``review.ftl``...) to ``bot/locales/<code>/``, translate them, add the code to
``bot.i18n.LANGUAGES`` (and to ``DISCORD_LOCALES`` if Discord has a client locale for it). These
tests then say what is missing or too long.
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor as FluentVisitor

from bot.i18n import LANGUAGES, LOCALES_DIR, lang
from bot.model import LOBBY, PLAYING, Seat, Table
from bot.render.messages import (
    final_standings,
    finished_hand_message,
    hand_message,
    hand_result,
    lobby_message,
    ping_message,
    table_message,
)
from tests.bot.test_render import check_limits, sample_table

CODES = sorted(LANGUAGES)
NAME_RE = re.compile(r"^[-_\w]{1,32}$")


@functools.cache
def _messages(code: str) -> dict[str, ast.Message]:
    """Every message of a language, from all its files (a message id is in one file only).
    Parsed once per worker: several tests read the same language (nothing changes it)."""
    found: dict[str, ast.Message] = {}
    for path in sorted((LOCALES_DIR / code).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, ast.Junk)]
        assert not junk, f"{path}: cannot parse: {junk[0].content[:200]}"
        for e in resource.body:
            if isinstance(e, ast.Message):
                assert e.id.name not in found, f"{path}: {e.id.name} is in two files"
                found[e.id.name] = e
    return found


def _variables(node: object) -> set[str]:
    """Every $variable a message uses (in its value, its variants, its attributes)."""
    found: set[str] = set()

    class Visitor(FluentVisitor):
        def visit_VariableReference(self, v: ast.VariableReference) -> None:
            found.add(v.id.name)
            self.generic_visit(v)

    Visitor().visit(node)  # type: ignore[arg-type]
    return found


@pytest.mark.parametrize("code", CODES)
def test_every_message_exists_with_the_same_placeholders(code: str) -> None:
    english = _messages("en")
    other = _messages(code)
    missing = sorted(set(english) - set(other))
    assert not missing, f"{code} lacks {len(missing)} messages: {missing[:20]}"
    extra = sorted(set(other) - set(english))
    assert not extra, f"{code} has messages English does not: {extra[:20]}"
    for key, message in english.items():
        want, got = _variables(message), _variables(other[key])
        assert got <= want, f"{code} {key} uses variables English does not: {got - want}"
        # A translation may leave a variable unsaid only where a plural form stands for it.
        unsaid = want - got
        assert not unsaid or all(v in ("count", "n") for v in unsaid), (code, key, unsaid)


@pytest.mark.parametrize("code", CODES)
def test_command_names_and_texts_fit_discord(code: str) -> None:
    language = lang(code)
    for key in _messages("en"):
        text = language.t(key)
        if key.startswith("name-"):
            assert NAME_RE.match(text) and text == text.lower(), f"{code} {key}: {text!r}"
        elif key.startswith(("cmd-", "opt-", "timer-choice-", "level-")):
            assert 1 <= len(text) <= 100, f"{code} {key}: {len(text)} characters"


def _table(game: str, seats: int, seed: int) -> Table:
    """Long names, a computer in the last seat, every option on."""
    t = sample_table(
        game,
        seats,
        seed,
        names=[("Ådalbert-Łukasz Väinämöinen" + str(i))[:32] for i in range(seats)],
        id=123456789,
        turn_timer=300,
        settings={"coach": True, "learn": True},
        deadline=1.0e9,
    )
    t.seats[-1] = Seat(None, "Babbage", level="expert")
    return t


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(
    ("game", "seats"), [("smear", 3), ("smear", 2), ("salad", 3), ("salad", 6)]
)
def test_every_screen_of_a_whole_game_fits_discord(code: str, game: str, seats: int) -> None:
    """Long names and long languages (Finnish, Estonian): nothing goes over a limit."""
    language = lang(code)
    t = _table(game, seats, seed=5)
    t.status = LOBBY
    check_limits(lobby_message(t, language))
    t.status = PLAYING
    st = t.state
    assert st is not None
    rng = random.Random(1)
    results = 0
    while st.outcome() is None:
        seat = st.current_player
        assert seat is not None
        check_limits(table_message(t, language))
        check_limits(hand_message(t, seat, language, note=language.t("stale-move")))
        if not t.seats[seat].is_computer:
            check_limits(ping_message(t, seat, language, reminder=False))
        tricks = st.tricks
        before = len(tricks or [])
        legal = st.legal_actions()
        st.apply(54 if 54 in legal else 52 if 52 in legal else rng.choice(legal))
        t.version += 1
        for i in range(results, len(st.results)):
            last = tricks[-1] if tricks is not None and len(tricks) > before else None
            check_limits(finished_hand_message(t, i + 1, last, language))
            check_limits(hand_result(t, i, language))
        results = len(st.results)
    check_limits(final_standings(t, language))


KEY_IN_CODE = re.compile(
    r'(?:\.t|Refusal|HandRefusal|_note\(t,|_close\(t,|tr)\(\s*"([a-z][a-z0-9-]+)"'
)


def test_every_message_the_code_names_exists_in_english() -> None:
    english = _messages("en")
    root = LOCALES_DIR.parents[1]
    named: set[str] = set()
    for folder in ("bot", "cogs"):
        for path in (root / folder).rglob("*.py"):
            named |= set(KEY_IN_CODE.findall(path.read_text(encoding="utf-8")))
    assert len(named) > 100, "the scan found the code's messages"
    missing = sorted(k for k in named if k not in english)
    assert not missing, f"messages named in the code but not in English: {missing}"


def test_the_files_are_where_the_languages_are() -> None:
    assert sorted(p.name for p in LOCALES_DIR.iterdir() if p.is_dir()) == CODES
    english = sorted(p.name for p in (LOCALES_DIR / "en").glob("*.ftl"))
    assert "bot.ftl" in english
    for code in CODES:
        assert sorted(p.name for p in (LOCALES_DIR / code).glob("*.ftl")) == english, code


REFUSALS = ("IllegalAction", "NotYourTurn", "GameOver")


def _engine_refusal_codes() -> set[str]:
    """Every reason code the engine can refuse with, read from its source (a code added there
    without a message in every language fails the test below)."""
    import ast as pyast

    codes: set[str] = set()
    for path in Path("engine").rglob("*.py"):
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, pyast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in REFUSALS:
                continue
            code: pyast.expr | None = node.args[2] if len(node.args) > 2 else None
            for kw in node.keywords:
                if kw.arg == "code":
                    code = kw.value
            if code is None:
                codes.add("illegal")
            else:
                assert isinstance(code, pyast.Constant), f"{path}: a code must be a literal"
                codes.add(str(code.value))
    return codes


@pytest.mark.parametrize("code", CODES)
def test_every_engine_refusal_reaches_people_in_their_language(code: str) -> None:
    from bot.tables.commands import illegal_text
    from engine.errors import IllegalAction

    reasons = _engine_refusal_codes()
    assert {"follow-or-trump", "not-your-turn", "bid-too-low"} <= reasons, reasons
    say = lang(code)
    english = lang("en")
    details = {"led": 0, "trump": 3, "suit": 3, "card": 12, "bid": 2}
    for reason in sorted(reasons):
        assert say.has(f"illegal-{reason}"), f"{code}: no message illegal-{reason}"
        refusal = IllegalAction("an English reason", "S4", reason, details)
        text = illegal_text(refusal, say)
        assert "S4" in text and "an English reason" not in text, (reason, text)
        if code != "en":
            assert text != illegal_text(refusal, english), f"{code}: illegal-{reason} untranslated"
