"""Message and thread events from the gateway, for what the tables know of their channels.

The bot asks for the guild messages intent (not privileged: without the message content intent,
Discord sends these events without any message's text). A create tells the feed that something
now sits below a hand in that channel; a delete that a message is gone before the bot would
edit it. discord.py keeps no message cache here (``max_messages=None``): nothing is kept of a
message but its id.
"""

from __future__ import annotations

import datetime
from typing import Any

import discord
from discord.ext import commands

from bot.clock import wall_time
from bot.tables import Tables


class ChannelEvents:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def install(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        add = bot.add_listener
        add(self.on_message, "on_message")
        add(self.on_raw_message_delete, "on_raw_message_delete")
        add(self.on_raw_bulk_message_delete, "on_raw_bulk_message_delete")
        add(self.on_shard_ready, "on_shard_ready")
        add(self.on_raw_thread_update, "on_raw_thread_update")
        add(self.on_raw_thread_delete, "on_raw_thread_delete")
        add(self.on_guild_role_update, "on_guild_role_update")
        add(self.on_guild_channel_update, "on_guild_channel_update")

    async def on_message(self, message: discord.Message) -> None:
        self.tables.heard_message(message.channel.id, message.id)

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        self.tables.heard_deleted(event.message_id)

    async def on_raw_bulk_message_delete(self, event: discord.RawBulkMessageDeleteEvent) -> None:
        for message_id in event.message_ids:
            self.tables.heard_deleted(message_id)

    async def on_raw_thread_update(self, event: discord.RawThreadUpdateEvent) -> None:
        """A game's thread archived (reopened) or locked by a moderator (its table ends)."""
        meta: Any = event.data.get("thread_metadata") or {}
        self.tables.heard_thread(
            event.thread_id,
            archived=bool(meta.get("archived")),
            locked=bool(meta.get("locked")),
        )

    async def on_raw_thread_delete(self, event: discord.RawThreadDeleteEvent) -> None:
        self.tables.heard_thread_deleted(event.thread_id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions changed: a game whose thread the bot could not reopen tries
        again (someone may have granted Send Messages in Threads)."""
        self.tables.permissions_changed(after.guild.id)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        self.tables.permissions_changed(after.guild.id)

    async def on_shard_ready(self, shard_id: Any) -> None:
        """A new gateway session: the events of the time before it were never heard."""
        now = datetime.datetime.fromtimestamp(wall_time(), datetime.UTC)
        self.tables.listening_since(discord.utils.time_snowflake(now))
