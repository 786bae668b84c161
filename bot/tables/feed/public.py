"""A table's public messages: the outbox carried out, the lobby, the table message of the hand
in play and the ping, and a click's answer on one of them.

The outbox's posts carry a nonce Discord enforces, so a post repeated after a crash returns the
first message. The table message is edited at most once per ``table_edit_gap`` (the latest
state: the moves of a fast trick are shown together). A person is mentioned the first time they
are to act in a hand, and again only when their turn has waited ``remind_after`` seconds; a ping
whose turn is over is deleted.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

from bot.model import Table
from bot.render import Rendered
from bot.render.chart import draw
from bot.storage import OutboxRow, Storage
from bot.tables.feed.outlet import Outlet
from bot.tables.feed.state import STALE_RETRY, Plan, Shown, Slot, TableFeed, new_nonce
from bot.tables.ports import Clock


class PublicMessages:
    def __init__(
        self,
        storage: Storage,
        outlet: Outlet,
        clock: Clock,
        *,
        table_edit_gap: float,
        remind_after: float,
    ) -> None:
        self.storage = storage
        self.discord = outlet
        self.clock = clock
        self.table_edit_gap = table_edit_gap
        self.remind_after = remind_after

    def stale(self, tf: TableFeed) -> None:
        """The table moved on before a message was rendered: a later pass sends it (at once
        if a change woke the task; else after a moment, as the table's lock was only held)."""
        tf.wake_at(self.clock.monotonic() + STALE_RETRY)

    # ------------------------------------------------------------------ the outbox

    async def carry_out(self, tf: TableFeed, row: OutboxRow) -> int | None:
        """One outbox row; the id of a message it posted."""
        t = tf.table
        payload = None if row.payload is None else Rendered.from_json(json.loads(row.payload))
        if row.op == "post":
            assert payload is not None
            message_id = await self.discord.post(
                t.channel_id, await self._ready(payload), row.nonce
            )
            tf.slots[row.slot] = Slot(row.nonce, message_id)
            return message_id
        slot = tf.slots.get(row.slot)
        if row.op in ("edit", "close") and slot is not None and slot.message_id:
            assert payload is not None
            async with slot.lock:
                if slot.shown < row.revision:  # not already shown by a click's answer
                    await self.discord.edit(t.channel_id, slot.message_id, payload)
                    slot.shown = row.revision
        elif row.op == "delete" and slot is not None and slot.message_id:
            await self.discord.delete(t.channel_id, slot.message_id)
        if row.op in ("close", "delete"):
            tf.slots.pop(row.slot, None)
        return None

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

    async def _post_slot(self, tf: TableFeed, name: str, payload: Rendered) -> Slot:
        """Post a derived message: the intent (a fresh nonce) is stored first, then the id."""
        t = tf.table
        slot = tf.slots.get(name)
        if slot is None or slot.nonce == "response":
            slot = Slot(new_nonce(), None)
            tf.slots[name] = slot
            await self.storage.feed.set_slot(t.id, name, slot.nonce, None)
        slot.message_id = await self.discord.post(t.channel_id, payload, slot.nonce)
        await self.storage.feed.set_slot(t.id, name, slot.nonce, slot.message_id)
        return slot

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
            if await self.discord.edit(tf.table.channel_id, slot.message_id, payload):
                slot.shown, slot.payload = plan.revision, payload
            else:
                slot.message_id = None  # deleted: /smear start posts it again

    async def table_message(self, tf: TableFeed, plan: Plan) -> None:
        name = plan.table_slot
        assert name is not None
        t = tf.table
        slot = tf.slots.get(name)
        now = self.clock.monotonic()
        if slot is not None and slot.message_id:
            if plan.revision <= slot.shown:
                return
            if now < slot.edited_at + self.table_edit_gap:
                tf.wake_at(slot.edited_at + self.table_edit_gap)
                return
        payload = plan.table_payload()
        if payload is None:
            return self.stale(tf)
        if slot is None or not slot.message_id:
            slot = await self._post_slot(tf, name, payload)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now
            return
        if payload == slot.payload:
            return
        async with slot.lock:
            if plan.revision <= slot.shown:
                return
            if not await self.discord.edit(t.channel_id, slot.message_id, payload):
                slot.nonce = "gone"  # deleted by someone: post it again
                slot = await self._post_slot(tf, name, payload)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now

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
        hand, seats = tf.pinged
        if hand != plan.hand_no:
            tf.pinged = (plan.hand_no, set())
            seats = tf.pinged[1]
        remind_at = tf.turn_since + self.remind_after
        if seat not in seats:
            reminder = False
        elif not tf.reminded and now >= remind_at:
            reminder = True
        else:
            if not tf.reminded:
                tf.wake_at(remind_at)
            return
        payload = plan.ping(reminder=reminder)
        if payload is None or tf.table.version != plan.version:
            return self.stale(tf)  # the turn may have been taken meanwhile
        tf.reminded = tf.reminded or reminder
        seats.add(seat)
        tf.ping_turn = plan.turn
        await self._post_slot(tf, "ping", payload)
        if not tf.reminded:
            tf.wake_at(remind_at)

    async def drop_ping(self, tf: TableFeed) -> None:
        t = tf.table
        current = tf.slots.get("ping")
        if current is None:
            return
        if current.message_id is None and current.nonce not in ("response", "gone"):
            # Posted just before a crash, its id never came back: the same nonce makes
            # Discord answer with that message (a silent stand-in if there was none).
            silent = Rendered(content="…")
            current.message_id = await self.discord.post(t.channel_id, silent, current.nonce)
        if current.message_id:
            await self.discord.delete(t.channel_id, current.message_id)
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
        update: Callable[[Rendered | None], Awaitable[None]],
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
                await self.storage.feed.set_slot(t.id, name, slot.nonce, message_id)

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
            if await self.discord.edit(t.channel_id, slot.message_id, payload):
                return slot.message_id
            slot.message_id = None
        if name != "lobby":
            tf.wake.set()  # the feed posts it again
        return None
