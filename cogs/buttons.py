"""Every button and menu the bot sends, as DynamicItems: they survive restarts.

Each item parses its custom_id (bot/ids.py) and hands the numbers to the table manager, which
trusts none of them. Any failure becomes an ephemeral sentence; nobody sees "This interaction
failed". A catch-all item answers custom_ids that match none of the templates (forged or from a
retired version of the bot).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids, render
from bot.model import Refusal
from bot.tables import StaleClick, TableManager
from cogs.ui import answer, can_manage, display_name, edit_kwargs, refuse, send_kwargs

if TYPE_CHECKING:
    from bot.app import TrickBot

log = logging.getLogger("trickbot.buttons")


def _bot(interaction: discord.Interaction[Any]) -> TrickBot:
    return cast("TrickBot", interaction.client)


def _manager(interaction: discord.Interaction[Any]) -> TableManager:
    return _bot(interaction).manager


async def _safely(
    interaction: discord.Interaction[Any], handler: Callable[[], Awaitable[None]]
) -> None:
    try:
        await handler()
    except StaleClick as e:
        if e.hand is not None and _from_ephemeral(interaction) and not _done(interaction):
            try:
                await interaction.response.edit_message(**edit_kwargs(e.hand))
                return
            except discord.HTTPException:
                pass
        await answer(interaction, e.message)
    except Refusal as e:
        await answer(interaction, e.message)
    except Exception as e:
        await refuse(interaction, e)


def _done(interaction: discord.Interaction[Any]) -> bool:
    return interaction.response.is_done()


def _from_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    msg = interaction.message
    return msg is not None and msg.flags.ephemeral


def _placeholder(custom_id: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(label="·", custom_id=custom_id)


class _TableIdOnly:
    """For DynamicItems whose custom_id carries only the table id (and whose constructor takes
    just that): one parser instead of a copy in each class. Listed before DynamicItem so its
    ``from_custom_id`` is the one found."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Any:
        return cls(int(match["tid"]))  # type: ignore[call-arg]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY):
    def __init__(self, table_id: int, op: str) -> None:
        super().__init__(_placeholder(ids.lobby(table_id, op)))
        self.table_id = table_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(int(match["tid"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handle() -> None:
            m = _manager(interaction)
            user = interaction.user
            if self.op == "join":
                r = await m.join(self.table_id, user.id, display_name(user))
            elif self.op == "leave":
                r = await m.leave_lobby(self.table_id, user.id)
            elif self.op == "start":
                r = await m.start(self.table_id, user.id, can_manage(interaction))
            elif self.op == "cancel":
                r = await m.cancel(self.table_id, user.id, can_manage(interaction))
            else:
                level = self.op.removeprefix("ai-")
                r = await m.add_computer(self.table_id, user.id, level, can_manage(interaction))
            await interaction.response.edit_message(**edit_kwargs(r))

        await _safely(interaction, handle)


class RemoveSeatSelect(
    _TableIdOnly, discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.REMOVE
):
    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.remove(table_id), options=[discord.SelectOption(label="-")]
            )
        )
        self.table_id = table_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handle() -> None:
            data = cast("dict[str, Any]", interaction.data or {})
            values = data.get("values") or []
            try:
                seat = int(values[0])
            except (IndexError, ValueError):
                raise Refusal("Pick a seat to remove.") from None
            r = await _manager(interaction).remove_seat(
                self.table_id, interaction.user.id, seat, can_manage(interaction)
            )
            await interaction.response.edit_message(**edit_kwargs(r))

        await _safely(interaction, handle)


async def show_hand(interaction: discord.Interaction[Any], table_id: int) -> None:
    """Answer with a new ephemeral hand message (Show my hand and /hand)."""
    r = await _manager(interaction).show_hand(table_id, interaction.user.id)
    await interaction.response.send_message(**send_kwargs(r), ephemeral=True)
    _bot(interaction).publisher.remember_hand(table_id, interaction.user.id, interaction)


class ShowHandButton(
    _TableIdOnly, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SHOW
):
    def __init__(self, table_id: int) -> None:
        super().__init__(_placeholder(ids.show(table_id)))
        self.table_id = table_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _safely(interaction, lambda: show_hand(interaction, self.table_id))


async def _edit_hand(
    interaction: discord.Interaction[Any], table_id: int, r: render.Rendered
) -> None:
    if _from_ephemeral(interaction):
        await interaction.response.edit_message(**edit_kwargs(r))
    else:  # a hand is never put on a public message
        await interaction.response.send_message(**send_kwargs(r), ephemeral=True)
    _bot(interaction).publisher.remember_hand(table_id, interaction.user.id, interaction)


class RefreshButton(
    _TableIdOnly, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REFRESH
):
    def __init__(self, table_id: int) -> None:
        super().__init__(_placeholder(ids.refresh(table_id)))
        self.table_id = table_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handle() -> None:
            r = await _manager(interaction).show_hand(self.table_id, interaction.user.id)
            await _edit_hand(interaction, self.table_id, r)

        await _safely(interaction, handle)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PLAY):
    def __init__(self, table_id: int, hand: int, version: int, seat: int, action: int) -> None:
        super().__init__(_placeholder(ids.play(table_id, hand, version, seat, action)))
        self.table_id = table_id
        self.hand = hand
        self.version = version
        self.seat = seat
        self.action = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PlayButton:
        return cls(
            int(match["tid"]),
            int(match["hand"]),
            int(match["ver"]),
            int(match["seat"]),
            int(match["action"]),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handle() -> None:
            r = await _manager(interaction).play(
                self.table_id,
                interaction.user.id,
                self.hand,
                self.version,
                self.seat,
                self.action,
            )
            await _edit_hand(interaction, self.table_id, r)

        await _safely(interaction, handle)


class ExportButton(
    _TableIdOnly, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.EXPORT
):
    def __init__(self, table_id: int) -> None:
        super().__init__(_placeholder(ids.export(table_id)))
        self.table_id = table_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _safely(interaction, lambda: send_export(interaction, self.table_id))


async def send_export(interaction: discord.Interaction[Any], table_id: int) -> None:
    m = _manager(interaction)
    live = m.tables.get(table_id)
    if live is not None and live.live:
        raise Refusal(
            "The record shows every hand dealt, so it is available once the game is over."
        )
    record = await m.storage.record_of(table_id)
    if record is None:
        raise Refusal("That table has no game record.")
    status, data = record
    if status not in ("finished", "cancelled"):
        raise Refusal("The record is available once the game is over.")
    name, blob = render.record_file(table_id, data)
    await interaction.response.send_message(
        f"The game record of table {table_id} (RECORD.md format).",
        file=discord.File(io.BytesIO(blob), filename=name),
        ephemeral=True,
    )


_ANY: discord.ui.Button[Any] = discord.ui.Button(
    label="·", custom_id="tb:any"
)  # from_custom_id ignores the item


async def on_interaction(interaction: discord.Interaction[Any]) -> None:
    """Routes every click to its DynamicItem, whether its custom_id is on the clicked message
    or not (forged, or from an old message): the table manager checks everything anyway.

    The items are not registered with discord.py (``add_dynamic_items``): its router rebuilds
    a whole View of the clicked message on every click to find the item, which costs more than
    the game move itself. A custom_id that matches no template gets a sentence."""
    if interaction.type != discord.InteractionType.component:
        return
    data = cast("dict[str, Any]", interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    for item_cls in DYNAMIC_ITEMS:
        match = item_cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            item = await item_cls.from_custom_id(interaction, _ANY, match)
            await item.callback(interaction)
            return
    await answer(
        interaction,
        "That button is not one of mine (or is from an old version): nothing was done.",
    )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    RemoveSeatSelect,
    ShowHandButton,
    RefreshButton,
    PlayButton,
    ExportButton,
)
