"""REST handlers for threads, all under the bot token (so under its global limit): starting one
from a message or without one (a post, in a forum), getting, changing and deleting one through
``/channels/{id}``, its members, and listing archived and active threads.

Answers and error codes follow Discord's Channel resource page; where Discord's users report
more than it documents, sandbox/README.md ("Threads") says so.
"""

from __future__ import annotations

import datetime
from typing import Any

from aiohttp import web

from sandbox.emulator.rest.channels import ChannelRoutes
from sandbox.emulator.threads import (
    MAX_ACTIVE_THREADS,
    MAX_ACTIVE_THREADS_MESSAGE,
    THREAD_ARCHIVED,
    THREAD_ARCHIVED_MESSAGE,
)
from sandbox.gateway import INTENT_GUILD_MEMBERS
from sandbox.limits import check_message
from sandbox.models import (
    CREATE_PUBLIC_THREADS,
    GUILD_ANNOUNCEMENT,
    GUILD_FORUM,
    GUILD_TEXT,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Thread,
    User,
)
from sandbox.responses import error_response, json_response

WRONG_CHANNEL_TYPE = (400, 50024, "Cannot execute action on this channel type")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
ARCHIVED = (400, THREAD_ARCHIVED, THREAD_ARCHIVED_MESSAGE)
AT_CAP = (400, MAX_ACTIVE_THREADS, MAX_ACTIVE_THREADS_MESSAGE)
Refusal = tuple[int, int, str]


def _refused(refusal: Refusal) -> web.Response:
    return error_response(*refusal)


class ThreadRoutes(ChannelRoutes):
    # ----- starting a thread -------------------------------------------------------------------

    async def _start_thread_from_message(self, request: web.Request) -> web.Response:
        """``POST /channels/{channel_id}/messages/{message_id}/threads``: the thread takes the
        message's id, so a message has one thread at most (160004)."""
        parent = self._channel_or_error(request)
        if isinstance(parent, web.Response):
            return parent
        # Not in a thread, nor a forum (Discord: "Does not work"); an announcement channel's
        # thread is an announcement thread (type 10).
        if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            return _refused(WRONG_CHANNEL_TYPE)
        msg = self.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != parent.id or msg.ephemeral:
            return error_response(404, 10008, "Unknown Message")
        payload, _ = await self._read_body(request)
        refusal = self._thread_body_refusal(request, payload, parent)
        if refusal is not None:
            return refusal
        if msg.thread_id is not None:
            return error_response(400, 160004, "A thread has already been created for this message")
        thread = self._create_thread(
            parent, self.bot_user, payload["name"], self._duration(payload), starter=msg
        )
        return json_response(self._thread_payload(thread))

    async def _start_thread(self, request: web.Request) -> web.Response:
        """``POST /channels/{channel_id}/threads``: a public thread without a message (type 11;
        Discord's default type is a private thread, which the emulator does not have), or a
        post in a forum with its first message."""
        parent = self._channel_or_error(request)
        if isinstance(parent, web.Response):
            return parent
        payload, _ = await self._read_body(request)
        if parent.type == GUILD_FORUM:
            return self._start_forum_post(request, parent, payload)
        # An announcement channel opens threads on a message only (as issue 34 reports).
        if parent.type != GUILD_TEXT:
            return _refused(WRONG_CHANNEL_TYPE)
        if payload.get("type") != PUBLIC_THREAD:
            return self._form_error(
                request,
                [
                    (
                        "thread_type",
                        f"thread type {payload.get('type')!r}: without a type Discord creates a "
                        "private thread (discord.py's create_thread without a message does so); "
                        "the emulator has public threads only: pass type 11",
                    )
                ],
            )
        refusal = self._thread_body_refusal(request, payload, parent)
        if refusal is not None:
            return refusal
        thread = self._create_thread(
            parent, self.bot_user, payload["name"], self._duration(payload)
        )
        return json_response(self._thread_payload(thread))

    def _start_forum_post(
        self, request: web.Request, forum: Channel, payload: dict[str, Any]
    ) -> web.Response:
        """A forum post: a thread and its first message, which share an id. Needs Send
        Messages (Discord: "CREATE_PUBLIC_THREADS is ignored")."""
        if not self._may(forum.guild_id, self.bot_user.id, SEND_MESSAGES):
            return _refused(MISSING_PERMISSIONS)
        message = payload.get("message") if isinstance(payload.get("message"), dict) else None
        problems = [("forum_post", "a forum post needs a message")] if message is None else []
        problems += check_message({**(message or {}), "attachments": []}) if message else []
        if problems or not self._name_ok(payload.get("name")):
            return self._form_error(request, problems or [("thread_name", "name: 1-100")])
        assert message is not None
        thread = self._create_thread(forum, self.bot_user, payload["name"], self._duration(payload))
        first = self._new_message(thread, message, [], flags=0, via="channel", message_id=thread.id)
        data = self._thread_payload(thread)
        data["message"] = self._message_payload(first)
        return json_response(data)

    def _thread_body_refusal(
        self, request: web.Request, payload: dict[str, Any], parent: Channel
    ) -> web.Response | None:
        """The answer to a thread's name, duration or slowmode Discord would refuse, or to a
        bot without Create Public Threads (None when it may start it)."""
        if not self._name_ok(payload.get("name")):
            return self._form_error(request, [("thread_name", "name must be 1-100 characters")])
        duration = payload.get("auto_archive_duration")
        if duration is not None and not self._valid_duration(duration):
            return self._form_error(
                request, [("thread_archive_duration", f"{duration} is not 60/1440/4320/10080")]
            )
        bot = self.bot_user.id
        if not self._may(parent.guild_id, bot, CREATE_PUBLIC_THREADS):
            return _refused(MISSING_PERMISSIONS)
        # Reported (discord-api-docs #5573): any rate_limit_per_user, even 0, needs Manage
        # Threads when starting a thread.
        slowmode = payload.get("rate_limit_per_user") is not None
        if slowmode and not self._may(parent.guild_id, bot, MANAGE_THREADS):
            return _refused(MISSING_PERMISSIONS)
        if self.at_thread_cap(parent.guild_id):
            return _refused(AT_CAP)
        return None

    @staticmethod
    def _name_ok(name: Any) -> bool:
        return isinstance(name, str) and 1 <= len(name) <= 100

    @staticmethod
    def _duration(payload: dict[str, Any]) -> int:
        return int(payload.get("auto_archive_duration") or 1440)

    # ----- /channels/{channel_id} ------------------------------------------------------------

    async def _channel_resource(self, request: web.Request) -> web.Response:
        """GET any channel; PATCH and DELETE a thread (other channels' are not emulated)."""
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        thread = self._thread_of(channel)
        if request.method == "GET":
            return json_response(
                self._thread_payload(thread) if thread is not None else channel.to_payload()
            )
        if thread is None or request.method not in ("PATCH", "DELETE"):
            return error_response(405, 0, "405: Method Not Allowed")
        if request.method == "DELETE":
            # Discord: deleting a thread requires Manage Threads.
            if not self._may(thread.guild_id, self.bot_user.id, MANAGE_THREADS):
                return _refused(MISSING_PERMISSIONS)
            self._remove_thread(thread)
            return json_response(thread.to_payload())
        payload, _ = await self._read_body(request)
        refusal = self._modify_refusal(thread, payload)
        if refusal is not None:
            return _refused(refusal)
        return self._modify_thread(request, thread, payload)

    def _modify_refusal(self, thread: Thread, payload: dict[str, Any]) -> Refusal | None:
        """Who may change what (Discord, Threads, "Editing & Deleting Threads", and Channel,
        "Modify Channel", JSON Params (Thread))."""
        bot = self.bot_user.id
        moderator = self._may(thread.guild_id, bot, MANAGE_THREADS)
        unarchiving = payload.get("archived") is False
        if thread.archived and not unarchiving:
            return ARCHIVED  # "Requires the thread to have archived set to false" (#6928)
        if thread.locked and not moderator:
            return MISSING_PERMISSIONS  # a locked thread: only Manage Threads changes it
        if ("locked" in payload or "rate_limit_per_user" in payload) and not moderator:
            return MISSING_PERMISSIONS
        owner_or_moderator = moderator or thread.owner_id == bot
        renaming = "name" in payload or "auto_archive_duration" in payload
        if (renaming or payload.get("archived") is True) and not owner_or_moderator:
            return MISSING_PERMISSIONS
        if unarchiving and not (
            self._may(thread.guild_id, bot, SEND_MESSAGES_IN_THREADS) and bot in thread.members
        ):
            return MISSING_PERMISSIONS  # unarchiving needs a member who may talk in it
        if unarchiving and thread.archived and self.at_thread_cap(thread.guild_id):
            return AT_CAP  # an unarchived thread is active again: it counts
        return None

    def _modify_thread(
        self, request: web.Request, thread: Thread, payload: dict[str, Any]
    ) -> web.Response:
        if "name" in payload and not self._name_ok(payload["name"]):
            return self._form_error(request, [("thread_name", "name must be 1-100 characters")])
        duration = payload.get("auto_archive_duration")
        if duration is not None and not self._valid_duration(duration):
            return self._form_error(
                request, [("thread_archive_duration", f"{duration} is not 60/1440/4320/10080")]
            )
        thread.name = str(payload.get("name", thread.name))
        thread.locked = bool(payload.get("locked", thread.locked))
        if payload.get("rate_limit_per_user") is not None:
            thread.rate_limit_per_user = int(payload["rate_limit_per_user"])
        if duration is not None:
            thread.auto_archive_duration = int(duration)
            thread.last_activity = thread.archive_timestamp = self.clock.now()  # activity
            self._schedule_archive(thread)
        archived = payload.get("archived")
        if isinstance(archived, bool) and archived != thread.archived:
            self._set_archived(thread, archived)  # one THREAD_UPDATE with every change
        else:
            self._thread_changed(thread)
        return json_response(self._thread_payload(thread))

    # ----- members -------------------------------------------------------------------------------

    def _thread_or_error(self, request: web.Request) -> Thread | web.Response:
        """The thread of ``{channel_id}``, or Discord's answer when it is none."""
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        thread = self._thread_of(channel)
        return thread if thread is not None else _refused(WRONG_CHANNEL_TYPE)

    def _member_target(self, request: web.Request) -> tuple[Thread, User] | web.Response:
        thread = self._thread_or_error(request)
        if isinstance(thread, web.Response):
            return thread
        ref = request.match_info["user_id"]
        user = self.bot_user if ref == "@me" else self.users.get(int(ref))
        if user is None or user.id not in self.guilds[thread.guild_id].members:
            return error_response(404, 10007, "Unknown Member")
        return thread, user

    async def _thread_member(self, request: web.Request) -> web.Response:
        """PUT/DELETE/GET ``/channels/{id}/thread-members/{user_id|@me}``."""
        target = self._member_target(request)
        if isinstance(target, web.Response):
            return target
        thread, user = target
        if request.method == "GET":
            member = thread.members.get(user.id)
            if member is None:
                return error_response(404, 10007, "Unknown Member")
            return json_response(member.to_payload(thread.id))
        refusal = self._membership_refusal(thread, user, adding=request.method == "PUT")
        if refusal is not None:
            return _refused(refusal)
        if request.method == "PUT" and user.id not in thread.members:
            self._add_thread_member(thread, user)
            if user.id == self.bot_user.id:  # Discord: joining fires THREAD_CREATE too
                self._broadcast(thread.guild_id, "THREAD_CREATE", self._thread_payload(thread))
        elif request.method == "DELETE":
            self._remove_thread_member(thread, user)
        return web.Response(status=204)

    def _membership_refusal(self, thread: Thread, user: User, *, adding: bool) -> Refusal | None:
        """Discord: joining, adding, leaving and removing all need the thread not archived;
        adding someone needs the ability to send in it, removing someone Manage Threads."""
        if thread.archived:
            return ARCHIVED
        bot = self.bot_user.id
        if user.id == bot:
            return None
        if adding and not self._may(thread.guild_id, bot, SEND_MESSAGES_IN_THREADS):
            return MISSING_PERMISSIONS
        if not adding and not self._may(thread.guild_id, bot, MANAGE_THREADS):
            return MISSING_PERMISSIONS
        return None

    async def _thread_members(self, request: web.Request) -> web.Response:
        """``GET /channels/{id}/thread-members``: Discord restricts it to apps with the
        GUILD_MEMBERS privileged intent; the emulator asks whether the bot's session has it."""
        thread = self._thread_or_error(request)
        if isinstance(thread, web.Response):
            return thread
        session = self.gateway.session_for_guild(thread.guild_id)
        if session is None or not session.intents & INTENT_GUILD_MEMBERS:
            return error_response(403, 50001, "Missing Access")
        with_member = request.query.get("with_member") in ("true", "True", "1")
        guild = self.guilds[thread.guild_id]
        members = []
        for member in thread.members.values():
            data = member.to_payload(thread.id)
            if with_member and member.user_id in guild.members:
                data["member"] = guild.members[member.user_id].to_payload()
            members.append(data)
        return json_response(members)

    # ----- lists -------------------------------------------------------------------------------

    async def _archived_public_threads(self, request: web.Request) -> web.Response:
        """``GET /channels/{id}/threads/archived/public``: newest archived first (Discord
        orders them by archive_timestamp); needs Read Message History."""
        channel = self._channel_or_error(request)
        if isinstance(channel, web.Response):
            return channel
        if self._thread_of(channel) is not None:
            return _refused(WRONG_CHANNEL_TYPE)
        if not self._may(channel.guild_id, self.bot_user.id, READ_MESSAGE_HISTORY):
            return _refused(MISSING_PERMISSIONS)
        threads = sorted(self.threads(channel, archived=True), key=lambda t: -t.archive_timestamp)
        before = request.query.get("before")
        if before:
            cutoff = datetime.datetime.fromisoformat(before).timestamp()
            threads = [t for t in threads if t.archive_timestamp < cutoff]
        limit = int(request.query.get("limit") or 50)
        return json_response(self._thread_list(threads[:limit], has_more=len(threads) > limit))

    async def _active_guild_threads(self, request: web.Request) -> web.Response:
        """``GET /guilds/{guild_id}/threads/active``."""
        if not self._authorized(request):
            return self._unauthorized()
        guild = self.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response(self._thread_list(self.threads(guild, archived=False)))

    def _thread_list(self, threads: list[Thread], *, has_more: bool | None = None) -> Any:
        """Threads with the bot's thread member for each it joined."""
        bot = self.bot_user.id
        data: dict[str, Any] = {
            "threads": [t.to_payload() for t in threads],
            "members": [t.members[bot].to_payload(t.id) for t in threads if bot in t.members],
        }
        if has_more is not None:
            data["has_more"] = has_more
        return data
