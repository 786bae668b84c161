"""What people see: pure functions from a table (and its engine state) to message payloads.

Nothing here knows Discord: a ``Rendered`` is plain data (content, one embed, rows of buttons or
one select menu) that the cogs turn into discord.py objects. Public renders only ever use public
facts (RULES.md G2); a hand is rendered only by ``hand_message``, which the cogs send ephemerally.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot import ids
from bot.model import MAX_SEATS, MIN_SEATS, Table
from engine.cards import JACK, RANK_OF, SUIT_OF, SUITS
from engine.core import BID_OFFSET, PASS, Phase, TrickView, bid_value, is_card
from engine.salad import CONTRACT_NAMES, CONTRACT_RULES, SaladHandResult, SaladState
from engine.smear import SmearHandResult, SmearState

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_ORDER = (3, 2, 0, 1)  # ♠ ♥ ♣ ♦: colours alternate in a hand
LEVELS = ("random", "easy", "normal", "hard")
GREEN, BLUE, GREY, RED = 0x2ECC71, 0x3498DB, 0x95A5A6, 0xE74C3C


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    disabled: bool = False


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)


Row = tuple[Button, ...] | Select


@dataclass(frozen=True)
class Embed:
    title: str
    description: str
    color: int = BLUE
    footer: str | None = None


@dataclass(frozen=True)
class Rendered:
    content: str | None = None
    embed: Embed | None = None
    rows: tuple[Row, ...] = ()
    mention_user: int | None = None  # the one user this message may ping
    file: tuple[str, bytes] | None = None
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    def text(self) -> str:
        """Everything a person reads (for tests and logs of public messages)."""
        parts = [self.content or ""]
        if self.embed is not None:
            parts += [self.embed.title, self.embed.description, self.embed.footer or ""]
        return "\n".join(parts)


# ---------------------------------------------------------------------- small pieces


def card_label(c: int) -> str:
    return RANK_TEXT[RANK_OF[c]] + SUIT_SYMBOLS[SUITS[SUIT_OF[c]]]


def suit_symbol(s: int) -> str:
    return SUIT_SYMBOLS[SUITS[s]]


def game_title(game: str) -> str:
    return "Cutthroat Canadian Smear" if game == "smear" else "Canadian Salad"


def seat_name(t: Table, seat: int) -> str:
    s = t.seats[seat]
    if s.is_computer:
        return f"🤖 {s.name}"
    return f"{s.name} 🤖" if s.autopilot else s.name


def timer_text(seconds: int) -> str:
    if seconds <= 0:
        return "off"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def options_text(t: Table) -> str:
    parts = [f"Seats: {t.max_seats}"]
    if t.game == "smear":
        parts.append(f"Target: {t.options.get('target', 11)}")
        parts.append(f"Stuck dealer: {'on' if t.options.get('stuck_dealer') else 'off'}")
    parts.append(f"Turn timer: {timer_text(t.turn_timer)}")
    return " · ".join(parts)


def scores_text(t: Table, scores: tuple[int, ...] | list[int]) -> str:
    return " · ".join(f"{seat_name(t, i)} **{v}**" for i, v in enumerate(scores))


def trick_text(t: Table, trick: TrickView, n: int) -> str:
    return " · ".join(f"{seat_name(t, s)} {card_label(c)}" for s, c in trick.played_by(n))


# ---------------------------------------------------------------------- lobby


def lobby_message(t: Table) -> Rendered:
    lines = [f"Host: {_host_name(t)} · {options_text(t)}", ""]
    for i in range(t.max_seats):
        if i < len(t.seats):
            s = t.seats[i]
            who = f"🤖 {s.name} ({s.level})" if s.is_computer else s.name
            lines.append(f"{i + 1}. {who}")
        else:
            lines.append(f"{i + 1}. (open)")
    lo = MIN_SEATS[t.game]
    if t.status == "lobby":
        lines += [
            "",
            f"The host starts once {lo} or more seats are taken; the game starts by itself "
            "when every seat is taken.",
        ]
        title = f"{game_title(t.game)} — table open"
        color = GREEN
    elif t.status == "cancelled":
        title = f"{game_title(t.game)} — table cancelled"
        color = GREY
    else:
        title = f"{game_title(t.game)} — game started"
        color = BLUE
    embed = Embed(title=title, description="\n".join(lines), color=color, footer=f"table {t.id}")
    if t.status != "lobby":
        return Rendered(embed=embed)
    full = len(t.seats) >= t.max_seats
    rows: list[Row] = [
        (
            Button(ids.lobby(t.id, "join"), "Join", "success", disabled=full),
            Button(ids.lobby(t.id, "leave"), "Leave", "secondary"),
            Button(ids.lobby(t.id, "start"), "Start", "primary", disabled=len(t.seats) < lo),
            Button(ids.lobby(t.id, "cancel"), "Cancel", "danger"),
        ),
        tuple(
            Button(ids.lobby(t.id, f"ai-{lvl}"), f"Add computer: {lvl}", disabled=full)
            for lvl in LEVELS
        ),
    ]
    if t.seats:
        rows.append(
            Select(
                ids.remove(t.id),
                "Remove a seat (host or Manage Server)",
                tuple((f"Seat {i + 1}: {s.name}"[:100], str(i)) for i, s in enumerate(t.seats)),
            )
        )
    return Rendered(embed=embed, rows=tuple(rows))


def _host_name(t: Table) -> str:
    for s in t.seats:
        if s.user_id == t.host_id:
            return s.name
    return f"<@{t.host_id}>"


# ---------------------------------------------------------------------- the table message


def _smear_lines(t: Table, st: SmearState) -> list[str]:
    n = st.n
    v = st.view(0)
    lines = [f"Dealer: {seat_name(t, v.dealer)}"]
    if v.bids:
        bids = " · ".join(f"{seat_name(t, s)} {'pass' if b == 0 else b}" for s, b in v.bids)
        lines.append(f"Bids: {bids}")
    if v.bidder is not None and v.phase == Phase.PLAY:
        trump = f" · Trump: {suit_symbol(v.trump)}" if v.trump is not None else ""
        lines.append(f"Bidder: {seat_name(t, v.bidder)} bid **{v.bid}**{trump}")
    if v.trick is not None:
        lines.append(f"Trick {len(v.tricks) + 1}: {trick_text(t, v.trick, n)}")
    if v.tricks:
        last = v.tricks[-1]
        assert last.winner is not None
        lines.append(
            f"Last trick: {trick_text(t, last, n)} → **{seat_name(t, last.winner)}** took it"
        )
    lines.append(f"Scores (to {st.options.target}): {scores_text(t, v.scores)}")
    return lines


def _salad_lines(t: Table, st: SaladState) -> list[str]:
    n = st.n
    v = st.view(0)
    lines = [
        f"Hand {v.contract} of 6: **{CONTRACT_NAMES[v.contract]}** ({CONTRACT_RULES[v.contract]})",
        f"Dealer: {seat_name(t, v.dealer)}",
    ]
    if v.trick is not None:
        lines.append(f"Trick {len(v.tricks) + 1}: {trick_text(t, v.trick, n)}")
    if v.tricks:
        last = v.tricks[-1]
        assert last.winner is not None
        lines.append(
            f"Last trick: {trick_text(t, last, n)} → **{seat_name(t, last.winner)}** took it"
        )
        taken = " · ".join(
            f"{seat_name(t, i)} {k}/{p}"
            for i, (k, p) in enumerate(zip(v.tricks_taken, v.penalties, strict=True))
        )
        lines.append(f"Tricks/penalty this hand: {taken}")
    lines.append(f"Totals (lowest wins): {scores_text(t, v.scores)}")
    return lines


def turn_text(t: Table) -> str:
    st = t.state
    assert st is not None
    seat = st.current_player
    if seat is None:
        return ""
    verb = "bid" if st.phase == Phase.BID else "play"
    line = f"▶ **{seat_name(t, seat)}** to {verb}"
    s = t.seats[seat]
    if not s.automatic and t.turn_timer and t.deadline:
        line += f" (time runs out <t:{int(t.deadline)}:R>)"
    return line


def table_message(t: Table) -> Rendered:
    """The public message of the current hand, edited as play goes."""
    st = t.state
    assert st is not None
    if isinstance(st, SmearState):
        title = f"Smear — hand {t.hand_no}"
        lines = _smear_lines(t, st)
    else:
        assert isinstance(st, SaladState)
        title = f"Salad — hand {st.contract}: {CONTRACT_NAMES[st.contract]}"
        lines = _salad_lines(t, st)
    if t.last_note:
        lines.append(t.last_note)
    turn = turn_text(t)
    if turn:
        lines.append(turn)
    embed = Embed(title=title, description="\n".join(lines), footer=f"table {t.id}")
    rows: tuple[Row, ...] = ((Button(ids.show(t.id), "Show my hand", "primary"),),)
    return Rendered(embed=embed, rows=rows)


def finished_hand_message(t: Table, hand_no: int, last_trick: TrickView | None) -> Rendered:
    """What the table message of a finished hand becomes: its last trick, no buttons."""
    st = t.state
    assert st is not None
    n = st.n
    lines = []
    if last_trick is not None and last_trick.winner is not None:
        lines.append(
            f"Last trick: {trick_text(t, last_trick, n)} → "
            f"**{seat_name(t, last_trick.winner)}** took it"
        )
    lines.append("This hand is over: the result is below.")
    title = f"{'Smear' if t.game == 'smear' else 'Salad'} — hand {hand_no} (over)"
    return Rendered(
        embed=Embed(title=title, description="\n".join(lines), color=GREY, footer=f"table {t.id}")
    )


# ---------------------------------------------------------------------- results


def _trump_cards_dealt(st: SmearState, hand_index: int, trump: int) -> list[int]:
    assert st.log is not None
    dealt = [c for seat in st.log[hand_index].deal for c in seat]
    return sorted(c for c in dealt if SUIT_OF[c] == trump)


def smear_hand_summary(t: Table, result_index: int, hand_index: int) -> Rendered:
    st = t.state
    assert isinstance(st, SmearState)
    r: SmearHandResult = st.results[result_index]
    if r.bidder is None:
        text = (
            f"**Hand {hand_index + 1}**: everyone passed. "
            f"{seat_name(t, r.dealer)} shuffles and deals again."
        )
        return Rendered(content=text)
    assert r.trump is not None and r.bid is not None
    trumps = _trump_cards_dealt(st, hand_index, r.trump)

    def who(seat: int | None) -> str:
        return "nobody" if seat is None else f"**{seat_name(t, seat)}**"

    jack = r.trump * 13 + JACK
    high = f"{who(r.high)} ({card_label(trumps[-1])})" if trumps else "nobody"
    low = f"{who(r.low)} ({card_label(trumps[0])})" if trumps else "nobody"
    jack_text = f"{who(r.jack)} ({card_label(jack)})" if r.jack is not None else "not dealt"
    counts = " · ".join(f"{seat_name(t, i)} {g}" for i, g in enumerate(r.game_points))
    game_text = f"{who(r.game)}" if r.game is not None else "nobody (a tie)"
    bidder = seat_name(t, r.bidder)
    if r.made:
        verdict = f"**{bidder}** bid {r.bid} and made it (+{r.points[r.bidder]})"
    else:
        verdict = f"**{bidder}** bid {r.bid} and was set (−{r.bid})"
    lines = [
        f"**Hand {hand_index + 1}** — trump {suit_symbol(r.trump)}. {verdict}.",
        f"High: {high} · Low: {low} · Jack: {jack_text} · Game: {game_text} (counts: {counts})",
        f"Scores: {scores_text(t, r.scores)}",
    ]
    return Rendered(content="\n".join(lines))


def salad_hand_summary(t: Table, result_index: int) -> Rendered:
    st = t.state
    assert isinstance(st, SaladState)
    r: SaladHandResult = st.results[result_index]
    pens = " · ".join(f"{seat_name(t, i)} {p}" for i, p in enumerate(r.penalties))
    lines = [
        f"**Hand {r.contract} — {CONTRACT_NAMES[r.contract]}** ({CONTRACT_RULES[r.contract]})",
        f"Penalties: {pens}",
        f"Totals: {scores_text(t, r.scores)}",
    ]
    return Rendered(content="\n".join(lines))


def final_standings(t: Table) -> Rendered:
    st = t.state
    assert st is not None
    outcome = st.outcome()
    assert outcome is not None
    smear = t.game == "smear"
    order = sorted(
        range(st.n),
        key=lambda i: (
            i not in outcome.winners,
            -outcome.scores[i] if smear else outcome.scores[i],
        ),
    )
    winners = " and ".join(f"**{seat_name(t, w)}**" for w in outcome.winners)
    verb = "wins" if len(outcome.winners) == 1 else "win"
    lines = [f"🏆 **Game over** — {winners} {verb}!", ""]
    for place, i in enumerate(order, start=1):
        mark = " 🏆" if i in outcome.winners else ""
        lines.append(f"{place}. {seat_name(t, i)} — {outcome.scores[i]}{mark}")
    return Rendered(
        embed=Embed(
            title=f"{game_title(t.game)} — final standings",
            description="\n".join(lines),
            color=GREEN,
            footer=f"table {t.id}",
        ),
        rows=((Button(ids.export(t.id), "Export game record", "secondary"),),),
    )


def ping_message(t: Table, seat: int) -> Rendered:
    st = t.state
    assert st is not None
    user = t.seats[seat].user_id
    verb = "bid" if st.phase == Phase.BID else "play"
    timer = ""
    if t.turn_timer and t.deadline:
        timer = f" (time runs out <t:{int(t.deadline)}:R>)"
    return Rendered(
        content=f"<@{user}>, your turn to {verb}{timer}. Use **Show my hand** on the table.",
        mention_user=user,
    )


def note_message(text: str) -> Rendered:
    return Rendered(content=text)


# ---------------------------------------------------------------------- a hand (ephemeral)


def layout_cards(cards: list[int], max_rows: int, per_row: int = 5) -> list[list[int]]:
    """Rows of cards, one suit per row when that fits, else packed in order."""
    by_suit = [sorted(c for c in cards if SUIT_OF[c] == s) for s in SUIT_ORDER]
    rows: list[list[int]] = []
    for group in by_suit:
        for i in range(0, len(group), per_row):
            rows.append(group[i : i + per_row])
    if len(rows) <= max_rows:
        return rows
    flat = [c for g in by_suit for c in g]
    return [flat[i : i + per_row] for i in range(0, len(flat), per_row)]


def _status_line(t: Table, seat: int) -> str:
    st = t.state
    assert st is not None
    if st.phase == Phase.OVER:
        return "The game is over."
    to_act = st.current_player
    if to_act is None:
        return "Waiting for the deal."
    mine = to_act == seat
    if isinstance(st, SmearState):
        v = st.view(seat)
        if v.phase == Phase.BID:
            high = (
                f"the high bid is {v.bid} ({seat_name(t, v.bidder)})"
                if v.bidder is not None
                else "no bid yet"
            )
            if mine:
                return f"**Your turn to bid**: {high}."
            return f"Bidding: {high}. Waiting for {seat_name(t, to_act)}."
        trump = (
            f"Trump {suit_symbol(v.trump)}" if v.trump is not None else "Trump: the first card led"
        )
        trick = f" · trick: {trick_text(t, v.trick, st.n)}" if v.trick else ""
        if mine:
            return f"**Your turn to play.** {trump}{trick}."
        return f"{trump}{trick}. Waiting for {seat_name(t, to_act)}."
    assert isinstance(st, SaladState)
    sv = st.view(seat)
    trick = f"Trick: {trick_text(t, sv.trick, st.n)}. " if sv.trick else ""
    if mine:
        return f"{trick}**Your turn to play.**"
    return f"{trick}Waiting for {seat_name(t, to_act)}."


def hand_message(t: Table, seat: int, note: str | None = None) -> Rendered:
    """One seat's hand as buttons, for an ephemeral message. Legal actions enabled on its turn."""
    st = t.state
    assert st is not None
    view = st.view(seat)
    legal = set(view.legal)
    hand = list(view.hand)
    if isinstance(st, SmearState):
        head = f"**Your hand** — Smear hand {t.hand_no}, seat {seat + 1} ({t.seats[seat].name})"
    else:
        assert isinstance(st, SaladState)
        head = (
            f"**Your hand** — Salad hand {st.contract}: {CONTRACT_NAMES[st.contract]}, "
            f"seat {seat + 1} ({t.seats[seat].name})"
        )
    lines = [note] if note else []
    lines += [head, _status_line(t, seat)]
    if not hand:
        lines.append("(no cards)")
    bidding = isinstance(st, SmearState) and st.phase == Phase.BID
    card_rows = layout_cards(hand, 3 if bidding else 4)
    rows: list[Row] = []
    hand_no, version = t.hand_no, t.version
    for row in card_rows:
        rows.append(
            tuple(
                Button(
                    ids.play(t.id, hand_no, version, seat, c),
                    card_label(c),
                    "danger" if SUITS[SUIT_OF[c]] in "HD" else "secondary",
                    disabled=c not in legal,
                )
                for c in row
            )
        )
    last: list[Button] = []
    if bidding:
        for action in (PASS, BID_OFFSET + 2, BID_OFFSET + 3, BID_OFFSET + 4):
            label = "Pass" if action == PASS else f"Bid {bid_value(action)}"
            last.append(
                Button(
                    ids.play(t.id, hand_no, version, seat, action),
                    label,
                    "primary",
                    disabled=action not in legal,
                )
            )
    last.append(Button(ids.refresh(t.id), "Refresh", "secondary"))
    rows.append(tuple(last))
    return Rendered(content="\n".join(lines), rows=tuple(rows))


def action_text(action: int) -> str:
    if is_card(action):
        return card_label(action)
    return "pass" if action == PASS else f"bid {bid_value(action)}"


# ---------------------------------------------------------------------- other commands


SMEAR_RULES = """\
**Cutthroat Canadian Smear** — 2 or 3 players, each for themselves; first to the target \
(11 by default) wins.
• **Deal**: 6 cards each. The dealer rotates left after each hand played.
• **Bidding**: starting left of the dealer, each player once: pass or bid higher (2, 3 or 4). \
A 4 ends the bidding. If all pass, the same dealer deals again (or, with *stuck dealer*, the \
dealer must bid).
• **Play**: the bidder leads; the first card led sets **trump**. Follow suit or play trump; \
with none of the suit led, play anything. Highest trump wins, else highest of the suit led.
• **Points** (up to 4 a hand): **High** (highest trump dealt, to who played it), **Low** \
(lowest trump dealt, to who played it), **Jack** of trump (to who wins its trick), **Game** \
(most card points won: A 4, K 3, Q 2, J 1, 10 ten; a tie gives nobody the point).
• **Scoring**: the bidder scores their points if they reach the bid, otherwise loses the bid \
(can go negative). Others score what they took.
• **Winning**: only the bidder can win: by making the bid and reaching the target, or by \
making a bid of 4 with a score of at least 1 before the hand.
Use **Show my hand** (or `/hand`) to see and play your cards."""

SALAD_RULES = """\
**Canadian Salad** — 3 to 6 players, each for themselves; six hands, the **lowest** total wins.
• **Deck**: all cards are dealt (3 players: remove 2♣; 5: remove 2♣ 2♦; 6: remove 2♣ 3♣ 2♦ 3♦).
• **Play**: left of the dealer leads; follow suit if you can, else play anything. No trump: \
the highest card of the suit led wins the trick and leads next.
• **The hands**, in order (penalties):
 1. no tricks — 10 per trick taken
 2. no hearts — 10 per heart taken
 3. no queens — 25 per queen taken
 4. no king of spades — 100 for taking K♠
 5. no last trick — 100 for taking the last trick
 6. salad — all five at once
Hands 2–4 stop once every penalty card is taken. Ties for lowest all win.
Use **Show my hand** (or `/hand`) to see and play your cards."""


def rules(game: str) -> str:
    return SMEAR_RULES if game == "smear" else SALAD_RULES


def record_file(table_id: int, record: dict[str, object]) -> tuple[str, bytes]:
    game = record.get("game", "game")
    return f"{game}-table-{table_id}.record.json", json.dumps(record, indent=1).encode()


def seats_range_text(game: str) -> str:
    return f"{MIN_SEATS[game]}-{MAX_SEATS[game]}"
