"""REST handlers for interaction-token webhooks: followups (``POST /webhooks/{app}/{token}``)
and an interaction's messages (``GET/PATCH/DELETE .../messages/{id|@original}``).

A token reaches only the messages of its own interaction, as Discord documents ("Edits a
previously-sent webhook message from the same token"): its original response and its followups.
For a component interaction answered with an update (callback 6 or 7) the original response is
the message whose component was used, whoever posted it; no other message is within reach of
the token, whether the bot posted it with its own token or another interaction did.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from sandbox.emulator.messages import ALLOWED_RESPONSE_FLAGS, MessageStore
from sandbox.emulator.reported import ReportedBehaviour
from sandbox.interactions import (
    DEFERRED_CHANNEL_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionHandle,
)
from sandbox.limits import FLAG_EPHEMERAL, check_message
from sandbox.models import Attachment, Message
from sandbox.responses import error_response, json_response


class WebhookRoutes(MessageStore, ReportedBehaviour):
    def _webhook_handle(self, request: web.Request) -> InteractionHandle | web.Response:
        handle = self._tokens.get(request.match_info["token"])
        if handle is None or int(request.match_info["application_id"]) != self.application_id:
            return error_response(404, 10015, "Unknown Webhook")
        age = self.clock.now() - handle.created_at
        if age > self.token_lifetime:
            self._violate(
                "token_expired",
                f"token of {handle.name!r} used {age / 60:.1f} min after the interaction "
                f"(lifetime {self.token_lifetime / 60:.0f} min)",
                request,
                handle.id,
            )
            return error_response(401, 50027, "Invalid Webhook Token")
        if not handle.acked:
            self._violate(
                "not_acknowledged",
                f"webhook call for {handle.name!r} before its initial response",
                request,
                handle.id,
            )
            return error_response(404, 10015, "Unknown Webhook")
        return self._failing_token_answer(request, handle.token) or handle

    async def _followup(self, request: web.Request) -> web.Response:
        handle = self._webhook_handle(request)
        if isinstance(handle, web.Response):
            return handle
        payload, files = await self._read_body(request)
        original = handle.original
        if (
            handle.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            return self._fill_in_thinking(request, handle, original, payload, files)
        attachments = self._collect_attachments(payload, files, []) or []
        flags = int(payload.get("flags") or 0) & ALLOWED_RESPONSE_FLAGS
        problems = check_message({**payload, "attachments": attachments, "flags": flags})
        if problems:
            return self._form_error(request, problems, handle.id)
        refused = None if flags & FLAG_EPHEMERAL else self._refuse_write(handle.channel, "create")
        if refused is not None:
            return refused
        # Recorded so a test can see a public followup of a click: Discord is reported to show
        # it as a reply to the clicked message (#2733), even to an ephemeral one.
        clicked = handle.message_id if handle.type in (MESSAGE_COMPONENT, MODAL_SUBMIT) else None
        msg = self._new_message(
            handle.channel,
            payload,
            attachments,
            flags=flags,
            via="followup",
            handle=handle,
            reply_to=None if flags & FLAG_EPHEMERAL else clicked,
        )
        handle.followup_ids.append(msg.id)
        self._notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self._message_payload(msg))
        return web.Response(status=204)

    def _fill_in_thinking(
        self,
        request: web.Request,
        handle: InteractionHandle,
        original: Message,
        payload: dict[str, Any],
        files: dict[int, Attachment],
    ) -> web.Response:
        """The first followup after a "thinking" defer fills in the thinking message: in a
        thread it is a message sent (a locked thread refuses it, as #6884 reports; an archived
        one unarchives)."""
        refused = None if original.ephemeral else self._refuse_write(handle.channel, "create")
        error = refused or self._edit_message(
            request, original, payload, files, via="followup", interaction_id=handle.id
        )
        if error is not None:
            return error
        if not original.ephemeral:
            self._note_thread_message(handle.channel, count=False)
        return json_response(self._message_payload(original))

    async def _webhook_msg(self, request: web.Request) -> web.Response:
        handle = self._webhook_handle(request)
        if isinstance(handle, web.Response):
            return handle
        ref = request.match_info["message_id"]
        if ref == "@original":
            mid = handle.original_message_id
        else:
            try:
                mid = int(ref)
            except ValueError:
                mid = None
        msg = self.messages.get(mid) if mid is not None else None
        if msg is None or msg.deleted or msg.channel_id != handle.channel.id:
            return error_response(404, 10008, "Unknown Message")
        if msg.id != handle.original_message_id and msg.id not in handle.followup_ids:
            return self._foreign_message(request, handle, msg)
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        action = {"PATCH": "edit", "DELETE": "delete"}.get(request.method)
        refused = (
            None if action is None or msg.ephemeral else self._refuse_write(handle.channel, action)
        )
        if refused is not None:
            return refused
        if request.method == "PATCH":
            payload, files = await self._read_body(request)
            error = self._edit_message(
                request, msg, payload, files, via="webhook_edit", interaction_id=handle.id
            )
            return error or json_response(self._message_payload(msg))
        if request.method == "DELETE":
            self._delete_message(msg)
            return web.Response(status=204)
        return error_response(405, 0, "405: Method Not Allowed")

    def _foreign_message(
        self, request: web.Request, handle: InteractionHandle, msg: Message
    ) -> web.Response:
        """Discord's answer to a token used on a message that is not its interaction's."""
        if msg.ephemeral:
            self._violate(
                "foreign_ephemeral",
                f"ephemeral message {msg.id} is not reachable with the token of {handle.name!r}",
                request,
                handle.id,
            )
        else:
            how = "with the bot token" if msg.webhook_id is None else "by another interaction"
            self._violate(
                "foreign_message",
                f"message {msg.id}, posted {how}, is not the original response or a followup "
                f"of {handle.name!r}: its token cannot reach it",
                request,
                handle.id,
            )
        return error_response(404, 10008, "Unknown Message")
