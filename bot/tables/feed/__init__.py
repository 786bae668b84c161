"""The feed: everything people see of a table, sent in order, never back in time, never lost.

One publisher task per table. Each pass sends, in this order:

1. the table's **outbox**: the public effects of actions (hand results, final standings, notes,
   the last edit of a finished hand's table message), stored in the same transaction as the
   action that caused them (``public``);
2. the **table message** of the hand in play and the **ping**, derived from the stored state
   (``public``);
3. the **hands**: each person's live hand follows them (``hands``).

What a pass sends is planned from one revision of the table (``state.plan_of``). Every payload
carries the table's revision; a message is never sent anything older than what it already shows,
whether the sender is this task or a click's answer (both go through the message's lane: one
lock per message, held while Discord is asked). Message ids are stored as soon as Discord
returns them, and the intent to post before posting, so a restart resumes: it sends what was
never sent and edits what exists. Discord is reached through ``outlet``, which never asks about
a message it knows is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

from bot.languages import Languages
from bot.model import Table
from bot.render import Rendered
from bot.storage import LoadedTable, OutboxRow, Storage, StorageUnavailable
from bot.tables.feed.channels import ChannelLog
from bot.tables.feed.hands import Hands
from bot.tables.feed.limits import CREATES_LIMIT, CREATES_WINDOW, Budget, WebhookCreates
from bot.tables.feed.outlet import Outlet, Voice, given_up_if_refused
from bot.tables.feed.public import PublicMessages
from bot.tables.feed.state import (
    HAND_EDIT_GAP,
    REMIND_AFTER,
    RETRY_MAX,
    RETRY_STORAGE,
    TABLE_EDIT_GAP,
    Click,
    HandCopy,
    HandLane,
    Plan,
    Shown,
    Slot,
    TableFeed,
    outbox_row,
    plan_of,
    slot_of,
    table_slot,
)
from bot.tables.ports import (
    Clock,
    Discord,
    Drawing,
    SystemClock,
    Unavailable,
)
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.feed")


def alongside(outbox: list[OutboxRow]) -> bool:
    """The outbox's first two rows go together: an edit (or a last edit) of one message, then
    a post of another. An edit does not move its message, so the post (a finished hand's result,
    after its table message's last edit) need not wait for the edit's round trip: at a new hand
    the next person's turn comes after the result, the new table message, the ping and their
    hand, and the edit was one more request ahead of all of them."""
    return (
        len(outbox) > 1
        and outbox[0].op in ("edit", "close")
        and outbox[1].op == "post"
        and outbox[1].slot != outbox[0].slot
    )


class Feed:
    def __init__(
        self,
        storage: Storage,
        discord: Discord,
        languages: Languages,
        *,
        clock: Clock | None = None,
        table_edit_gap: float = TABLE_EDIT_GAP,
        hand_edit_gap: float = HAND_EDIT_GAP,
        remind_after: float = REMIND_AFTER,
        budget: Budget | None = None,
        webhook_creates: tuple[int, float] = (CREATES_LIMIT, CREATES_WINDOW),
        public_messages: str = "interactions",
    ) -> None:
        self.storage = storage
        self.languages = languages
        self.clock = clock or SystemClock()
        self.outlet = Outlet(
            discord,
            budget or Budget.share(self.clock),
            self.clock,
            WebhookCreates(self.clock, *webhook_creates),
            ChannelLog(),
        )
        self.tables: dict[int, TableFeed] = {}
        self.public = PublicMessages(
            storage,
            self.outlet,
            self.clock,
            table_edit_gap=table_edit_gap,
            remind_after=remind_after,
            interactions=public_messages == "interactions",
        )
        self.hands = Hands(
            storage,
            self.outlet,
            languages,
            self.clock,
            hand_edit_gap=hand_edit_gap,
            finished=self._finished,
        )
        self.outlet.on_retire = self._token_retired
        self._closing = False
        # Told when everything of an ended table is out (its thread may then be archived).
        self.on_closed: Callable[[Table], None] | None = None
        self._retired: dict[int, dict[int, HandLane]] = {}  # lanes of tables owned before

    def _token_retired(self, token: str) -> None:
        """A token Discord refused is saved away from every hand that kept it (a refusal is
        rare: looking through every table's lanes costs nothing that matters)."""
        for tf in self.tables.values():
            for lane in tf.lanes.values():
                if lane.keeps(token):
                    self.hands.remember(tf.table.id, lane)

    def _finished(self, table_id: int) -> bool:
        tf = self.tables.get(table_id)
        return tf is None or tf.finished

    # ================================================================== tables in and out

    def add(self, t: Table, loaded: LoadedTable | None = None) -> TableFeed:
        """Start publishing a table (a new one, or one loaded after a restart)."""
        tf = self.tables.get(t.id)
        if tf is not None:
            return tf
        tf = self.tables[t.id] = TableFeed(t)
        if loaded is not None:
            tf.outbox = list(loaded.outbox)
            for row in loaded.slots:
                tf.slots[row.slot] = slot_of(row)
            for c in loaded.hand_copies:
                lane = tf.lane(c.user_id)
                lane.saved = c
                lane.locale = c.locale
                if c.fresh_token is not None and c.fresh_at is not None:
                    lane.fresh = (c.fresh_token, c.fresh_at)
                if c.copy_token is not None and c.copy_ref is not None and c.copy_at is not None:
                    lane.copy = HandCopy(
                        c.copy_token, c.copy_ref, c.copy_message_id, c.copy_at, hand_no=t.hand_no
                    )
        self._take_back(tf)
        tf.task = asyncio.create_task(self._run(tf), name=f"feed-{t.id}")
        tf.wake.set()
        return tf

    def set_slot(self, t: Table, name: str, message_id: int, shown: Shown, click: Click) -> None:
        """A message posted as the answer to a command or a click (a lobby): the feed keeps it
        up to date, through that interaction's token while it lives."""
        tf = self.add(t)
        slot = tf.slots.get(name) or Slot("response", None)
        slot.message_id = message_id
        slot.voice = Voice(click.token, click.issued, str(message_id))
        slot.shown, slot.payload = shown.revision, shown.payload
        tf.slots[name] = slot

    async def moved_to_thread(self, t: Table) -> None:
        """The table's game moved into its thread: the tokens its people clicked with in the
        channel reach only the channel, so none of them speaks in the thread (its messages go
        with the bot's token until someone clicks there, and a hand comes with its person's
        first click there)."""
        tf = self.tables.get(t.id)
        if tf is not None:
            tf.lanes.clear()
        await self.storage.feed.drop_hand_copies(t.id)

    def queue(self, t: Table, rows: list[OutboxRow]) -> None:
        """An action was committed: send its effects (``rows``) and what it changed."""
        tf = self.add(t)
        tf.outbox.extend(rows)
        tf.wake.set()

    def changed(self, t: Table) -> None:
        tf = self.tables.get(t.id)
        if tf is not None:
            tf.wake.set()

    def _side_tasks(self) -> list[asyncio.Task[None]]:
        tasks = list(self.hands.side)
        if self.hands.saver is not None:
            tasks.append(self.hands.saver)
        return tasks

    async def close(self, timeout: float) -> None:
        """Stop: let every table send what it has for up to ``timeout`` seconds, then cancel."""
        self._closing = True
        tasks = [tf.task for tf in self.tables.values() if tf.task is not None]
        for tf in self.tables.values():
            tf.wake.set()
        tasks += self._side_tasks()
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=timeout)
            await cancel_all(list(pending))

    async def drop(self, *, dead: bool = False) -> None:
        """Stop publishing every table at once, sending nothing more (this process no longer
        owns them; what was not sent is in the database for their next owner). The hands'
        copies and tokens are remembered: the database may have missed their last changes,
        and if this process owns the tables again, the newer of the two is kept."""
        tasks = [tf.task for tf in self.tables.values() if tf.task is not None]
        if self.hands.saver is not None:
            tasks.append(self.hands.saver)
        if dead:  # as a killed process: everything ends where it is
            tasks += list(self.hands.side)
        # Else the removals of older copies of hands under way finish: a copy left with live
        # buttons would be a second hand for its person.
        self._retired = {tid: dict(tf.lanes) for tid, tf in self.tables.items()}
        self.tables.clear()
        self.hands.forget_unsaved()
        await cancel_all(tasks)

    def _take_back(self, tf: TableFeed) -> None:
        """A table owned again: each person's copy and token, the newer of what the database
        says and what this process last knew (tokens are issued in time order)."""
        for user_id, known in self._retired.pop(tf.table.id, {}).items():
            lane = tf.lane(user_id)
            if known.copy is not None and (
                lane.copy is None or known.copy.issued > lane.copy.issued
            ):
                lane.copy = known.copy
                lane.copy.shown = -1  # shown by an earlier life of the feed: check it again
            if known.fresh is not None and (lane.fresh is None or known.fresh[1] > lane.fresh[1]):
                lane.fresh = known.fresh
            lane.locale = lane.locale or known.locale

    def pending(self) -> int:
        """Outbox rows not yet sent, over all tables."""
        return sum(len(tf.outbox) for tf in self.tables.values())

    def idle(self) -> bool:
        """Nothing is being sent or saved right now, and nothing is waiting to be sent but
        what is due later (tests wait for this instead of guessing from the time)."""
        busy = any(tf.passing or tf.wake.is_set() or tf.outbox for tf in self.tables.values())
        saving = self.hands.saver is not None and not self.hands.saver.done()
        return not busy and not saving and not any(not t.done() for t in self.hands.side)

    # ================================================================== the publisher task

    async def _run(self, tf: TableFeed) -> None:
        failures = 0
        while True:
            delay = tf.due - self.clock.monotonic()
            if not tf.wake.is_set() and delay > 0:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(None if math.isinf(delay) else delay):
                        await tf.wake.wait()
            tf.wake.clear()
            tf.due = math.inf
            tf.passing = True
            try:
                done = await self._publish(tf)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                tf.passing = False
                failures += 1
                # Discord or the database away for a while is expected: one line, no traceback.
                passing = isinstance(e, Unavailable | StorageUnavailable)
                log.log(
                    logging.WARNING if passing else logging.ERROR,
                    "table=%s publishing failed (%d in a row): %s",
                    tf.table.id,
                    failures,
                    e,
                    exc_info=not passing,
                )
                if self._closing:
                    return
                longest = RETRY_STORAGE if isinstance(e, StorageUnavailable) else RETRY_MAX
                await asyncio.sleep(min(longest, 0.25 * 2**failures))
                tf.wake.set()
                continue
            tf.passing = False
            failures = 0
            if done:
                self.tables.pop(tf.table.id, None)
                if self.on_closed is not None:
                    self.on_closed(tf.table)
                return
            if self._closing and not tf.outbox:
                return

    async def _publish(self, tf: TableFeed) -> bool:
        """One pass: the outbox, then the derived messages. True once a closed table is done."""
        t = tf.table
        while True:
            while tf.outbox:
                await self._carry_out_next(tf)
            async with t.lock:
                # Rows are queued under this lock: none may be left behind the plan's state.
                if not tf.outbox:
                    plan = plan_of(tf, self.languages)
                    break
        if plan.closing:
            if t.settings.get("thread_ended") != "deleted":  # else they went with the thread
                await self.public.drop_ping(tf)
                await self.hands.close(tf)
            tf.finished = True  # from here on, nothing of its hands is saved again
            await self.storage.feed.forget_feed(t.id)
            return True
        if plan.lobby_payload is not None:
            await self.public.lobby(tf, plan)
        # New messages in the order people should see them (a hand comes below the table
        # message and the ping of its turn).
        if self.public.table_message_first(tf, plan):
            with given_up_if_refused(t.id, "the table message"):
                await self.public.table_message(tf, plan, may_move=True)
        # The table message's edit goes alongside the ping and the hands: an edit does not
        # change where a message is, each waits for its own token, and neither waits for the
        # other's requests (one after the other, the table trailed a move by their round trips).
        edit = None
        if plan.table_slot is not None and not self.public.table_shows(tf, plan):
            edit = asyncio.create_task(self._edit_table(tf, plan))
        try:
            with given_up_if_refused(t.id, "the ping of a turn"):
                await self.public.ping(tf, plan)
            await self.hands.bring_up(tf, plan)
        except BaseException:
            if edit is not None:
                await cancel_all([edit])
            raise
        if edit is not None:
            await edit
        await self.hands.expire(tf)
        return False

    async def _carry_out_next(self, tf: TableFeed) -> None:
        """The outbox's next row (or next two, ``alongside``), each forgotten once done; a row
        that failed stays first for the next pass, and its failure is raised."""
        rows = tf.outbox[:2] if alongside(tf.outbox) else tf.outbox[:1]
        carried = await asyncio.gather(
            *(self._carry_out(tf, row) for row in rows), return_exceptions=True
        )
        failure: BaseException | None = None
        for row, outcome in zip(rows, carried, strict=True):
            if isinstance(outcome, BaseException):
                failure = failure or outcome
                continue
            await self.storage.feed.outbox_done(tf.table.id, row, outcome)
            tf.outbox.remove(row)
        if failure is not None:
            raise failure

    async def _carry_out(self, tf: TableFeed, row: OutboxRow) -> int | None:
        """One outbox row; the id of a message it posted (None if Discord refused it)."""
        with given_up_if_refused(tf.table.id, f"a {row.op} of {row.slot}"):
            return await self.public.carry_out(tf, row)
        return None

    async def _edit_table(self, tf: TableFeed, plan: Plan) -> None:
        """The plan's table message edited. A plan that could not be drawn because the table
        was being changed (a computer moving at once after a person) is made again for this
        edit once the change is committed, and shows the newer move too; if that change ended
        the hand, its outbox row with the table's last drawing is shown now (the pass carrying
        out the row then finds it shown). Waiting for the next pass instead, the table trailed
        the move by this pass's hands' round trips. A new hand's table message is the next
        pass's: it is posted before the hands."""
        t = tf.table
        while True:
            with given_up_if_refused(t.id, "the table message"):
                await self.public.table_message(tf, plan)
            if self.public.table_shows(tf, plan):
                return
            if t.revision == plan.revision and not t.lock.locked():
                return  # waiting for its gap or a way with room: a pass sends it
            async with t.lock:  # the change under way is committed (or given up)
                last = next((r for r in reversed(tf.outbox) if r.slot == plan.table_slot), None)
                fresh = None if tf.outbox or not t.live else plan_of(tf, self.languages)
            if last is not None:
                with given_up_if_refused(t.id, "the table message"):
                    await self.public.show_row(tf, last)
                return
            if fresh is None or fresh.table_slot != plan.table_slot:
                return
            plan = fresh

    # ================================================================== answers to clicks

    async def answer_hand(
        self,
        t: Table,
        user_id: int,
        shown: Shown,
        click: Click,
        *,
        update: Callable[[Rendered | Drawing | None], Awaitable[int | None]],
        post: Callable[[Rendered | Drawing], Awaitable[int | None]],
    ) -> None:
        """Answer a person's click with their hand, through their hand's lane."""
        tf = self.tables.get(t.id)
        if tf is None and t.live:
            tf = self.add(t)
        await self.hands.answer(tf, t, user_id, shown, click, update=update, post=post)

    def saw(self, t: Table, user_id: int, click: Click) -> None:
        """A seated person's click refreshes their token (their hand can follow them)."""
        tf = self.tables.get(t.id)
        if tf is not None and t.seat_of(user_id) is not None:
            self.hands.saw(tf, user_id, click)

    async def answer_public(
        self,
        t: Table,
        name: str,
        shown: Shown,
        message_id: int | None,
        *,
        update: Callable[[Rendered | None], Awaitable[int | None]],
    ) -> None:
        """Answer a click on a public message of the table (the lobby) through its lane."""
        await self.public.answer(self.add(t), name, shown, message_id, update=update)

    async def still_there(self, t: Table, name: str) -> int | None:
        """The id of a table's public message if it still exists."""
        return await self.public.still_there(self.tables.get(t.id), t, name)

    # ================================================================== what Discord tells

    @property
    def channels(self) -> ChannelLog:
        """What the bot knows of its channels (messages posted and deleted)."""
        return self.outlet.channels

    def answered(self, channel_id: int, message_id: int, *, private_to: int | None) -> None:
        """A message sent as an interaction's answer (public, or only ``private_to`` sees it)."""
        self.outlet.channels.posted(channel_id, message_id, private_to)

    def followup_sent(self, channel_id: int) -> None:
        """An interaction's followup (a webhook create) was sent outside the feed."""
        self.outlet.creates.spend(channel_id)

    def message_of(self, table_id: int, name: str) -> int | None:
        tf = self.tables.get(table_id)
        slot = None if tf is None else tf.slots.get(name)
        return None if slot is None else slot.message_id

    def table_message_id(self, t: Table) -> int | None:
        return self.message_of(t.id, table_slot(t.hand_no))


__all__ = ["Click", "Feed", "Shown", "outbox_row", "table_slot"]
