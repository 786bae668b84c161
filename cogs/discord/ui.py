"""``Rendered`` (plain data) into discord.py's message arguments, with discord.py's public API."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.render import Button, Rendered, Select

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
    "link": discord.ButtonStyle.link,
}


def _button(b: Button, row: int) -> discord.ui.Button[Any]:
    if b.url is not None:
        return discord.ui.Button(label=b.label, url=b.url, row=row)
    return discord.ui.Button(
        custom_id=b.custom_id,
        label=b.label,
        style=STYLES.get(b.style, discord.ButtonStyle.secondary),
        disabled=b.disabled,
        row=row,
    )


def build_view(rendered: Rendered) -> discord.ui.View | None:
    """A finished View of the components: discord.py never keeps it (every click is routed by
    ``cogs.discord.router.on_interaction``, which trusts nothing a custom_id says)."""
    if not rendered.rows:
        return None
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(rendered.rows):
        if isinstance(row, Select):
            view.add_item(
                discord.ui.Select(
                    custom_id=row.custom_id,
                    placeholder=row.placeholder,
                    options=[
                        discord.SelectOption(
                            label=o.label, value=o.value, description=o.description
                        )
                        for o in row.options
                    ],
                    row=index,
                )
            )
        else:
            for b in row:
                view.add_item(_button(b, index))
    view.stop()
    return view


def build_embed(rendered: Rendered) -> discord.Embed | None:
    e = rendered.embed
    if e is None:
        return None
    embed = discord.Embed(title=e.title, description=e.description, color=e.color)
    for f in e.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    if e.footer:
        embed.set_footer(text=e.footer)
    if e.image and rendered.file is not None and rendered.file[0] == e.image:
        embed.set_image(url=f"attachment://{e.image}")
    return embed


def mentions(rendered: Rendered) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(u) for u in rendered.mentions] if rendered.mentions else False,
        replied_user=False,
    )


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
