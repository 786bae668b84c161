"""discord.py glue shared by the cogs: Rendered → message kwargs, the publisher, safe replies."""

from __future__ import annotations

import contextlib
import io
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, NamedTuple

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context

from bot.model import Refusal
from bot.render import Button, Rendered, Select

if TYPE_CHECKING:
    from bot.app import TrickBot

log = logging.getLogger("trickbot.ui")

HAND_TOKEN_LIFETIME = 14 * 60.0  # an interaction token lives 15 minutes; keep a margin
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
GENERIC_ERROR = "Sorry, something went wrong on my side; nothing was changed. Please try again."


class RenderedView(discord.ui.View):
    """Rows of plain buttons, already in the form discord.py sends them.

    discord.py only calls ``to_components`` on a view it does not keep, so building a
    ``discord.ui.Button`` item per card on every click is work for nothing. Like the views
    ``build_view`` used to build, it is finished: discord.py never stores it (every click is
    routed by ``cogs.buttons.on_interaction``)."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._payload = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._payload

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False


def _button_dict(b: Button) -> dict[str, Any]:
    # Exactly what discord.ui.Button(...).to_component_dict() gives for these fields.
    style = STYLES.get(b.style, discord.ButtonStyle.secondary)
    return {
        "type": 2,
        "style": style.value,
        "disabled": b.disabled,
        "label": b.label,
        "custom_id": b.custom_id,
    }


def build_view(rendered: Rendered) -> discord.ui.View | None:
    """A View for the components only, finished so discord.py does not keep it: every click
    is routed by ``cogs.buttons.on_interaction``."""
    if not rendered.rows:
        return None
    if not any(isinstance(row, Select) for row in rendered.rows):
        return RenderedView(
            [
                {"type": 1, "components": [_button_dict(b) for b in row]}
                for row in rendered.rows
                if not isinstance(row, Select)
            ]
        )
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(rendered.rows):
        if isinstance(row, Select):
            view.add_item(
                discord.ui.Select(
                    custom_id=row.custom_id,
                    placeholder=row.placeholder,
                    options=[discord.SelectOption(label=lbl, value=v) for lbl, v in row.options],
                    row=row_index,
                )
            )
            continue
        for b in row:
            assert isinstance(b, Button)
            view.add_item(
                discord.ui.Button(
                    custom_id=b.custom_id,
                    label=b.label,
                    style=STYLES.get(b.style, discord.ButtonStyle.secondary),
                    disabled=b.disabled,
                    row=row_index,
                )
            )
    view.stop()
    return view


def build_embed(rendered: Rendered) -> discord.Embed | None:
    e = rendered.embed
    if e is None:
        return None
    embed = discord.Embed(title=e.title, description=e.description, color=e.color)
    if e.footer:
        embed.set_footer(text=e.footer)
    return embed


def mentions(rendered: Rendered) -> discord.AllowedMentions:
    if rendered.mention_user is not None:
        return discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(rendered.mention_user)]
        )
    return discord.AllowedMentions.none()


def send_kwargs(rendered: Rendered) -> dict[str, Any]:
    kw: dict[str, Any] = {"allowed_mentions": mentions(rendered)}
    if rendered.content:
        kw["content"] = rendered.content
    embed = build_embed(rendered)
    if embed is not None:
        kw["embed"] = embed
    view = build_view(rendered)
    if view is not None:
        kw["view"] = view
    if rendered.file is not None:
        kw["file"] = discord.File(io.BytesIO(rendered.file[1]), filename=rendered.file[0])
    return kw


def edit_kwargs(rendered: Rendered) -> dict[str, Any]:
    """Edits replace everything: a missing embed or view is removed."""
    return {
        "content": rendered.content,
        "embed": build_embed(rendered),
        "view": build_view(rendered),
        "allowed_mentions": mentions(rendered),
    }


class HandToken(NamedTuple):
    """Enough of the interaction that last showed a person's hand to edit that message."""

    application_id: int
    token: str
    session: Any  # discord.py's aiohttp session
    at: float  # time.monotonic()


class DiscordPublisher:
    """The table manager's way out to Discord (bot.tables.Publisher)."""

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot
        # (table, user) -> the latest interaction that showed that person's hand
        self.hands: dict[tuple[int, int], HandToken] = {}

    # send and edit build the same request as PartialMessageable.send and PartialMessage.edit
    # but skip parsing Discord's answer into a discord.Message, which is thrown away.

    async def send(self, channel_id: int, message: Rendered) -> int | None:
        kw = send_kwargs(message)
        file = kw.get("file")
        embed = kw.get("embed")
        try:
            with handle_message_parameters(
                content=kw.get("content"),
                file=file if file is not None else MISSING,
                embed=embed if embed is not None else MISSING,
                nonce=secrets.randbits(64),
                allowed_mentions=kw["allowed_mentions"],
                previous_allowed_mentions=self.bot.allowed_mentions,
                view=kw.get("view"),
            ) as params:
                data = await self.bot.http.send_message(channel_id, params=params)
        except discord.HTTPException as e:
            log.warning("could not post in channel %s: %s", channel_id, e)
            return None
        return int(data["id"])

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        try:
            with handle_message_parameters(
                **edit_kwargs(message), previous_allowed_mentions=self.bot.allowed_mentions
            ) as params:
                await self.bot.http.edit_message(channel_id, message_id, params=params)
        except discord.NotFound:
            return False
        except discord.HTTPException as e:
            log.warning("could not edit message %s: %s", message_id, e)
            return False
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        partial = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        with contextlib.suppress(discord.HTTPException):
            await partial.delete()

    def remember_hand(
        self, table_id: int, user_id: int, interaction: discord.Interaction[Any]
    ) -> None:
        # Only what editing the response needs: an Interaction is a cycle (its response
        # points back to it) holding the whole parsed payload, which kept alive here until the
        # next click would be promoted and scanned by the garbage collector again and again.
        self.hands[(table_id, user_id)] = HandToken(
            interaction.application_id, interaction.token, interaction._session, time.monotonic()
        )
        if len(self.hands) > 4096:  # drop expired tokens now and then
            now = time.monotonic()
            for key, entry in list(self.hands.items()):
                if now - entry.at > HAND_TOKEN_LIFETIME:
                    del self.hands[key]

    async def push_hand(self, table_id: int, user_id: int, message: Rendered) -> None:
        """Refresh a person's open hand message when their turn comes (token permitting)."""
        entry = self.hands.get((table_id, user_id))
        if entry is None:
            return
        if time.monotonic() - entry.at > HAND_TOKEN_LIFETIME:
            del self.hands[(table_id, user_id)]
            return
        try:
            await self._edit_original(entry, message)
        except discord.HTTPException:
            self.hands.pop((table_id, user_id), None)

    async def _edit_original(self, entry: HandToken, message: Rendered) -> None:
        """``Interaction.edit_original_response`` without parsing the answer into a message."""
        with handle_message_parameters(
            **edit_kwargs(message), previous_allowed_mentions=self.bot.allowed_mentions
        ) as params:
            http = self.bot.http
            await async_context.get().edit_original_interaction_response(
                entry.application_id,
                entry.token,
                session=entry.session,
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                payload=params.payload,
                multipart=params.multipart,
                files=params.files,
            )


async def answer(
    interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True
) -> None:
    """An ephemeral sentence, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)
    except discord.HTTPException:
        log.warning("could not answer an interaction")


async def refuse(interaction: discord.Interaction[Any], error: Exception) -> None:
    if isinstance(error, Refusal):
        await answer(interaction, error.message)
    else:
        log.error("unexpected error in an interaction", exc_info=error)
        await answer(interaction, GENERIC_ERROR)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    return bool(interaction.guild is not None and interaction.permissions.manage_guild)


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or user.name
    return discord.utils.escape_markdown(name)[:32]
