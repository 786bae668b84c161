"""Game records (RECORD.md): build one from a game, load one, replay it, report its result.

This module is the JSON boundary of the engine, so it is the one place pydantic is used: a
record is parsed and validated here, then replayed through the checked API, so a record that
breaks a rule is refused with the rule's own message. Every refusal is a RecordError whose
message is one line naming the place: ``hand 3, play 7 (seat 1, 9H): must follow suit D or play
trump S (RULES.md S4)``.
"""

from __future__ import annotations

import json
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from engine.cards import card_str, parse_card
from engine.core import PASS, Phase, action_str, bid_action, bid_value
from engine.errors import IllegalAction, InvalidOptions, RecordError
from engine.games import GameState, game_of
from engine.games import game as game_entry
from engine.salad import SaladState
from engine.smear import SmearOptions, SmearState

FORMAT = 1
AnyState = SmearState | SaladState  # the concrete games, for the code that tells them apart


# Unknown keys are ignored, as RECORD.md lets results grow new fields; what the format names is
# checked strictly, and an unknown *option* is an error.
class HandRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    deal: list[list[StrictStr]]
    bids: list[Literal["pass"] | StrictInt] | None = None
    plays: list[StrictStr] = []


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    format: Literal[1]
    game: Literal["smear", "salad"]
    seats: StrictInt
    options: dict[str, Any] | None = None
    first_dealer: StrictInt
    hands: list[HandRecord]


# ------------------------------------------------------------------------- building


def new_game(
    game: str, seats: int, seed: int, options: dict[str, object] | None = None
) -> AnyState:
    """A new seeded game (G1). Raises InvalidOptions for a bad game, seat count or option."""
    return cast(AnyState, game_entry(game).new(seats, seed, options))


def game_name(state: GameState) -> str:
    return game_of(state).name


def first_dealer_of(state: GameState) -> int:
    """The seat that dealt the first hand, recovered from the dealers so far."""
    if state.results:
        return int(state.results[0].dealer)
    return state.dealer


def to_record(state: GameState) -> dict[str, Any]:
    """The record of a game in progress or over (RECORD.md). Needs a state that keeps a log."""
    if state.log is None:
        raise ValueError("this state keeps no history (a search copy): no record")
    hands: list[dict[str, Any]] = []
    for log in state.log:
        hand: dict[str, Any] = {"deal": [[card_str(c) for c in seat] for seat in log.deal]}
        if isinstance(state, SmearState):
            bids = log.bids
            hand["bids"] = ["pass" if a == PASS else bid_value(a) for a in bids]
        hand["plays"] = [card_str(c) for c in log.plays]
        hands.append(hand)
    record: dict[str, Any] = {"format": FORMAT, "game": game_name(state), "seats": state.n}
    if isinstance(state, SmearState):
        record["options"] = state.options.to_dict()
    record["first_dealer"] = first_dealer_of(state)
    record["hands"] = hands
    return record


def actions_of(state: GameState) -> list[int]:
    """Every action of a game, in the order they were made (a hand's bids before its plays).
    Needs a state that keeps a log."""
    if state.log is None:
        raise ValueError("this state keeps no history (a search copy): no actions")
    out: list[int] = []
    for log in state.log:
        out += getattr(log, "bids", ())
        out += log.plays
    return out


def rebuild(
    game: str, seats: int, seed: int, options: dict[str, object] | None, actions: list[int]
) -> AnyState:
    """A seeded game with ``actions`` applied in order, every one checked (RecordError for one
    the rules refuse): the state the bot keeps, from the moves it stores one by one."""
    state = new_game(game, seats, seed, options)
    for n, action in enumerate(actions, start=1):
        try:
            state.apply(action)
        except IllegalAction as e:
            raise RecordError(f"move {n}: {e}") from None
    return state


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1)


# ------------------------------------------------------------------------- loading


def _pydantic_message(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "record"
    return f"{where}: {first['msg'].lower()}"


def parse_record(data: str | bytes | dict[str, Any]) -> GameRecord:
    """Parse and validate a record's format (not yet its rules)."""
    try:
        raw = json.loads(data) if isinstance(data, str | bytes) else data
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"malformed JSON: {e}") from None
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    try:
        return GameRecord.model_validate(raw)
    except ValidationError as e:
        raise RecordError(_pydantic_message(e)) from None


def _rule_text(e: IllegalAction) -> str:
    return f"{e.reason} (RULES.md {e.rule})"


def _card(text: str, where: str) -> int:
    try:
        return parse_card(text)
    except ValueError:
        raise RecordError(f"{where}: unknown card {text!r}") from None


def replay(data: str | bytes | dict[str, Any] | GameRecord, *, keep_log: bool = True) -> AnyState:
    """Replay a record into a state, checking every deal, bid and play against the rules."""
    rec = data if isinstance(data, GameRecord) else parse_record(data)
    try:
        state: AnyState
        if rec.game == "smear":
            state = SmearState(
                rec.seats,
                SmearOptions.from_dict(rec.options),
                first_dealer=rec.first_dealer,
                keep_log=keep_log,
            )
        else:
            if rec.options:
                raise InvalidOptions(f"unknown option {sorted(rec.options)[0]!r} for salad")
            state = SaladState(rec.seats, first_dealer=rec.first_dealer, keep_log=keep_log)
    except InvalidOptions as e:
        raise RecordError(f"record: {e}") from None
    except TypeError as e:  # a wrongly typed option value
        raise RecordError(f"options: {e}") from None
    for h, hand in enumerate(rec.hands, start=1):
        _replay_hand(state, rec, h, hand)
    return state


def _replay_hand(state: AnyState, rec: GameRecord, h: int, hand: HandRecord) -> None:
    if state.phase == Phase.OVER:
        raise RecordError(f"hand {h}: the game is already over")
    if state.phase != Phase.DEAL:
        raise RecordError(f"hand {h}: hand {h - 1} is not finished")
    deal = [[_card(c, f"hand {h}, deal, seat {s}") for c in cs] for s, cs in enumerate(hand.deal)]
    try:
        state.deal(deal)
    except IllegalAction as e:
        raise RecordError(f"hand {h}, deal: {_rule_text(e)}") from None
    if isinstance(state, SmearState):
        _replay_bids(state, h, hand)
    elif hand.bids:
        raise RecordError(f"hand {h}: salad has no bidding")
    _replay_plays(state, h, hand)
    last = h == len(rec.hands)
    if not last and state.phase not in (Phase.DEAL, Phase.OVER):
        raise RecordError(f"hand {h}: the hand is not finished but another hand follows")


def _replay_bids(state: SmearState, h: int, hand: HandRecord) -> None:
    for i, b in enumerate(hand.bids or [], start=1):
        seat = state.to_act
        where = f"hand {h}, bid {i} (seat {seat}, {b})"
        if state.phase != Phase.BID:
            raise RecordError(f"{where}: the bidding is over (RULES.md S1)")
        if b != "pass" and (isinstance(b, bool) or b not in (2, 3, 4)):
            raise RecordError(f"{where}: a bid is pass, 2, 3 or 4 (RULES.md S1)")
        action = PASS if b == "pass" else bid_action(int(b))
        try:
            state.apply(action)
        except IllegalAction as e:
            raise RecordError(f"{where}: {_rule_text(e)}") from None
    if state.phase == Phase.DEAL and hand.plays:
        raise RecordError(f"hand {h}, play 1: everyone passed, so no card is played (RULES.md S2)")


def _replay_plays(state: AnyState, h: int, hand: HandRecord) -> None:
    for i, text in enumerate(hand.plays, start=1):
        player = state.current_player
        where = f"hand {h}, play {i} (seat {player}, {text})"
        if state.phase == Phase.BID:
            raise RecordError(f"{where}: the bidding is not over (RULES.md S1)")
        if state.phase != Phase.PLAY:
            rule = "C4" if isinstance(state, SaladState) else "S5"
            ended = "the game is over" if state.phase == Phase.OVER else "the hand is over"
            raise RecordError(f"{where}: {ended} (RULES.md {rule})")
        card = _card(text, where)
        try:
            state.apply(card)
        except IllegalAction as e:
            raise RecordError(f"{where}: {_rule_text(e)}") from None


# ------------------------------------------------------------------------- results


def result(state: GameState) -> dict[str, Any]:
    """The result JSON of RECORD.md for a replayed (or live) game."""
    outcome = state.outcome()
    totals = list(state.results[-1].scores) if state.results else [0] * state.n
    return {
        "game": game_name(state),
        "finished": outcome is not None,
        "winners": list(outcome.winners) if outcome else [],
        "scores": totals,
        "hands": [r.to_json() for r in state.results],
    }


def restore(record: dict[str, Any], seed: int) -> AnyState:
    """Rebuild a seeded game from its record, so that it goes on dealing from its seed.

    The bot stores the record and the seed; replaying the actions into a new seeded state gives
    the same deals again (G1), and this checks that they do.
    """
    rec = parse_record(record)
    state = new_game(rec.game, rec.seats, seed, rec.options)
    if first_dealer_of(state) != rec.first_dealer:
        raise RecordError("record: the seed does not give this record's first dealer")
    for h, hand in enumerate(rec.hands, start=1):
        assert state.log is not None
        dealt = [[card_str(c) for c in seat] for seat in state.log[-1].deal]
        if [sorted(x) for x in dealt] != [sorted(x) for x in hand.deal]:
            raise RecordError(f"hand {h}, deal: the seed does not give this record's deal")
        for b in hand.bids or []:
            state.apply(PASS if b == "pass" else bid_action(int(b)))
        for text in hand.plays:
            state.apply(parse_card(text))
    return state


__all__ = [
    "AnyState",
    "GameRecord",
    "GameState",
    "HandRecord",
    "action_str",
    "actions_of",
    "dumps",
    "new_game",
    "parse_record",
    "rebuild",
    "replay",
    "restore",
    "result",
    "to_record",
]
