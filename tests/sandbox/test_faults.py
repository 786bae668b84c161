"""Rate limits, gateway failures and restarts: the client must retry, resume and carry on."""

from __future__ import annotations

import asyncio

from sandbox import DiscordEmulator, run_bot, start_bot, stop_bot
from tests.sandbox.conftest import World, text_channel
from tests.sandbox.sandbox_bot import PlainBot, ShardedBot


async def test_429_burst_is_retried(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    emu.rate_limit_burst(
        2, retry_after=0.05, method="POST", route="/channels/{channel_id}/messages"
    )
    sent = await text_channel(bot, world.channel).send("after the burst")
    assert sent.content == "after the burst"
    assert len(emu.rate_limit_hits) == 2
    assert all(h.route == "/channels/{channel_id}/messages" for h in emu.rate_limit_hits)
    statuses = [r.status for r in emu.requests if r.method == "POST"]
    assert statuses == [429, 429, 200]
    assert [m.content for m in emu.public_messages(world.channel)] == ["after the burst"]
    emu.assert_no_violations()


async def test_global_429_is_retried(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    emu.rate_limit_burst(1, retry_after=0.05, is_global=True)
    sent = await text_channel(bot, world.channel).send("global")
    assert sent.id == emu.public_messages(world.channel)[-1].id
    [hit] = emu.rate_limit_hits
    assert hit.is_global


async def test_429_on_interaction_callback_is_retried(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    emu.rate_limit_burst(
        1, retry_after=0.05, route="/interactions/{interaction_id}/{token}/callback"
    )
    msg = await (await emu.invoke(world.alice, world.channel, "game table"))
    assert msg.content == "the table"
    assert len(emu.rate_limit_hits) == 1
    emu.assert_no_violations()


async def test_sustained_route_limit_is_waited_out(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    emu.rate_limit_route(
        "POST",
        "/channels/{channel_id}/messages",
        0.3,
        params={"channel_id": str(world.channel.id)},
    )
    loop = asyncio.get_running_loop()
    started = loop.time()
    # Another channel is not limited.
    await text_channel(bot, world.other_channel).send("lobby")
    assert loop.time() - started < 0.2
    await text_channel(bot, world.channel).send("patience")
    assert loop.time() - started >= 0.28
    assert emu.rate_limit_hits and emu.rate_limit_hits[0].retry_after > 0.2
    assert [m.content for m in emu.public_messages(world.channel)] == ["patience"]


async def test_reconnect_opcode_resumes_session(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    assert await emu.gateway_reconnect() == 1
    await emu.wait_until(lambda: emu.gateway.resume_count or None, what="RESUME")
    assert emu.gateway.identify_count == 1
    msg = await (await emu.invoke(world.alice, world.channel, "game table"))
    assert msg.content == "the table"
    emu.assert_no_violations()


async def test_dropped_connection_resumes_and_replays_missed_events(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    assert await emu.gateway_drop() == 1
    # Dispatched while the bot is disconnected: delivered by the RESUME replay.
    handle = await emu.invoke(world.alice, world.channel, "game table")
    msg = await handle
    assert msg.content == "the table"
    assert emu.gateway.resume_count == 1
    assert emu.gateway.identify_count == 1
    # A clean close without a frame works too, and the bot keeps working.
    await emu.gateway_drop(abrupt=False)
    await emu.wait_until(lambda: emu.gateway.resume_count == 2 or None, what="second RESUME")
    clicked = await (await emu.click(world.bob, msg, "show_hand"))
    assert clicked.content == "hand of bob"
    emu.assert_no_violations()


async def test_invalid_session_makes_the_client_identify_again(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    await emu.gateway_invalidate()
    await emu.wait_for_session(min_identifies=2)
    msg = await (await emu.invoke(world.alice, world.channel, "game table"))
    assert msg.content == "the table"


async def test_buttons_survive_a_bot_restart(emu: DiscordEmulator, world: World) -> None:
    first = PlainBot()
    await start_bot(emu, first)
    counter = await (await emu.invoke(world.alice, world.channel, "game counter"))
    counter = await (await emu.click(world.bob, counter, "counter:0"))
    assert counter.content == "count 1"
    await stop_bot(first)
    assert first.is_closed()

    second = PlainBot()
    async with run_bot(emu, second):
        assert emu.gateway.identify_count == 2
        # The message and its components are still there, and the DynamicItem still works.
        assert emu.message(counter.id).custom_ids() == ["counter:1"]
        updated = await (await emu.click(world.alice, counter, "counter:1"))
        assert updated.content == "count 2"
        assert [r.content for r in updated.revisions] == ["count 0", "count 1", "count 2"]
    emu.assert_no_violations()


async def test_auto_sharded_bot(emu: DiscordEmulator, world: World) -> None:
    async with run_bot(emu, ShardedBot()) as bot:
        assert bot.shard_count == 1
        assert [r.path for r in emu.requests if r.path.endswith("/gateway/bot")] == [
            "/api/v10/gateway/bot"
        ]
        assert bot.get_guild(world.guild.id) is not None
        msg = await (await emu.invoke(world.alice, world.channel, "game start"))
        assert msg.content == "table with 4 seats"
        await emu.gateway_drop()
        handle = await emu.invoke(world.bob, world.channel, "game table")
        assert (await handle).content == "the table"
    emu.assert_no_violations()


async def test_two_shards_split_the_guilds() -> None:
    async with DiscordEmulator(shard_count=2) as emu:
        guilds = []
        for i in range(6):
            emu.clock.advance(0.001)  # snowflake timestamps decide the shard
            guilds.append(emu.add_guild(f"g{i}"))
        assert {(g.id >> 22) % 2 for g in guilds} == {0, 1}
        players = [emu.add_member(g, f"p{i}") for i, g in enumerate(guilds)]
        async with run_bot(emu, ShardedBot()) as bot:
            assert bot.shard_count == 2
            sessions = emu.gateway.live_sessions()
            assert sorted(s.shard_id for s in sessions) == [0, 1]
            assert {g.id for g in bot.guilds} == {g.id for g in guilds}
            for guild, player in zip(guilds, players, strict=True):
                channel = guild.channel("general")
                msg = await emu.invoke_and_wait(player, channel, "game table")
                assert msg.content == "the table"
                assert bot.get_guild(guild.id).shard_id == (guild.id >> 22) % 2  # type: ignore[union-attr]
        emu.assert_no_violations()
