"""Whole games over a slow network: each request waits a seeded random 0-300 ms before the
emulator applies it, so two requests sent one after the other may land in the other order, as
over real connections. ``Players`` checks on every create and edit that no hand ever shows its
person an older state than a hand of theirs already showed them, and that no button shown
enabled on their turn is refused (issue 31). A failure names its seed: the same seed replays
the same delays."""

from __future__ import annotations

import pytest

from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, assert_no_going_back, lobby_table_id, make_bot, make_world

NETWORK_DELAY = 0.3  # seconds, the most one request waits before Discord applies it


GAMES = [("smear", {"target": 3}, seed) for seed in (11, 12, 13, 14)] + [
    ("salad", {"seats": 3}, seed) for seed in (21, 22)
]


@pytest.mark.parametrize(("game", "options", "seed"), GAMES)
async def test_a_game_over_a_slow_network_never_shows_the_past(
    emu: DiscordEmulator, tmp_path: object, game: str, options: dict[str, int], seed: int
) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    emu.slow_down(NETWORK_DELAY, seed=seed)
    async with run_bot(emu, make_bot(f"{tmp_path}/db.sqlite3")) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, f"{game} start", options)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        p.rng.seed(seed)
        # Impatient people: Refresh, and the card a few ms later, before the Refresh's answer.
        p.refresh_first = 0.3
        await p.play_to_end()
        p.check_screens()
        assert_no_going_back(emu, w.channel, tid)
        emu.assert_no_violations()


EDIT_ROUTE = "/webhooks/{application_id}/{token}/messages/{message_id}"
POST_ROUTES = ("/channels/{channel_id}/messages", "/webhooks/{application_id}/{token}")


async def test_a_finished_hands_result_does_not_wait_for_its_table_messages_last_edit(
    emu: DiscordEmulator, tmp_path: object
) -> None:
    """A finished hand's table message gets its last edit and the hand's result is posted
    below it. An edit does not move its message, so the result goes at once rather than after
    the edit's round trip: at a new hand the next person's turn waits for the result, the new
    table message, the ping and their hand, and the edit was one more request ahead of them.
    Here only edits are slow (up to 1 s each): every result must be posted while the table
    message's last edit is still on its way."""
    w = make_world(emu)
    alice, bob, carol = w.users
    emu.slow_down(1.0, seed=5, route=EDIT_ROUTE)
    async with run_bot(emu, make_bot(f"{tmp_path}/db.sqlite3")) as bot:
        # 5, past the 4 points one hand can bring (S6-S9): at least two hands, whatever the deal.
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 5})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        p.rng.seed(5)
        await p.play_to_end()
    results = [m for m in emu.public_messages(w.channel) if m.content.startswith("**Hand ")]
    assert len(results) >= 2
    by_order = {r.sent: r for r in emu.requests}
    checked = 0
    for result in results:
        post = next(
            r
            for r in emu.requests
            if r.method == "POST"
            and r.route in POST_ROUTES
            and abs(r.at - result.created_at) < 1e-9
        )
        before = by_order.get(post.sent - 1)
        if before is None or before.method != "PATCH" or before.route != EDIT_ROUTE:
            continue  # the table's last drawing was shown already: nothing to wait for
        edited = emu.messages.get(int(before.path.rsplit("/", 1)[-1]))
        if edited is None or edited.ephemeral or "(over)" not in edited.embed_text():
            continue
        checked += 1
        assert post.at < before.at, (
            f"{result.content[:30]!r} was posted {post.at - before.at:.3f} s after the table "
            "message's last edit landed"
        )
    assert checked >= 1, "no finished hand's table message was edited just before its result"
