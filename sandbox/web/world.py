"""The sandbox's pretend Discord server, and keeping it across restarts.

The emulator holds its state in memory. The bot's own database (tables, scores) refers to
Discord ids: the guild, the channel, the players and the table message the bot keeps editing.
So that a game and the leaderboard survive a restart of ``make run``, the world (users, guild,
channels, messages with their buttons and attachments, and the bot's id) is written to a JSON
file beside the sandbox database and put back into a fresh emulator before the bot logs in.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sandbox.emulator import DiscordEmulator, EmulatorEvent
from sandbox.models import (
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    SEND_MESSAGES_IN_THREADS,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Thread,
    ThreadMember,
    User,
)

_log = logging.getLogger(__name__)

FORMAT_VERSION = 1
DEFAULT_USERS = ("Ada", "Ben", "Cy", "Dee", "Eve")
DEFAULT_CHANNELS = ("smear", "salad", "general")
DEFAULT_GUILD = "Sandbox"
MAX_MESSAGES_PER_CHANNEL = 400
DEFAULT_LOCALE = "en-US"
# Discord's client locales (https://discord.com/developers/docs/reference#locales), each with
# its own name as Discord's language menu shows it. A pretend user's choice is sent as the
# ``locale`` of every interaction they make; the guild's as its ``preferred_locale``.
DISCORD_LOCALES: dict[str, str] = {
    "id": "Bahasa Indonesia",
    "da": "Dansk",
    "de": "Deutsch",
    "en-GB": "English, UK",
    "en-US": "English, US",
    "es-ES": "Español",
    "es-419": "Español, LATAM",
    "fr": "Français",
    "hr": "Hrvatski",
    "it": "Italiano",
    "lt": "Lietuviškai",
    "hu": "Magyar",
    "nl": "Nederlands",
    "no": "Norsk",
    "pl": "Polski",
    "pt-BR": "Português do Brasil",
    "ro": "Română",
    "fi": "Suomi",
    "sv-SE": "Svenska",
    "vi": "Tiếng Việt",
    "tr": "Türkçe",
    "cs": "Čeština",
    "el": "Ελληνικά",
    "bg": "български",
    "ru": "Pусский",
    "uk": "Українська",
    "hi": "हिन्दी",
    "th": "ไทย",
    "zh-CN": "中文",
    "ja": "日本語",
    "zh-TW": "繁體中文",
    "ko": "한국어",
}


def discord_locale(value: object) -> str:
    """``value`` as one of Discord's locale codes (case-insensitive); ValueError if it is none."""
    text = str(value or "").strip()
    for code in DISCORD_LOCALES:
        if code.lower() == text.lower():
            return code
    raise ValueError(f"{text!r} is not a Discord locale; they are {', '.join(DISCORD_LOCALES)}")


@dataclass
class SandboxWorld:
    """What the page shows: one guild, its text channels and the pretend users, in order."""

    guild: Guild
    channels: list[Channel]
    users: list[User]
    # Each pretend user's Discord client locale (user id -> code); en-US when not chosen.
    locales: dict[int, str] = field(default_factory=dict)
    # Called after the page changed the world outside the emulator's messages (a locale).
    on_change: list[Callable[[], None]] = field(default_factory=list)

    def locale_of(self, user: User) -> str:
        return self.locales.get(user.id, DEFAULT_LOCALE)

    def set_locale(self, user: User, locale: str) -> None:
        self.locales[user.id] = discord_locale(locale)
        self.changed()

    def changed(self) -> None:
        for callback in list(self.on_change):
            callback()

    def user(self, ref: str | int) -> User:
        """A pretend user by id or (case-insensitive) name; KeyError if unknown."""
        text = str(ref).strip().lstrip("@")
        for user in self.users:
            if str(user.id) == text or user.name.lower() == text.lower():
                return user
        raise KeyError(f"no pretend user {ref!r}; there are {[u.name for u in self.users]}")

    def threads(self) -> list[Thread]:
        """The threads of the page's channels (archived ones too, not deleted ones), oldest
        first."""
        parents = {c.id for c in self.channels}
        return sorted(
            (t for t in self.guild.threads.values() if t.parent_id in parents and not t.deleted),
            key=lambda t: t.id,
        )

    def channel_ids(self) -> set[int]:
        """Where the page's messages are: its channels and their threads."""
        return {c.id for c in self.channels} | {t.id for t in self.threads()}

    def channel(self, ref: str | int) -> Channel:
        """A channel, or a thread of one, by id or name."""
        text = str(ref).strip().lstrip("#")
        for channel in [*self.channels, *self.threads()]:
            if str(channel.id) == text or channel.name == text:
                return channel
        raise KeyError(f"no channel {ref!r}; there are {[c.name for c in self.channels]}")


def create_world(
    emu: DiscordEmulator,
    *,
    users: Sequence[str] = DEFAULT_USERS,
    channels: Sequence[str] = DEFAULT_CHANNELS,
    guild_name: str = DEFAULT_GUILD,
    threads: bool = True,
) -> SandboxWorld:
    """A new guild owned by the first user (so they may use admin commands), with the rest as
    plain members. ``threads``: the bot may open public threads (every game in its own), as a
    bot invited with Discord's default permissions may; else its games play in the channel."""
    if not users:
        raise ValueError("the sandbox needs at least one pretend user")
    people = [emu.add_user(name) for name in users]
    permissions = (
        DEFAULT_BOT_PERMISSIONS if threads else DEFAULT_BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
    )
    guild = emu.add_guild(
        guild_name, owner=people[0], channels=channels, bot_permissions=permissions
    )
    for person in people[1:]:
        emu.add_member(guild, person)
    return SandboxWorld(guild, list(guild.channels.values()), people)


# ---------------------------------------------------------------------------------------------
# saving
# ---------------------------------------------------------------------------------------------


def _user_data(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "bot": user.bot, "global_name": user.global_name}


def _message_data(msg: Message) -> dict[str, Any]:
    return {
        "id": msg.id,
        "channel_id": msg.channel_id,
        "guild_id": msg.guild_id,
        "author_id": msg.author.id,
        "content": msg.content,
        "embeds": msg.embeds,
        "components": msg.components,
        "attachments": [
            {
                "id": a.id,
                "filename": a.filename,
                "content_type": a.content_type,
                "description": a.description,
                "data": base64.b64encode(a.data).decode("ascii"),
            }
            for a in msg.attachments
        ],
        "flags": msg.flags,
        "created_at": msg.created_at,
        "edited_at": msg.edited_at,
        "type": msg.type,
        "webhook_id": msg.webhook_id,
        "interaction_id": msg.interaction_id,
        "interaction_type": msg.interaction_type,
        "interaction_name": msg.interaction_name,
        "interaction_user_id": msg.interaction_user.id if msg.interaction_user else None,
        "thread_id": msg.thread_id,
        "reply_to": msg.reply_to,
    }


def _thread_data(thread: Thread) -> dict[str, Any]:
    return {
        "id": thread.id,
        "parent_id": thread.parent_id,
        "owner_id": thread.owner_id,
        "name": thread.name,
        "auto_archive_duration": thread.auto_archive_duration,
        "archived": thread.archived,
        "locked": thread.locked,
        "archive_timestamp": thread.archive_timestamp,
        "create_timestamp": thread.create_timestamp,
        "last_activity": thread.last_activity,
        "rate_limit_per_user": thread.rate_limit_per_user,
        "message_count": thread.message_count,
        "total_message_sent": thread.total_message_sent,
        "members": [
            {"user_id": m.user_id, "joined_at": m.joined_at} for m in thread.members.values()
        ],
    }


def _restore_thread(emu: DiscordEmulator, guild: Guild, t: dict[str, Any]) -> None:
    thread = Thread(
        id=int(t["id"]),
        guild_id=guild.id,
        name=str(t["name"]),
        parent_id=int(t["parent_id"]),
        owner_id=int(t["owner_id"]),
        auto_archive_duration=int(t["auto_archive_duration"]),
        archived=bool(t["archived"]),
        locked=bool(t["locked"]),
        archive_timestamp=float(t["archive_timestamp"]),
        create_timestamp=float(t["create_timestamp"]),
        last_activity=float(t["last_activity"]),
        rate_limit_per_user=int(t["rate_limit_per_user"]),
        message_count=int(t["message_count"]),
        total_message_sent=int(t["total_message_sent"]),
    )
    for m in t["members"]:
        thread.members[int(m["user_id"])] = ThreadMember(int(m["user_id"]), float(m["joined_at"]))
    guild.threads[thread.id] = thread
    emu.channels[thread.id] = thread
    emu._schedule_archive(thread)  # it goes on archiving itself when idle


def _grant_thread_permissions(guild: Guild) -> None:
    """A world saved before threads: @everyone may talk in threads and the bot create them, as
    in a world made now (add_guild's defaults)."""
    guild.everyone.permissions |= SEND_MESSAGES_IN_THREADS
    for role in guild.roles.values():
        if role.managed:
            role.permissions |= CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS


def dump_world(emu: DiscordEmulator, world: SandboxWorld) -> dict[str, Any]:
    guild = world.guild
    kept: list[Message] = []
    for channel in [*world.channels, *world.threads()]:
        kept += emu.channel_messages(channel)[-MAX_MESSAGES_PER_CHANNEL:]
    return {
        "version": FORMAT_VERSION,
        "last_snowflake": emu.snowflakes.next(),
        "bot_user": _user_data(emu.bot_user),
        "users": [_user_data(u) for u in emu.users.values() if u.id != emu.bot_user.id],
        "pretend_users": [u.id for u in world.users],
        "guild": {
            "id": guild.id,
            "name": guild.name,
            "owner_id": guild.owner_id,
            "roles": [
                {
                    "id": r.id,
                    "name": r.name,
                    "permissions": r.permissions,
                    "position": r.position,
                    "managed": r.managed,
                }
                for r in guild.roles.values()
            ],
            "channels": [
                {"id": c.id, "name": c.name, "position": c.position, "topic": c.topic}
                for c in guild.channels.values()
            ],
            "members": [
                {"user_id": m.user.id, "role_ids": m.role_ids, "nick": m.nick}
                for m in guild.members.values()
            ],
            "preferred_locale": emu.guild_locale(guild),
            "threads": [_thread_data(t) for t in world.threads()],
        },
        "locales": {str(uid): code for uid, code in world.locales.items()},
        "messages": [_message_data(m) for m in kept],
    }


def restore_world(emu: DiscordEmulator, data: dict[str, Any]) -> SandboxWorld:
    """Puts a dumped world into a fresh emulator (before any bot connects)."""
    if data.get("version") != FORMAT_VERSION:
        raise ValueError(f"unknown sandbox world format {data.get('version')!r}")
    if emu.guilds or emu.messages:
        raise ValueError("restore_world needs a fresh emulator")
    bot_data = data["bot_user"]
    del emu.users[emu.bot_user.id]
    emu.bot_user = User(id=int(bot_data["id"]), name=str(bot_data["name"]), bot=True)
    emu.application_id = emu.bot_user.id
    emu.users[emu.bot_user.id] = emu.bot_user
    for u in data["users"]:
        user = User(
            id=int(u["id"]), name=str(u["name"]), bot=bool(u["bot"]), global_name=u["global_name"]
        )
        emu.users[user.id] = user
    g = data["guild"]
    guild = Guild(id=int(g["id"]), name=str(g["name"]), owner_id=int(g["owner_id"]))
    for r in g["roles"]:
        guild.roles[int(r["id"])] = Role(
            id=int(r["id"]),
            guild_id=guild.id,
            name=str(r["name"]),
            permissions=int(r["permissions"]),
            position=int(r["position"]),
            managed=bool(r["managed"]),
        )
    for c in g["channels"]:
        channel = Channel(
            id=int(c["id"]),
            guild_id=guild.id,
            name=str(c["name"]),
            position=int(c["position"]),
            topic=c.get("topic"),
        )
        guild.channels[channel.id] = channel
        emu.channels[channel.id] = channel
    for m in g["members"]:
        user = emu.users[int(m["user_id"])]
        guild.members[user.id] = Member(
            user=user, guild_id=guild.id, role_ids=[int(i) for i in m["role_ids"]], nick=m["nick"]
        )
    emu.guilds[guild.id] = guild
    # (both added after the first format: absent means en-US)
    emu.guild_locales[guild.id] = discord_locale(g.get("preferred_locale") or DEFAULT_LOCALE)
    if "threads" not in g:  # saved before threads
        _grant_thread_permissions(guild)
    for t in g.get("threads") or []:
        _restore_thread(emu, guild, t)
    for m in data["messages"]:
        interaction_user = m.get("interaction_user_id")
        msg = Message(
            id=int(m["id"]),
            channel_id=int(m["channel_id"]),
            guild_id=int(m["guild_id"]),
            author=emu.users[int(m["author_id"])],
            content=str(m["content"]),
            embeds=list(m["embeds"]),
            components=list(m["components"]),
            attachments=[
                Attachment(
                    id=int(a["id"]),
                    filename=str(a["filename"]),
                    data=base64.b64decode(a["data"]),
                    content_type=a.get("content_type"),
                    description=a.get("description"),
                )
                for a in m["attachments"]
            ],
            flags=int(m["flags"]),
            created_at=float(m["created_at"]),
            edited_at=m.get("edited_at"),
            type=int(m["type"]),
            webhook_id=m.get("webhook_id"),
            interaction_id=m.get("interaction_id"),
            interaction_type=m.get("interaction_type"),
            interaction_name=m.get("interaction_name"),
            interaction_user=(
                emu.users.get(int(interaction_user)) if interaction_user is not None else None
            ),
            created_via="restored",
            thread_id=m.get("thread_id"),
            reply_to=m.get("reply_to"),
        )
        emu.messages[msg.id] = msg
    emu.snowflakes.advance_past(int(data["last_snowflake"]))
    pretend = [emu.users[int(i)] for i in data["pretend_users"]]
    channels = sorted(guild.channels.values(), key=lambda c: c.position)
    locales = {int(uid): discord_locale(code) for uid, code in (data.get("locales") or {}).items()}
    return SandboxWorld(guild, channels, pretend, locales)


class WorldStore:
    """Loads the world from ``path`` (or creates it) and saves it shortly after every change."""

    def __init__(
        self,
        path: Path,
        *,
        users: Sequence[str] = DEFAULT_USERS,
        channels: Sequence[str] = DEFAULT_CHANNELS,
        delay: float = 0.5,
        threads: bool = True,
    ) -> None:
        self.path = path
        self.users = tuple(users)
        self.channels = tuple(channels)
        self.threads = threads
        self.delay = delay
        self._emu: DiscordEmulator | None = None
        self._world: SandboxWorld | None = None
        self._task: asyncio.Task[None] | None = None
        self._remove: Any = None
        self.restored = False

    def open(self, emu: DiscordEmulator) -> SandboxWorld:
        world: SandboxWorld | None = None
        if self.path.exists():
            try:
                world = restore_world(emu, json.loads(self.path.read_text("utf-8")))
                self.restored = True
            except (ValueError, KeyError, TypeError) as exc:
                backup = self.path.with_suffix(self.path.suffix + ".broken")
                _log.warning("sandbox: cannot read %s (%s); starting afresh", self.path, exc)
                with contextlib.suppress(OSError):
                    self.path.replace(backup)
        if world is None:
            world = create_world(
                emu, users=self.users, channels=self.channels, threads=self.threads
            )
        self._emu, self._world = emu, world
        self._remove = emu.add_listener(self._on_event)
        world.on_change.append(self._save_soon)
        self.save()
        return world

    def _on_event(self, event: EmulatorEvent) -> None:
        if event.kind.startswith(("message_", "thread_")):
            self._save_soon()

    def _save_soon(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._save_later())

    async def _save_later(self) -> None:
        await asyncio.sleep(self.delay)
        self.save()

    def save(self) -> None:
        if self._emu is None or self._world is None:
            return
        data = dump_world(self._emu, self._world)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text(json.dumps(data), "utf-8")
        os.replace(tmp, self.path)

    async def close(self) -> None:
        if self._remove is not None:
            self._remove()
            self._remove = None
        if self._world is not None and self._save_soon in self._world.on_change:
            self._world.on_change.remove(self._save_soon)
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.save()
