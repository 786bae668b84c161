"""A table's public messages: the outbox carried out, the lobby, the table message of the hand
in play and the ping, and a click's answer on one of them.

The outbox's posts (a hand's result, the final standings, a note) go with the bot's own
authority and a nonce Discord enforces, so a post repeated after a crash returns the first
message. The derived messages (the table message, a ping) go through the freshest interaction
token of one of the table's people (``outlet.Voice``), which Discord does not count against the
bot's budget, and are edited and deleted through the same token. A token post has no nonce: its
intent (the token) is stored first, and after a crash a message that may have been posted is
looked for among the channel's newest messages (its Show my hand button names its slot) before
it is posted again. A table message whose token is about to die moves to a fresher one (posted
anew, the old one deleted through its own token).

The table message is edited at most once per ``table_edit_gap`` (the latest state: the moves of
a fast trick are shown together), less often under the bot's token when the bot is near its
budget. A person is mentioned the first time they are to act in a hand, and again only when
their turn has waited ``remind_after`` seconds; a ping whose turn is over is deleted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import orjson

from bot import ids
from bot.model import Table
from bot.render import Rendered
from bot.render.chart import draw
from bot.storage import OutboxRow, Storage
from bot.tables.feed.limits import PING_RESERVE, TABLE_RESERVE
from bot.tables.feed.outlet import BOT, Outlet, TableMoved, Voice
from bot.tables.feed.state import (
    STALE_RETRY,
    Plan,
    Shown,
    Slot,
    TableFeed,
    new_nonce,
    slot_row,
)
from bot.tables.ports import Clock, MessageRefused

VOICE_LIFE = 5 * 60.0  # seconds a token must have left to post a derived message with
PING_BOT_ROOM = 2  # a ping with the bot's token leaves this many of the channel's posts
MOVE_BEFORE = 3 * 60.0  # a table message moves to a fresher token this long before its dies
PRESSURE_GAP = 4.0  # the table edit gap grows up to 1 + this times under the bot's budget
# Seconds a table edit may wait for its token's window (moves made meanwhile go in the same
# edit); a longer wait goes with the bot's authority instead, if it has room.
TABLE_PATIENCE = 0.45
# The bot's authority carries a table edit whose token's window is full only while its channel
# bucket keeps this many requests and its global budget is used less than this share.
BOT_CARRY_ROOM = 3
BOT_CARRY_PRESSURE = 0.5
# A table edit with the bot's authority leaves this many of the channel's bucket for a finished
# hand's last edit (which may not wait).
BOT_EDIT_ROOM = 2
DISCORD_EPOCH_MS = 1_420_070_400_000  # Discord's snowflakes count from 2015


def snowflake_at(timestamp: float) -> int:
    """The smallest message id Discord could give at ``timestamp`` (wall-clock seconds)."""
    return max(0, int(timestamp * 1000) - DISCORD_EPOCH_MS) << 22


class PublicMessages:
    def __init__(
        self,
        storage: Storage,
        outlet: Outlet,
        clock: Clock,
        *,
        table_edit_gap: float,
        remind_after: float,
        interactions: bool = True,
    ) -> None:
        self.storage = storage
        self.discord = outlet
        self.clock = clock
        self.table_edit_gap = table_edit_gap
        self.remind_after = remind_after
        self.interactions = interactions  # public messages through people's tokens
        # Told when a post in a game's thread was refused (the bot may have lost Send
        # Messages in Threads): the table's people are told what to grant.
        self.refused_in_thread: Callable[[Table], None] | None = None

    def stale(self, tf: TableFeed) -> None:
        """The table moved on before a message was rendered: a later pass sends it (at once
        if a change woke the task; else after a moment, as the table's lock was only held)."""
        tf.wake_at(self.clock.monotonic() + STALE_RETRY)

    # ------------------------------------------------------------------ the outbox

    async def carry_out(self, tf: TableFeed, row: OutboxRow) -> int | None:
        """One outbox row; the id of a message it posted."""
        t = tf.table
        if row.op == "post":
            assert row.payload is not None
            payload = Rendered.from_json(orjson.loads(row.payload))
            ready = await self._ready(payload)
            channel_id = t.channel_of(row.slot)
            message_id, _ = await self.discord.post(channel_id, ready, row.nonce)
            tf.slots[row.slot] = Slot(row.nonce, message_id)
            if message_id is None and channel_id == t.thread_id and self.refused_in_thread:
                self.refused_in_thread(t)
            return message_id
        if row.op in ("edit", "close"):
            await self.show_row(tf, row)
        elif row.op == "delete":
            slot = tf.slots.get(row.slot)
            if slot is not None and slot.message_id:
                await self.discord.delete(t.channel_of(row.slot), slot.message_id, slot.voice)
        if row.op in ("close", "delete"):
            closed = tf.slots.pop(row.slot, None)
            if row.op == "close" and row.slot.startswith("table:"):
                tf.last_table = closed  # a new hand's table message may take it over
        return None

    async def show_row(self, tf: TableFeed, row: OutboxRow) -> None:
        """An edit or close row's drawing on its message, unless the message shows that
        revision already (a click's answer, or the table's edit that went ahead of its pass)."""
        slot = tf.slots.get(row.slot)
        if row.op not in ("edit", "close") or slot is None or not slot.message_id:
            return
        assert row.payload is not None
        payload = Rendered.from_json(orjson.loads(row.payload))
        async with slot.lock:
            if slot.shown < row.revision:
                channel_id = tf.table.channel_of(row.slot)
                await self.discord.edit(channel_id, slot.message_id, payload, slot.voice)
                slot.shown = row.revision

    async def _ready(self, payload: Rendered) -> Rendered:
        """Draw the picture a message carries (in a worker thread: it takes a while)."""
        if payload.chart is None or payload.file is not None:
            return payload
        png = await asyncio.to_thread(draw, payload.chart)
        return Rendered(
            content=payload.content,
            embed=payload.embed,
            rows=payload.rows,
            mentions=payload.mentions,
            file=(payload.chart.FILENAME, png),
        )

    # ------------------------------------------------------------------ derived messages

    def voice_for(self, tf: TableFeed) -> Voice:
        """The freshest token of the table's people with some life left that Discord has not
        refused (the bot's own authority if there is none, or if the operator chose the bot's
        authority for every public message: ``PUBLIC_MESSAGES=bot``)."""
        if not self.interactions:
            return BOT
        best: Voice | None = None
        roomy: Voice | None = None  # the freshest with room in its window now
        for lane in tf.lanes.values():
            for token, issued in lane.tokens():  # the lane's freshest first
                if not self.discord.alive(token, issued, margin=VOICE_LIFE):
                    continue
                voice = Voice(token, issued)
                if best is None or issued > best.issued:
                    best = voice
                if self.discord.wait_for(voice) <= 0:
                    if roomy is None or issued > roomy.issued:
                        roomy = voice
                    break  # the lane's others are older
        # A token whose window is full would hold the message (and the hands after it) until
        # the window clears: a slightly older one with room goes now.
        return roomy or best or BOT

    async def _post_slot(
        self,
        tf: TableFeed,
        name: str,
        payload: Rendered,
        voice: Voice | None = None,
        *,
        reserve: int = TABLE_RESERVE,
        fallback: bool = True,
    ) -> Slot | None:
        """Post a derived message. Its intent (a fresh nonce, and the token it goes through)
        is stored first, then its id. None if it was not posted (no ``fallback`` to the bot's
        authority, and the token could not post it)."""
        t = tf.table
        slot = tf.slots.get(name)
        if slot is None or slot.nonce == "response":
            slot = Slot(new_nonce(), None, voice or self.voice_for(tf))
            tf.slots[name] = slot
            await self.storage.feed.set_slot(t.id, slot_row(name, slot))
        elif slot.message_id is None and slot.voice.token is not None:
            # Posted through a token before a crash, perhaps: look before posting again.
            found = await self._find(tf, name, slot)
            if found is not None:
                slot.message_id = found
                await self.storage.feed.set_slot(t.id, slot_row(name, slot))
                return slot
        try:
            message_id, voice = await self.discord.post(
                t.channel_of(name),
                payload,
                slot.nonce,
                slot.voice,
                reserve=reserve,
                fallback=fallback,
            )
        except MessageRefused:
            # Never posted: nothing to look for after a restart, a fresh intent next time.
            tf.slots.pop(name, None)
            await self.storage.feed.drop_slot(t.id, name)
            raise
        if message_id is None and not fallback:
            tf.slots.pop(name, None)
            await self.storage.feed.drop_slot(t.id, name)
            return None
        slot.message_id, slot.voice = message_id, voice
        await self.storage.feed.set_slot(t.id, slot_row(name, slot))
        return slot

    async def _find(self, tf: TableFeed, name: str, slot: Slot) -> int | None:
        """A derived message posted just before a crash (its id never came back): the newest
        message of the channel whose Show my hand button names this slot."""
        t = tf.table
        after = snowflake_at(slot.voice.issued)
        found = await self.discord.recent(t.channel_of(name), after)
        if found is None:
            return None  # the bot may not read the channel: it is posted again
        wanted = ids.show(t.id, name)
        for message in found:
            if wanted in message.custom_ids:
                slot.voice = slot.voice.reaching(message.message_id)
                return message.message_id
        return None

    async def lobby(self, tf: TableFeed, plan: Plan) -> None:
        """A lobby changed by something other than a click on it (a leave command, a rematch
        invitation answered): its message is edited. Clicks on it answer it themselves."""
        slot = tf.slots.get("lobby")
        payload = plan.lobby_payload
        if slot is None or not slot.message_id or payload is None:
            return
        async with slot.lock:
            if plan.revision <= slot.shown or payload == slot.payload:
                return
            if await self.discord.edit(
                tf.table.channel_of("lobby"), slot.message_id, payload, slot.voice
            ):
                slot.shown, slot.payload = plan.revision, payload
            else:
                slot.message_id = None  # deleted: /smear start posts it again

    def _edit_gap(self, slot: Slot) -> float:
        """Seconds between two edits of a table message: longer under the bot's own token when
        the bot is near its budget (fewer, fuller edits)."""
        if slot.voice.token is not None and self.discord.speaks(slot.voice):
            return self.table_edit_gap
        pressure = min(1.0, max(0.0, self.discord.budget.pressure() - 0.5) * 2)
        return self.table_edit_gap * (1 + PRESSURE_GAP * pressure)

    def _edit_way(self, tf: TableFeed, slot: Slot, now: float) -> Voice | None:
        """How the table message's next edit goes now, or None (and when to look again) if
        it is too soon: the edit gap, or no way with room."""
        gap = self._edit_gap(slot)
        if now < slot.edited_at + gap:
            tf.wake_at(slot.edited_at + gap)
            return None
        channel = tf.table.play_channel_id
        voice = slot.voice
        wait = self.discord.wait_for(voice)
        if wait > TABLE_PATIENCE and self._bot_may_carry(channel):
            # The table never waits long for one token's window (people clicking fast):
            # the bot's own authority carries this edit; the token keeps the message.
            voice, wait = BOT, 0.0
        if not self.discord.speaks(voice):
            wait = max(wait, self._bot_edit_wait(channel))
        if wait > 0:  # no way has room now: the next edit shows more moves
            tf.wake_at(now + wait)
            return None
        return voice

    def _bot_edit_wait(self, channel_id: int) -> float:
        """Seconds a table edit with the bot's authority waits for the channel's bucket of bot
        edits (leaving room for a finished hand's last edit)."""
        return self.discord.buckets.wait(channel_id, room=BOT_EDIT_ROOM)

    def _bot_may_carry(self, channel_id: int) -> bool:
        """The bot's own authority may carry a table message's edit now: its channel bucket
        has room (leaving some for a finished hand's last edit) and its global budget is far
        from spent (it is needed only when a person clicks faster than their token allows)."""
        return (
            self.discord.buckets.wait(channel_id, room=BOT_CARRY_ROOM) == 0
            and self.discord.budget.pressure() < BOT_CARRY_PRESSURE
        )

    def table_shows(self, tf: TableFeed, plan: Plan) -> bool:
        """The plan's table message shows its revision already (or Discord refused that
        drawing of it): an edit has nothing to send."""
        if plan.revision == tf.table_refused_at:
            return True
        slot = None if plan.table_slot is None else tf.slots.get(plan.table_slot)
        return slot is not None and bool(slot.message_id) and plan.revision <= slot.shown

    def table_message_first(self, tf: TableFeed, plan: Plan) -> bool:
        """The plan's table message is to be posted (a new hand's) or posted anew (moved to
        a fresher token): it goes before the hands, so a hand showing a turn stays below it."""
        if plan.table_slot is None or plan.revision == tf.table_refused_at:
            return False
        slot = tf.slots.get(plan.table_slot)
        return slot is None or not slot.message_id or self._move_to(tf, slot) is not None

    async def table_message(self, tf: TableFeed, plan: Plan, *, may_move: bool = False) -> None:
        """Post or edit the plan's table message. Only ``may_move`` (before the hands) posts
        it anew through a fresher token: after them, it would come below a person's turn.
        Refused by Discord for what it is (``MessageRefused``), the same drawing is not sent
        again: the next revision of the table is."""
        if plan.revision == tf.table_refused_at:
            return
        try:
            await self._table_message(tf, plan, may_move=may_move)
        except MessageRefused:
            tf.table_refused_at = plan.revision
            raise

    async def _table_message(self, tf: TableFeed, plan: Plan, *, may_move: bool) -> None:
        name = plan.table_slot
        assert name is not None
        t = tf.table
        slot = tf.slots.get(name)
        now = self.clock.monotonic()
        voice = BOT
        moving = may_move and slot is not None and self._move_to(tf, slot) is not None
        if slot is not None and slot.message_id and not moving:
            if plan.revision <= slot.shown:
                return
            way = self._edit_way(tf, slot, now)
            if way is None:
                return
            voice = way
        payload = plan.table_payload()
        if payload is None:
            return self.stale(tf)
        if slot is None or not slot.message_id:
            slot = await self._new_table_message(tf, name, payload)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now
            return
        if payload == slot.payload and not moving:
            return
        async with slot.lock:
            if plan.revision <= slot.shown and not moving:
                return
            message_id = slot.message_id
            assert message_id is not None
            try:
                if may_move and await self._moved(tf, name, slot, payload):
                    slot = tf.slots[name]
                elif not await self.discord.edit(
                    t.play_channel_id, message_id, plan.table_payload, voice
                ):
                    slot.nonce = "gone"  # deleted by someone: post it again
                    again = await self._post_slot(tf, name, payload)
                    assert again is not None  # with the bot's authority as the last resort
                    slot = again
                    if not may_move:
                        # Posted after the hands: a hand showing its person's turn is no
                        # longer the newest message they see. Another pass moves it down.
                        tf.wake.set()
            except TableMoved:  # moved while the edit waited for its turn: the next pass
                return self.stale(tf)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now

    async def _new_table_message(self, tf: TableFeed, name: str, payload: Rendered) -> Slot:
        """A new hand's table message: posted through a token if the channel has room for a
        webhook create; else the last hand's table message shows the new hand (edited, not
        posted anew); else it is posted with the bot's authority."""
        t = tf.table
        voice = self.voice_for(tf)
        last, tf.last_table = tf.last_table, None
        if voice.token is None:  # the bot's post would wait for the channel's bucket
            crowded = self.discord.buckets.wait(t.play_channel_id) > 0
        else:
            crowded = not self.discord.may_create(t.play_channel_id, voice, TABLE_RESERVE)
        if crowded and name not in tf.slots and last is not None and last.message_id:
            async with last.lock:
                if await self.discord.edit(t.play_channel_id, last.message_id, payload, last.voice):
                    slot = tf.slots[name] = Slot(new_nonce(), last.message_id, last.voice)
                    await self.storage.feed.set_slot(t.id, slot_row(name, slot))
                    return slot
        posted = await self._post_slot(tf, name, payload, voice)
        assert posted is not None  # with the bot's authority as the last resort
        return posted

    def _move_to(self, tf: TableFeed, slot: Slot) -> Voice | None:
        """The fresher token a table message moves to, if it is due to move: its token is
        about to die, and the old one can still delete it (nothing counted against the bot's
        budget). A game's first table message in its thread went with the bot's token (the
        lobby's tokens reach only the channel): it moves to the first token clicked in the
        thread, so the rest of the hand's edits are not counted against the bot either (one
        deletion is). One the bot's authority posted in the channel (no token had room then)
        moves once the channel's bucket of bot edits would hold its next edit: only the bot
        can edit it, and the table would trail the moves for seconds."""
        old = slot.voice
        if old.token is None:
            held = self._bot_edit_wait(tf.table.play_channel_id) > TABLE_PATIENCE
            if tf.table.thread_id is None and not held:
                return None
        elif self.discord.usable(old.issued, margin=MOVE_BEFORE):
            return None
        fresh = self.voice_for(tf)
        if fresh.token is None or fresh.issued <= old.issued:
            return None
        if not self.discord.may_create(tf.table.play_channel_id, fresh, TABLE_RESERVE):
            return None  # kept, and edited with the bot's authority once its token is gone
        return fresh

    async def _moved(self, tf: TableFeed, name: str, slot: Slot, payload: Rendered) -> bool:
        """Moved the table message to a fresher token (``_move_to``), if it is due."""
        fresh = self._move_to(tf, slot)
        if fresh is None:
            return False
        old, gone = slot.voice, slot.message_id
        # A new intent for the slot (not a lookup of the old one: it would find the copy it
        # replaces and take it for its own).
        del tf.slots[name]
        try:
            await self._post_slot(tf, name, payload, fresh)
        except MessageRefused:
            # The message it was to replace stays the table's (edited later, never orphaned).
            tf.slots[name] = slot
            await self.storage.feed.set_slot(tf.table.id, slot_row(name, slot))
            raise
        if gone is not None:
            await self.discord.delete(tf.table.play_channel_id, gone, old)
        return True

    async def ping(self, tf: TableFeed, plan: Plan) -> None:
        """Mention the person to act, the first time in a hand and once more after a wait; a
        ping whose turn is over goes."""
        now = self.clock.monotonic()
        if plan.turn != tf.turn:
            tf.turn, tf.turn_since, tf.reminded = plan.turn, now, False
        current = tf.slots.get("ping")
        if current is not None and (tf.ping_turn != plan.turn or plan.turn_seat is None):
            await self.drop_ping(tf)
            current = None
        seat = plan.turn_seat
        if seat is None or current is not None:
            return
        reminder = self._ping_due(tf, plan, seat, now)
        if reminder is None:
            return
        voice = self.voice_for(tf)
        if voice.token is None:
            # The bot's own post: never one that would wait for the channel's bucket (the
            # hands come after it in the pass); it goes a moment later, a result keeping room.
            wait = self.discord.buckets.wait(tf.table.play_channel_id, room=PING_BOT_ROOM)
            if wait > 0:
                tf.wake_at(now + wait)
                return
        payload = plan.ping(reminder=reminder)
        if payload is None or tf.table.version != plan.version:
            return self.stale(tf)  # the turn may have been taken meanwhile
        tf.reminded = tf.reminded or reminder
        tf.pinged[1].add(seat)
        # Through a token only while the channel has room to spare for webhook creates (else
        # the ping waits for the next hand); the bot's authority only for a table whose people
        # have all been away (no token to speak with), or with PUBLIC_MESSAGES=bot.
        posted = await self._post_slot(
            tf, "ping", payload, voice, reserve=PING_RESERVE, fallback=voice.token is None
        )
        if posted is not None:
            tf.ping_turn = plan.turn
        if not tf.reminded:
            tf.wake_at(tf.turn_since + self.remind_after)

    def _ping_due(self, tf: TableFeed, plan: Plan, seat: int, now: float) -> bool | None:
        """Whether the seat to act is due a ping now: False (its first in this hand), True (a
        reminder: its turn has waited), None (not now)."""
        hand, seats = tf.pinged
        if hand != plan.hand_no:
            tf.pinged = (plan.hand_no, set())
            seats = tf.pinged[1]
        remind_at = tf.turn_since + self.remind_after
        if seat not in seats:
            return False
        if not tf.reminded and now >= remind_at:
            return True
        if not tf.reminded:
            tf.wake_at(remind_at)
        return None

    async def drop_ping(self, tf: TableFeed) -> None:
        t = tf.table
        current = tf.slots.get("ping")
        if current is None:
            return
        if current.message_id is None and current.nonce not in ("response", "gone"):
            # Posted just before a crash, its id never came back: the same nonce makes
            # Discord answer with that message (a silent stand-in if there was none).
            if current.voice.token is None:
                silent = Rendered(content="…")
                current.message_id, _ = await self.discord.post(
                    t.play_channel_id, silent, current.nonce
                )
            else:
                current.message_id = await self._find(tf, "ping", current)
        if current.message_id:
            await self.discord.delete(t.play_channel_id, current.message_id, current.voice)
        await self.storage.feed.drop_slot(t.id, "ping")
        tf.slots.pop("ping", None)

    # ------------------------------------------------------------------ answers

    async def answer(
        self,
        tf: TableFeed,
        name: str,
        shown: Shown,
        message_id: int | None,
        *,
        update: Callable[[Rendered | None], Awaitable[int | None]],
    ) -> None:
        """Answer a click on a public message of the table (the lobby) through its lane."""
        t = tf.table
        slot = tf.slots.get(name)
        if slot is None:
            slot = tf.slots[name] = Slot("response", message_id)
        async with slot.lock:
            if shown.revision < slot.shown:
                await update(None)
                return
            await update(shown.payload)
            slot.shown, slot.payload = shown.revision, shown.payload
            if message_id is not None and slot.message_id != message_id:
                slot.message_id = message_id
                await self.storage.feed.set_slot(t.id, slot_row(name, slot))

    async def still_there(self, tf: TableFeed | None, t: Table, name: str) -> int | None:
        """The id of a table's public message if it still exists (checked by editing it with
        what it already shows, which needs no permission to read the channel). A table message
        found gone is posted again by the feed; a lobby is posted again by the command that
        asked."""
        slot = None if tf is None else tf.slots.get(name)
        if tf is None or slot is None or not slot.message_id:
            if tf is not None and name != "lobby":
                tf.wake.set()
            return None
        async with slot.lock:
            payload = slot.payload
            if payload is None:
                return slot.message_id  # never shown by this process: assume it is there
            if await self.discord.edit(t.channel_of(name), slot.message_id, payload, slot.voice):
                return slot.message_id
            slot.message_id = None
        if name != "lobby":
            tf.wake.set()  # the feed posts it again
        return None
