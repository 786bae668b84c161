"""The emulator's state: users, guilds, channels, messages, and the clock that dates them."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.clock import wall_time
from sandbox.limits import (
    BUTTON,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    SELECT_TYPES,
    components_in,
)

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
# Discord's default @everyone can also create threads; the emulator's cannot, so that
# add_guild(bot_permissions=...) alone can take CREATE_PUBLIC_THREADS away from the bot (roles
# only add permissions, and the bot's role cannot take back what @everyone has).
DEFAULT_EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
DEFAULT_BOT_PERMISSIONS = DEFAULT_EVERYONE_PERMISSIONS | MANAGE_MESSAGES | CREATE_PUBLIC_THREADS

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)
GUILD_TEXT = 0
GUILD_ANNOUNCEMENT = 5  # its threads start from a message only (reported in issue 34)
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
GUILD_FORUM = 15
# What auto_archive_duration may be, in minutes (Discord, Channel, "Thread Metadata Object").
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


class EmulatorClock:
    """Wall-clock time plus an adjustable offset.

    Interaction tokens, rate-limit windows and threads' inactivity are aged with this clock, so
    ``advance(16 * 60)`` makes every existing token stale at once without waiting; whatever
    depends on the time is told at once (``on_advance``), so a thread idle past its
    auto-archive duration archives itself in the call.
    """

    def __init__(self) -> None:
        self._offset = 0.0
        self._on_advance: list[Callable[[], None]] = []

    def now(self) -> float:
        return wall_time() + self._offset

    def advance(self, seconds: float) -> None:
        self._offset += seconds
        for callback in list(self._on_advance):
            callback()

    def on_advance(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` after every ``advance``."""
        self._on_advance.append(callback)

    @staticmethod
    def iso(timestamp: float) -> str:
        return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).isoformat()


class SnowflakeGenerator:
    """Discord-shaped ids (timestamp << 22), strictly increasing."""

    def __init__(self, clock: EmulatorClock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        candidate = (int(self._clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def advance_past(self, value: int) -> None:
        """Never hand out ``value`` or anything below it (ids restored from a saved world)."""
        self._last = max(self._last, value)


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    id: int
    guild_id: int
    name: str
    type: int = 0
    position: int = 0
    topic: str | None = None

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": self.topic,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass(eq=False)
class ThreadMember:
    """A user who joined a thread (Discord's thread member object)."""

    user_id: int
    joined_at: float

    def to_payload(self, thread_id: int) -> dict[str, Any]:
        return {
            "id": str(thread_id),
            "user_id": str(self.user_id),
            "join_timestamp": EmulatorClock.iso(self.joined_at),
            "flags": 0,
        }


@dataclass(eq=False)
class Thread(Channel):
    """A public thread (type 11): a channel of its own under ``parent_id``, with its members.

    Times are on the emulator's clock. ``last_activity`` is when a message was last sent, the
    thread last unarchived or its auto_archive_duration changed: Discord's "activity", after
    ``auto_archive_duration`` minutes without which the thread archives itself.
    """

    type: int = PUBLIC_THREAD
    parent_id: int = 0
    owner_id: int = 0
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    archive_timestamp: float = 0.0
    create_timestamp: float = 0.0
    last_activity: float = 0.0
    rate_limit_per_user: int = 0
    message_count: int = 0  # messages in it now, less the deleted ones
    total_message_sent: int = 0  # every message ever sent in it
    members: dict[int, ThreadMember] = field(default_factory=dict)
    deleted: bool = False

    def archives_at(self) -> float:
        return self.last_activity + self.auto_archive_duration * 60

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": self.rate_limit_per_user,
            "flags": 0,
            "message_count": self.message_count,
            "total_message_sent": self.total_message_sent,
            "member_count": min(len(self.members), 50),  # Discord stops counting at 50
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": EmulatorClock.iso(self.archive_timestamp),
                "locked": self.locked,
                "create_timestamp": EmulatorClock.iso(self.create_timestamp),
            },
        }


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = "2024-01-01T00:00:00+00:00"

    def to_payload(
        self, *, permissions: int | None = None, with_user: bool = True
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)  # threads are not channels here
    members: dict[int, Member] = field(default_factory=dict)
    threads: dict[int, Thread] = field(default_factory=dict)  # all of them, archived ones too

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def channel(self, name: str) -> Channel:
        """The channel called ``name`` (KeyError if there is none)."""
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(
            f"no channel {name!r} in {self.name}; it has {[c.name for c in self.channels.values()]}"
        )

    def thread(self, name: str) -> Thread:
        """The (not deleted) thread called ``name`` (KeyError if there is none)."""
        for thread in self.threads.values():
            if thread.name == name and not thread.deleted:
                return thread
        raise KeyError(f"no thread {name!r} in {self.name}")

    def permissions_for(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        value = self.everyone.permissions
        if member is not None:
            for role_id in member.role_ids:
                role = self.roles.get(role_id)
                if role is not None:
                    value |= role.permissions
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return value


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self, encoding: str = "utf-8") -> str:
        return self.data.decode(encoding)


@dataclass(frozen=True)
class MessageRevision:
    """One state of a message: the original, or the state after an edit."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    at: float
    via: str


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    created_at: float = 0.0
    edited_at: float | None = None
    type: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_name: str | None = None
    interaction_user: User | None = None
    deleted: bool = False
    history: list[MessageRevision] = field(default_factory=list)
    created_via: str = ""
    nonce: str | None = None  # as the author sent it (with enforce_nonce, it dedupes posts)
    thread_id: int | None = None  # the thread started from this message (the same id)
    # A public followup of a component (or modal) interaction: the message whose component was
    # used. Discord is reported to show such a followup as a reply to it (discord-api-docs
    # #2733), to everyone, even when that message is someone's ephemeral one.
    reply_to: int | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") response not filled in yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def owner_id(self) -> int | None:
        """Who may see an ephemeral message: the user of the interaction that made it."""
        return self.interaction_user.id if self.interaction_user is not None else None

    def visible_to(self, user: User | int) -> bool:
        if self.deleted:
            return False
        if not self.ephemeral:
            return True
        user_id = user if isinstance(user, int) else user.id
        return self.owner_id == user_id

    def snapshot(self, at: float, via: str) -> MessageRevision:
        # An edit replaces the message's lists with ones parsed from its request and nothing
        # changes them in place, so a revision may share them (a deep copy per edit was a tenth
        # of the emulator's time at 400 tables).
        return MessageRevision(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            at=at,
            via=via,
        )

    @property
    def revisions(self) -> list[MessageRevision]:
        """Every state the message had, oldest first; the last one is the current state."""
        return [*self.history, self.snapshot(self.edited_at or self.created_at, "current")]

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    def all_components(self) -> list[dict[str, Any]]:
        return components_in(self.components)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in SELECT_TYPES]

    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"] for c in self.all_components() if isinstance(c.get("custom_id"), str)
        ]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.all_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def button_labels(self) -> list[str]:
        return [str(b.get("label") or "") for b in self.buttons()]

    def embed_text(self) -> str:
        """Titles, descriptions, fields and footers of all embeds, newline separated."""
        parts: list[str] = []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields") or []:
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        return "\n".join(parts)

    def __repr__(self) -> str:
        flags = []
        if self.ephemeral:
            flags.append(f"ephemeral->{self.owner_id}")
        if self.loading:
            flags.append("loading")
        if self.deleted:
            flags.append("deleted")
        return (
            f"<Message id={self.id} channel={self.channel_id} author={self.author.name!r} "
            f"content={self.content[:60]!r} buttons={self.button_labels()} {' '.join(flags)}>"
        )


@dataclass(frozen=True)
class Violation:
    """A request Discord would reject, or a rule a real user would notice being broken."""

    kind: str
    detail: str
    method: str = ""
    path: str = ""
    interaction_id: int | None = None

    def __str__(self) -> str:
        where = f" [{self.method} {self.path}]" if self.method else ""
        return f"{self.kind}: {self.detail}{where}"


@dataclass(frozen=True)
class RequestRecord:
    """One REST request the emulator answered.

    ``route`` is the route template (``/channels/{channel_id}/messages``; the path itself when
    no route matched), ``global_limited`` whether the request counted against the bot token's
    global limit (interaction callbacks and interaction-token webhooks do not) and ``token`` the
    interaction token in the path (empty for other routes).
    """

    method: str
    path: str
    status: int
    at: float
    route: str = ""
    global_limited: bool = False
    token: str = ""
    sent: int = 0  # its place in the order the bot sent its requests (before network delay)


@dataclass(frozen=True)
class RateLimitRecord:
    """One 429 the emulator answered.

    ``scope`` is what ``X-RateLimit-Scope`` said (``global``, ``user`` for a per-route bucket,
    ``shared``), ``bucket`` the ``X-RateLimit-Bucket`` id (empty for a global one) and
    ``injected`` whether a test asked for it (``rate_limit_burst``/``rate_limit_route``) rather
    than the emulator's real limits refusing the request.
    """

    method: str
    path: str
    route: str
    retry_after: float
    is_global: bool
    at: float
    scope: str = "user"
    bucket: str = ""
    injected: bool = False


@dataclass(frozen=True)
class ClientError:
    """One 4xx answer the emulator gave.

    ``code`` is the Discord JSON error code of the body (0 when it has none), ``invalid``
    whether Discord counts it toward its invalid-request limit (10,000 per 10 minutes, then a
    temporary ban of the whole bot): a 401 or 403, or a 429 other than a ``shared`` one, and
    ``failing_token`` whether it is a 404 10015 of a token ``failing_tokens`` made fail.
    """

    method: str
    route: str
    path: str
    status: int
    code: int
    invalid: bool
    injected: bool
    at: float
    failing_token: bool = False

    def __str__(self) -> str:
        return f"{self.status} (code {self.code}) {self.method} {self.route}"
