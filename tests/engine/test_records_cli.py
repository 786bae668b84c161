"""Records (RECORD.md) and the command line: the shared examples, good and bad records."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from engine.cli import main
from engine.errors import RecordError
from engine.record import parse_record, replay, result, to_record
from engine.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
# A copy of shared/records (RECORD.md's examples), so the tests need nothing beside the repo.
EXAMPLES = Path(__file__).resolve().parent / "records"
EXAMPLE_NAMES = ["smear-3seats", "smear-2seats-stuck-dealer", "salad-4seats", "salad-6seats"]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def run_main(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """The command line run in this process (``engine.cli.main``), as ``run_cli`` reports it:
    the same exit status, standard output and error, without starting Python again for each
    of the many bad records (a traceback would fail the test as an exception)."""
    out, err = io.StringIO(), io.StringIO()
    text_in = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch.object(sys, "stdin", text_in),
    ):
        code = main(list(args))
    return subprocess.CompletedProcess(["engine", *args], code, out.getvalue(), err.getvalue())


def load_example(name: str) -> dict[str, Any]:
    path = EXAMPLES / f"{name}.record.json"
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def assert_subset(got: Any, expected: Any, where: str = "result") -> None:
    """Every field the expected result names has exactly that value."""
    if isinstance(expected, dict):
        for k, v in expected.items():
            assert k in got, f"{where}.{k} missing"
            assert_subset(got[k], v, f"{where}.{k}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(got) == len(expected), where
        for i, (g, e) in enumerate(zip(got, expected, strict=True)):
            assert_subset(g, e, f"{where}[{i}]")
    else:
        assert got == expected, f"{where}: {got!r} != {expected!r}"


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_shared_examples_replay_to_their_results(name: str) -> None:
    record = load_example(name)
    expected = json.loads((EXAMPLES / f"{name}.result.json").read_text())
    assert_subset(result(replay(record)), expected)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_records_round_trip(name: str) -> None:
    record = load_example(name)
    again = to_record(replay(record))
    assert again["hands"] == record["hands"]
    assert again["first_dealer"] == record["first_dealer"]


def test_cli_replay_prints_the_result() -> None:
    load_example("smear-3seats")
    path = EXAMPLES / "smear-3seats.record.json"
    done = run_cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    expected = json.loads((EXAMPLES / "smear-3seats.result.json").read_text())
    assert_subset(json.loads(done.stdout), expected)
    assert done.stderr == ""


@pytest.mark.parametrize(("game", "seats"), [("smear", 2), ("smear", 3), ("salad", 5)])
def test_cli_simulate_pipes_into_replay(game: str, seats: int) -> None:
    sim = run_cli("simulate", "--game", game, "--seats", str(seats), "--seed", "17")
    assert sim.returncode == 0, sim.stderr
    rep = run_cli("replay", "-", stdin=sim.stdout)
    assert rep.returncode == 0, rep.stderr
    out = json.loads(rep.stdout)
    assert out["finished"] is True
    assert out == result(simulate(game, seats, 17))


def test_cli_bench_prints_numbers() -> None:
    done = run_cli(
        "bench", "--runs", "1", "--smear-hands", "200", "--salad-hands", "50", "--search-deals", "2"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("smear, 3 seats: ") and "hands/s" in lines[0]
    assert lines[1].startswith("salad, 4 seats: ") and "hands/s" in lines[1]
    for line, game in zip(lines[2:], ("smear 3 seats", "salad 4 seats"), strict=True):
        assert line.startswith(f"search deals, {game}, per second of CPU: compiled ")
        assert "pure Python" in line


def _smear() -> dict[str, Any]:
    return copy.deepcopy(load_example("smear-3seats"))


def _salad() -> dict[str, Any]:
    return copy.deepcopy(load_example("salad-4seats"))


def _bad_records() -> list[tuple[str, Any, str]]:
    """(name, record text or object, a fragment the one-line message must contain)."""
    cases: list[tuple[str, Any, str]] = [("malformed JSON", '{"format": 1, ', "malformed JSON")]
    cases.append(("not an object", "[1, 2]", "a record is a JSON object"))
    r = _smear()
    r["hands"][0]["deal"][0][0] = "ZZ"
    cases.append(("unknown card", r, "hand 1, deal, seat 0: unknown card 'ZZ'"))
    r = _smear()
    r["hands"][0]["deal"][1][0] = r["hands"][0]["deal"][0][0]
    cases.append(("duplicate card", r, "dealt twice"))
    r = _smear()
    r["hands"][0]["deal"][2].pop()
    cases.append(("wrong hand size", r, "hand 1, deal: seat 2 is dealt 5 cards, not 6"))
    r = _smear()
    r["hands"][0]["bids"] = [3, 2, "pass"]
    cases.append(("bid too low", r, "hand 1, bid 2 (seat 0, 2): bid must exceed 3 (RULES.md S1)"))
    r = _smear()
    r["hands"][0]["bids"] = [4, "pass"]
    cases.append(("bid out of turn", r, "hand 1, bid 2 (seat 2, pass): the bidding is over"))
    r = _smear()
    r["hands"][0]["bids"] = [5, "pass", "pass"]
    cases.append(("bid of 5", r, "a bid is pass, 2, 3 or 4"))
    r = _smear()
    r["options"] = {"target": 11, "jokers": True}
    cases.append(("unknown option", r, "unknown option 'jokers'"))
    r = _smear()
    r["seats"] = 4
    cases.append(("too many seats", r, "smear is for 2 or 3 players"))
    r = _smear()
    # Hand 1: seat 2 bids 3 and leads 7D, so diamonds are trump; seat 0 holds diamonds.
    r["hands"][0]["plays"][1] = "6S"
    cases.append(
        ("revoke", r, "hand 1, play 2 (seat 0, 6S): must follow suit D (trump) (RULES.md S4)")
    )
    r = _salad()
    r["hands"][0]["plays"].insert(1, r["hands"][0]["plays"][0])
    cases.append(("card played twice", r, "hand 1, play 2"))
    r = _salad()
    r["hands"][0]["bids"] = ["pass"]
    cases.append(("salad bids", r, "hand 1: salad has no bidding"))
    r = _salad()
    r["hands"].append(copy.deepcopy(r["hands"][0]))
    cases.append(("play after the end", r, "hand 7: the game is already over"))
    r = _salad()
    r["hands"][0]["plays"] = r["hands"][0]["plays"][:10]
    cases.append(("unfinished hand", r, "hand 1: the hand is not finished"))
    r = _smear()
    del r["first_dealer"]
    cases.append(("missing field", r, "first_dealer: field required"))
    r = _smear()
    del r["hands"]
    cases.append(("missing hands", r, "hands: field required"))
    r = _smear()
    r["format"] = 2
    cases.append(("unknown format", r, "format:"))
    return cases


def test_a_revoke_in_a_salad_record_names_c3() -> None:
    r = _salad()
    hand = r["hands"][0]
    first = hand["plays"][0]
    led = first[1]
    # Find the second player's cards and pick one off-suit while they hold the suit led.
    seat = (r["first_dealer"] + 1) % r["seats"] + 1
    holding = hand["deal"][seat % r["seats"]]
    if any(c[1] == led for c in holding) and any(c[1] != led for c in holding):
        hand["plays"][1] = next(c for c in holding if c[1] != led)
        with pytest.raises(RecordError) as e:
            replay(r)
        assert str(e.value).endswith(f"must follow suit {led} (RULES.md C3)")
        assert str(e.value).startswith("hand 1, play 2 (seat ")


@pytest.mark.parametrize(("name", "record", "fragment"), _bad_records(), ids=lambda x: str(x)[:20])
def test_cli_refuses_a_bad_record_with_one_line(name: str, record: Any, fragment: str) -> None:
    text = record if isinstance(record, str) else json.dumps(record)
    done = run_main("replay", "-", stdin=text)
    assert done.returncode == 1, name
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in done.stderr


def test_cli_missing_file_is_one_line() -> None:
    done = run_cli("replay", "/nonexistent/record.json")
    assert done.returncode == 1
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1


def test_parse_record_refuses_a_boolean_seat_count() -> None:
    r = _smear()
    r["seats"] = True
    with pytest.raises(RecordError):
        parse_record(r)


def test_a_record_may_stop_anywhere() -> None:
    r = _smear()
    r["hands"] = r["hands"][:2]
    r["hands"][1]["plays"] = r["hands"][1]["plays"][:4]
    state = replay(r)
    out = result(state)
    assert out["finished"] is False and out["winners"] == []
    assert len(out["hands"]) == 1
    assert state.current_player is not None


def test_a_record_may_stop_right_after_a_deal() -> None:
    r = _smear()
    r["hands"] = [{"deal": r["hands"][0]["deal"]}]
    state = replay(r)
    assert state.current_player == (r["first_dealer"] + 1) % r["seats"]


def test_ten_may_be_written_10() -> None:
    r = _smear()
    text = json.dumps(r).replace('"TC"', '"10C"')
    assert result(replay(text)) == result(replay(r))
