"""What the feed stores: its intents, so a crash between storing and sending loses nothing.

The **outbox** holds the public effects of actions (posts, edits, closes, deletes), written in
the same transaction as the action (``bot.storage.tables``); **slots** name a table's public
messages (the nonce a post is made with, then the message id Discord gave it); **hand copies**
are each person's live hand message and freshest interaction token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.storage.database import Database, Statement

INSERT_OUTBOX = (
    "INSERT INTO outbox (table_id, seq, op, slot, nonce, payload, revision)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


class OutboxRow(NamedTuple):
    """One public effect of an action, stored with it: post, edit, close (edit a last time and
    forget) or delete the message of ``slot``. ``payload`` is the rendered message as JSON, and
    ``revision`` the table revision it shows (a click's answer may have shown it already)."""

    seq: int
    op: str
    slot: str
    nonce: str
    payload: str | None
    revision: int = 0


class SlotRow(NamedTuple):
    """A public message of a table: its id once Discord gave it, the nonce it was (or will be)
    posted with, so a post repeated after a crash returns the first message, and the
    interaction token it was posted through, if any (which then reaches it: ``ref``)."""

    slot: str
    nonce: str
    message_id: int | None
    token: str | None = None
    token_at: float | None = None
    ref: str | None = None


class HandCopyRow(NamedTuple):
    """A person's live hand message (ephemeral) and the freshest interaction token they gave."""

    user_id: int
    copy_token: str | None
    copy_ref: str | None  # "@original" or the message id, as the token reaches it
    copy_message_id: int | None
    copy_at: float | None  # wall-clock time the copy's token was issued
    fresh_token: str | None
    fresh_at: float | None
    locale: str | None


class FeedStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def outbox_done(self, table_id: int, row: OutboxRow, message_id: int | None) -> None:
        """An outbox row was carried out: forget it, and keep the message id it made."""
        statements: list[Statement] = [
            ("DELETE FROM outbox WHERE table_id = ? AND seq = ?", (table_id, row.seq))
        ]
        if row.op == "post":
            statements.append(self._slot_upsert(table_id, SlotRow(row.slot, row.nonce, message_id)))
        elif row.op in ("close", "delete"):
            statements.append(
                ("DELETE FROM slots WHERE table_id = ? AND slot = ?", (table_id, row.slot))
            )
        await self.db.write(statements)

    @staticmethod
    def _slot_upsert(table_id: int, row: SlotRow) -> Statement:
        return (
            "INSERT INTO slots (table_id, slot, nonce, message_id, token, token_at, ref)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, slot) DO UPDATE SET nonce = excluded.nonce,"
            " message_id = excluded.message_id, token = excluded.token,"
            " token_at = excluded.token_at, ref = excluded.ref",
            (table_id, *row),
        )

    async def set_slot(self, table_id: int, row: SlotRow) -> None:
        """Before posting (id None: the intent, with the token it will be posted through) and
        as soon as Discord answers (the id)."""
        await self.db.write([self._slot_upsert(table_id, row)])

    async def drop_slot(self, table_id: int, slot: str) -> None:
        await self.db.write(
            [("DELETE FROM slots WHERE table_id = ? AND slot = ?", (table_id, slot))]
        )

    async def save_hand_copies(self, rows: Sequence[tuple[int, HandCopyRow]]) -> None:
        """People's hand messages and freshest tokens (``(table id, row)`` each)."""
        await self.db.write(
            [
                (
                    "INSERT INTO hand_copies (table_id, user_id, copy_token, copy_ref,"
                    " copy_message_id, copy_at, fresh_token, fresh_at, locale)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (table_id, user_id) DO UPDATE SET"
                    " copy_token = excluded.copy_token, copy_ref = excluded.copy_ref,"
                    " copy_message_id = excluded.copy_message_id, copy_at = excluded.copy_at,"
                    " fresh_token = excluded.fresh_token, fresh_at = excluded.fresh_at,"
                    " locale = excluded.locale",
                    (table_id, *row),
                )
                for table_id, row in rows
            ]
        )

    async def drop_hand_copies(self, table_id: int) -> None:
        """Forget people's tokens at a table: its game moved into a thread, and their tokens
        reach only the channel they clicked in."""
        await self.db.write([("DELETE FROM hand_copies WHERE table_id = ?", (table_id,))])

    async def forget_feed(self, table_id: int, *, keep: Sequence[str] = ()) -> None:
        """A closed table's feed is done: its hand copies and message slots go (but ``keep``)."""
        statements: list[Statement] = [
            ("DELETE FROM hand_copies WHERE table_id = ?", (table_id,)),
        ]
        if keep:
            marks = ", ".join("?" for _ in keep)
            statements.append(
                (
                    f"DELETE FROM slots WHERE table_id = ? AND slot NOT IN ({marks})",
                    (table_id, *keep),
                )
            )
        else:
            statements.append(("DELETE FROM slots WHERE table_id = ?", (table_id,)))
        await self.db.write(statements)

    async def slot_of(self, table_id: int, slot: str) -> SlotRow | None:
        row = await self.db.fetchone(
            "SELECT slot, nonce, message_id, token, token_at, ref FROM slots"
            " WHERE table_id = ? AND slot = ?",
            (table_id, slot),
        )
        return None if row is None else SlotRow(*row)
