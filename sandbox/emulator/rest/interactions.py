"""REST handler for interaction callbacks (``POST /interactions/{id}/{token}/callback``): the
bot's one initial answer to an interaction, checked for time (3 s), type and content."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from sandbox.emulator.messages import ALLOWED_RESPONSE_FLAGS, MessageStore
from sandbox.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionHandle,
)
from sandbox.limits import FLAG_EPHEMERAL, FLAG_LOADING, check_message, check_modal
from sandbox.models import Attachment, Message
from sandbox.responses import error_response, json_response


class InteractionRoutes(MessageStore):
    async def _callback(self, request: web.Request) -> web.Response:
        handle = self.interactions.get(int(request.match_info["interaction_id"]))
        if handle is None or handle.token != request.match_info["token"]:
            return error_response(404, 10062, "Unknown interaction")
        refused = self._refuse_callback(request, handle)
        if refused is not None:
            return refused
        payload, files = await self._read_body(request)
        rtype = int(payload.get("type", 0))
        data = payload.get("data") or {}
        outcome = self._respond(request, handle, rtype, data, files)
        if isinstance(outcome, web.Response):
            return outcome
        self._acknowledge(handle, rtype, data, outcome)
        return json_response(self._callback_result(handle, rtype, outcome))

    def _refuse_callback(
        self, request: web.Request, handle: InteractionHandle
    ) -> web.Response | None:
        """Discord's answer to a callback that comes too late or a second time, else None."""
        if handle.failed:
            self._violate(
                "late_callback",
                f"callback for {handle.name!r} after the {self.interaction_timeout}s limit",
                request,
                handle.id,
            )
            return error_response(404, 10062, "Unknown interaction")
        if handle.acked:
            self._violate(
                "double_ack",
                f"second callback (after type {handle.response_type}) for {handle.name!r}",
                request,
                handle.id,
            )
            return error_response(400, 40060, "Interaction has already been acknowledged.")
        return None

    def _respond(
        self,
        request: web.Request,
        handle: InteractionHandle,
        rtype: int,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response | None:
        """Carries out callback `rtype`: the message it answers with (None if it has none), or
        the error response when the callback is invalid."""
        if rtype == CHANNEL_MESSAGE:
            return self._respond_with_message(request, handle, data, files)
        if rtype == DEFERRED_CHANNEL_MESSAGE:
            return self._respond_deferred(request, handle, data)
        if rtype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            return self._respond_with_update(request, handle, rtype, data, files)
        if rtype == AUTOCOMPLETE_RESULT:
            return self._respond_with_choices(request, handle, data)
        if rtype == MODAL:
            return self._respond_with_modal(request, handle, data)
        return self._bad_callback(request, handle, rtype)

    def _respond_with_message(
        self,
        request: web.Request,
        handle: InteractionHandle,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response:
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT):
            return self._bad_callback(request, handle, CHANNEL_MESSAGE)
        attachments = self._collect_attachments(data, files, []) or []
        flags = int(data.get("flags") or 0) & ALLOWED_RESPONSE_FLAGS
        body = {**data, "attachments": attachments, "flags": flags}
        problems = check_message(body)
        if problems:
            return self._form_error(request, problems, handle.id)
        refused = None if flags & FLAG_EPHEMERAL else self._refuse_write(handle.channel, "create")
        if refused is not None:
            return refused
        return self._new_message(
            handle.channel, data, attachments, flags=flags, via="callback:4", handle=handle
        )

    def _respond_deferred(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> Message | web.Response:
        """The "thinking" message; only its ephemeral flag comes from the bot."""
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT):
            return self._bad_callback(request, handle, DEFERRED_CHANNEL_MESSAGE)
        flags = (int(data.get("flags") or 0) & FLAG_EPHEMERAL) | FLAG_LOADING
        refused = None if flags & FLAG_EPHEMERAL else self._refuse_write(handle.channel, "create")
        if refused is not None:
            return refused
        return self._new_message(
            handle.channel, {}, [], flags=flags, via="callback:5", handle=handle
        )

    def _respond_with_update(
        self,
        request: web.Request,
        handle: InteractionHandle,
        rtype: int,
        data: dict[str, Any],
        files: dict[int, Attachment],
    ) -> Message | web.Response:
        """Updates (or, deferred, will update) the message whose component was used."""
        if handle.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or handle.message_id is None:
            return self._bad_callback(request, handle, rtype)
        message = self.messages[handle.message_id]
        if rtype == UPDATE_MESSAGE:
            refused = None if message.ephemeral else self._refuse_write(handle.channel, "edit")
            error = refused or self._edit_message(
                request, message, data, files, via="callback:7", interaction_id=handle.id
            )
            if error is not None:
                return error
        return message

    def _respond_with_choices(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> web.Response | None:
        if handle.type != AUTOCOMPLETE:
            return self._bad_callback(request, handle, AUTOCOMPLETE_RESULT)
        if len(data.get("choices") or []) > 25:
            return self._form_error(
                request, [("autocomplete_limits", "more than 25 choices")], handle.id
            )
        return None

    def _respond_with_modal(
        self, request: web.Request, handle: InteractionHandle, data: dict[str, Any]
    ) -> web.Response | None:
        if handle.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            return self._bad_callback(request, handle, MODAL)
        problems = check_modal(data)
        if problems:
            return self._form_error(request, problems, handle.id)
        return None

    def _acknowledge(
        self, handle: InteractionHandle, rtype: int, data: dict[str, Any], message: Message | None
    ) -> None:
        """Marks the interaction answered: stops its timeout timer and records the latency."""
        handle.acked_at = asyncio.get_running_loop().time()
        handle.response_type = rtype
        handle.response_data = data
        if handle.timer is not None:
            handle.timer.cancel()
            handle.timer = None
        if handle.latency is not None:
            self.latencies.append(handle.latency)
        if message is not None:
            handle.original_message_id = message.id
            if rtype in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
                self.deferred_by_message.setdefault(message.id, []).append(handle)
        self._emit("interaction_ack", interaction=handle)
        self._notify()

    def _callback_result(
        self, handle: InteractionHandle, rtype: int, message: Message | None
    ) -> dict[str, Any]:
        """The callback's response body: the interaction and what the callback created."""
        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        resource: dict[str, Any] = {"type": rtype}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = rtype == DEFERRED_CHANNEL_MESSAGE
            interaction["response_message_ephemeral"] = message.ephemeral
            if rtype != DEFERRED_UPDATE_MESSAGE:
                resource["message"] = self._message_payload(message)
        return {"interaction": interaction, "resource": resource}

    def _bad_callback(
        self, request: web.Request, handle: InteractionHandle, rtype: int
    ) -> web.Response:
        return self._form_error(
            request,
            [
                (
                    "invalid_callback",
                    f"callback type {rtype} not valid for interaction type {handle.type}",
                )
            ],
            handle.id,
        )
