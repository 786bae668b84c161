"""Users acting through the emulator on a real discord.py bot."""

from __future__ import annotations

import io
import json

import discord
import pytest

from sandbox import (
    MANAGE_GUILD,
    CommandNotPermitted,
    CommandNotRegistered,
    ComponentNotClickable,
    DiscordEmulator,
    EmulatorError,
    EmulatorTimeout,
)
from tests.sandbox.conftest import World
from tests.sandbox.sandbox_bot import PlainBot


async def test_ephemeral_reply_is_visible_only_to_its_user(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game start", {"seats": 3})
    msg = await handle
    assert msg.ephemeral and msg.owner_id == world.alice.id
    assert msg.button_labels() == ["Join", "Closed"]
    assert msg in emu.visible_messages(world.channel, world.alice)
    assert msg not in emu.visible_messages(world.channel, world.bob)
    assert emu.public_messages(world.channel) == []
    assert handle.latency is not None and handle.latency < 1.0
    assert emu.latencies == [handle.latency]
    emu.assert_no_violations()


async def test_button_click_edits_message_and_keeps_history(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    msg = await (await emu.invoke(world.alice, world.channel, "game start"))
    click = await emu.click(world.alice, msg, "join")
    edited = await click
    assert edited.id == msg.id
    assert edited.content == "alice joined"
    assert edited.components == []
    assert [r.content for r in edited.revisions] == ["table with 4 seats", "alice joined"]
    assert edited.edited
    emu.assert_no_violations()


async def test_client_refuses_impossible_clicks(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    msg = await (await emu.invoke(world.alice, world.channel, "game start"))
    with pytest.raises(ComponentNotClickable, match="cannot see"):
        await emu.click(world.bob, msg, "join")  # alice's ephemeral
    with pytest.raises(ComponentNotClickable, match="disabled"):
        await emu.click(world.alice, msg, "closed")
    with pytest.raises(ComponentNotClickable, match="not on message"):
        await emu.click(world.alice, msg, "no-such-button")
    emu.assert_no_violations()


async def test_public_table_shows_each_player_their_own_hand(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    table = await (await emu.invoke(world.alice, world.channel, "game table"))
    assert not table.ephemeral
    alice_hand = await emu.click(world.alice, table, label="Show my hand")
    bob_hand = await emu.click(world.bob, table, "show_hand")
    a = await alice_hand
    b = await bob_hand
    assert a.content == "hand of alice" and a.ephemeral
    assert b.content == "hand of bob" and b.ephemeral
    seen_by_alice = [m.content for m in emu.visible_messages(world.channel, world.alice)]
    seen_by_bob = [m.content for m in emu.visible_messages(world.channel, world.bob)]
    assert seen_by_alice == ["the table", "hand of alice"]
    assert seen_by_bob == ["the table", "hand of bob"]
    played = await (await emu.click(world.bob, b, "play"))
    assert played.content == "bob played"
    assert a.content == "hand of alice"
    emu.assert_no_violations()


async def test_defer_then_followup_fills_the_thinking_message(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game think")
    msg = await handle
    assert msg.content == "thought"
    assert msg.ephemeral and not msg.loading
    assert handle.followups == []
    emu.assert_no_violations()


async def test_followups_and_edit_original(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game chatter")
    followups = await handle.wait_followups(2)
    await emu.wait_for_message(world.channel, lambda m: m.content == "first (edited)")
    assert [m.content for m in handle.messages] == ["first (edited)", "second", "third (secret)"]
    assert [m.ephemeral for m in followups] == [False, True]
    assert [m.content for m in emu.visible_messages(world.channel, world.bob)] == [
        "first (edited)",
        "second",
    ]
    emu.assert_no_violations()


async def test_file_attachment_is_stored(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    msg = await (await emu.invoke(world.alice, world.channel, "game export"))
    assert msg.content == "record attached"
    [att] = msg.attachments
    assert att.filename == "record.json"
    assert json.loads(att.data) == {"game": "smear", "scores": [11, 7]}
    # The bot can download it again through the attachment URL it was given.
    channel = bot.get_channel(world.channel.id)
    assert channel is not None
    fetched = await channel.fetch_message(msg.id)  # type: ignore[union-attr]
    assert await fetched.attachments[0].read() == att.data
    emu.assert_no_violations()


async def test_select_menu(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    msg = await (await emu.invoke(world.alice, world.channel, "game pick"))
    with pytest.raises(ComponentNotClickable):
        await emu.select(world.alice, msg, "pick", ["diamonds"])
    with pytest.raises(ComponentNotClickable):
        await emu.select(world.alice, msg, "pick", ["clubs", "hearts", "spades"])
    updated = await (await emu.select(world.alice, msg, "pick", ["hearts", "spades"]))
    assert updated.content == "picked hearts,spades"
    emu.assert_no_violations()


async def test_member_option_and_modal(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    greeting = await (
        await emu.invoke(world.alice, world.channel, "game greet", {"target": world.bob})
    )
    assert greeting.content == f"hello bob ({world.bob.id})"

    opened = await emu.invoke(world.alice, world.channel, "game note")
    assert await opened.wait_ack() == 9
    assert opened.modal is not None and opened.modal["title"] == "Note"
    submitted = await emu.submit_modal(world.alice, opened, {"text": "good game"})
    reply = await submitted
    assert reply.content == "noted: good game" and reply.owner_id == world.alice.id
    emu.assert_no_violations()


async def test_autocomplete(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    choices = await emu.autocomplete(
        world.alice, world.channel, "game variant", {"name": "s"}, "name"
    )
    assert [c["value"] for c in choices] == ["smear", "salad", "spades"]
    choices = await emu.autocomplete(
        world.alice, world.channel, "game variant", {"name": "sa"}, "name"
    )
    assert [c["value"] for c in choices] == ["salad"]
    emu.assert_no_violations()


async def test_command_resolution_errors(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    with pytest.raises(CommandNotRegistered, match="has not registered /poker"):
        await emu.invoke(world.alice, world.channel, "poker")
    with pytest.raises(CommandNotRegistered, match="needs a subcommand"):
        await emu.invoke(world.alice, world.channel, "game")
    with pytest.raises(CommandNotRegistered, match="no subcommand 'fold'"):
        await emu.invoke(world.alice, world.channel, "game fold")
    with pytest.raises(CommandNotRegistered, match="unknown option"):
        await emu.invoke(world.alice, world.channel, "game start", {"chairs": 2})


async def test_default_member_permissions(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    with pytest.raises(CommandNotPermitted):
        await emu.invoke(world.alice, world.channel, "settings")
    msg = await (await emu.invoke(world.mod, world.channel, "settings"))
    assert msg.content == "manage_guild=True"
    emu.assert_no_violations()


async def test_bot_sees_channel_messages(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    await emu.send_message(world.alice, world.other_channel, "anyone for smear?")
    await emu.invoke(world.alice, world.channel, "game table")
    await emu.wait_until(
        lambda: True if "the table" in bot.seen_messages else None, what="MESSAGE_CREATE"
    )
    # Without the MESSAGE_CONTENT intent a user's words arrive empty; the bot's own do not.
    assert bot.seen_messages == ["", "the table"]


async def test_convenience_helpers(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    assert world.guild.channel("lobby") is world.other_channel
    table = await emu.invoke_and_wait(world.alice, world.guild.channel("table"), "game table")
    hand = await emu.click_and_wait(world.bob, table, label="Show my hand")
    assert hand.content == "hand of bob"
    with pytest.raises(EmulatorTimeout):
        await emu.wait_for_message(
            world.channel, lambda m: m.content.startswith("hand of"), user=world.alice, timeout=0.1
        )
    mine = await emu.wait_for_message(world.channel, lambda m: m.ephemeral, user=world.bob)
    assert mine.id == hand.id


async def test_deferred_update_then_edit_original(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    table = await (await emu.invoke(world.alice, world.channel, "game table"))
    hand = await (await emu.click(world.alice, table, "show_hand"))
    click = await emu.click(world.alice, hand, "fold")
    assert await click.wait_ack() == 6
    folded = await click
    assert folded.id == hand.id
    assert folded.content == "alice folded" and folded.components == []
    assert folded.ephemeral
    emu.assert_no_violations()


async def test_webhook_edit_and_delete(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game cleanup")
    await handle.wait_followups(2)
    everything = emu.channel_messages(world.channel, include_deleted=True)
    assert [(m.content, m.deleted) for m in everything] == [
        ("temp", True),
        ("gone now", True),
        ("kept", False),
    ]
    assert [r.content for r in everything[1].revisions] == ["gone soon", "gone now"]
    assert [m.content for m in emu.visible_messages(world.channel, world.alice)] == ["kept"]
    emu.assert_no_violations()


async def test_channel_send_edit_delete_with_file(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("scores", file=discord.File(io.BytesIO(b"a,b\n1,2\n"), "s.csv"))
    stored = emu.message(sent.id)
    assert stored.attachments[0].filename == "s.csv"
    assert stored.attachments[0].data == b"a,b\n1,2\n"
    await sent.edit(content="final scores")
    assert emu.message(sent.id).content == "final scores"
    assert emu.message(sent.id).attachments[0].data == b"a,b\n1,2\n"  # kept on edit
    history = [m.content async for m in channel.history(limit=10)]
    assert history == ["final scores"]
    await sent.delete()
    assert emu.message(sent.id).deleted
    assert emu.public_messages(world.channel) == []
    emu.assert_no_violations()


async def test_ephemeral_message_is_unreachable_through_the_channel(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    secret = await (await emu.invoke(world.alice, world.channel, "game start"))
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound):
        await channel.get_partial_message(secret.id).edit(content="nope")
    assert [v.kind for v in emu.violations] == ["ephemeral_via_channel"]


async def test_several_guilds_and_guild_commands(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    second = emu.add_guild("Second Room", channels=["cards"])
    cards = next(iter(second.channels.values()))
    carol = emu.add_member(second, "carol")
    await emu.wait_until(lambda: bot.get_guild(second.id), what="GUILD_CREATE of the new guild")
    assert bot.get_guild(second.id).get_channel(cards.id) is not None  # type: ignore[union-attr]
    # alice is not in the second guild
    with pytest.raises(EmulatorError, match="not a member"):
        await emu.invoke(world.alice, cards, "game table")
    assert emu.permissions_for(second, carol) & MANAGE_GUILD == 0
    # guild-scoped commands are preferred over global ones
    bot.tree.copy_global_to(guild=discord.Object(second.id))
    await bot.tree.sync(guild=discord.Object(second.id))
    assert "game" in [c["name"] for c in emu.commands(second)]
    handle = await emu.invoke(carol, cards, "game table")
    assert handle.data["guild_id"] == str(second.id)
    assert (await handle).content == "the table"
    emu.assert_no_violations()
