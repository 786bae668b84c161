"""Acting as users: running slash commands, clicking buttons, picking in menus, submitting
modals, typing into autocomplete and writing plain messages. Each interaction is dispatched to
the bot as INTERACTION_CREATE, with the 3-second answer timer Discord runs."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sandbox.emulator.messages import MessageStore
from sandbox.emulator.options import CommandOptions
from sandbox.emulator.reading import Reading
from sandbox.emulator.reported import ReportedBehaviour
from sandbox.emulator.state import ChannelRef, MessageRef, UserRef
from sandbox.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    CommandNotPermitted,
    CommandNotRegistered,
    ComponentNotClickable,
    EmulatorError,
    InteractionHandle,
    NoBotConnected,
)
from sandbox.limits import BUTTON, SELECT_TYPES, components_in
from sandbox.models import (
    ADMINISTRATOR,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Message,
    User,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # what every interaction tells the bot it may upload
# What the test API raises where Discord's client would not let a user act in a thread.
ENTRY_REFUSALS: dict[str, type[EmulatorError]] = {
    "message": EmulatorError,
    "command": CommandNotPermitted,
    "click": ComponentNotClickable,
}


class Acting(CommandOptions, MessageStore, Reading, ReportedBehaviour):
    async def invoke(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Runs ``/command`` as ``user``: ``"smear start"`` is command smear, subcommand start.

        Option values: str/int/float/bool, or User/Channel/Role (or their ids) for those types.
        """
        return await self._application_command(
            user, channel, command, options or {}, locale=locale, focused=None
        )

    async def invoke_and_wait(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Message:
        """``invoke`` then wait for the resulting message (see InteractionHandle.message)."""
        handle = await self.invoke(user, channel, command, options, locale=locale)
        return await handle.message(timeout=timeout)

    async def click_and_wait(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: Sequence[Any] | None = None,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Message:
        """``click`` then wait for the resulting message (see InteractionHandle.message)."""
        handle = await self.click(
            user, message, custom_id, label=label, values=values, locale=locale
        )
        return await handle.message(timeout=timeout)

    async def autocomplete(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        locale: str = "en-US",
    ) -> list[dict[str, Any]]:
        """Types into option ``focused``; returns the choices the bot suggested."""
        handle = await self._application_command(
            user, channel, command, options, locale=locale, focused=focused
        )
        await handle.wait_ack()
        return handle.autocomplete_choices or []

    async def click(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: Sequence[Any] | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Clicks a button (by custom_id or label) or picks ``values`` in a select menu.

        Refuses, like a real client, a component not on the message, a disabled one, a link
        button, or a message the user cannot see (someone else's ephemeral). ``locale`` is the
        clicker's Discord client locale (the interaction's ``locale``).
        """
        u = self._user(user)
        msg = self.message(message)
        if not msg.visible_to(u):
            raise ComponentNotClickable(f"{u.name} cannot see {msg!r}")
        comp = self._find_component(msg, custom_id, label)
        if comp.get("disabled"):
            raise ComponentNotClickable(f"component {comp.get('custom_id')!r} is disabled")
        ctype = int(comp.get("type", 0))
        if ctype == BUTTON and not comp.get("custom_id"):
            raise ComponentNotClickable("link/premium buttons do not send interactions")
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": ctype}
        channel = self.channels[msg.channel_id]
        guild = self.guilds[channel.guild_id]
        self._client_enters(u, channel, "click")
        if ctype in SELECT_TYPES:
            data.update(self._select_values(guild, comp, values))
        elif values is not None:
            raise ComponentNotClickable("values= is for select menus")
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            u,
            channel,
            data,
            name=str(comp["custom_id"]),
            message=msg,
            locale=locale,
        )

    async def select(
        self,
        user: UserRef,
        message: MessageRef | InteractionHandle,
        custom_id: str,
        values: Sequence[Any],
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        return await self.click(user, message, custom_id, values=values, locale=locale)

    async def submit_modal(
        self,
        user: UserRef,
        handle: InteractionHandle,
        values: Mapping[str, str],
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Fills in and submits the modal the bot answered ``handle`` with."""
        modal = handle.modal
        if modal is None:
            raise EmulatorError(f"{handle!r} was not answered with a modal")
        u = self._user(user)
        if u.id != handle.user.id:
            raise EmulatorError("only the user who opened a modal can submit it")
        known = {
            str(c.get("custom_id"))
            for c in components_in(modal.get("components") or [])
            if c.get("type") == 4
        }
        unknown = set(values) - known
        if unknown:
            raise EmulatorError(
                f"modal has no text inputs {sorted(unknown)}; it has {sorted(known)}"
            )
        rows = []
        for custom_id in sorted(known):
            rows.append(
                {
                    "type": 1,
                    "components": [
                        {"type": 4, "custom_id": custom_id, "value": values.get(custom_id, "")}
                    ],
                }
            )
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        msg = self.messages.get(handle.message_id) if handle.message_id else None
        return await self._dispatch_interaction(
            MODAL_SUBMIT,
            u,
            handle.channel,
            data,
            name=str(modal.get("custom_id")),
            message=msg,
            locale=locale,
        )

    async def send_message(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A user typing a plain message in a channel or a thread (dispatched as
        MESSAGE_CREATE). In a thread they need Send Messages in Threads, a locked one refuses
        them unless they have Manage Threads, and an archived one unarchives."""
        u = self._user(user)
        ch = self._channel(channel)
        self._client_enters(u, ch, "message")
        msg = Message(
            id=self.snowflakes.next(),
            channel_id=ch.id,
            guild_id=ch.guild_id,
            author=u,
            content=content,
            created_at=self.clock.now(),
            created_via="user",
        )
        self.messages[msg.id] = msg
        self._note_thread_message(ch, joiner=u)
        self._emit("message_create", message=msg)
        await self.gateway.broadcast_guild(
            ch.guild_id, "MESSAGE_CREATE", self._message_payload(msg)
        )
        self._notify()
        return msg

    # ----- internals of acting ---------------------------------------------------------------

    async def _application_command(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        options: Mapping[str, Any],
        *,
        locale: str,
        focused: str | None,
    ) -> InteractionHandle:
        u = self._user(user)
        ch = self._channel(channel)
        guild = self.guilds[ch.guild_id]
        self._client_enters(u, ch, "command")
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise CommandNotRegistered("empty command")
        cmd, scope_guild = self._find_command(guild.id, parts[0])
        required = cmd.get("default_member_permissions")
        if required is not None:
            perms = guild.permissions_for(u.id)
            need = int(required)
            if not perms & ADMINISTRATOR and (perms & need) != need:
                raise CommandNotPermitted(
                    f"/{parts[0]} needs permissions {need:#x}; {u.name} has {perms:#x}"
                )
        resolved: dict[str, dict[str, Any]] = {}
        built = self._build_options(
            cmd, cmd.get("options") or [], parts[1:], dict(options), guild, resolved, focused
        )
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 1,
            "options": built,
        }
        if resolved:
            data["resolved"] = resolved
        if scope_guild is not None:
            data["guild_id"] = str(scope_guild)
        itype = AUTOCOMPLETE if focused is not None else APPLICATION_COMMAND
        return await self._dispatch_interaction(
            itype, u, ch, data, name=" ".join(parts), locale=locale
        )

    def _client_enters(self, user: User, channel: Channel, action: str) -> None:
        """What Discord's client does before a user acts (``message``, ``command``, ``click``)
        in a thread. In a locked one it offers someone without Manage Threads no composer (no
        message, no command); a message needs Send Messages in Threads; an archived thread it
        unarchives first as the user, which needs Send Messages in Threads (and Manage Threads
        when it is locked too): the web and mobile clients do so before sending a click
        (discord-api-docs #8474). Raises what the test API raises for that action where the
        client would refuse."""
        self._sweep_archives()
        thread = self._thread_of(channel)
        if thread is None:
            return
        refusal = ENTRY_REFUSALS[action]
        if thread.deleted:
            raise refusal(f"thread {thread.name!r} was deleted")
        moderator = self._may(thread.guild_id, user.id, MANAGE_THREADS)
        may_send = self._may(thread.guild_id, user.id, SEND_MESSAGES_IN_THREADS)
        if thread.locked and not moderator and action != "click":
            raise refusal(f"thread {thread.name!r} is locked: {user.name} has no composer there")
        if not may_send and (thread.archived or action == "message"):
            raise refusal(f"{user.name} may not send messages in threads")
        if thread.archived:
            if thread.locked and not moderator:
                raise refusal(f"thread {thread.name!r} is archived and locked")
            self._set_archived(thread, False)

    def _find_command(self, guild_id: int, name: str) -> tuple[dict[str, Any], int | None]:
        for cmd in self.guild_commands.get(guild_id, []):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, guild_id
        for cmd in self.global_commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, None
        raise CommandNotRegistered(
            f"the bot has not registered /{name}; registered: {sorted(self.all_command_names())}"
        )

    def _find_component(
        self, msg: Message, custom_id: str | None, label: str | None
    ) -> dict[str, Any]:
        if (custom_id is None) == (label is None):
            raise EmulatorError("give exactly one of custom_id or label")
        for comp in msg.all_components():
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("type") == BUTTON and comp.get("label") == label:
                return comp
        wanted = custom_id if custom_id is not None else f"label={label!r}"
        raise ComponentNotClickable(
            f"{wanted} is not on message {msg.id}; it has {msg.custom_ids()} "
            f"(labels {msg.button_labels()})"
        )

    async def _dispatch_interaction(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        name: str,
        message: Message | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        guild = self.guilds[channel.guild_id]
        member = guild.members.get(user.id)
        if member is None:
            raise EmulatorError(f"{user.name} is not a member of {guild.name}")
        session = self.gateway.session_for_guild(guild.id)
        if session is None:
            raise NoBotConnected(f"no bot gateway session for guild {guild.name}")
        iid = self.snowflakes.next()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(48)}"
        handle = InteractionHandle(
            self,
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            data=data,
            name=name,
            message_id=message.id if message is not None else None,
            created_at=self.clock.now(),
        )
        self.interactions[iid] = handle
        self._tokens[token] = handle
        self._draw_token_failure(handle)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": self.guild_locale(guild), "features": []},
            "channel": channel.to_payload(),
            "channel_id": str(channel.id),
            "member": member.to_payload(permissions=guild.permissions_for(user.id)),
            "token": token,
            "version": 1,
            "app_permissions": str(guild.permissions_for(self.bot_user.id)),
            "locale": locale,
            "guild_locale": self.guild_locale(guild),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = self._message_payload(message)
        loop = asyncio.get_running_loop()
        handle.dispatched_at = loop.time()
        handle.timer = loop.call_later(self.interaction_timeout, self._expire, handle)
        if self._gateway_lag:
            await asyncio.sleep(self._gateway_lag)
        await session.dispatch("INTERACTION_CREATE", payload)
        return handle

    def _expire(self, handle: InteractionHandle) -> None:
        handle.timer = None
        if handle.acked:
            return
        handle.failed = True
        self._emit("interaction_failed", interaction=handle)
        self._violate(
            "interaction_timeout",
            f"{handle.name!r} by {handle.user.name} not answered within "
            f"{self.interaction_timeout}s: This interaction failed",
            interaction_id=handle.id,
        )

    def delete_message(self, message: MessageRef, *, by: UserRef | None = None) -> None:
        """``by`` (a moderator, or the author) deletes a message; a bot that asked for the
        GUILD_MESSAGES intent gets MESSAGE_DELETE (one that did not hears nothing of it).

        Refuses, as Discord's client would, someone else's message when ``by`` lacks Manage
        Messages. Without ``by``, the deletion is nobody's in particular (a moderator)."""
        msg = self.message(message)
        if by is not None:
            user = self._user(by)
            perms = self.guilds[msg.guild_id].permissions_for(user.id)
            if user.id != msg.author.id and not perms & (MANAGE_MESSAGES | ADMINISTRATOR):
                raise EmulatorError(f"{user.name} may not delete {msg!r} (no Manage Messages)")
        self._delete_message(msg)
