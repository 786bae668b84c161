"""Gateway and REST payloads built from the emulator's state: READY, GUILD_CREATE, messages
(with their interaction metadata) and attachments, shaped as Discord sends them."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from sandbox.emulator.state import API_VERSION, EmulatorState
from sandbox.interactions import APPLICATION_COMMAND
from sandbox.models import Attachment, Guild, Message

if TYPE_CHECKING:
    from sandbox.gateway import GatewaySession


class Payloads(EmulatorState):
    def _ready_payload(self, session: GatewaySession, sharded: bool) -> dict[str, Any]:
        assert self.urls is not None
        user = self.bot_user.to_payload()
        user.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"})
        data: dict[str, Any] = {
            "v": API_VERSION,
            "user": user,
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in self.guilds.values()
                if session.handles_guild(g.id)
            ],
            "session_id": session.session_id,
            "resume_gateway_url": self.urls.gateway,
            "session_type": "normal",
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["sandbox"],
        }
        if sharded:
            data["shard"] = [session.shard_id, session.shard_count]
        return data

    def _guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "roles": [r.to_payload() for r in guild.roles.values()],
            "channels": [c.to_payload() for c in guild.channels.values()],
            "members": [m.to_payload() for m in guild.members.values()],
            "member_count": len(guild.members),
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": self._active_threads_payload(guild),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale(guild),
            "system_channel_id": None,
            "rules_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "vanity_url_code": None,
            "max_members": 500000,
            "application_id": None,
            "lazy": True,
        }

    def _active_threads_payload(self, guild: Guild) -> list[dict[str, Any]]:
        """GUILD_CREATE's ``threads``: the active ones, each with the bot's thread member when
        it joined (without ``id`` and ``user_id``, as Discord leaves them out there)."""
        threads = []
        for thread in guild.threads.values():
            if thread.archived or thread.deleted:
                continue
            data = thread.to_payload()
            member = thread.members.get(self.bot_user.id)
            if member is not None:
                data["member"] = {
                    "join_timestamp": self.clock.iso(member.joined_at),
                    "flags": 0,
                }
            threads.append(data)
        return threads

    def _attachment_payload(self, channel_id: int, att: Attachment) -> dict[str, Any]:
        assert self.urls is not None
        url = f"{self.urls.http}/attachments/{channel_id}/{att.id}/{att.filename}"
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": url,
            "proxy_url": url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            data["description"] = att.description
        return data

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "guild_id": str(msg.guild_id),
            "author": msg.author.to_payload(),
            "content": msg.content,
            "timestamp": self.clock.iso(msg.created_at),
            "edited_timestamp": self.clock.iso(msg.edited_at) if msg.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self._attachment_payload(msg.channel_id, a) for a in msg.attachments],
            "embeds": copy.deepcopy(msg.embeds),
            "components": copy.deepcopy(msg.components),
            "flags": msg.flags,
            "pinned": False,
            "type": msg.type,
        }
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_id is not None and msg.interaction_user is not None:
            handle = self.interactions.get(msg.interaction_id)
            meta: dict[str, Any] = {
                "id": str(msg.interaction_id),
                "type": msg.interaction_type or APPLICATION_COMMAND,
                "user": msg.interaction_user.to_payload(),
                "authorizing_integration_owners": {"0": str(msg.guild_id)},
            }
            if handle is not None:
                if handle.original_message_id and handle.original_message_id != msg.id:
                    meta["original_response_message_id"] = str(handle.original_message_id)
                if handle.message_id is not None:
                    meta["interacted_message_id"] = str(handle.message_id)
            if msg.interaction_name:
                meta["name"] = msg.interaction_name
            data["interaction_metadata"] = meta
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        thread = self.channels.get(msg.thread_id) if msg.thread_id is not None else None
        if thread is not None:
            data["thread"] = thread.to_payload()  # the thread started from this message
        return data
