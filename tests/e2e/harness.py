"""Helpers for end-to-end tests: the real bot against the local Discord emulator."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import TrickBot
from bot.model import Table
from bot.settings import Settings
from sandbox import Channel, DiscordEmulator, Guild, InteractionHandle, Message, User

CARD_RE = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")


class E2EBot(TrickBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # the default sleeps 5 s before a re-IDENTIFY


def make_settings(db: Path, **kw: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": "sandbox-bot-token",
        "database_path": db,
        "ai_pause_seconds": 0.0,
        "turn_timer_seconds": 120,
        "guild_ready_timeout": 0.05,
    }
    values.update(kw)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def make_bot(db: Path, **kw: Any) -> E2EBot:
    return E2EBot(make_settings(db, **kw))


def text_of(msg: Message) -> str:
    return msg.content + "\n" + msg.embed_text()


@dataclass
class Players:
    """Drives people at a table by clicking, like a person would."""

    emu: DiscordEmulator
    bot: TrickBot
    table_id: int
    users: dict[int, User]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    hands: dict[int, Message] = field(default_factory=dict)
    clicks: int = 0
    check_leaks: Channel | None = None

    @property
    def table(self) -> Table:
        return self.bot.manager.tables[self.table_id]

    def human_to_act(self) -> int | None:
        t = self.bot.manager.tables.get(self.table_id)
        if t is None or t.state is None or t.status != "playing":
            return None
        seat = t.state.current_player
        if seat is None:
            return None
        s = t.seats[seat]
        return None if s.automatic else s.user_id

    async def wait_for_human_or_end(self, timeout: float = 10.0) -> int | None:
        def ready() -> tuple[int | None] | None:
            t = self.bot.manager.tables.get(self.table_id)
            if t is None or t.status != "playing":
                return (None,)
            uid = self.human_to_act()
            return (uid,) if uid is not None else None

        result = await self.emu.wait_until(ready, timeout=timeout, what="a person's turn")
        return result[0]

    async def table_message(self) -> Message:
        def ready() -> Message | None:
            t = self.bot.manager.tables.get(self.table_id)
            if t is None or t.table_message_id is None or t.table_message_hand != t.hand_no:
                return None
            return self.emu.message(t.table_message_id)

        return await self.emu.wait_until(ready, timeout=5, what="the table message")

    async def open_hand(self, uid: int) -> Message:
        msg = await self.table_message()
        hand = await self.emu.click_and_wait(self.users[uid], msg, label="Show my hand")
        self.clicks += 1
        self.hands[uid] = hand
        return hand

    def enabled_actions(self, msg: Message) -> list[str]:
        return [
            b["custom_id"]
            for b in msg.buttons()
            if str(b.get("custom_id", "")).startswith("tb:p:") and not b.get("disabled")
        ]

    async def play_one(self) -> bool:
        """The person to act clicks a legal card or bid. False once the game is over."""
        uid = await self.wait_for_human_or_end()
        if uid is None:
            return False
        user = self.users[uid]
        msg = self.hands.get(uid)
        if msg is None:
            msg = await self.open_hand(uid)
        msg = self.emu.message(msg)
        t = self.table
        want = f"tb:p:{self.table_id}:{t.hand_no}:{t.version}:"
        choices = [c for c in self.enabled_actions(msg) if c.startswith(want)]
        if not choices:
            msg = await self.emu.click_and_wait(user, msg, label="Refresh")
            self.clicks += 1
            choices = self.enabled_actions(msg)
        assert choices, f"no legal button for {user.name}: {msg!r}"
        by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
        # Bid 2 if nobody bid yet, else pass (games end sooner); cards at random.
        if 54 in by_action:
            pick = by_action[54]
        elif 52 in by_action:
            pick = by_action[52]
        else:
            pick = self.rng.choice(choices)
        self.hands[uid] = await self.emu.click_and_wait(user, msg, pick)
        self.clicks += 1
        if self.check_leaks is not None:
            live = self.bot.manager.tables.get(self.table_id)
            if live is not None:
                assert_no_hand_in_public(self.emu, self.check_leaks, live)
        return True

    async def play_to_end(self, limit: int = 2000) -> None:
        for _ in range(limit):
            if not await self.play_one():
                return
        raise AssertionError("the game did not end")


@dataclass
class World:
    guild: Guild
    channel: Channel
    users: list[User]


def make_world(emu: DiscordEmulator, names: tuple[str, ...] = ("alice", "bob", "carol")) -> World:
    guild = emu.add_guild("Card Room", channels=["table", "other"])
    channel = guild.channel("table")
    users = [emu.add_member(guild, n) for n in names]
    return World(guild, channel, users)


def lobby_table_id(msg: Message) -> int:
    for cid in msg.custom_ids():
        m = re.match(r"tb:l:(\d+):", cid)
        if m:
            return int(m.group(1))
    raise AssertionError(f"no lobby buttons on {msg!r}")


async def forge(
    emu: DiscordEmulator, user: User, message: Message, custom_id: str
) -> InteractionHandle:
    """A click carrying any custom_id, as a modified client could send (bypasses the checks a
    real client makes, so the bot's own checks are what is tested)."""
    channel = emu.channels[message.channel_id]
    return await emu._dispatch_interaction(
        3,
        user,
        channel,
        {"custom_id": custom_id, "component_type": 2},
        name=custom_id,
        message=message,
    )


def unplayed_cards(table: Table) -> set[str]:
    """Labels of every card still in a hand (as the bot renders them)."""
    from bot.render import card_label
    from engine.cards import cards_of

    st = table.state
    assert st is not None
    return {card_label(c) for h in st.hands for c in cards_of(h)}


def assert_no_hand_in_public(emu: DiscordEmulator, channel: Channel, table: Table) -> None:
    """No public message of the current hand shows a card that is still in someone's hand."""
    if table.table_message_id is None or table.status != "playing":
        return
    if table.table_message_hand != table.hand_no:
        return  # the new hand's message is not posted yet: the old one shows the old hand
    hidden = unplayed_cards(table)
    for msg in emu.public_messages(channel):
        if msg.id < table.table_message_id:
            continue  # earlier hands: the same cards were dealt again since
        shown = {a + b for a, b in CARD_RE.findall(text_of(msg))}
        leaked = shown & hidden
        assert not leaked, f"{leaked} shown in public before being played: {text_of(msg)}"
