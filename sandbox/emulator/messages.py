"""Messages as the REST API creates, edits and deletes them: request bodies (JSON, or
multipart with files), attachments, Discord's checks on the result (answered 400 50035 "Invalid
Form Body", each problem recorded as a violation) and the gateway events that follow."""

from __future__ import annotations

import json
import mimetypes
from typing import Any

from aiohttp import BodyPartReader, web

from sandbox.emulator.threads import ThreadState
from sandbox.interactions import (
    APPLICATION_COMMAND,
    InteractionHandle,
)
from sandbox.limits import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    Problem,
    check_message,
)
from sandbox.models import Attachment, Channel, Message
from sandbox.responses import error_response

ALLOWED_RESPONSE_FLAGS = (
    FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
)
ALLOWED_CHANNEL_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
MESSAGE_TYPE_DEFAULT = 0
MESSAGE_TYPE_CHAT_INPUT = 20


class MessageStore(ThreadState):
    async def _read_body(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[int, Attachment]]:
        files: dict[int, Attachment] = {}
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                elif name.startswith("files[") and name.endswith("]"):
                    raw = await part.read(decode=False)
                    filename = part.filename or f"file{len(files)}"
                    files[int(name[6:-1])] = Attachment(
                        id=self.snowflakes.next(),
                        filename=filename,
                        data=bytes(raw),
                        content_type=mimetypes.guess_type(filename)[0]
                        or "application/octet-stream",
                    )
            return payload, files
        raw_body = await request.read()
        if not raw_body:
            return {}, files
        body = json.loads(raw_body)
        return (body if isinstance(body, dict) else {"__list__": body}), files

    def _form_error(
        self, request: web.Request, problems: list[Problem], interaction_id: int | None = None
    ) -> web.Response:
        errors: dict[str, Any] = {}
        for kind, detail in problems:
            self._violate(kind, detail, request, interaction_id)
            errors.setdefault(kind, {"_errors": []})["_errors"].append(
                {"code": kind.upper(), "message": detail}
            )
        return error_response(400, 50035, "Invalid Form Body", errors)

    def _collect_attachments(
        self, payload: dict[str, Any], files: dict[int, Attachment], existing: list[Attachment]
    ) -> list[Attachment] | None:
        """The attachments a create/edit results in; None when the payload leaves them alone."""
        entries = payload.get("attachments")
        if entries is None:
            if not files:
                return None
            return [*existing, *(files[i] for i in sorted(files))]
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        for entry in entries:
            ident = int(entry.get("id", -1))
            if ident in files:
                att = files[ident]
                if entry.get("filename"):
                    att.filename = str(entry["filename"])
                att.description = entry.get("description")
                result.append(att)
            elif ident in by_id:
                result.append(by_id[ident])
        return result

    # ----- messages --------------------------------------------------------------------------

    def _new_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        attachments: list[Attachment],
        *,
        flags: int,
        via: str,
        handle: InteractionHandle | None = None,
        reply_to: int | None = None,
        message_id: int | None = None,
    ) -> Message:
        """A new message (``message_id``: a forum post's first message takes its id)."""
        msg = Message(
            id=message_id or self.snowflakes.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=attachments,
            flags=flags,
            created_at=self.clock.now(),
            created_via=via,
            reply_to=reply_to,
        )
        if handle is not None:
            msg.webhook_id = self.application_id
            msg.interaction_id = handle.id
            msg.interaction_type = handle.type
            msg.interaction_user = handle.user
            msg.interaction_name = handle.name if handle.type == APPLICATION_COMMAND else None
            msg.type = (
                MESSAGE_TYPE_CHAT_INPUT
                if handle.type == APPLICATION_COMMAND
                else MESSAGE_TYPE_DEFAULT
            )
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            # Posting with the bot token makes the bot a member of a thread; a webhook (an
            # interaction's answer) joins nobody.
            joiner = self.bot_user if handle is None else None
            self._note_thread_message(channel, joiner=joiner)
        self._emit("message_create", message=msg)
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    channel.guild_id, "MESSAGE_CREATE", self._message_payload(msg)
                )
            )
        self._notify()
        return msg

    def _edit_message(
        self,
        request: web.Request,
        msg: Message,
        payload: dict[str, Any],
        files: dict[int, Attachment],
        *,
        via: str,
        interaction_id: int | None = None,
    ) -> web.Response | None:
        """Applies an edit after checking the merged result; returns an error response or None."""
        content = payload.get("content", msg.content)
        embeds = payload.get("embeds", msg.embeds)
        components = payload.get("components", msg.components)
        attachments = self._collect_attachments(payload, files, msg.attachments)
        if attachments is None:
            attachments = msg.attachments
        flags = msg.flags & ~FLAG_LOADING
        if "flags" in payload and payload["flags"] is not None:
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (int(payload["flags"]) & FLAG_SUPPRESS_EMBEDS)
            flags |= int(payload["flags"]) & FLAG_IS_COMPONENTS_V2
        merged = {
            "content": content or "",
            "embeds": embeds or [],
            "components": components or [],
            "attachments": attachments,
            "flags": flags,
        }
        problems = check_message(merged)
        if problems:
            return self._form_error(request, problems, interaction_id)
        msg.history.append(msg.snapshot(msg.edited_at or msg.created_at, msg.created_via))
        msg.content = str(content or "")
        msg.embeds = list(embeds or [])
        msg.components = list(components or [])
        msg.attachments = list(attachments)
        msg.flags = flags
        msg.edited_at = self.clock.now()
        msg.created_via = via
        self._emit("message_update", message=msg)
        for handle in self.deferred_by_message.pop(msg.id, ()):
            handle.settled = True
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    msg.guild_id, "MESSAGE_UPDATE", self._message_payload(msg)
                )
            )
        self._notify()
        return None

    def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        self._note_thread_message_deleted(msg)
        self._emit("message_delete", message=msg)
        if not msg.ephemeral:
            self._spawn(
                self.gateway.broadcast_guild(
                    msg.guild_id,
                    "MESSAGE_DELETE",
                    {
                        "id": str(msg.id),
                        "channel_id": str(msg.channel_id),
                        "guild_id": str(msg.guild_id),
                    },
                )
            )
        self._notify()
