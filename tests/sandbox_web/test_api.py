"""The page's HTTP/WebSocket API over the emulator, with a real discord.py test bot."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from sandbox import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS, DiscordEmulator
from sandbox.run import Sandbox, SandboxConfig, banner, serve_sandbox, start_sandbox
from sandbox.web import flatten_commands
from sandbox.web.server import find_leaf, unknown_command
from sandbox.web.world import create_world, dump_world, restore_world
from tests.sandbox.sandbox_bot import PlainBot
from tests.sandbox_web.conftest import PageClient, sandbox_config


async def test_state_lists_users_channels_and_the_bots_commands(page: PageClient) -> None:
    status, state = await page.get("/api/state?user=Ben")
    assert status == 200
    assert [u["name"] for u in state["users"]] == ["Ada", "Ben", "Cy", "Dee", "Eve"]
    assert state["me"] == next(u["id"] for u in state["users"] if u["name"] == "Ben")
    assert [c["name"] for c in state["channels"]] == ["smear", "salad", "general"]
    assert state["bot_connected"] is True
    commands = {c["name"]: c for c in state["commands"]}
    assert {"game start", "game table", "game pick", "settings"} <= set(commands)
    start = commands["game start"]
    assert start["description"] == "start a table"
    (seats,) = start["options"]
    assert (seats["name"], seats["type"], seats.get("required", False)) == ("seats", 4, False)
    assert commands["game variant"]["options"][0]["autocomplete"] is True


async def test_page_and_static_files_are_served(page: PageClient) -> None:
    async with page.session.get(page.url) as resp:
        assert resp.status == 200
        html = await resp.text()
    assert "/static/app.js" in html and "/static/style.css" in html
    for name in ("app.js", "style.css"):
        async with page.session.get(f"{page.url}static/{name}") as resp:
            assert resp.status == 200


async def test_a_command_reaches_the_bot_and_its_answer_every_page(page: PageClient) -> None:
    ada = await page.socket("Ada")
    ben = await page.socket("Ben")
    await page.ok("/api/invoke", {"user": "Ada", "channel": "smear", "command": "/game table"})
    for sock in (ada, ben):
        frame = await sock.wait("message", lambda f: f["message"]["content"] == "the table")
        msg = frame["message"]
        assert msg["interaction"]["user"]["name"] == "Ada"
        assert msg["interaction"]["command"] == "game table"
        assert msg["author"]["bot"] is True
        assert msg["ephemeral"] is False
        button = msg["components"][0]["components"][0]
        assert (button["label"], button["custom_id"]) == ("Show my hand", "show_hand")


async def test_ephemeral_messages_reach_only_their_user(page: PageClient) -> None:
    ada = await page.socket("Ada")
    ben = await page.socket("Ben")
    await page.ok("/api/invoke", {"user": "Ada", "channel": "smear", "command": "game table"})
    table = (await ada.wait("message"))["message"]
    await page.ok("/api/click", {"user": "Ben", "message": table["id"], "custom_id": "show_hand"})
    hand = (await ben.wait("message", lambda f: f["message"]["ephemeral"]))["message"]
    assert hand["content"] == "hand of Ben"
    assert [f for f in await ada.frames_for(0.3) if f["type"] == "message"] == []
    # and so does the state a page loads
    _, ada_state = await page.get("/api/state?user=Ada")
    _, ben_state = await page.get("/api/state?user=Ben")
    assert hand["id"] not in {m["id"] for m in ada_state["messages"]}
    assert hand["id"] in {m["id"] for m in ben_state["messages"]}
    # Ada cannot click Ben's hand
    status, data = await page.post(
        "/api/click", {"user": "Ada", "message": hand["id"], "custom_id": "play"}
    )
    assert status == 400 and "cannot see" in data["error"]
    # Ben can: the bot edits it, only Ben hears about it
    await page.ok("/api/click", {"user": "Ben", "message": hand["id"], "custom_id": "play"})
    edited = await ben.wait("message", lambda f: f["message"]["id"] == hand["id"])
    assert edited["message"]["content"] == "Ben played" and edited["message"]["edited"]
    ack = await ben.wait("ack")
    assert ack["message_id"] == hand["id"]


async def test_attachments_are_served_to_who_can_see_them(page: PageClient) -> None:
    ada = await page.socket("Ada")
    await page.ok("/api/invoke", {"user": "Ada", "channel": "general", "command": "game export"})
    msg = (await ada.wait("message"))["message"]
    (att,) = msg["attachments"]
    assert att["filename"] == "record.json"
    async with page.session.get(page.url + att["url"].lstrip("/")) as resp:
        assert resp.status == 200
        assert json.loads(await resp.read()) == {"game": "smear", "scores": [11, 7]}


async def test_options_typed_as_text_are_converted(page: PageClient) -> None:
    ada = await page.socket("Ada")
    await page.ok(
        "/api/invoke",
        {"user": "Ada", "channel": "smear", "command": "game start", "options": {"seats": "3"}},
    )
    frame = await ada.wait("message")
    assert frame["message"]["content"] == "table with 3 seats"
    assert frame["message"]["ephemeral"] is True
    await page.ok(
        "/api/invoke",
        {"user": "Ada", "channel": "smear", "command": "game greet", "options": {"target": "@Cy"}},
    )
    frame = await ada.wait("message", lambda f: "hello" in f["message"]["content"])
    assert frame["message"]["content"].startswith("hello Cy (")


@pytest.mark.parametrize(
    ("command", "options", "error"),
    [
        ("nope", {}, "/nope is not one of the bot's commands"),
        ("game nope", {}, "nope is not a subcommand of /game; it has chatter, cleanup, counter"),
        ("game", {}, "/game needs a subcommand: chatter, cleanup, counter"),
        ("game start", {"seats": "many"}, "whole number"),
        ("game start", {"chairs": "3"}, "no option 'chairs'"),
        ("game greet", {}, "needs target"),
        ("game greet", {"target": "Zed"}, "no user"),
        ("settings", {}, "needs permissions"),  # Ben does not manage the server
    ],
)
async def test_bad_commands_are_explained(
    page: PageClient, command: str, options: dict[str, str], error: str
) -> None:
    status, data = await page.post(
        "/api/invoke", {"user": "Ben", "channel": "smear", "command": command, "options": options}
    )
    assert status == 400
    assert error in data["error"]


async def test_the_server_owner_may_use_admin_commands(page: PageClient) -> None:
    ada = await page.socket("Ada")
    await page.ok("/api/invoke", {"user": "Ada", "channel": "smear", "command": "settings"})
    frame = await ada.wait("message")
    assert frame["message"]["content"] == "manage_guild=True"


async def test_autocomplete_asks_the_bot(page: PageClient) -> None:
    data = await page.ok(
        "/api/autocomplete",
        {
            "user": "Cy",
            "channel": "smear",
            "command": "game variant",
            "options": {"name": "s"},
            "focused": "name",
        },
    )
    assert [c["name"] for c in data["choices"]] == ["smear", "salad", "spades"]


async def test_select_menus_and_modals(page: PageClient) -> None:
    dee = await page.socket("Dee")
    await page.ok("/api/invoke", {"user": "Dee", "channel": "salad", "command": "game pick"})
    pick = (await dee.wait("message"))["message"]
    await page.ok(
        "/api/click",
        {"user": "Dee", "message": pick["id"], "custom_id": "pick", "values": ["clubs", "spades"]},
    )
    frame = await dee.wait("message", lambda f: f["message"]["id"] == pick["id"])
    assert frame["message"]["content"] == "picked clubs,spades"

    await page.ok("/api/invoke", {"user": "Dee", "channel": "salad", "command": "game note"})
    modal = await dee.wait("modal")
    assert modal["modal"]["title"] == "Note"
    await page.ok(
        "/api/modal",
        {"user": "Dee", "interaction": modal["interaction"], "values": {"text": "hi"}},
    )
    frame = await dee.wait("message", lambda f: f["message"]["content"] == "noted: hi")
    assert frame["message"]["ephemeral"] is True


async def test_plain_messages_reach_the_bot(page: PageClient) -> None:
    eve = await page.socket("Eve")
    await page.ok("/api/say", {"user": "Eve", "channel": "general", "content": "hello bot"})
    frame = await eve.wait("message")
    assert frame["message"]["author"]["name"] == "Eve"
    assert frame["message"]["content"] == "hello bot"


async def test_live_updates_when_the_bot_edits(page: PageClient) -> None:
    ada = await page.socket("Ada")
    ben = await page.socket("Ben")
    await page.ok("/api/invoke", {"user": "Ada", "channel": "smear", "command": "game counter"})
    msg = (await ben.wait("message"))["message"]
    await page.ok("/api/click", {"user": "Ben", "message": msg["id"], "custom_id": "counter:0"})
    for sock in (ada, ben):
        frame = await sock.wait("message", lambda f: f["message"]["content"] == "count 1")
        assert frame["message"]["components"][0]["components"][0]["label"] == "Count 1"


async def test_deleted_messages_disappear(page: PageClient) -> None:
    cy = await page.socket("Cy")
    await page.ok("/api/invoke", {"user": "Cy", "channel": "smear", "command": "game cleanup"})
    deleted = await cy.wait("delete")
    assert deleted["channel_id"]
    frame = await cy.wait("message", lambda f: f["message"]["content"] == "kept")
    assert frame["message"]["author"]["bot"]


async def test_an_unanswered_interaction_fails_for_its_user(tmp_path: Path) -> None:
    box = await start_sandbox(PlainBot, sandbox_config(tmp_path, interaction_timeout=0.3))
    try:
        async with aiohttp.ClientSession() as session:
            page = PageClient(session, box.url)
            ada = await page.socket("Ada")
            await page.ok(
                "/api/invoke", {"user": "Ada", "channel": "smear", "command": "game silent"}
            )
            failed = await ada.wait("failed")
            assert failed["name"] == "game silent"
            violation = await ada.wait("violation")
            assert violation["kind"] == "interaction_timeout"
    finally:
        await box.close()


async def test_the_world_survives_a_restart(tmp_path: Path) -> None:
    config = sandbox_config(tmp_path)
    box = await start_sandbox(PlainBot, config)
    try:
        ada_id = box.web.world.user("Ada").id
        channel_id = box.web.world.channel("smear").id
        handle = await box.emulator.invoke(ada_id, channel_id, "game counter")
        counter = await handle
        bot_id = box.emulator.bot_user.id
    finally:
        await box.close()
    assert config.world_path.exists()

    box = await start_sandbox(PlainBot, config)
    try:
        assert box.store.restored
        assert box.web.world.user("Ada").id == ada_id
        assert box.web.world.channel("smear").id == channel_id
        assert box.emulator.bot_user.id == bot_id
        restored = box.emulator.message(counter.id)
        assert restored.content == "count 0"
        # the persistent button still works with the new bot process
        msg = await box.emulator.click_and_wait(box.web.world.user("Ben"), restored, "counter:0")
        assert msg.content == "count 1"
        new = await box.emulator.invoke_and_wait(ada_id, channel_id, "game table")
        assert new.id > counter.id
        box.emulator.assert_no_violations()
    finally:
        await box.close()


async def test_a_broken_world_file_starts_afresh(tmp_path: Path) -> None:
    config = sandbox_config(tmp_path)
    config.world_path.write_text("{not json", "utf-8")
    box = await start_sandbox(PlainBot, config)
    try:
        assert not box.store.restored
        assert [u.name for u in box.web.world.users][:2] == ["Ada", "Ben"]
    finally:
        await box.close()


async def test_serve_prints_one_line_with_the_local_address(tmp_path: Path) -> None:
    lines: list[str] = []
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve_sandbox(PlainBot, sandbox_config(tmp_path), announce=lines.append, stop=stop)
    )
    for _ in range(500):
        if lines or task.done():
            break
        await asyncio.sleep(0.02)
    assert len(lines) == 1, lines
    assert "http://127.0.0.1:" in lines[0] and "sandbox" in lines[0].lower()
    url = lines[0].split("open ", 1)[1]
    async with aiohttp.ClientSession() as session, session.get(url) as resp:
        assert resp.status == 200
    stop.set()
    await asyncio.wait_for(task, 10)
    assert banner("http://127.0.0.1:1/") == lines[0].replace(url, "http://127.0.0.1:1/")


async def test_only_loopback(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="loopback"):
        await start_sandbox(PlainBot, sandbox_config(tmp_path, host="0.0.0.0"))


def test_from_env() -> None:
    config = SandboxConfig.from_env({"SANDBOX_PORT": "9999", "SANDBOX_OPEN": "1"})
    assert config.port == 9999 and config.open_browser and config.host == "127.0.0.1"


def test_flatten_commands() -> None:
    commands = [
        {
            "name": "smear",
            "description": "Smear",
            "type": 1,
            "options": [
                {
                    "type": 1,
                    "name": "start",
                    "description": "open a table",
                    "options": [
                        {
                            "type": 4,
                            "name": "seats",
                            "description": "players",
                            "required": True,
                            "choices": [{"name": "three", "value": 3}],
                        }
                    ],
                },
                {
                    "type": 2,
                    "name": "admin",
                    "description": "admin",
                    "options": [{"type": 1, "name": "reset", "description": "reset"}],
                },
            ],
        },
        {"name": "Report", "type": 3},
        {"name": "ping", "description": "pong", "type": 1, "options": []},
    ]
    flat = flatten_commands(commands)
    assert [c["name"] for c in flat] == ["ping", "smear admin reset", "smear start"]
    assert [c["label"] for c in flat] == ["ping", "smear admin reset", "smear start"]
    assert flat[2]["options"][0]["choices"] == [{"name": "three", "value": 3, "label": "three"}]
    assert flat[2]["description"] == "open a table"


def test_commands_in_the_readers_language() -> None:
    """As a Discord client in that locale shows them: localized names and descriptions."""
    commands = [
        {
            "name": "smear",
            "description": "Smear",
            "name_localizations": {"fi": "smear"},
            "type": 1,
            "options": [
                {
                    "type": 1,
                    "name": "start",
                    "name_localizations": {"fi": "aloita", "it": "inizia"},
                    "description": "Open a table",
                    "description_localizations": {"fi": "Avaa pöytä"},
                    "options": [
                        {
                            "type": 4,
                            "name": "turn_timer",
                            "name_localizations": {"fi": "vuoroaika"},
                            "description": "Time for each turn",
                            "choices": [
                                {"name": "off", "value": 0, "name_localizations": {"fi": "pois"}}
                            ],
                        }
                    ],
                }
            ],
        }
    ]
    (fi,) = flatten_commands(commands, "fi")
    assert (fi["name"], fi["label"], fi["description"]) == (
        "smear start",
        "smear aloita",
        "Avaa pöytä",
    )
    (timer,) = fi["options"]
    assert (timer["name"], timer["label"]) == ("turn_timer", "vuoroaika")
    assert timer["choices"] == [{"name": "off", "value": 0, "label": "pois"}]
    (it,) = flatten_commands(commands, "it")
    assert (it["label"], it["description"]) == ("smear inizia", "Open a table")  # no Italian one
    (en,) = flatten_commands(commands, "en-US")
    assert en["label"] == "smear start"
    assert find_leaf([fi], "/smear aloita") is fi and find_leaf([fi], "smear start") is fi
    assert find_leaf([fi], "smear begin") is None


def test_unknown_commands_and_subcommands() -> None:
    flat = [{"name": n} for n in ("smear rules", "smear start", "table admin reset", "ping")]
    assert unknown_command(flat, "smear begin") == (
        "begin is not a subcommand of /smear; it has rules, start"
    )
    assert unknown_command(flat, "/smear begin seats:3") == unknown_command(flat, "smear begin")
    assert unknown_command(flat, "smear") == "/smear needs a subcommand: rules, start"
    assert unknown_command(flat, "smear seats:3") == "/smear needs a subcommand: rules, start"
    assert unknown_command(flat, "table admin nuke") == (
        "nuke is not a subcommand of /table admin; it has reset"
    )
    assert unknown_command(flat, "table nuke") == "nuke is not a subcommand of /table; it has admin"
    assert unknown_command(flat, "poker start") == "/poker is not one of the bot's commands"
    assert unknown_command(flat, "") == "type a command after /"


# ----- locales ------------------------------------------------------------------------------------


def record_interactions(box: Sandbox) -> list[discord.Interaction[Any]]:
    """Every interaction the bot's discord.py client receives, as it sees it."""
    seen: list[discord.Interaction[Any]] = []

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction)

    assert isinstance(box.client, commands.Bot)
    box.client.add_listener(on_interaction, "on_interaction")
    return seen


async def test_each_user_has_a_discord_locale_that_every_interaction_carries(
    sandbox: Sandbox, page: PageClient
) -> None:
    seen = record_interactions(sandbox)
    ada, ben = await page.socket("Ada"), await page.socket("Ben")
    assert {u["name"]: u["locale"] for u in ada.hello["users"]}["Ben"] == "en-US"
    assert {"code": "fi", "name": "Suomi"} in ada.hello["locales"]
    assert {"code": "en-GB", "name": "English, UK"} in ada.hello["locales"]

    answer = await page.ok("/api/locale", {"user": "Ben", "locale": "FI"})
    assert answer["locale"] == "fi"
    for sock in (ada, ben):  # every page hears of it (the user switch shows it)
        world = await sock.wait("world")
        assert {u["name"]: u["locale"] for u in world["users"]}["Ben"] == "fi"
    _, state = await page.get("/api/state?user=Ben")
    assert {u["name"]: u["locale"] for u in state["users"]} == {
        "Ada": "en-US",
        "Ben": "fi",
        "Cy": "en-US",
        "Dee": "en-US",
        "Eve": "en-US",
    }

    # a command, a button, a select menu, a modal and autocomplete: all say fi for Ben
    await page.ok("/api/invoke", {"user": "Ben", "channel": "smear", "command": "game table"})
    table = (await ben.wait("message", lambda f: f["message"]["content"] == "the table"))["message"]
    await page.ok("/api/click", {"user": "Ben", "message": table["id"], "custom_id": "show_hand"})
    await ben.wait("message", lambda f: f["message"]["content"] == "hand of Ben")
    await page.ok("/api/invoke", {"user": "Ben", "channel": "smear", "command": "game pick"})
    pick = (await ben.wait("message", lambda f: "pick" in f["message"]["content"]))["message"]
    await page.ok(
        "/api/click",
        {"user": "Ben", "message": pick["id"], "custom_id": "pick", "values": ["clubs"]},
    )
    await page.ok("/api/invoke", {"user": "Ben", "channel": "smear", "command": "game note"})
    modal = await ben.wait("modal")
    await page.ok(
        "/api/modal", {"user": "Ben", "interaction": modal["interaction"], "values": {"text": "x"}}
    )
    await page.ok(
        "/api/autocomplete",
        {
            "user": "Ben",
            "channel": "smear",
            "command": "game variant",
            "options": {"name": "s"},
            "focused": "name",
        },
    )
    # and Ada's stay English
    await page.ok("/api/click", {"user": "Ada", "message": table["id"], "custom_id": "show_hand"})
    await sandbox.emulator.wait_until(lambda: len(seen) >= 8 or None, what="8 interactions")
    kinds = [(i.user.name, i.type.name, i.locale.value) for i in seen]
    assert kinds == [
        ("Ben", "application_command", "fi"),
        ("Ben", "component", "fi"),
        ("Ben", "application_command", "fi"),
        ("Ben", "component", "fi"),
        ("Ben", "application_command", "fi"),
        ("Ben", "modal_submit", "fi"),
        ("Ben", "autocomplete", "fi"),
        ("Ada", "component", "en-US"),
    ]


async def test_a_locale_discord_does_not_have_is_refused(page: PageClient) -> None:
    status, data = await page.post("/api/locale", {"user": "Ada", "locale": "et"})
    assert status == 400 and "'et' is not a Discord locale" in data["error"]
    status, data = await page.post("/api/server-locale", {"locale": "klingon"})
    assert status == 400 and "not a Discord locale" in data["error"]


async def test_the_server_locale_reaches_the_bot_at_once(
    sandbox: Sandbox, page: PageClient
) -> None:
    seen = record_interactions(sandbox)
    guild_id = sandbox.web.world.guild.id
    guild = sandbox.client.get_guild(guild_id)
    assert guild is not None and guild.preferred_locale.value == "en-US"
    cy = await page.socket("Cy")
    await page.ok("/api/server-locale", {"locale": "it"})
    world = await cy.wait("world")
    assert world["guild"]["locale"] == "it"
    await sandbox.emulator.wait_until(
        lambda: guild.preferred_locale.value == "it" or None, what="GUILD_UPDATE"
    )
    await page.ok("/api/invoke", {"user": "Cy", "channel": "smear", "command": "game table"})
    await sandbox.emulator.wait_until(lambda: seen or None, what="the interaction")
    assert seen[0].guild_locale is not None and seen[0].guild_locale.value == "it"
    assert seen[0].locale.value == "en-US"  # Cy's own client is still in English


async def test_locales_survive_a_restart(tmp_path: Path) -> None:
    config = sandbox_config(tmp_path)
    box = await start_sandbox(PlainBot, config)
    try:
        async with aiohttp.ClientSession() as session:
            page = PageClient(session, box.url)
            await page.ok("/api/locale", {"user": "Dee", "locale": "it"})
            await page.ok("/api/server-locale", {"locale": "fi"})
    finally:
        await box.close()
    saved = json.loads(config.world_path.read_text("utf-8"))
    assert saved["guild"]["preferred_locale"] == "fi"

    box = await start_sandbox(PlainBot, config)  # the bot connects to a Finnish server
    try:
        assert box.store.restored
        world = box.web.world
        assert world.locale_of(world.user("Dee")) == "it"
        assert world.locale_of(world.user("Eve")) == "en-US"
        guild = box.client.get_guild(world.guild.id)
        assert guild is not None and guild.preferred_locale.value == "fi"
    finally:
        await box.close()


# ----- threads ---------------------------------------------------------------------------------


async def _thread_from_table(sandbox: Sandbox, name: str = "table 1") -> Any:
    """The test bot's public table in #smear, and a thread Ada (the owner) starts from it."""
    emu, world = sandbox.emulator, sandbox.web.world
    table = await emu.invoke_and_wait(world.user("Ada"), world.channel("smear"), "game table")
    return table, emu.start_thread(world.user("Ada"), table, name)


async def test_threads_are_listed_under_their_channel_and_the_message_links_to_it(
    sandbox: Sandbox, page: PageClient
) -> None:
    ben = await page.socket("Ben")
    table, thread = await _thread_from_table(sandbox)
    created = await ben.wait("thread")
    assert created["thread"] == {
        "id": str(thread.id),
        "name": "table 1",
        "topic": None,
        "parent_id": str(sandbox.web.world.channel("smear").id),
        "archived": False,
        "locked": False,
        "message_count": 0,
    }
    starter = await ben.wait("message", lambda f: f["message"]["id"] == str(table.id))
    assert starter["message"]["thread"] == str(thread.id)
    _, state = await page.get("/api/state?user=Cy")
    listed = {c["name"]: c for c in state["channels"]}
    assert listed["table 1"]["parent_id"] == listed["smear"]["id"]
    assert "parent_id" not in listed["smear"]
    shown = next(m for m in state["messages"] if m["id"] == str(table.id))
    assert shown["thread"] == str(thread.id)


async def test_commands_clicks_and_words_work_inside_a_thread(
    sandbox: Sandbox, page: PageClient
) -> None:
    ada = await page.socket("Ada")
    _, thread = await _thread_from_table(sandbox)
    tid = str(thread.id)
    await page.ok("/api/invoke", {"user": "Ada", "channel": tid, "command": "game counter"})
    counter = (await ada.wait("message", lambda f: f["message"]["channel_id"] == tid))["message"]
    assert counter["content"] == "count 0"
    await page.ok("/api/click", {"user": "Ben", "message": counter["id"], "custom_id": "counter:0"})
    await ada.wait("message", lambda f: f["message"]["content"] == "count 1")
    await page.ok("/api/say", {"user": "Cy", "channel": tid, "content": "nice"})
    said = await ada.wait("message", lambda f: f["message"]["content"] == "nice")
    assert said["message"]["channel_id"] == tid
    assert sandbox.emulator.thread_members(thread)[-1].name == "Cy"
    sandbox.emulator.assert_no_violations()


async def test_archiving_locking_and_deleting_a_thread_reach_the_page(
    sandbox: Sandbox, page: PageClient
) -> None:
    emu, world = sandbox.emulator, sandbox.web.world
    ada = await page.socket("Ada")
    _, thread = await _thread_from_table(sandbox)
    await ada.wait("thread")
    emu.clock.advance(24 * 60 * 60)  # a day without a message
    archived = await ada.wait("thread", lambda f: f["thread"]["archived"])
    assert archived["thread"]["id"] == str(thread.id)
    await page.ok("/api/say", {"user": "Ben", "channel": str(thread.id), "content": "again"})
    await ada.wait("thread", lambda f: not f["thread"]["archived"])
    emu.lock_thread(thread, by=world.user("Ada"))
    await ada.wait("thread", lambda f: f["thread"]["locked"])
    status, data = await page.post(
        "/api/say", {"user": "Ben", "channel": str(thread.id), "content": "let me"}
    )
    assert status == 400 and "locked" in data["error"]
    emu.delete_thread(thread, by=world.user("Ada"))
    deleted = await ada.wait("thread_delete")
    assert deleted["id"] == str(thread.id)
    _, state = await page.get("/api/state?user=Ada")
    assert str(thread.id) not in {c["id"] for c in state["channels"]}
    assert all(m["channel_id"] != str(thread.id) for m in state["messages"])


async def test_threads_survive_a_restart(tmp_path: Path) -> None:
    config = sandbox_config(tmp_path)
    box = await start_sandbox(PlainBot, config)
    try:
        emu, world = box.emulator, box.web.world
        ada = world.user("Ada")
        table = await emu.invoke_and_wait(ada, world.channel("smear"), "game table")
        thread = emu.start_thread(ada, table, "table 1", auto_archive_duration=60)
        counter = await emu.invoke_and_wait(ada, thread, "game counter")
        old = emu.start_thread(ada, await emu.send_message(ada, world.channel("salad"), "x"), "old")
        emu.archive_thread(old)
    finally:
        await box.close()

    box = await start_sandbox(PlainBot, config)
    try:
        emu, world = box.emulator, box.web.world
        assert box.store.restored
        restored = world.guild.thread("table 1")
        assert (restored.id, restored.parent_id) == (thread.id, world.channel("smear").id)
        assert restored.auto_archive_duration == 60 and not restored.archived
        assert emu.message(table.id).thread_id == thread.id
        assert world.guild.thread("old").archived
        assert [u.name for u in emu.thread_members(restored)] == ["Ada"]
        # the bot hears of the active thread at once (GUILD_CREATE), and its button still works
        assert isinstance(box.client.get_channel(thread.id), discord.Thread)
        clicked = await emu.click_and_wait(world.user("Ben"), counter.id, "counter:0")
        assert clicked.content == "count 1" and clicked.channel_id == thread.id
        emu.clock.advance(61 * 60)  # and it still archives itself when idle
        assert restored.archived
    finally:
        await box.close()


async def test_a_world_saved_before_threads_lets_people_talk_in_them() -> None:
    async with DiscordEmulator() as first:
        data = dump_world(first, create_world(first))
    data["guild"].pop("threads")
    for role in data["guild"]["roles"]:
        role["permissions"] &= ~(CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)
    async with DiscordEmulator() as second:
        world = restore_world(second, data)
        ben = world.user("Ben")
        assert second.permissions_for(world.guild, ben) & SEND_MESSAGES_IN_THREADS
        assert second.permissions_for(world.guild, second.bot_user) & CREATE_PUBLIC_THREADS
