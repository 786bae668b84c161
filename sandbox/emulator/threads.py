"""Public threads (type 11) as Discord runs them: their life (created, archived after
``auto_archive_duration`` minutes without activity, unarchived by a message, locked, deleted),
who may write in them, their members, the gateway events each change sends, and the test API
(``threads``, ``thread_members``, ``start_thread``, ``archive_thread``, ``lock_thread``,
``delete_thread``).

The rules, and which of them Discord documents and which its users report, are in
sandbox/README.md ("Threads"). Time is the emulator's clock: a thread idle past its duration
archives itself on the next request, user action or ``clock.advance``, never in the background.
"""

from __future__ import annotations

import math
from typing import Any

from aiohttp import web

from sandbox.emulator.payloads import Payloads
from sandbox.emulator.state import ChannelRef, MessageRef, UserRef
from sandbox.gateway import INTENT_GUILD_MEMBERS
from sandbox.interactions import EmulatorError
from sandbox.models import (
    ANNOUNCEMENT_THREAD,
    ARCHIVE_DURATIONS,
    CREATE_PUBLIC_THREADS,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Guild,
    Message,
    Thread,
    ThreadMember,
    User,
)
from sandbox.responses import error_response

THREAD_ARCHIVED = 50083  # Discord: "Tried to perform an operation on an archived thread"
# Discord's cap on a guild's active threads: 160006 once reached (about 1,000 reported,
# discord-api-docs #5946); ``set_thread_cap`` lowers it for a test.
MAX_ACTIVE_THREADS = 160006
MAX_ACTIVE_THREADS_MESSAGE = "Maximum number of active threads reached"
DEFAULT_THREAD_CAP = 1000
# What Discord answers with code 50083, in archived and (reported, #6884, #7707) locked threads.
THREAD_ARCHIVED_MESSAGE = "Thread is archived"


class ThreadState(Payloads):
    # No thread is due to archive before this time (the emulator's clock): activity only moves a
    # thread's due time later, so the sweep looks at the threads only once this has passed, and
    # a request costs nothing however many threads there are.
    _next_archive: float = math.inf
    thread_cap: int = DEFAULT_THREAD_CAP  # active threads a guild may have (160006 beyond)

    def _init_threads(self) -> None:
        """Archives idle threads whenever a test moves the clock on, and before every REST
        request is answered."""
        self.clock.on_advance(self._sweep_archives)
        self._before_request.append(self._sweep_archives)

    def _schedule_archive(self, thread: Thread) -> None:
        """Called whenever a thread's due time may have moved earlier (it was created or
        unarchived, or its duration changed)."""
        self._next_archive = min(self._next_archive, thread.archives_at())

    # ----- test API ----------------------------------------------------------------------------

    def threads(
        self, parent: ChannelRef | Guild | None = None, *, archived: bool | None = None
    ) -> list[Thread]:
        """The threads of a channel (or of a guild, or every one), oldest first, deleted ones
        left out; only archived (True) or only active (False) ones."""
        self._sweep_archives()
        if isinstance(parent, Guild):
            pool = list(parent.threads.values())
        elif parent is not None:
            channel = self._channel(parent)
            pool = [t for t in self._guild(channel.guild_id).threads.values()]
            pool = [t for t in pool if t.parent_id == channel.id]
        else:
            pool = [t for g in self.guilds.values() for t in g.threads.values()]
        return [
            t
            for t in sorted(pool, key=lambda t: t.id)
            if not t.deleted and (archived is None or t.archived == archived)
        ]

    def set_thread_cap(self, cap: int) -> None:
        """From now on a guild holds at most ``cap`` active threads: starting or unarchiving
        one beyond answers 400 160006 "Maximum number of active threads reached"."""
        self.thread_cap = cap

    def at_thread_cap(self, guild_id: int) -> bool:
        """The guild's active (not archived, not deleted) threads are at the cap."""
        return len(self.threads(self._guild(guild_id), archived=False)) >= self.thread_cap

    def thread_members(self, thread: ChannelRef) -> list[User]:
        """Who joined the thread, in the order they joined."""
        t = self._thread(thread)
        return [self.users[m.user_id] for m in t.members.values()]

    def start_thread(
        self,
        user: UserRef,
        message: MessageRef,
        name: str,
        *,
        auto_archive_duration: int = 1440,
    ) -> Thread:
        """``user`` starts a thread from a message in a text channel, as in Discord's client
        (they need Create Public Threads)."""
        u = self._user(user)
        msg = self.messages.get(message if isinstance(message, int) else message.id)
        if msg is None or msg.ephemeral or msg.deleted:
            raise EmulatorError(f"no thread can be started from {message!r}")
        parent = self._channel(msg.channel_id)
        if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            raise EmulatorError(f"no thread can be started from {msg!r}")
        if not self._may(parent.guild_id, u.id, CREATE_PUBLIC_THREADS):
            raise EmulatorError(f"{u.name} may not create threads (no Create Public Threads)")
        if msg.thread_id is not None:
            raise EmulatorError(f"{msg!r} already has a thread")
        return self._create_thread(parent, u, name, auto_archive_duration, starter=msg)

    def archive_thread(self, thread: ChannelRef) -> None:
        """Archives a thread now, as its owner or a moderator would."""
        t = self._thread(thread)
        if not t.archived:
            self._set_archived(t, True)

    def lock_thread(self, thread: ChannelRef, *, by: UserRef, locked: bool = True) -> None:
        """A moderator (``by`` needs Manage Threads) locks (or unlocks) a thread; it stays
        active, as Discord's threads have since March 2023."""
        t = self._thread(thread)
        self._moderator(t, by)
        t.locked = locked
        self._thread_changed(t)

    def delete_thread(self, thread: ChannelRef, *, by: UserRef) -> None:
        """A moderator (``by`` needs Manage Threads) deletes a thread and its messages; requests
        to it then answer 404 10003 Unknown Channel."""
        t = self._thread(thread)
        self._moderator(t, by)
        self._remove_thread(t)

    # ----- lookups and permissions -------------------------------------------------------------

    def _thread(self, thread: ChannelRef) -> Thread:
        tid = thread if isinstance(thread, int) else thread.id
        for guild in self.guilds.values():
            found = guild.threads.get(tid)
            if found is not None and not found.deleted:
                return found
        raise EmulatorError(f"unknown thread {tid}")

    def _thread_of(self, channel: Channel) -> Thread | None:
        return channel if isinstance(channel, Thread) else None

    def _may(self, guild_id: int, user_id: int, permission: int) -> bool:
        """Whether the user has ``permission`` in the guild (threads take their parent's
        permissions, and the emulator keeps no channel overwrites)."""
        return bool(self.guilds[guild_id].permissions_for(user_id) & permission)

    def _moderator(self, thread: Thread, by: UserRef) -> None:
        user = self._user(by)
        if not self._may(thread.guild_id, user.id, MANAGE_THREADS):
            raise EmulatorError(f"{user.name} may not moderate threads (no Manage Threads)")

    # ----- who may write -----------------------------------------------------------------------

    def _refuse_write(
        self, channel: Channel, action: str, *, needs_send: bool = False
    ) -> web.Response | None:
        """Discord's answer when the bot may not ``action`` (``create``, ``edit``, ``delete``)
        a public message in ``channel``, else None (always None outside threads).

        ``needs_send``: the bot writes with its own token (interaction answers need no
        permission to send)."""
        thread = self._thread_of(channel)
        if thread is None:
            return None
        if thread.deleted:
            return error_response(404, 10003, "Unknown Channel")
        bot = self.bot_user.id
        if needs_send and not self._may(thread.guild_id, bot, SEND_MESSAGES_IN_THREADS):
            return error_response(403, 50013, "Missing Permissions")
        moderator = self._may(thread.guild_id, bot, MANAGE_THREADS)
        if thread.locked and not moderator and action in ("create", "edit"):
            return error_response(403, THREAD_ARCHIVED, THREAD_ARCHIVED_MESSAGE)
        if thread.archived and action in ("edit", "delete"):
            return error_response(400, THREAD_ARCHIVED, THREAD_ARCHIVED_MESSAGE)
        return None

    def _note_thread_message(
        self, channel: Channel, *, joiner: User | None = None, count: bool = True
    ) -> None:
        """A public message was just written in ``channel``: in a thread it is activity (an
        archived thread unarchives), it counts, and its author joins (Discord adds whoever
        sends a message to the thread)."""
        thread = self._thread_of(channel)
        if thread is None:
            return
        if thread.archived:
            self._set_archived(thread, False)
        thread.last_activity = self.clock.now()
        if count:
            thread.message_count += 1
            thread.total_message_sent += 1
        if joiner is not None and joiner.id not in thread.members:
            self._add_thread_member(thread, joiner)

    def _note_thread_message_deleted(self, msg: Message) -> None:
        channel = self.channels.get(msg.channel_id)
        thread = self._thread_of(channel) if channel is not None else None
        if thread is not None and not msg.ephemeral:
            thread.message_count = max(thread.message_count - 1, 0)

    # ----- life ----------------------------------------------------------------------------------

    def _create_thread(
        self,
        parent: Channel,
        owner: User,
        name: str,
        auto_archive_duration: int,
        *,
        starter: Message | None = None,
        thread_id: int | None = None,
    ) -> Thread:
        """A new public thread under ``parent``; its owner joins it. Started from a message, it
        takes the message's id and the message shows it."""
        now = self.clock.now()
        tid = starter.id if starter is not None else thread_id or self.snowflakes.next()
        thread = Thread(
            id=tid,
            type=ANNOUNCEMENT_THREAD if parent.type == GUILD_ANNOUNCEMENT else PUBLIC_THREAD,
            guild_id=parent.guild_id,
            name=name,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            archive_timestamp=now,
            create_timestamp=now,
            last_activity=now,
        )
        self._guild(parent.guild_id).threads[tid] = thread
        self.channels[tid] = thread
        self._schedule_archive(thread)
        created = {**self._thread_payload(thread), "newly_created": True}
        self._broadcast(thread.guild_id, "THREAD_CREATE", created)
        self._emit("thread_create", thread=thread)
        self._add_thread_member(thread, owner)
        if starter is not None:
            starter.thread_id = tid
            self._emit("message_update", message=starter)
            self._broadcast(thread.guild_id, "MESSAGE_UPDATE", self._message_payload(starter))
        self._notify()
        return thread

    def _set_archived(self, thread: Thread, archived: bool, *, at: float | None = None) -> None:
        """Archives or unarchives; unarchiving is activity, and (as Discord does) the members
        hear THREAD_MEMBER_UPDATE after THREAD_UPDATE."""
        now = self.clock.now()
        thread.archived = archived
        thread.archive_timestamp = at if at is not None else now
        if not archived:
            thread.last_activity = now
            self._schedule_archive(thread)
        self._thread_changed(thread)
        bot_member = thread.members.get(self.bot_user.id)
        if not archived and bot_member is not None:
            payload = {**bot_member.to_payload(thread.id), "guild_id": str(thread.guild_id)}
            self._broadcast(thread.guild_id, "THREAD_MEMBER_UPDATE", payload)

    def _thread_changed(self, thread: Thread) -> None:
        self._broadcast(thread.guild_id, "THREAD_UPDATE", self._thread_payload(thread))
        self._emit("thread_update", thread=thread)
        self._notify()

    def _sweep_archives(self) -> None:
        """Archives every active thread idle past its auto_archive_duration, dated when it
        should have archived."""
        now = self.clock.now()
        if now < self._next_archive:
            return
        self._next_archive = math.inf
        for guild in list(self.guilds.values()):
            for thread in list(guild.threads.values()):
                if thread.archived or thread.deleted:
                    continue
                due = thread.archives_at()
                if now >= due:
                    self._set_archived(thread, True, at=due)
                else:
                    self._schedule_archive(thread)

    def _remove_thread(self, thread: Thread) -> None:
        """Deletes a thread with its messages (no MESSAGE_DELETE for them: Discord sends only
        THREAD_DELETE); the message it was started from no longer shows it."""
        thread.deleted = True
        self.channels.pop(thread.id, None)
        for msg in self.messages.values():
            if msg.channel_id == thread.id and not msg.deleted:
                msg.deleted = True
                self._emit("message_delete", message=msg)
            if msg.thread_id == thread.id:
                msg.thread_id = None
        payload = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "type": thread.type,
        }
        self._broadcast(thread.guild_id, "THREAD_DELETE", payload)
        self._emit("thread_delete", thread=thread)
        self._notify()

    # ----- members -------------------------------------------------------------------------------

    def _add_thread_member(self, thread: Thread, user: User) -> None:
        thread.members[user.id] = ThreadMember(user.id, self.clock.now())
        self._members_changed(thread, user, added=True)

    def _remove_thread_member(self, thread: Thread, user: User) -> None:
        if thread.members.pop(user.id, None) is not None:
            self._members_changed(thread, user, added=False)

    def _members_changed(self, thread: Thread, user: User, *, added: bool) -> None:
        """THREAD_MEMBERS_UPDATE: always when the bot itself joins or leaves, for anyone else
        only with the GUILD_MEMBERS intent (Discord, Gateway Events, "Thread Members Update")."""
        payload: dict[str, Any] = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": min(len(thread.members), 50),
        }
        if added:
            member = self._guild(thread.guild_id).members.get(user.id)
            added_member = thread.members[user.id].to_payload(thread.id)
            added_member["member"] = member.to_payload() if member is not None else None
            added_member["presence"] = None
            payload["added_members"] = [added_member]
        else:
            payload["removed_member_ids"] = [str(user.id)]
        needs = 0 if user.id == self.bot_user.id else INTENT_GUILD_MEMBERS
        self._broadcast(thread.guild_id, "THREAD_MEMBERS_UPDATE", payload, intents=needs)
        self._notify()

    # ----- payloads and events -----------------------------------------------------------------

    def _thread_payload(self, thread: Thread, *, with_member: bool = True) -> dict[str, Any]:
        """The thread's channel object, with the bot's thread member when it joined (Discord
        includes it on the endpoints that return a thread)."""
        data = thread.to_payload()
        member = thread.members.get(self.bot_user.id)
        if with_member and member is not None:
            data["member"] = member.to_payload(thread.id)
        return data

    def _broadcast(
        self, guild_id: int, event: str, data: dict[str, Any], *, intents: int = 0
    ) -> None:
        self._spawn(self.gateway.broadcast_guild(guild_id, event, data, intents=intents))

    @staticmethod
    def _valid_duration(value: Any) -> bool:
        return value in ARCHIVE_DURATIONS
