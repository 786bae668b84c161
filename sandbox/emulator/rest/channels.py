"""REST handlers for channels' messages under the bot token: typing, list, create (with
``enforce_nonce`` deduplication), get, edit and delete messages, in a channel or a thread (where
Discord's thread rules apply, sandbox.emulator.threads). ``/channels/{id}`` itself is in
``rest/threads.py``."""

from __future__ import annotations

from aiohttp import web

from sandbox.emulator.messages import ALLOWED_CHANNEL_FLAGS, MessageStore
from sandbox.emulator.reading import Reading
from sandbox.limits import FLAG_EPHEMERAL, check_message
from sandbox.models import GUILD_FORUM, Channel, Message
from sandbox.responses import error_response, json_response

NONCE_WINDOW = 5 * 60.0  # seconds a post's nonce is remembered (enforce_nonce)


class ChannelRoutes(MessageStore, Reading):
    def _channel_or_error(self, request: web.Request) -> Channel | web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            return error_response(404, 10003, "Unknown Channel")
        return channel

    async def _typing(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        return web.Response(status=204)

    async def _channel_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        if request.method == "GET":
            return self._list_messages(request, channel)
        if request.method != "POST":
            return error_response(405, 0, "405: Method Not Allowed")
        if channel.type == GUILD_FORUM:
            # Discord: "Messages cannot be sent directly in forum channels" (only in its posts).
            return error_response(400, 50008, "Cannot send messages in a non-text channel")
        refused = self._refuse_write(channel, "create", needs_send=True)
        if refused is not None:
            return refused
        return await self._post_message(request, channel)

    def _list_messages(self, request: web.Request, channel: Channel) -> web.Response:
        msgs = self.public_messages(channel)
        q = request.query
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
        limit = int(q.get("limit", 50))
        newest_first = list(reversed(msgs))[:limit]
        return json_response([self._message_payload(m) for m in newest_first])

    async def _post_message(self, request: web.Request, channel: Channel) -> web.Response:
        payload, files = await self._read_body(request)
        raw_flags = int(payload.get("flags") or 0)
        if raw_flags & FLAG_EPHEMERAL:
            return self._form_error(
                request,
                [("ephemeral_channel_message", "ephemeral flag on a plain channel message")],
            )
        attachments = self._collect_attachments(payload, files, []) or []
        flags = raw_flags & ALLOWED_CHANNEL_FLAGS
        problems = check_message({**payload, "attachments": attachments, "flags": flags})
        if problems:
            return self._form_error(request, problems)
        nonce = payload.get("nonce")
        if nonce is not None and payload.get("enforce_nonce"):
            # Discord: the same author's message with this nonce from the last few minutes is
            # returned instead of creating a second one.
            earlier = self._by_nonce(channel, str(nonce))
            if earlier is not None:
                self.nonce_hits += 1
                return json_response(self._message_payload(earlier))
        msg = self._new_message(channel, payload, attachments, flags=flags, via="channel")
        if nonce is not None:
            msg.nonce = str(nonce)
        return json_response(self._message_payload(msg))

    def _by_nonce(self, channel: Channel, nonce: str) -> Message | None:
        horizon = self.clock.now() - NONCE_WINDOW
        for msg in reversed(list(self.messages.values())):
            if msg.created_at < horizon:
                break
            if msg.channel_id == channel.id and msg.nonce == nonce and not msg.deleted:
                return msg
        return None

    async def _channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != channel.id:
            return error_response(404, 10008, "Unknown Message")
        if msg.ephemeral:
            # Ephemeral messages do not exist for the channel endpoints: only the token of an
            # interaction that made or touched them reaches them.
            self._violate(
                "ephemeral_via_channel",
                f"ephemeral message {msg.id} used through the channel endpoint",
                request,
            )
            return error_response(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(self._message_payload(msg))
        if request.method == "PATCH":
            if msg.author.id != self.bot_user.id:
                return error_response(403, 50005, "Cannot edit a message authored by another user")
            payload, files = await self._read_body(request)
            error = self._refuse_write(channel, "edit") or self._edit_message(
                request, msg, payload, files, via="channel_edit"
            )
            return error or json_response(self._message_payload(msg))
        if request.method == "DELETE":
            refused = self._refuse_write(channel, "delete")
            if refused is not None:
                return refused
            self._delete_message(msg)
            return web.Response(status=204)
        return error_response(405, 0, "405: Method Not Allowed")
