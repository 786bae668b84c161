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
