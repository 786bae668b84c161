"""``cogs.discord.rest``, the fast path to Discord, checked against discord.py's public API.

It uses three things discord.py does not document; each is pinned here, so a discord.py
release that changes them fails these tests instead of the bot:

- the JSON of a message: the same as discord.py's public API sends for the same message
  (``discord.http.handle_message_parameters`` is what its public ``send``/``edit`` use);
- ``discord.http.Route``: the URL of each route, and "@original" left literal;
- ``HTTPClient.request``: JSON in, parsed JSON out, query parameters, and discord.py's own
  exceptions for a refusal, against the emulator with a real logged-in client.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.http import Route, handle_message_parameters

from bot.i18n import ENGLISH
from bot.model import PLAYING, Seat, Table
from bot.render import Button, Embed, Field, Option, Rendered, Select
from bot.render.messages import hand_message, lobby_message, table_message
from bot.tables.ports import THREAD_OPEN, Limited, MessageGone, TokenRefused
from cogs.discord.rest import message_json
from cogs.discord.ui import edit_kwargs, send_kwargs
from engine.record import new_game
from sandbox import DiscordEmulator, run_bot
from sandbox.models import Thread
from tests.e2e.harness import make_bot, make_world


def _table() -> Table:
    t = Table(
        id=7,
        guild_id=1,
        channel_id=2,
        game="smear",
        host_id=10,
        max_seats=3,
        options={"target": 11, "stuck_dealer": False},
        turn_timer=120,
        seed=5,
        status=PLAYING,
        seats=[Seat(10 + i, f"p{i}") for i in range(3)],
    )
    t.state = new_game("smear", 3, 5, t.options)
    return t


def samples() -> list[Rendered]:
    t = _table()
    return [
        Rendered(content="just words"),
        Rendered(
            content="<@5> it is your turn",
            embed=Embed(
                "Title", "Text", 0x123456, "foot", (Field("a", "b", True), Field("c", "d"))
            ),
            rows=(
                (Button("x", "X", "danger", True), Button("", "Rules", "link", url="https://e.x")),
                (Button("p", "P", "primary"), Button("s", "S", "success"), Button("q", "Q")),
                Select("sel", "Pick one", (Option("a", "1", "first"), Option("b", "2"))),
            ),
            mentions=(5,),
        ),
        Rendered(embed=Embed("Only an embed", "and nothing else")),
        table_message(t, ENGLISH),
        hand_message(t, 0, ENGLISH),
        hand_message(t, 1, ENGLISH),
        lobby_message(t, ENGLISH),
    ]


def _plain(embeds: list[dict[str, Any]], rows: list[dict[str, Any]]) -> tuple[Any, Any]:
    """Embeds and components without the defaults Discord assumes anyway (discord.py sends
    an embed's ``flags: 0`` and a select's ``required: true``)."""
    embeds = [{k: v for k, v in e.items() if not (k == "flags" and v == 0)} for e in embeds]
    rows = [
        {
            **row,
            "components": [
                {k: v for k, v in c.items() if not (k == "required" and v is True)}
                for c in row["components"]
            ],
        }
        for row in rows
    ]
    return embeds, rows


def _seen(m: Any) -> tuple[str, Any, Any]:
    """What people see of a message (the emulator keeps it as it was sent)."""
    return (m.content, *_plain(m.embeds, m.components))


def _normal(payload: dict[str, Any]) -> dict[str, Any]:
    """discord.py's payload without the defaults Discord assumes anyway."""
    out = {k: v for k, v in payload.items() if k != "tts"}
    embeds, rows = _plain(out.get("embeds", []), out.get("components", []))
    if "embeds" in out:
        out["embeds"] = embeds
    if "components" in out:
        out["components"] = rows
    return out


@pytest.mark.parametrize("edit", [False, True], ids=["send", "edit"])
def test_a_message_is_the_json_discord_py_sends_for_it(edit: bool) -> None:
    for r in samples():
        kwargs = edit_kwargs(r) if edit else send_kwargs(r)
        ours = message_json(r, edit=edit)
        theirs = _normal(handle_message_parameters(**kwargs).payload or {})
        if not edit:
            ours.setdefault("embeds", [])
            theirs.setdefault("embeds", [])
        assert ours == theirs


def test_channel_routes_are_the_urls_discord_documents() -> None:
    base = Route.BASE
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=3)
    assert post.url == f"{base}/channels/3/messages" and post.channel_id == 3


async def test_the_fast_path_sends_what_the_public_api_sends(
    emu: DiscordEmulator, tmp_path: Any
) -> None:
    w = make_world(emu)
    alice = w.users[0]
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        assert bot.application_id is not None
        rest = bot.discord_io.rest
        channel = bot.get_partial_messageable(w.channel.id)
        for i, r in enumerate(samples()):
            public = await channel.send(**send_kwargs(r))
            fast = await rest.post(w.channel.id, r, nonce=f"n{i}")
            a, b = emu.message(public.id), emu.message(fast)
            assert _seen(a) == _seen(b)
            assert b.nonce == f"n{i}"
            # Edits replace everything, the same way.
            other = samples()[(i + 1) % len(samples())]
            await channel.get_partial_message(public.id).edit(**edit_kwargs(other))
            await rest.edit(w.channel.id, fast, other)
            a, b = emu.message(public.id), emu.message(fast)
            assert _seen(a) == _seen(b)
        # The same nonce again returns the first message, not a second one.
        again = await rest.post(w.channel.id, samples()[0], nonce="n0")
        assert again == emu.public_messages(w.channel)[1].id
        await rest.delete(w.channel.id, again)
        assert emu.message(again).deleted
        with pytest.raises(discord.NotFound):
            await rest.edit(w.channel.id, again, samples()[0])

        # Through an interaction's token: ephemeral, by id or as the original response.
        answered = await emu.invoke_and_wait(alice, w.channel, "smear rules")
        token = emu.interactions[answered.interaction_id].token
        webhook = discord.Webhook.partial(bot.application_id, token, client=bot)
        webhook.type = discord.WebhookType.application  # an interaction's webhook
        public_hand = await webhook.send(**send_kwargs(samples()[4]), ephemeral=True, wait=True)
        hand = await rest.token_post(token, samples()[4], ephemeral=True)
        a, b = emu.message(public_hand.id), emu.message(hand)
        assert b.ephemeral and a.ephemeral
        assert _seen(a) == _seen(b)
        assert emu.visible_messages(w.channel, alice)[-1].id == hand
        assert hand not in [m.id for m in emu.visible_messages(w.channel, w.users[1])]
        await rest.token_edit(token, str(hand), samples()[5])
        assert emu.message(hand).content == samples()[5].content
        await rest.token_edit(token, "@original", samples()[0])
        assert emu.message(answered.id).content == "just words"
        await rest.token_delete(token, str(hand))
        assert emu.message(hand).deleted
        with pytest.raises(MessageGone):  # deleted: the token is fine, the message is gone
            await rest.token_edit(token, str(hand), samples()[5])
        with pytest.raises(TokenRefused):  # Unknown Webhook: never use it again
            await rest.token_post("not-a-token", samples()[0], ephemeral=True)
        emu.assert_no_violations()


async def test_hands_leave_no_rate_limit_bucket_per_token(
    emu: DiscordEmulator, tmp_path: Any
) -> None:
    """discord.py's HTTP client scans all its rate-limit buckets for each new one once it has
    256; a bucket per interaction token (every click) made that scan most of the bot's CPU
    under load. Hands go through the webhook adapter, which keeps none."""
    w = make_world(emu)
    alice = w.users[0]
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        rest = bot.discord_io.rest
        buckets = bot.http._buckets  # discord.py's own, to see the cost is not there
        before = len(buckets)
        for _ in range(20):
            answered = await emu.invoke_and_wait(alice, w.channel, "smear rules")
            token = emu.interactions[answered.interaction_id].token
            hand = await rest.token_post(token, samples()[4], ephemeral=True)
            await rest.token_edit(token, str(hand), samples()[5])
            await rest.token_edit(token, "@original", samples()[0])
            await rest.token_delete(token, str(hand))
        assert len(buckets) - before < 5, "a bucket per token"
        emu.assert_no_violations()


async def test_a_threads_requests_never_sleep_out_a_429_inside_the_call(
    emu: DiscordEmulator, tmp_path: Any
) -> None:
    """Archiving, reopening and joining a game's thread under a 429 of 219 s (reported for
    thread routes): each call returns at once with ``Limited`` and its ``retry_after``
    (discord.py's own ``HTTPClient.request`` would sleep the 219 s inside the call); the
    same calls succeed once the limit is gone. (Virtual time: a sleep would be seen as the
    call outlasting the one second it is given.)"""
    w = make_world(emu, threads=True)
    alice = w.users[0]
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        io = bot.discord_io
        thread_id = await io.create_thread(w.channel.id, None, "a game", 60)
        assert isinstance(thread_id, int)
        emu.rate_limit_route("PATCH", "/channels/{channel_id}", 3600, retry_after=219)
        emu.rate_limit_route(
            "PUT", "/channels/{channel_id}/thread-members/{user_id}", 3600, retry_after=219
        )
        calls = (
            io.archive_thread(thread_id),
            io.reopen_thread(thread_id),
            io.add_to_thread(thread_id, alice.id),
        )
        for call in calls:
            with pytest.raises(Limited) as limited:
                await asyncio.wait_for(call, 1.0)
            assert limited.value.retry_after == pytest.approx(219, abs=1)
        emu.faults.clear()
        await asyncio.wait_for(io.archive_thread(thread_id), 1.0)
        thread = emu.channels[thread_id]
        assert isinstance(thread, Thread) and thread.archived
        assert await asyncio.wait_for(io.reopen_thread(thread_id), 1.0) == THREAD_OPEN
        assert not thread.archived
        await asyncio.wait_for(io.add_to_thread(thread_id, alice.id), 1.0)
        assert alice.id in thread.members
