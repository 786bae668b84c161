"""Building the world: users, guilds (with their @everyone and bot roles), channels, roles,
members and a guild's language. Whatever is added after the bot connected reaches it as the
gateway event Discord would send (GUILD_CREATE, CHANNEL_CREATE, ...)."""

from __future__ import annotations

from collections.abc import Sequence

from sandbox.emulator.payloads import Payloads
from sandbox.emulator.state import UserRef
from sandbox.models import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    Channel,
    Guild,
    Member,
    Role,
    User,
)


class WorldBuilding(Payloads):
    def add_user(self, name: str, *, bot: bool = False, global_name: str | None = None) -> User:
        user = User(id=self.snowflakes.next(), name=name, bot=bot, global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Sandbox Guild",
        *,
        owner: User | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        channels: Sequence[str] = ("general",),
    ) -> Guild:
        """A guild with an @everyone role, the bot as a member and the named text channels."""
        gid = self.snowflakes.next()
        owner = owner or self.add_user(f"{name} owner")
        guild = Guild(id=gid, name=name, owner_id=owner.id)
        guild.roles[gid] = Role(
            id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions
        )
        bot_role = Role(
            id=self.snowflakes.next(),
            guild_id=gid,
            name=self.bot_user.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(user=owner, guild_id=gid)
        guild.members[self.bot_user.id] = Member(
            user=self.bot_user, guild_id=gid, role_ids=[bot_role.id]
        )
        self.guilds[gid] = guild
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        self._spawn(
            self.gateway.broadcast_guild(gid, "GUILD_CREATE", self._guild_create_payload(guild))
        )
        return guild

    def add_channel(
        self, guild: Guild | int, name: str, *, topic: str | None = None, type: int = GUILD_TEXT
    ) -> Channel:
        """A text channel, or another type (``GUILD_FORUM``: only posts, which are threads)."""
        g = self._guild(guild)
        channel = Channel(
            id=self.snowflakes.next(),
            guild_id=g.id,
            name=name,
            type=type,
            position=len(g.channels),
            topic=topic,
        )
        g.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._spawn(self.gateway.broadcast_guild(g.id, "CHANNEL_CREATE", channel.to_payload()))
        return channel

    def set_guild_locale(self, guild: Guild | int, locale: str) -> None:
        """Sets the guild's preferred_locale; a connected bot gets GUILD_UPDATE (as when a server
        owner changes the server's language in Discord)."""
        g = self._guild(guild)
        self.guild_locales[g.id] = locale
        payload = self._guild_create_payload(g)
        for key in ("channels", "members", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        self._spawn(self.gateway.broadcast_guild(g.id, "GUILD_UPDATE", payload))

    def add_role(self, guild: Guild | int, name: str, permissions: int = 0) -> Role:
        g = self._guild(guild)
        role = Role(
            id=self.snowflakes.next(),
            guild_id=g.id,
            name=name,
            permissions=permissions,
            position=len(g.roles),
        )
        g.roles[role.id] = role
        self._spawn(
            self.gateway.broadcast_guild(
                g.id, "GUILD_ROLE_CREATE", {"guild_id": str(g.id), "role": role.to_payload()}
            )
        )
        return role

    def add_member(
        self,
        guild: Guild | int,
        user: User | str,
        *,
        roles: Sequence[Role] = (),
        permissions: int | None = None,
        nick: str | None = None,
    ) -> User:
        """Adds a member (creating the user from a name if needed).

        ``permissions`` gives the member a personal role with those bits, e.g. ``MANAGE_GUILD``.
        """
        g = self._guild(guild)
        u = user if isinstance(user, User) else self.add_user(user)
        role_ids = [r.id for r in roles]
        if permissions is not None:
            role_ids.append(self.add_role(g, f"{u.name} perms", permissions).id)
        member = Member(user=u, guild_id=g.id, role_ids=role_ids, nick=nick)
        g.members[u.id] = member
        payload = member.to_payload()
        payload["guild_id"] = str(g.id)
        self._spawn(self.gateway.broadcast_guild(g.id, "GUILD_MEMBER_ADD", payload))
        return u

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        """A server manager changes a role's permissions (@everyone is ``guild.everyone``);
        the bot hears GUILD_ROLE_UPDATE, as from Discord."""
        role.permissions = permissions
        payload = {"guild_id": str(role.guild_id), "role": role.to_payload()}
        self._spawn(self.gateway.broadcast_guild(role.guild_id, "GUILD_ROLE_UPDATE", payload))

    def bot_role(self, guild: Guild | int) -> Role:
        """The role Discord made for the bot when it joined the guild."""
        g = self._guild(guild)
        return next(r for r in g.roles.values() if r.managed and r.name == self.bot_user.name)

    def permissions_for(self, guild: Guild | int, user: UserRef) -> int:
        return self._guild(guild).permissions_for(self._user(user).id)
