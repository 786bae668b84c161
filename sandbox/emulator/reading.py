"""Reading the world as users see it: a channel's messages (everyone's, or what one user may
see), a message's current state, synced commands, and waiting for any of these to change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox.emulator.state import ChannelRef, EmulatorState, MessageRef, UserRef
from sandbox.interactions import EmulatorError, InteractionHandle
from sandbox.models import Guild, Message


class Reading(EmulatorState):
    def channel_messages(
        self, channel: ChannelRef, *, include_deleted: bool = False
    ) -> list[Message]:
        cid = self._channel(channel).id
        return [
            m
            for m in sorted(self.messages.values(), key=lambda m: m.id)
            if m.channel_id == cid and (include_deleted or not m.deleted)
        ]

    def visible_messages(self, channel: ChannelRef, user: UserRef) -> list[Message]:
        """The channel as ``user`` sees it: public messages and only their own ephemerals."""
        u = self._user(user)
        return [m for m in self.channel_messages(channel) if m.visible_to(u)]

    def public_messages(self, channel: ChannelRef) -> list[Message]:
        return [m for m in self.channel_messages(channel) if not m.ephemeral]

    def message(self, message: MessageRef | InteractionHandle) -> Message:
        """The current state of a message (by id, Message, or an interaction's original)."""
        if isinstance(message, InteractionHandle):
            if message.original_message_id is None:
                raise EmulatorError(f"{message!r} has no response message (yet)")
            mid = message.original_message_id
        else:
            mid = message if isinstance(message, int) else message.id
        try:
            return self.messages[mid]
        except KeyError:
            raise EmulatorError(f"unknown message {mid}") from None

    async def wait_for_message(
        self,
        channel: ChannelRef,
        predicate: Callable[[Message], bool] = lambda m: True,
        *,
        user: UserRef | None = None,
        timeout: float = 5.0,
        after: MessageRef | None = None,
    ) -> Message:
        """The first message (oldest) matching ``predicate``, now or once it appears/is edited.

        With ``user``, only what that user can see; without, every message including all
        ephemerals. ``after`` skips messages up to and including that one.
        """
        after_id = 0 if after is None else (after if isinstance(after, int) else after.id)

        def ready() -> Message | None:
            pool = (
                self.visible_messages(channel, user)
                if user is not None
                else self.channel_messages(channel)
            )
            for msg in pool:
                if msg.id > after_id and predicate(msg):
                    return msg
            return None

        return await self.wait_until(ready, timeout=timeout, what="a matching message")

    async def wait_for_session(self, *, timeout: float = 5.0, min_identifies: int = 1) -> None:
        """Until a gateway session is connected (and at least ``min_identifies`` happened)."""

        def ready() -> bool | None:
            ok = self.gateway.identify_count >= min_identifies and any(
                s.connected for s in self.gateway.live_sessions()
            )
            return True if ok else None

        await self.wait_until(ready, timeout=timeout, what="a connected gateway session")

    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Synced commands (global, or of a guild), as the bot registered them."""
        if guild is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(self._guild(guild).id, []))

    def all_command_names(self) -> list[str]:
        names = [c["name"] for c in self.global_commands]
        for cmds in self.guild_commands.values():
            names += [c["name"] for c in cmds]
        return names
