"""What differs between the games on screen: one renderer per game, found by the game's name.

The shared frames (table message, hand, standings) live in ``bot.render.messages``; they ask the
game's renderer for the lines only that game has (Smear's bids and tally, Salad's contracts).
"""

from __future__ import annotations

from typing import Protocol

from bot import ids
from bot.i18n import Lang
from bot.model import Table
from bot.render.base import (
    Button,
    card_label,
    escape,
    seat_name,
    suit_symbol,
    view_of,
)
from engine.cards import JACK, SUIT_OF, card
from engine.core import BID_OFFSET, PASS, Phase, TrickView
from engine.salad import SaladHandResult, SaladState
from engine.smear import SmearHandResult, SmearState, tally


def trick_text(t: Table, trick: TrickView, lang: Lang) -> str:
    return " · ".join(
        f"{seat_name(t, s, lang)} {card_label(c, lang)}" for s, c in trick.played_by(len(t.seats))
    )


def with_trick(line: str, t: Table, trick: TrickView | None, lang: Lang) -> str:
    """A hand's status line, and the trick on the table if there is one."""
    if trick is None:
        return line
    return f"{line} {lang.t('hand-trick', cards=trick_text(t, trick, lang))}"


def scores_text(t: Table, scores: tuple[int, ...] | list[int], lang: Lang) -> str:
    return " · ".join(f"{seat_name(t, i, lang)} **{v}**" for i, v in enumerate(scores))


def who(t: Table, seat: int | None, lang: Lang) -> str:
    return lang.t("nobody") if seat is None else f"**{seat_name(t, seat, lang)}**"


class GameScreens(Protocol):
    """The parts of the screens that only one game has."""

    def table_title(self, t: Table, lang: Lang) -> str: ...

    def table_lines(self, t: Table, lang: Lang) -> list[str]: ...

    def hand_head(self, t: Table, seat: int, lang: Lang) -> str: ...

    def waiting_line(self, t: Table, seat: int, lang: Lang) -> str: ...

    def turn_line(self, t: Table, seat: int, lang: Lang) -> str: ...

    def choice_buttons(self, t: Table, seat: int, lang: Lang) -> list[Button]: ...

    def choice_help(self, t: Table, seat: int, lang: Lang) -> str | None: ...

    def hand_result(self, t: Table, index: int, lang: Lang) -> str: ...

    def how_won(self, t: Table, lang: Lang) -> str: ...


# ============================================================================ Smear


class SmearScreens:
    def _state(self, t: Table) -> SmearState:
        assert isinstance(t.state, SmearState)
        return t.state

    def table_title(self, t: Table, lang: Lang) -> str:
        return lang.t("smear-table-title", hand=t.hand_no)

    def table_lines(self, t: Table, lang: Lang) -> list[str]:
        st = self._state(t)
        v = view_of(t, 0)
        lines = [lang.t("line-dealer", name=seat_name(t, v.dealer, lang))]
        if v.bids:
            bids = " · ".join(
                f"{seat_name(t, s, lang)} {lang.t('bid-pass') if b == 0 else b}" for s, b in v.bids
            )
            lines.append(lang.t("smear-line-bids", bids=bids))
        if v.bidder is not None and v.phase == Phase.PLAY:
            lines.append(
                lang.t(
                    "smear-line-bidder",
                    name=seat_name(t, v.bidder, lang),
                    bid=v.bid,
                    trump=lang.t("smear-trump-unknown")
                    if v.trump is None
                    else suit_symbol(v.trump),
                )
            )
            lines += self._tally_lines(t, lang)
        if v.trick is not None:
            lines.append(
                lang.t("line-trick", n=len(v.tricks) + 1, cards=trick_text(t, v.trick, lang))
            )
        if v.tricks:
            last = v.tricks[-1]
            lines.append(
                lang.t(
                    "line-last-trick",
                    cards=trick_text(t, last, lang),
                    name=who(t, last.winner, lang),
                )
            )
        lines.append(
            lang.t(
                "smear-line-scores", target=st.options.target, scores=scores_text(t, v.scores, lang)
            )
        )
        return lines

    def _tally_lines(self, t: Table, lang: Lang) -> list[str]:
        """Who already has High, Low and Jack, the Game counts so far, and what the bidder
        still needs (RULES.md S6-S10)."""
        self._state(t)
        v = view_of(t, 0)
        if v.trump is None or v.bidder is None:
            return []
        known = tally(v)

        def holder(seat: int | None) -> str:
            return lang.t("tally-open") if seat is None else seat_name(t, seat, lang)

        counts = " · ".join(f"{seat_name(t, i, lang)} {g}" for i, g in enumerate(known.game_points))
        lines = [
            lang.t(
                "smear-line-tally",
                high=holder(known.high),
                low=holder(known.low),
                jack=holder(known.jack),
                counts=counts,
            )
        ]
        have = sum(1 for s in (known.high, known.low, known.jack) if s == v.bidder)
        need = max(0, v.bid - have)
        lines.append(
            lang.t("smear-line-needs", name=seat_name(t, v.bidder, lang), need=need, have=have)
        )
        return lines

    def hand_head(self, t: Table, seat: int, lang: Lang) -> str:
        return lang.t("smear-hand-head", hand=t.hand_no, seat=seat + 1)

    def waiting_line(self, t: Table, seat: int, lang: Lang) -> str:
        st = self._state(t)
        v = view_of(t, seat)
        to_act = st.current_player
        assert to_act is not None
        name = seat_name(t, to_act, lang)
        if v.phase == Phase.BID:
            return lang.t("smear-wait-bid", name=name, high=self._high_bid(t, seat, lang))
        return with_trick(
            lang.t("smear-wait-play", name=name, trump=self._trump(t, seat, lang)), t, v.trick, lang
        )

    def turn_line(self, t: Table, seat: int, lang: Lang) -> str:
        self._state(t)
        v = view_of(t, seat)
        if v.phase == Phase.BID:
            return lang.t("smear-turn-bid", high=self._high_bid(t, seat, lang))
        return with_trick(
            lang.t("smear-turn-play", trump=self._trump(t, seat, lang)), t, v.trick, lang
        )

    def _high_bid(self, t: Table, seat: int, lang: Lang) -> str:
        v = view_of(t, seat)
        if v.bidder is None:
            return lang.t("smear-no-bid-yet")
        return lang.t("smear-high-bid", bid=v.bid, name=seat_name(t, v.bidder, lang))

    def _trump(self, t: Table, seat: int, lang: Lang) -> str:
        v = view_of(t, seat)
        if v.trump is None:
            return lang.t("smear-trump-first-card")
        return lang.t("smear-trump", suit=suit_symbol(v.trump))

    def choice_buttons(self, t: Table, seat: int, lang: Lang) -> list[Button]:
        st = self._state(t)
        if st.phase != Phase.BID:
            return []
        legal = set(view_of(t, seat).legal)
        out = []
        for bid in (0, 2, 3, 4):
            action = PASS if bid == 0 else BID_OFFSET + bid
            out.append(
                Button(
                    ids.play(t.id, t.hand_no, t.version, seat, action),
                    lang.t("bid-button-pass") if bid == 0 else lang.t("bid-button", bid=bid),
                    "primary",
                    disabled=action not in legal,
                )
            )
        return out

    def choice_help(self, t: Table, seat: int, lang: Lang) -> str | None:
        st = self._state(t)
        if st.phase == Phase.BID and st.current_player == seat:
            return lang.t("smear-bid-help", target=st.options.target)
        return None

    def hand_result(self, t: Table, index: int, lang: Lang) -> str:
        st = self._state(t)
        r: SmearHandResult = st.results[index]
        if r.bidder is None:
            return lang.t("smear-result-passed", hand=index + 1, name=seat_name(t, r.dealer, lang))
        assert r.trump is not None and r.bid is not None
        assert st.log is not None
        dealt = sorted(c for hand in st.log[index].deal for c in hand if SUIT_OF[c] == r.trump)
        high = lang.t(
            "smear-point-card", name=who(t, r.high, lang), card=card_label(dealt[-1], lang)
        )
        low = lang.t("smear-point-card", name=who(t, r.low, lang), card=card_label(dealt[0], lang))
        jack_card = card_label(card(JACK, r.trump), lang)
        jack = (
            lang.t("smear-jack-not-dealt", card=jack_card)
            if r.jack is None
            else lang.t("smear-point-card", name=who(t, r.jack, lang), card=jack_card)
        )
        counts = " · ".join(f"{seat_name(t, i, lang)} {g}" for i, g in enumerate(r.game_points))
        game = who(t, r.game, lang) if r.game is not None else lang.t("smear-game-tie")
        bidder = seat_name(t, r.bidder, lang)
        verdict = (
            lang.t("smear-made", name=bidder, bid=r.bid, points=r.points[r.bidder])
            if r.made
            else lang.t("smear-set", name=bidder, bid=r.bid, points=r.points[r.bidder])
        )
        return "\n".join(
            [
                lang.t(
                    "smear-result-head", hand=index + 1, trump=suit_symbol(r.trump), verdict=verdict
                ),
                lang.t(
                    "smear-result-points", high=high, low=low, jack=jack, game=game, counts=counts
                ),
                lang.t("line-scores", scores=scores_text(t, r.scores, lang)),
            ]
        )

    def how_won(self, t: Table, lang: Lang) -> str:
        st = self._state(t)
        outcome = st.outcome()
        assert outcome is not None and st.results
        last = st.results[-1]
        winner = outcome.winners[0]
        name = seat_name(t, winner, lang)
        before = last.scores[winner] - last.points[winner]
        if last.bid == 4 and before >= 1 and last.scores[winner] < st.options.target:
            return lang.t("smear-won-by-four", name=name, before=before)
        return lang.t(
            "smear-won-by-target",
            name=name,
            bid=last.bid or 0,
            score=last.scores[winner],
            target=st.options.target,
        )


# ============================================================================ Salad


class SaladScreens:
    def _state(self, t: Table) -> SaladState:
        assert isinstance(t.state, SaladState)
        return t.state

    def _contract(self, contract: int, lang: Lang) -> str:
        return lang.t(f"salad-contract-{contract}")

    def _penalty(self, contract: int, lang: Lang) -> str:
        return lang.t(f"salad-penalty-{contract}")

    def table_title(self, t: Table, lang: Lang) -> str:
        c = self._state(t).contract
        return lang.t("salad-table-title", contract=c, name=self._contract(c, lang))

    def table_lines(self, t: Table, lang: Lang) -> list[str]:
        self._state(t)
        v = view_of(t, 0)
        lines = [
            lang.t("salad-line-rule", penalty=self._penalty(v.contract, lang)),
            lang.t("line-dealer", name=seat_name(t, v.dealer, lang)),
        ]
        if v.trick is not None:
            lines.append(
                lang.t("line-trick", n=len(v.tricks) + 1, cards=trick_text(t, v.trick, lang))
            )
        if v.tricks:
            last = v.tricks[-1]
            lines.append(
                lang.t(
                    "line-last-trick",
                    cards=trick_text(t, last, lang),
                    name=who(t, last.winner, lang),
                )
            )
            taken = " · ".join(
                lang.t("salad-taken", name=seat_name(t, i, lang), tricks=k, penalty=p)
                for i, (k, p) in enumerate(zip(v.tricks_taken, v.penalties, strict=True))
            )
            lines.append(lang.t("salad-line-taken", taken=taken))
        lines.append(lang.t("salad-line-totals", scores=scores_text(t, v.scores, lang)))
        return lines

    def hand_head(self, t: Table, seat: int, lang: Lang) -> str:
        c = self._state(t).contract
        return lang.t(
            "salad-hand-head",
            contract=c,
            name=self._contract(c, lang),
            penalty=self._penalty(c, lang),
            seat=seat + 1,
        )

    def waiting_line(self, t: Table, seat: int, lang: Lang) -> str:
        st = self._state(t)
        v = view_of(t, seat)
        to_act = st.current_player
        assert to_act is not None
        return with_trick(lang.t("salad-wait", name=seat_name(t, to_act, lang)), t, v.trick, lang)

    def turn_line(self, t: Table, seat: int, lang: Lang) -> str:
        v = view_of(t, seat)
        return with_trick(lang.t("salad-turn"), t, v.trick, lang)

    def choice_buttons(self, t: Table, seat: int, lang: Lang) -> list[Button]:
        return []

    def choice_help(self, t: Table, seat: int, lang: Lang) -> str | None:
        return None

    def hand_result(self, t: Table, index: int, lang: Lang) -> str:
        st = self._state(t)
        r: SaladHandResult = st.results[index]
        pens = " · ".join(f"{seat_name(t, i, lang)} {p}" for i, p in enumerate(r.penalties))
        return "\n".join(
            [
                lang.t(
                    "salad-result-head",
                    contract=r.contract,
                    name=self._contract(r.contract, lang),
                    penalty=self._penalty(r.contract, lang),
                ),
                lang.t("salad-result-penalties", penalties=pens),
                lang.t("salad-line-totals", scores=scores_text(t, r.scores, lang)),
            ]
        )

    def how_won(self, t: Table, lang: Lang) -> str:
        st = self._state(t)
        outcome = st.outcome()
        assert outcome is not None
        names = ", ".join(f"**{seat_name(t, w, lang)}**" for w in outcome.winners)
        return lang.t(
            "salad-won",
            names=names,
            count=len(outcome.winners),
            total=outcome.scores[outcome.winners[0]],
        )


SCREENS: dict[str, GameScreens] = {"smear": SmearScreens(), "salad": SaladScreens()}


def screens(t: Table) -> GameScreens:
    return SCREENS[t.game]


__all__ = ["SCREENS", "GameScreens", "escape", "scores_text", "screens", "trick_text", "who"]
