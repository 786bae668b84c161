"""Rendering is pure: tables in, message payloads out, within Discord's limits."""

from __future__ import annotations

import random

from bot import render
from bot.model import PLAYING, Seat, Table
from bot.render import Button, Select, card_label, hand_message, layout_cards
from engine.cards import cards_of, parse_card
from engine.record import new_game


def _table(game: str, seats: int, seed: int = 3) -> Table:
    t = Table(
        id=42,
        guild_id=1,
        channel_id=2,
        game=game,
        host_id=10,
        max_seats=seats,
        options={"target": 11, "stuck_dealer": False} if game == "smear" else {},
        turn_timer=120,
        seed=seed,
        status=PLAYING,
        seats=[Seat(10 + i, f"p{i}") for i in range(seats)],
    )
    t.state = new_game(game, seats, seed, t.options or None)
    return t


def _check_limits(r: render.Rendered) -> None:
    assert len(r.rows) <= 5
    ids: list[str] = []
    for row in r.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25
            ids.append(row.custom_id)
        else:
            assert 1 <= len(row) <= 5
            for b in row:
                assert isinstance(b, Button) and len(b.label) <= 80
                ids.append(b.custom_id)
    assert all(len(i) <= 100 for i in ids)
    assert len(ids) == len(set(ids))
    assert len(r.text()) <= 2000


def test_card_labels() -> None:
    assert card_label(parse_card("TH")) == "10♥"
    assert card_label(parse_card("AS")) == "A♠"


def test_seventeen_cards_fit_with_a_spare_row() -> None:
    for seed in range(200):
        hand = random.Random(seed).sample(range(52), 17)
        rows = layout_cards(hand, 4)
        assert len(rows) <= 4 and all(len(r) <= 5 for r in rows)
        assert sorted(c for r in rows for c in r) == sorted(hand)


def test_hands_fit_discord_limits_and_enable_only_legal_actions() -> None:
    for game, seats in [("salad", 3), ("salad", 6), ("smear", 3), ("smear", 2)]:
        t = _table(game, seats)
        st = t.state
        assert st is not None
        rng = random.Random(1)
        for _ in range(40):
            if st.outcome() is not None:
                break
            for seat in range(seats):
                r = hand_message(t, seat)
                _check_limits(r)
                enabled = {
                    int(b.custom_id.rsplit(":", 1)[1])
                    for row in r.rows
                    if not isinstance(row, Select)
                    for b in row
                    if b.custom_id.startswith("tb:p:") and not b.disabled
                }
                mine = seat == st.current_player
                assert enabled == (set(st.legal_actions()) if mine else set())
            st.apply(rng.choice(st.legal_actions()))
            t.version += 1


def test_public_messages_never_show_unplayed_cards() -> None:
    for game, seats in [("salad", 4), ("smear", 3)]:
        t = _table(game, seats, seed=9)
        st = t.state
        assert st is not None
        rng = random.Random(2)
        for _ in range(60):
            if st.outcome() is not None:
                break
            text = render.table_message(t).text()
            hidden = {card_label(c) for h in st.hands for c in cards_of(h)}
            shown = set(render_cards(text))
            assert not shown & hidden
            st.apply(rng.choice(st.legal_actions()))


def render_cards(text: str) -> list[str]:
    import re

    return [a + b for a, b in re.findall(r"(10|[2-9JQKA])([♣♦♥♠])", text)]


def test_lobby_message_fits_and_lists_seats() -> None:
    t = _table("salad", 6)
    t.status = "lobby"
    t.seats = [Seat(10, "alice"), Seat(None, "Ada", level="hard")]
    r = render.lobby_message(t)
    _check_limits(r)
    assert "alice" in r.text() and "Ada (hard)" in r.text() and "(open)" in r.text()


def test_rules_are_short() -> None:
    assert len(render.rules("smear")) <= 2000
    assert len(render.rules("salad")) <= 2000
