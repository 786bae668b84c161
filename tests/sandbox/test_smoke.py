from __future__ import annotations

from sandbox import DiscordEmulator
from tests.sandbox.conftest import World
from tests.sandbox.sandbox_bot import PlainBot


async def test_login_ready_and_sync(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    assert bot.user is not None and bot.user.id == emu.bot_user.id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None
    assert {c.name for c in guild.text_channels} == {"table", "lobby"}
    assert guild.member_count == len(world.guild.members)
    names = [c["name"] for c in emu.commands()]
    assert sorted(names) == ["game", "settings"]
    handle = await emu.invoke(world.alice, world.channel, "game start", {"seats": 3})
    msg = await handle
    assert msg.content == "table with 3 seats"
    assert msg.ephemeral
    emu.assert_no_violations()
