"""SIGKILL of the real bot process after each step of the publishing path, then a restart.

Each case kills ``python -m bot`` right after the emulator handled one kind of request (before
its answer reaches the bot: the bot never learns what Discord did), restarts it on the same
database, and plays the game to the end from what people see. Then: every hand's result and
the final standings appear exactly once, nothing is posted twice, no message is left with a
live button, and Discord answered no request with a client error but at most one 404 (a
deletion the crash kept the bot from writing down).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from aiohttp import web

from sandbox import Channel, DiscordEmulator, EmulatorEvent, User
from tests.e2e.harness import enabled_moves, is_hand, lobby_table_id, make_world, text_of
from tests.e2e.process import BotProcess, SeenPlayers

pytestmark = pytest.mark.process  # each test starts python -m bot

POST_MESSAGE = ("POST", "/channels/{channel_id}/messages")
EDIT_MESSAGE = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
DELETE_MESSAGE = ("DELETE", "/channels/{channel_id}/messages/{message_id}")
POST_HAND = ("POST", "/webhooks/{application_id}/{token}")
DELETE_HAND = ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}")
EDIT_HAND = ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}")
ANSWER = ("POST", "/interactions/{interaction_id}/{token}/callback")


def _body(response: web.StreamResponse) -> str:
    """What the answer says: the message's content, its embeds' titles and its buttons."""
    body = getattr(response, "body", None)
    if not isinstance(body, bytes) or not body:
        return ""
    try:
        data = json.loads(body)
    except ValueError:
        return ""
    if not isinstance(data, dict):
        return ""
    parts = [str(data.get("content") or "")]
    parts += [str(e.get("title") or "") for e in data.get("embeds") or []]
    parts += [
        str(c.get("label") or "")
        for row in data.get("components") or []
        for c in row.get("components") or []
    ]
    return "\n".join(parts)


Route = tuple[str, str]

CASES: dict[str, tuple[tuple[Route, ...], int, Callable[[str], bool]]] = {
    "after a hand's result is posted": ((POST_MESSAGE,), 1, lambda b: b.startswith("**Hand ")),
    "after the final standings are posted": ((POST_MESSAGE,), 1, lambda b: "final standings" in b),
    # The table message and the pings go through a person's interaction token (no nonce: the
    # restart looks for them in the channel before posting again).
    "after a table message is posted": ((POST_HAND,), 2, lambda b: "Smear — hand" in b),
    "after a ping is posted": ((POST_HAND,), 2, lambda b: "your turn to" in b),
    # An edit goes through the message's token, or with the bot's authority when that token's
    # window is full (more often on a busy machine): either is the step.
    "after a table message edit": ((EDIT_HAND, EDIT_MESSAGE), 4, lambda b: "Smear — hand" in b),
    "after a ping is deleted": ((DELETE_HAND,), 1, lambda b: "your turn to" in b),
    "after a hand is posted anew": ((POST_HAND,), 2, lambda b: "Your hand" in b),
    "after an older hand is deleted": ((DELETE_HAND,), 2, lambda b: "Your hand" in b),
    "after a hand is edited": ((EDIT_HAND,), 1, lambda b: "Your hand" in b),
    "after a click is answered": ((ANSWER,), 5, lambda b: True),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_a_kill_at_each_step_loses_and_doubles_nothing(
    emu: DiscordEmulator, tmp_path: Path, case: str
) -> None:
    routes, nth, wanted = CASES[case]
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = BotProcess(emu, tmp_path / "db.sqlite3", tmp_path / "bot.log")
    await bot.start()
    try:
        lobby = await emu.invoke_and_wait(
            alice,
            w.channel,
            "smear start",
            {"seats": 3, "target": 6},  # two hands at least: one makes 4 points at most
        )
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        people = SeenPlayers(emu, w.channel, tid, [alice, bob])
        seen = 0
        killed = asyncio.Event()

        deleted: list[str] = []  # what the last deletion removed (a DELETE answers no body)

        def on_delete(ev: EmulatorEvent) -> None:
            if ev.kind == "message_delete" and ev.message is not None:
                deleted.append(text_of(ev.message))

        remove_listener = emu.add_listener(on_delete)

        def hook(method: str, template: str, response: web.StreamResponse) -> None:
            nonlocal seen
            if (method, template) not in routes or response.status >= 300 or killed.is_set():
                return
            body = deleted.pop() if method == "DELETE" and deleted else _body(response)
            deleted.clear()
            if wanted(body):
                seen += 1
                if seen == nth:
                    bot.kill()  # before the answer leaves: the bot never learns of it
                    killed.set()

        remove = emu.after_request(hook)
        await people.play_until(killed.is_set)
        remove_listener()
        if not killed.is_set():  # the last steps (the hands' final edits) follow the last click
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(killed.wait(), 5.0)
        assert killed.is_set(), f"the game ended before the step {case!r} happened"
        remove()
        await bot.wait()
        await bot.start()
        await people.play_until(lambda: False)
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m), timeout=10)
        # The feed finishes (hands show the end, pings go).
        deadline = asyncio.get_running_loop().time() + 8.0
        while True:
            try:
                check_screens_after_game(emu, w.channel, tid, [alice, bob])
                break
            except AssertionError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.25)
        await asyncio.sleep(1.0)  # and nothing comes after that would break it
        check_screens_after_game(emu, w.channel, tid, [alice, bob])
        # Nothing asked of Discord that the bot knew was gone: at most the one 404 a crash
        # between a deletion and its bookkeeping costs; never a 401, 403 or 429.
        errors = [(r.method, r.path, r.status) for r in emu.requests if 400 <= r.status < 500]
        assert len(errors) <= 1 and all(e[2] == 404 for e in errors), errors
    finally:
        await bot.stop()
        print(bot.log.read_text(errors="replace")[-3000:])


HAND_RE = re.compile(r"^\*\*Hand (\d+)\*\*")


def check_screens_after_game(
    emu: DiscordEmulator, channel: Channel, tid: int, users: list[User]
) -> None:
    public = emu.public_messages(channel)
    results = Counter(int(h[1]) for msg in public if (h := HAND_RE.match(msg.content)))
    assert results, "no hand result was posted"
    doubled = {h: n for h, n in results.items() if n > 1}
    assert not doubled, f"results posted twice: {doubled}"
    assert sorted(results) == list(range(1, max(results) + 1)), f"a result is missing: {results}"
    standings = [m for m in public if "final standings" in text_of(m)]
    assert len(standings) == 1, f"{len(standings)} final standings"
    titles = Counter(m.embeds[0].get("title") for m in public if m.embeds)
    twice = {t: n for t, n in titles.items() if n > 1 and "hand" in str(t)}
    assert not twice, f"table messages posted twice: {twice}"
    live = [
        (m.id, text_of(m)[:60])
        for m in public
        if any(
            not b.get("disabled") and not str(b.get("custom_id", "")).startswith("tb:rh:")
            for b in m.buttons()
        )
        and m.id != standings[0].id
    ]
    assert not live, f"public messages left with live buttons: {live}"
    pings = [m for m in public if "your turn" in m.content or "waiting for your" in m.content]
    assert not pings, f"pings left behind: {[p.content for p in pings]}"
    orphans = []
    for user in users:
        for m in emu.visible_messages(channel, user):
            if is_hand(m, tid) and enabled_moves(m):
                orphans.append((user.name, m.id, m.content[:60]))
    # An ephemeral copy posted in the instant before the kill cannot be found again (Discord
    # can neither list nor deduplicate ephemeral messages): it went out held, its moves greyed
    # until the database knew it, so it offers none.
    assert not orphans, f"hands with live buttons: {orphans}"
