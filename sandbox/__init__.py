"""A local Discord emulator for end-to-end tests of the real discord.py client.

Usage (inside an async test)::

    async with DiscordEmulator(interaction_timeout=0.5) as emu:
        guild = emu.add_guild("Table")
        channel = next(iter(guild.channels.values()))
        alice = emu.add_member(guild, "alice")
        async with run_bot(emu, make_bot()):
            handle = await emu.invoke(alice, channel, "smear start", {"seats": 4})
            message = await handle
            emu.assert_no_violations()
"""

from sandbox.emulator import DiscordEmulator, EmulatorEvent, EmulatorListener, EmulatorURLs
from sandbox.interactions import (
    CommandNotPermitted,
    CommandNotRegistered,
    ComponentNotClickable,
    EmulatorError,
    EmulatorTimeout,
    InteractionFailed,
    InteractionHandle,
    NoBotConnected,
)
from sandbox.models import (
    ADMINISTRATOR,
    CREATE_PUBLIC_THREADS,
    GUILD_ANNOUNCEMENT,
    GUILD_FORUM,
    GUILD_TEXT,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    Attachment,
    Channel,
    ClientError,
    EmulatorClock,
    Guild,
    Member,
    Message,
    MessageRevision,
    RateLimitRecord,
    Role,
    Thread,
    ThreadMember,
    User,
    Violation,
)
from sandbox.testing import run_bot, start_bot, stop_bot

__all__ = [
    "ADMINISTRATOR",
    "CREATE_PUBLIC_THREADS",
    "GUILD_ANNOUNCEMENT",
    "GUILD_FORUM",
    "GUILD_TEXT",
    "MANAGE_GUILD",
    "MANAGE_MESSAGES",
    "MANAGE_THREADS",
    "PUBLIC_THREAD",
    "SEND_MESSAGES_IN_THREADS",
    "Attachment",
    "Channel",
    "ClientError",
    "CommandNotPermitted",
    "CommandNotRegistered",
    "ComponentNotClickable",
    "DiscordEmulator",
    "EmulatorClock",
    "EmulatorError",
    "EmulatorEvent",
    "EmulatorListener",
    "EmulatorTimeout",
    "EmulatorURLs",
    "Guild",
    "InteractionFailed",
    "InteractionHandle",
    "Member",
    "Message",
    "MessageRevision",
    "NoBotConnected",
    "RateLimitRecord",
    "Role",
    "Thread",
    "ThreadMember",
    "User",
    "Violation",
    "run_bot",
    "start_bot",
    "stop_bot",
]
