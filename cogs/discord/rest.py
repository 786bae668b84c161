"""The fast way out to Discord, for the messages a table sends several times a second.

discord.py's public way to send or edit a message builds a ``View`` of ``Button`` objects for
each one and parses every answer into a ``Message``. For a table message, a hand or a click's
answer, that was about half of the bot's CPU per move (``python -m benchmarks.bench_load
--tables 200 --profile``), and nothing here reads those objects: the feed needs one id back.

So this module builds the JSON Discord expects straight from a ``Rendered`` and sends it with
discord.py's own HTTP code (its sessions, retries and rate limits): channel messages through
``HTTPClient.request`` and ``Route``; messages through an interaction's token through the
webhook adapter discord.py's own ``Webhook`` uses. ``HTTPClient.request`` keeps a rate-limit
bucket per route key and, past 256 buckets, scans them all for each new key; a key per
interaction token made that scan the bot's biggest cost under load, while the webhook adapter
keeps its per-token locks in a weak dictionary. None of these is documented: they are used here
and nowhere else, each has a test (``tests/e2e/test_discord_rest.py``), and discord.py is
pinned to the minor version those tests passed with. A message with a file (final standings'
chart) goes the public way: it is rare, and a multipart upload is discord.py's business. (Hands
never carry a file, and edits never change one.)
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import async_context

from bot.render import Button, Rendered, Row, Select

EPHEMERAL = 1 << 6  # message flag: only the person the interaction came from sees it
STYLES = {"primary": 1, "secondary": 2, "success": 3, "danger": 4, "link": 5}
NO_MENTIONS: dict[str, Any] = {"parse": []}


def _button(b: Button) -> dict[str, Any]:
    if b.url is not None:
        return {"type": 2, "style": 5, "label": b.label, "url": b.url, "disabled": b.disabled}
    return {
        "type": 2,
        "style": STYLES.get(b.style, 2),
        "label": b.label,
        "custom_id": b.custom_id,
        "disabled": b.disabled,
    }


def _row(row: Row) -> dict[str, Any]:
    if isinstance(row, Select):
        options = []
        for o in row.options:
            option: dict[str, Any] = {"label": o.label, "value": o.value, "default": False}
            if o.description is not None:
                option["description"] = o.description
            options.append(option)
        select = {
            "type": 3,
            "custom_id": row.custom_id,
            "placeholder": row.placeholder,
            "min_values": 1,
            "max_values": 1,
            "options": options,
            "disabled": False,
        }
        return {"type": 1, "components": [select]}
    return {"type": 1, "components": [_button(b) for b in row]}


def _embed(r: Rendered) -> dict[str, Any] | None:
    e = r.embed
    if e is None:
        return None
    out: dict[str, Any] = {
        "type": "rich",
        "title": e.title,
        "description": e.description,
        "color": e.color,
    }
    if e.fields:
        out["fields"] = [{"name": f.name, "value": f.value, "inline": f.inline} for f in e.fields]
    if e.footer:
        out["footer"] = {"text": e.footer}
    if e.image and r.file is not None and r.file[0] == e.image:
        out["image"] = {"url": f"attachment://{e.image}"}
    return out


def _mentions(r: Rendered) -> dict[str, Any]:
    if not r.mentions:
        return NO_MENTIONS
    return {"users": list(r.mentions), "parse": []}


def message_json(r: Rendered, *, edit: bool) -> dict[str, Any]:
    """The JSON body of a message. An edit replaces everything: what ``r`` lacks is removed."""
    embed = _embed(r)
    body: dict[str, Any] = {"allowed_mentions": _mentions(r)}
    if edit:
        body["content"] = r.content
        body["embeds"] = [] if embed is None else [embed]
        body["components"] = [_row(row) for row in r.rows]
        return body
    if r.content:
        body["content"] = r.content
    if embed is not None:
        body["embeds"] = [embed]
    if r.rows:
        body["components"] = [_row(row) for row in r.rows]
    return body


class Rest:
    """Channel messages with the bot's authority, and a person's ephemeral messages through an
    interaction token (``ref``: a message id, or ``@original`` for the message the interaction
    answered). Failures are discord.py's exceptions, as from its public API."""

    def __init__(
        self, http: HTTPClient, application_id: int, session: aiohttp.ClientSession
    ) -> None:
        self.http = http
        self.application_id = application_id
        self.session = session  # the client's, as discord.py's own webhooks use it

    # ------------------------------------------------------------------ channel messages

    async def post(self, channel_id: int, r: Rendered, nonce: str) -> int:
        """Posted with a nonce Discord enforces: the same nonce again within minutes returns
        the first message instead of a second one."""
        body = message_json(r, edit=False)
        body["nonce"] = nonce
        body["enforce_nonce"] = True
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
        data = await self.http.request(route, json=body)
        return int(data["id"])

    async def edit(self, channel_id: int, message_id: int, r: Rendered) -> None:
        route = Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )
        await self.http.request(route, json=message_json(r, edit=True))

    async def delete(self, channel_id: int, message_id: int) -> None:
        route = Route(
            "DELETE",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )
        await self.http.request(route)

    # ------------------------------------------------------------------ through a token

    async def hand_post(self, token: str, r: Rendered) -> int:
        body = message_json(r, edit=False)
        body["flags"] = EPHEMERAL
        data = await async_context.get().execute_webhook(
            self.application_id, token, session=self.session, payload=body, wait=True
        )
        if data is None:  # never with wait=True
            raise discord.DiscordException("Discord did not return the message it posted")
        return int(data["id"])

    async def hand_edit(self, token: str, ref: str, r: Rendered) -> None:
        body = message_json(r, edit=True)
        adapter = async_context.get()
        if ref == "@original":
            await adapter.edit_original_interaction_response(
                self.application_id, token, session=self.session, payload=body
            )
        else:
            await adapter.edit_webhook_message(
                self.application_id, token, int(ref), session=self.session, payload=body
            )

    async def hand_delete(self, token: str, ref: str) -> None:
        adapter = async_context.get()
        if ref == "@original":
            await adapter.delete_original_interaction_response(
                self.application_id, token, session=self.session
            )
        else:
            await adapter.delete_webhook_message(
                self.application_id, token, int(ref), session=self.session
            )
