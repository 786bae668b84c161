"""Each person's hand: an ephemeral message that follows them down the channel.

A hand is reached through the person's interaction tokens (each click brings a fresh one, valid
15 minutes). When their turn comes, or a new hand is dealt, it must be the newest message they
see: if it still is (``channels``: nobody posted below it since), it is edited in place; else
it is posted anew at the bottom with their freshest token and the older copy is deleted. A new
copy is a webhook create: when the channel has no room left for one (``creates``), the copy is
edited in place instead, so the turn shows at once wherever the copy is. Otherwise a copy is
edited in place at most once per ``hand_edit_gap``. A copy whose token is about to die is
reduced to one line with no buttons while it still can be. Tokens are kept in the database (a
moment after they change), so hands keep following their people after a restart; a copy's token
is saved before the copy is posted, and a new copy before the older one is deleted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot import render
from bot.i18n import Lang
from bot.languages import Languages
from bot.model import FINISHED, Table
from bot.render import Rendered
from bot.storage import HandCopyRow, Storage
from bot.tables.feed.outlet import (
    PATIENT,
    TOKEN_LIFE,
    TOKEN_MARGIN,
    URGENT,
    Outcome,
    Outlet,
    TableMoved,
    Voice,
    given_up_if_refused,
)
from bot.tables.feed.state import (
    LANE_SAVE_DELAY,
    STALE_RETRY,
    Click,
    Current,
    HandCopy,
    HandLane,
    Plan,
    Shown,
    TableFeed,
)
from bot.tables.ports import Clock, Drawing, Unavailable

log = logging.getLogger("trickbot.feed")

# Seconds a turn may wait for room in its copy's token window before it is posted anew through
# another of its person's tokens.
TURN_PATIENCE = 0.2
LATER = 1.0  # seconds: Discord asked to wait before a copy's edit (a limit it does not announce)
KEEP_TOKEN = 5 * 60.0  # a live copy keeps its token while it has this long left to live


class Hands:
    def __init__(
        self,
        storage: Storage,
        outlet: Outlet,
        languages: Languages,
        clock: Clock,
        *,
        hand_edit_gap: float,
        finished: Callable[[int], bool],
    ) -> None:
        self.storage = storage
        self.discord = outlet
        self.languages = languages
        self.clock = clock
        self.hand_edit_gap = hand_edit_gap
        self.finished = finished  # the feed of this table showed the end: save nothing more
        self.side: set[asyncio.Task[None]] = set()  # removals of older copies
        self._dirty: dict[tuple[int, int], HandLane] = {}  # lanes to save
        self.saver: asyncio.Task[None] | None = None

    def _row(self, lane: HandLane) -> HandCopyRow:
        """The lane as it is saved: without a token Discord refused."""
        return lane.row(self.discord.retired)

    async def _save_now(self, table_id: int, lane: HandLane) -> None:
        """The lane written at once (not with the others, a moment later), and remembered as
        written."""
        row = self._row(lane)
        await self.storage.feed.save_hand_copies([(table_id, row)])
        lane.saved = row

    def usable(self, token: str, issued: float) -> bool:
        """Not refused by Discord, and with some life left."""
        return self.discord.alive(token, issued)

    # ------------------------------------------------------------------ a publishing pass

    async def bring_up(self, tf: TableFeed, plan: Plan) -> None:
        """Every hand up to the plan."""
        for lane, seat, lang, turn in plan.hands:
            rendered = True
            async with lane.lock:
                try:
                    with given_up_if_refused(tf.table.id, f"the hand of seat {seat}"):
                        rendered = await self._hand(tf, plan, lane, seat, lang, turn)
                except TableMoved:  # nothing was sent: the next pass draws the newer state
                    rendered = False
            if not rendered:
                tf.wake_at(self.clock.monotonic() + STALE_RETRY)
                return

    async def _hand(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        seat: int,
        lang: Lang,
        turn: tuple[int, int] | None,
    ) -> bool:
        """Bring one person's hand up to the plan. False if it could not be rendered (the
        table moved on); ``TableMoved`` if it moved while a request waited to leave."""
        copy = lane.copy
        new_hand = copy is not None and plan.hand_no > copy.hand_no
        turn_came = turn is not None and (copy is None or copy.turn != turn)
        # On their turn, anything posted below the hand (a ping, a result, someone talking)
        # sends it down again.
        channels = self.discord.channels
        buried = (
            turn is not None
            and copy is not None
            and channels.knows(copy.message_id)
            and not channels.at_bottom(tf.table.play_channel_id, lane.user_id, copy.message_id)
        )
        # (A copy answered in place with a new hand shows its revision, held: its turn came.)
        if (
            copy is not None
            and plan.revision <= copy.shown
            and not (new_hand or buried or turn_came)
        ):
            return True
        moved = False
        if copy is None or new_hand or turn_came or buried:
            # Their turn (or a new hand) must be the newest message they see.
            payload = plan.hand(lane, seat, lang)
            if payload is None:
                return False
            moved = await self._to_bottom(tf, plan, lane, (seat, lang), turn)
        copy = lane.copy
        if copy is None or copy.expired or not self.usable(copy.token, copy.issued):
            return True
        # The turn that reaches its person goes now (where the copy is); others once per gap.
        # A new copy went out held, and the database knows it: its moves are lit now.
        urgent = moved or new_hand or turn_came or (copy.turn is not None and copy.turn != turn)
        return await self._edit(tf, plan, lane, copy, (seat, lang, turn), urgent=urgent)

    async def _to_bottom(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        drawing: tuple[int, Lang],
        turn: tuple[int, int] | None,
    ) -> bool:
        """Make the hand the newest message its person sees: True if a new copy was posted.
        False if the copy is still at the bottom (it is edited in place), or the channel has
        no room for a webhook create (edited where it is: the turn shows at once)."""
        channel = tf.table.play_channel_id
        copy = lane.copy
        if (
            copy is not None
            and self.discord.channels.at_bottom(channel, lane.user_id, copy.message_id)
            and not self._held_back(lane, copy)
        ):
            return False
        rescue = copy is None or not self.usable(copy.token, copy.issued)
        if not self.discord.room_for_hand(channel, rescue=rescue):
            return False
        return await self._new_copy(tf, plan, lane, drawing, turn, rescue=rescue)

    async def _edit(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        copy: HandCopy,
        how: tuple[int, Lang, tuple[int, int] | None],
        *,
        urgent: bool,
    ) -> bool:
        """Edit the copy in place, up to the plan."""
        seat, lang, turn = how
        now = self.clock.monotonic()
        if not urgent and now < copy.edited_at + self.hand_edit_gap:
            tf.wake_at(copy.edited_at + self.hand_edit_gap)
            return True
        # A token's window that is full holds back even the edit that follows the person (it
        # goes a moment later instead of being refused by Discord); others leave room for it.
        wait = self.discord.wait_for(Voice(copy.token, copy.issued), URGENT if urgent else PATIENT)
        if wait > 0:
            tf.wake_at(now + wait)
            return True
        payload = plan.hand(lane, seat, lang)
        if payload is None:
            return False
        if payload != copy.payload:
            answer = await self.discord.hand_edit(
                copy.token,
                copy.issued,
                copy.ref,
                copy.message_id,
                lambda: plan.hand(lane, seat, lang),  # unless the table moved meanwhile
            )
            if answer.outcome is Outcome.LATER:
                tf.wake_at(now + LATER)
                return True
            if not answer.reaches:
                lane.copy = None  # deleted by its owner, or the token was refused
                self.remember(tf.table.id, lane)
                tf.wake.set()  # posted anew with another token, if there is one
                return True
        copy.shown, copy.payload, copy.turn, copy.edited_at = plan.revision, payload, turn, now
        copy.hand_no = plan.hand_no
        return True

    def _held_back(self, lane: HandLane, copy: HandCopy) -> bool:
        """The copy's token has no room for a while (its person plays faster than Discord
        lets one token edit: 5 requests in 2 s) and another of their tokens has room now: the
        turn goes out at once, posted anew, rather than wait for the window."""
        if self.discord.wait_for(Voice(copy.token, copy.issued), URGENT) <= TURN_PATIENCE:
            return False
        return any(
            token != copy.token
            and self.usable(token, issued)
            and self.discord.wait_for(Voice(token, issued), URGENT) == 0
            for token, issued in lane.tokens()
        )

    async def _new_copy(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        drawing: tuple[int, Lang],
        turn: tuple[int, int] | None,
        *,
        rescue: bool = False,
    ) -> bool:
        """Post the hand anew at the bottom with the freshest token, held (its moves greyed:
        ``render.held_hand``), and remove the older copy; the caller lights it by an edit once
        the database knows it. Discord makes the copy before its id comes back: a process
        killed in between leaves a copy nobody can reach again, and a held one never offers a
        move the table has moved past. False if no token can post (idle for 15 minutes: the
        ping shows the way back). The hand is drawn from the plan as the post leaves:
        ``TableMoved`` if the table moved on while the token's window or the database was
        awaited."""
        seat, lang = drawing
        tokens = lane.tokens()

        # The freshest token with room in its window for the post and the edit that lights
        # it first (a full one would make the copy wait, held).
        def order(known: tuple[str, float]) -> tuple[bool, float]:
            return self.discord.wait_for(Voice(*known), PATIENT) > 0, -known[1]

        for token, issued in sorted(tokens, key=order):
            if not self.usable(token, issued):
                continue
            if lane.saved != self._row(lane):
                # The token is in the database before the copy exists: after a crash right
                # after posting, the feed can still reach this person.
                await self._save_now(tf.table.id, lane)
            channel = tf.table.play_channel_id
            message_id = await self.discord.hand_post(
                channel, lane.user_id, token, issued, lambda: _held(plan.hand(lane, seat, lang))
            )
            if message_id is None:  # refused (never tried again), or no room in the channel
                if not self.discord.room_for_hand(channel, rescue=rescue):
                    return False
                continue
            old = lane.copy
            lane.copy = HandCopy(
                token,
                str(message_id),
                message_id,
                issued,
                shown=plan.revision,
                turn=None,  # held: no turn shown yet
                hand_no=plan.hand_no,
                payload=_held(plan.drawn_hand(lane)),
                edited_at=self.clock.monotonic(),
            )
            # The older copy goes at once: while the new one is held, it would be the one
            # people click. (After a crash before the save, the feed finds it gone and posts
            # the hand anew.)
            if old is not None:
                if old.message_id is not None:
                    lane.replaced.append(old.message_id)
                self._spawn(self._remove_copy(old))
            # Saved at once: a copy the database does not know could never be reached again
            # after a crash.
            await self._save_now(tf.table.id, lane)
            return True
        return False

    async def _remove_copy(self, old: HandCopy) -> None:
        """An older copy of a hand goes: deleted, or if that fails reduced to one line. It is
        no longer the live copy, so this needs no lane (and runs on its own)."""
        if old.expired or not self.usable(old.token, old.issued):
            return
        try:
            if not await self.discord.hand_delete(old.token, old.issued, old.ref, old.message_id):
                lang = self.languages.private(None, 0, None)
                await self.discord.hand_edit(
                    old.token, old.issued, old.ref, old.message_id, render.moved_hand(lang)
                )
        except Unavailable as e:
            log.warning("could not remove an older copy of a hand: %s", e)

    async def _replace_copy(self, table_id: int, lane: HandLane, old: HandCopy) -> None:
        """The database learns of the new copy before the older one goes: after a crash the
        feed never reaches for a copy it deleted."""
        if not self.finished(table_id):
            try:
                await self._save_now(table_id, lane)
            except Exception as e:
                log.warning("could not save a hand's new copy: %s", e)
        await self._remove_copy(old)

    def remember(self, table_id: int, lane: HandLane) -> None:
        """Keep a lane's tokens in the database, soon (written together, off every lane's
        path: a crash loses at most the last moment's tokens, and the tokens saved before
        still reach the person). A person's first token is saved at once."""
        self._dirty[(table_id, lane.user_id)] = lane
        if self.saver is None or self.saver.done():
            delay = 0.0 if lane.saved is None else LANE_SAVE_DELAY
            self.saver = asyncio.get_running_loop().create_task(self._save_lanes(delay))

    async def _save_lanes(self, delay: float) -> None:
        await self.clock.sleep(delay)
        while self._dirty:
            dirty, self._dirty = self._dirty, {}
            rows = [
                (tid, self._row(lane)) for (tid, _), lane in dirty.items() if not self.finished(tid)
            ]
            try:
                await self.storage.feed.save_hand_copies(rows)
            except Exception as e:
                log.warning("could not save hand tokens: %s", e)

    def forget_unsaved(self) -> None:
        self._dirty.clear()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.side.add(task)
        task.add_done_callback(self.side.discard)

    async def expire(self, tf: TableFeed) -> None:
        """A copy whose token is about to die is reduced to one line while it still can be:
        an old copy must never offer live buttons it can no longer answer for."""
        t = tf.table
        now = self.clock.time()
        for lane in tf.lanes.values():
            copy = lane.copy
            if copy is None or copy.expired:
                continue
            left = copy.issued + TOKEN_LIFE - TOKEN_MARGIN - now
            if left > 0:
                tf.wake_at(self.clock.monotonic() + left)
                continue
            async with lane.lock:
                if lane.copy is not copy:
                    continue
                if now - copy.issued < TOKEN_LIFE - 5.0:
                    lang = self.languages.private(t.guild_id, lane.user_id, lane.locale)
                    await self.discord.hand_edit(
                        copy.token,
                        copy.issued,
                        copy.ref,
                        copy.message_id,
                        render.expired_hand(t, lang),
                    )
                copy.expired = True

    async def close(self, tf: TableFeed) -> None:
        """The table closed: every hand shows the end (no live buttons)."""
        t = tf.table
        for lane in tf.lanes.values():
            async with lane.lock:
                copy = lane.copy
                if copy is None or copy.expired or not self.usable(copy.token, copy.issued):
                    continue
                lang = self.languages.private(t.guild_id, lane.user_id, lane.locale)
                seat = t.seat_of(lane.user_id)
                if t.state is not None and seat is not None and t.status == FINISHED:
                    payload = render.hand_message(t, seat, lang)
                else:
                    payload = render.expired_hand(t, lang)
                await self.discord.hand_edit(
                    copy.token, copy.issued, copy.ref, copy.message_id, payload
                )
                copy.expired = True

    # ------------------------------------------------------------------ answers to clicks

    async def answer(
        self,
        tf: TableFeed | None,
        t: Table,
        user_id: int,
        shown: Shown,
        click: Click,
        *,
        update: Callable[[Rendered | Drawing | None], Awaitable[int | None]],
        post: Callable[[Rendered | Drawing], Awaitable[int | None]],
    ) -> None:
        """Answer a person's click with their hand, through their hand's lane.

        A click on a copy of the hand is answered by editing that copy (``update``; with None,
        only acknowledged, when the copy already shows something newer), and that copy becomes
        the live one. A click anywhere else (Show my hand, /hand) posts a new ephemeral copy
        (``post``, which returns its id), and the older copy goes. ``tf`` None: the game ended
        and its feed already showed everyone the end, so the click is just answered."""
        on_copy = click.ephemeral and click.message_id is not None
        if tf is None:
            if on_copy:
                await update(shown.payload)
            else:
                await post(shown.payload)
            return
        lane = tf.lane(user_id)
        lane.locale = click.locale
        async with lane.lock:
            old = lane.copy
            live = on_copy and old is not None and old.message_id == click.message_id
            # A live copy keeps the token that reaches it while that token has time left: it is
            # known to work, and the click's may be one Discord refuses (a copy reached only
            # through a refused token is stranded: nobody can change it again).
            keep = (
                live
                and old is not None
                and not old.expired
                and self.discord.alive(old.token, old.issued, margin=KEEP_TOKEN)
            )
            # A click from a copy the feed replaced (it was on its way while the new copy went
            # out held, or came before the old one's deletion could be sent): the new copy is
            # the live one, and shows what the click did; the clicked one is cut to a line
            # by the click's own answer. Made live again, it would be the person's only copy,
            # being deleted, and the new one deleted too (soak seed 1945); left as it was, a
            # second live copy until its deletion goes (seed 1165).
            replaced = on_copy and not live and click.message_id in lane.replaced
            if replaced:
                await update(
                    render.moved_hand(self.languages.private(t.guild_id, user_id, click.locale))
                )
            elif live and old is not None and old.shown > shown.revision:
                # The live copy already shows something newer: only acknowledged.
                await update(None)
                if not keep:
                    old.token, old.ref, old.issued = click.token, "@original", click.issued
                    old.expired = False
            else:
                # The copy clicked is edited (an older one becomes the live one); if it was gone
                # (deleted a moment before), the answer posted the hand anew. A click anywhere
                # else (Show my hand, /hand) posts a new copy. Either way the hand is drawn as
                # the table is when the answer leaves: a move made while this click waited for
                # the lane never comes back as the past.
                current = Current(shown, old.hand_no if live and old is not None else None)
                posted = await update(current) if on_copy else await post(current)
                shown = current.shown
                held = current.held  # the feed lights it, or posts the hand further down
                message_id = posted if posted is not None or not on_copy else click.message_id
                if posted is not None:
                    self.discord.channels.posted(t.play_channel_id, posted, private_to=user_id)
                ref = "@original" if posted is None or not on_copy else str(posted)
                token, issued = click.token, click.issued
                if keep and posted is None and old is not None:
                    token, ref, issued = old.token, old.ref, old.issued
                lane.copy = HandCopy(
                    token,
                    ref,
                    message_id,
                    issued,
                    shown=shown.revision,
                    # A held copy shows no turn: the feed posts its hand further down.
                    turn=None if held else shown.turn,
                    # Where it is: a copy answered in place is still where it was posted (a
                    # new hand moves it below the new table message).
                    hand_no=old.hand_no
                    if live and old is not None and posted is None
                    else shown.hand_no,
                    payload=current.sent if held else shown.payload,
                    edited_at=self.clock.monotonic(),
                )
                if old is not None and not live:
                    self._spawn(self._replace_copy(t.id, lane, old))
        # A token is used for nothing else until its interaction was answered (Discord knows
        # no webhook of an interaction that was not).
        lane.saw(click.token, click.issued)
        self.remember(t.id, lane)
        tf.wake.set()

    def saw(self, tf: TableFeed, user_id: int, click: Click) -> None:
        """Any other click by a seated person, once answered, refreshes their token: their
        hand can be posted with it (at once, if they have none yet)."""
        lane = tf.lane(user_id)
        lane.saw(click.token, click.issued)
        lane.locale = click.locale
        self.remember(tf.table.id, lane)
        if lane.copy is None:
            tf.wake.set()


def _held(hand: Rendered | None) -> Rendered | None:
    """A new copy of a hand as it is posted (``render.held_hand``)."""
    return None if hand is None else render.held_hand(hand)
