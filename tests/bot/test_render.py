"""Rendering is pure: tables in, message payloads out, within Discord's limits, saying why."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n import ENGLISH
from bot.model import PLAYING, Seat, Table
from bot.render import Button, Rendered, Select, card_label, clean_name, escape
from bot.render.messages import (
    final_standings,
    hand_message,
    held_hand,
    layout_cards,
    lobby_message,
    table_message,
)
from engine.ai import make_player
from engine.cards import cards_of, parse_card
from engine.record import new_game

EN = ENGLISH


def sample_table(
    game: str, seats: int, seed: int = 3, *, names: list[str] | None = None, **fields: Any
) -> Table:
    """A table in play with people in every seat (``names``); ``fields`` override the rest."""
    names = names or [f"p{i}" for i in range(seats)]
    values: dict[str, Any] = {
        "id": 42,
        "guild_id": 1,
        "channel_id": 2,
        "game": game,
        "host_id": 10,
        "max_seats": seats,
        "options": {"target": 11, "stuck_dealer": False} if game == "smear" else {},
        "turn_timer": 120,
        "seed": seed,
        "status": PLAYING,
        "seats": [Seat(10 + i, names[i]) for i in range(seats)],
    }
    values.update(fields)
    t = Table(**values)
    t.state = new_game(game, seats, seed, t.options or None)
    return t


def check_limits(r: Rendered) -> None:
    """Discord's limits on one message (the emulator enforces them too)."""
    assert len(r.rows) <= 5
    ids: list[str] = []
    for row in r.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25 and len(row.placeholder) <= 150
            for o in row.options:
                assert len(o.label) <= 100 and len(o.description or "") <= 100
            ids.append(row.custom_id)
        else:
            assert 1 <= len(row) <= 5
            for b in row:
                assert isinstance(b, Button) and 1 <= len(b.label) <= 80
                ids.append(b.custom_id)
    assert all(len(i) <= 100 for i in ids)
    assert len(ids) == len(set(ids))
    assert len(r.content or "") <= 2000
    if r.embed is not None:
        e = r.embed
        assert len(e.title) <= 256 and len(e.description) <= 4096
        assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in e.fields)
        total = len(e.title) + len(e.description) + len(e.footer or "")
        total += sum(len(f.name) + len(f.value) for f in e.fields)
        assert total <= 6000


def test_card_labels() -> None:
    assert card_label(parse_card("TH"), EN) == "10♥"
    assert card_label(parse_card("AS"), EN) == "A♠"


def test_seventeen_cards_fit_with_a_spare_row() -> None:
    cards = cards_of((1 << 52) - 1)[:17]
    rows = layout_cards(cards, 4)
    assert len(rows) <= 4 and all(len(r) <= 5 for r in rows)
    assert sorted(c for r in rows for c in r) == sorted(cards)


def test_hands_fit_discord_limits_and_enable_only_legal_actions() -> None:
    for game, seats in (("smear", 2), ("smear", 3), ("salad", 3), ("salad", 6)):
        t = sample_table(game, seats)
        st = t.state
        assert st is not None
        rng = random.Random(1)
        for _ in range(25):
            if st.outcome() is not None:
                break
            seat = st.current_player
            assert seat is not None
            r = hand_message(t, seat, EN)
            check_limits(r)
            enabled = {
                int(b.custom_id.rsplit(":", 1)[1])
                for row in r.rows
                if not isinstance(row, Select)
                for b in row
                if b.custom_id.startswith("tb:p:") and not b.disabled
            }
            assert enabled == set(st.legal_actions())
            st.apply(rng.choice(st.legal_actions()))
            t.version += 1


def test_a_hand_says_why_cards_are_greyed_out() -> None:
    """RULES.md S4 and C3, in words, whenever some cards are disabled."""
    for game, seats in (("smear", 3), ("salad", 4)):
        seen = False
        for seed in range(30):
            t = sample_table(game, seats, seed)
            st = t.state
            assert st is not None
            rng = random.Random(seed)
            while st.outcome() is None and not seen:
                seat = st.current_player
                assert seat is not None
                view = st.view(seat)
                text = hand_message(t, seat, EN).content or ""
                if view.trick is not None and 0 < len(view.legal) < len(view.hand):
                    assert "Follow" in text or "follow" in text, text
                    seen = True
                elif len(view.legal) == len(view.hand):
                    assert "greyed out" not in text
                legal = st.legal_actions()
                st.apply(54 if 54 in legal else 52 if 52 in legal else rng.choice(legal))
                t.version += 1
            if seen:
                break
        assert seen, game


def test_bid_buttons_say_what_a_bid_means() -> None:
    t = sample_table("smear", 3)
    assert t.state is not None
    seat = t.state.current_player
    assert seat is not None
    labels = [
        b.label for row in hand_message(t, seat, EN).rows for b in row if isinstance(b, Button)
    ]
    assert "Bid 3: take 3 of 4 points" in labels and "Pass" in labels


def test_public_messages_never_show_unplayed_cards() -> None:
    for game, seats in (("smear", 3), ("salad", 4)):
        t = sample_table(game, seats, seed=9)
        st = t.state
        assert st is not None
        rng = random.Random(2)
        for _ in range(40):
            if st.outcome() is not None:
                break
            text = table_message(t, EN).text()
            hidden = {card_label(c, EN) for h in st.hands for c in cards_of(h)}
            assert not any(
                label in text for label in hidden if len(label) > 2 or label + " " in text
            )
            legal = st.legal_actions()
            st.apply(54 if 54 in legal else 52 if 52 in legal else rng.choice(legal))
            t.version += 1


def test_the_smear_tally_shows_decided_points() -> None:
    t = sample_table("smear", 3, seed=4)
    st = t.state
    assert st is not None
    rng = random.Random(3)
    while st.phase != 2:  # play the bidding
        legal = st.legal_actions()
        st.apply(54 if 54 in legal else 52)
    for _ in range(6):
        st.apply(rng.choice(st.legal_actions()))
    text = table_message(t, EN).text()
    assert "So far — High:" in text and "Game counts:" in text and "needs" in text


def test_lobby_lists_seats_and_describes_levels() -> None:
    t = sample_table("salad", 5)
    t.status = "lobby"
    t.seats = t.seats[:2]
    r = lobby_message(t, EN)
    check_limits(r)
    text = r.text()
    assert "1. p0" in text and "5. (open)" in text
    [levels] = [
        row for row in r.rows if isinstance(row, Select) and row.custom_id.startswith("tb:ai")
    ]
    assert all(o.description for o in levels.options)
    assert {o.value for o in levels.options} >= {"easy", "normal", "hard"}


def test_names_are_cleaned_cut_and_escaped_without_a_dangling_backslash() -> None:
    raw = "\u202e*" * 40 + "\\"
    name = clean_name(raw)
    assert len(name) <= 32 and "\u202e" not in name
    hostile = clean_name("a" * 31 + "\\b")
    shown = escape(hostile)
    assert not shown.endswith("\\") or shown.endswith("\\\\")
    assert escape("**x** <@1> @everyone") == "\\*\\*x\\*\\* \\<\\@1\\> \\@everyone"
    assert clean_name("   ") == "?"
    t = sample_table("smear", 3)
    for i, s in enumerate(t.seats):
        s.name = clean_name("🂡" * 50 + str(i))
    check_limits(table_message(t, EN))


def test_rules_fit_in_one_message() -> None:
    for game in ("smear", "salad"):
        text = EN.t(f"rules-{game}")
        assert 200 < len(text) <= 2000


def test_the_outbox_keeps_a_message_as_json() -> None:
    t = sample_table("smear", 3)
    r = lobby_message(t, EN)
    assert Rendered.from_json(r.to_json()) == r


def _finished_smear(seed: int, target: int) -> Table | None:
    """A game played to its end by the ``normal`` computer players (None if it runs long)."""
    t = sample_table("smear", 3, seed=seed)
    t.options = {"target": target, "stuck_dealer": False}
    t.state = new_game("smear", 3, seed, t.options)
    st = t.state
    players = [make_player("smear", "normal") for _ in range(3)]
    rng = random.Random(seed)
    while st.outcome() is None:
        if len(st.results) > 100:
            return None
        seat = st.current_player
        assert seat is not None
        st.apply(players[seat].choose(st.view(seat), rng), seat)
    return t


def test_final_standings_say_how_the_game_was_won() -> None:
    seen = set()
    for seed in range(300):
        t = _finished_smear(seed, target=11)
        if t is None:
            continue
        st = t.state
        assert st is not None
        outcome = st.outcome()
        assert outcome is not None
        last = st.results[-1]
        winner = outcome.winners[0]
        before = last.scores[winner] - last.points[winner]
        text = final_standings(t, EN).text()
        if last.bid == 4 and before >= 1 and last.scores[winner] < 11:  # S13: a made 4 wins
            assert "made a bid of 4" in text, text
            seen.add("four")
        else:  # S12: the bidder made the bid and reached the target
            assert "made it, and reached" in text and "(the target is 11)" in text, text
            seen.add("target")
        # Every hand's scores: the table's last row is the last hand's.
        rows = text.split("Score after each hand")[1].splitlines()
        last_row = [r for r in rows if r.strip() and not r.startswith("```")][-1].split()
        assert last_row[0] == str(len(st.results)), last_row
        assert [int(x) for x in last_row[1:]] == list(last.scores), last_row
        if seen == {"four", "target"}:
            break
    assert seen == {"four", "target"}, seen


def test_a_long_games_standings_fit_discords_embed_field() -> None:
    """A long game's score table (a 1,183-character field stalled a game's standings: Discord
    refuses a field value over 1,024 characters, documented) shows its latest hands within it,
    the last hand's row included."""
    long = next(
        t
        for seed in range(200)
        if (t := _finished_smear(seed, target=60)) is not None
        and t.state is not None
        and len(t.state.results) > 40
    )
    assert long.state is not None
    embed = final_standings(long, EN).embed
    assert embed is not None
    for f in embed.fields:
        assert len(f.value) <= 1024, (f.name, len(f.value))
    last_row = [r for r in embed.fields[0].value.splitlines() if not r.startswith("```")][-1]
    assert last_row.split()[0] == str(len(long.state.results))


def test_computers_and_people_on_autopilot_read_differently() -> None:
    t = sample_table("smear", 3)
    t.seats[1] = Seat(None, "Ada", level="hard")
    t.seats[2].autopilot = True
    text = table_message(t, EN).text()
    assert "🤖 Ada" in text
    assert "p2 (away)" in text and "🤖 p2" not in text


def test_a_held_hand_shows_the_same_moves_none_clickable_and_keeps_its_tools() -> None:
    """A copy answered in place with a new hand goes out held (bot.tables.feed.hands): the
    new hand comes further down, and a turn shown above it would not be the newest message."""
    t = sample_table("smear", 3, seed=1)
    assert t.state is not None
    seat = t.state.current_player
    assert seat is not None
    hand = hand_message(t, seat, EN)
    held = held_hand(hand)

    def buttons(r: Rendered) -> list[Button]:
        return [b for row in r.rows if not isinstance(row, Select) for b in row]

    moves = [b for b in buttons(hand) if b.custom_id.startswith("tb:p:")]
    assert any(not b.disabled for b in moves), "the sample hand has a move to hold"
    assert held.content == hand.content
    assert [b.custom_id for b in buttons(held)] == [b.custom_id for b in buttons(hand)]
    for before, after in zip(buttons(hand), buttons(held), strict=True):
        if before.custom_id.startswith("tb:p:"):
            assert after.disabled, after
        else:  # Refresh, Hint: a held copy can still be brought up to date
            assert after.disabled == before.disabled, after
