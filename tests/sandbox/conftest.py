from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from sandbox import MANAGE_GUILD, Channel, DiscordEmulator, Guild, User, run_bot
from tests.sandbox.sandbox_bot import PlainBot


@dataclass
class World:
    guild: Guild
    channel: Channel
    other_channel: Channel
    alice: User
    bob: User
    mod: User


@pytest.fixture
async def emu() -> AsyncIterator[DiscordEmulator]:
    async with DiscordEmulator(interaction_timeout=1.0) as emulator:
        yield emulator


@pytest.fixture
def world(emu: DiscordEmulator) -> World:
    guild = emu.add_guild("Card Room", channels=["table", "lobby"])
    table, lobby = guild.channels.values()
    alice = emu.add_member(guild, "alice")
    bob = emu.add_member(guild, "bob")
    mod = emu.add_member(guild, "mod", permissions=MANAGE_GUILD)
    return World(guild, table, lobby, alice, bob, mod)


@pytest.fixture
async def bot(emu: DiscordEmulator, world: World) -> AsyncIterator[PlainBot]:
    async with run_bot(emu, PlainBot()) as client:
        yield client


def text_channel(bot: discord.Client, channel: Channel) -> discord.TextChannel:
    """The bot's own view of ``channel`` (to send, edit and delete with the bot token)."""
    found = bot.get_channel(channel.id)
    assert isinstance(found, discord.TextChannel)
    return found


Answer = tuple[int, dict[str, str], Any]


class BotApi:
    """Raw REST calls with the bot token: status, headers and JSON body of each answer."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base

    async def __call__(self, method: str, path: str, **kwargs: Any) -> Answer:
        async with self.session.request(method, self.base + path, **kwargs) as resp:
            return resp.status, dict(resp.headers), await resp.json(content_type=None)


@pytest.fixture
async def api(emu: DiscordEmulator) -> AsyncIterator[BotApi]:
    assert emu.urls is not None
    auth = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession(headers=auth) as session:
        yield BotApi(session, emu.urls.api)
