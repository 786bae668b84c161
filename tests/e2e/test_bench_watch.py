"""The load benchmark's watch: when a move reaches its table's public table message."""

from __future__ import annotations

import aiohttp

from benchmarks.people import Watch
from sandbox import DiscordEmulator

TABLE = 7


async def test_a_finished_hands_last_edit_shows_the_move_that_ended_it() -> None:
    """The move that ends a hand is shown by the table message's last edit, which takes the
    message's buttons away: it still counts as that table's public table showing the move."""
    async with DiscordEmulator(interaction_timeout=1.0) as emu:
        guild = emu.add_guild("Card Room", channels=["table"])
        (channel,) = guild.channels.values()
        watch = Watch(emu)
        assert emu.urls is not None
        auth = {"Authorization": f"Bot {emu.token}"}
        show_hand = {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "Show my hand", "custom_id": f"tb:s:{TABLE}:t1"}
            ],
        }
        async with aiohttp.ClientSession(headers=auth) as session:
            url = f"{emu.urls.api}/channels/{channel.id}/messages"
            body = {"embeds": [{"title": "Hand 1"}], "components": [show_hand]}
            async with session.post(url, json=body) as resp:
                message_id = (await resp.json())["id"]
            watch.moves.append((TABLE, watch.loop.time()))
            finished = {"embeds": [{"title": "Hand 1 is over"}], "components": []}
            async with session.patch(f"{url}/{message_id}", json=finished) as resp:
                assert resp.status == 200
    assert len(watch.table_shown[TABLE]) == 2, "the last edit (no buttons) is the table's too"
    assert len(watch.move_shown(since=0.0)) == 1
