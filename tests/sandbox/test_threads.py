"""Threads over REST, as Discord answers them: starting one (from a message, or without),
writing in it, archive and lock rules, members, lists, deleting, and their permissions.

Raw requests with the bot token (``api``), so each status and code is the emulator's own.
Inactivity is driven by the emulator's clock (``emu.clock.advance``).
"""

from __future__ import annotations

from typing import Any

import pytest

from sandbox import (
    CREATE_PUBLIC_THREADS,
    GUILD_FORUM,
    MANAGE_THREADS,
    DiscordEmulator,
    Thread,
)
from sandbox.models import DEFAULT_BOT_PERMISSIONS
from sandbox.ratelimits import RateLimiter
from tests.sandbox.conftest import BotApi, World

THREADS = "/channels/{channel_id}/messages/{message_id}/threads"


async def _post(api: BotApi, channel_id: int, content: str) -> dict[str, Any]:
    status, _, body = await api(
        "POST", f"/channels/{channel_id}/messages", json={"content": content}
    )
    assert status == 200, body
    return body


async def _thread(
    api: BotApi, world: World, name: str = "table 1", **extra: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A message in the table channel and the thread started from it."""
    msg = await _post(api, world.channel.id, f"{name} starts")
    path = f"/channels/{world.channel.id}/messages/{msg['id']}/threads"
    status, _, body = await api("POST", path, json={"name": name, **extra})
    assert status == 200, body
    return msg, body


def _moderator(emu: DiscordEmulator, world: World) -> Any:
    return emu.add_member(world.guild, "moderator", permissions=MANAGE_THREADS)


# ----- starting ------------------------------------------------------------------------------


async def test_a_thread_started_from_a_message_takes_its_id(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    msg, thread = await _thread(api, world, auto_archive_duration=60)
    assert thread["id"] == msg["id"] and thread["type"] == 11
    assert thread["parent_id"] == str(world.channel.id)
    assert thread["owner_id"] == str(emu.bot_user.id)
    meta = thread["thread_metadata"]
    assert (meta["archived"], meta["locked"], meta["auto_archive_duration"]) == (False, False, 60)
    assert meta["archive_timestamp"] and meta["create_timestamp"]
    assert thread["member"]["user_id"] == str(emu.bot_user.id)  # the starter joined it
    [t] = emu.threads(world.channel)
    assert isinstance(t, Thread) and t.id == int(msg["id"]) and t.name == "table 1"
    assert emu.thread_members(t) == [emu.bot_user]
    # The message now shows its thread, and a second thread from it is refused.
    _, _, shown = await api("GET", f"/channels/{world.channel.id}/messages/{msg['id']}")
    assert shown["thread"]["id"] == msg["id"] and shown["thread"]["name"] == "table 1"
    path = f"/channels/{world.channel.id}/messages/{msg['id']}/threads"
    status, _, body = await api("POST", path, json={"name": "again"})
    assert (status, body["code"]) == (400, 160004)
    assert body["message"] == "A thread has already been created for this message"
    # A bot-token route: under the bot's global limit.
    assert emu.request_counts(global_limited=True)[f"POST {THREADS}"] == 2
    _, _, got = await api("GET", f"/channels/{thread['id']}")
    assert got["type"] == 11 and got["parent_id"] == str(world.channel.id)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"name": ""}, 400, 50035),
        ({"name": "x" * 101}, 400, 50035),
        ({"name": "ok", "auto_archive_duration": 30}, 400, 50035),
        ({"name": "ok", "rate_limit_per_user": 0}, 403, 50013),  # reported: #5573
    ],
)
async def test_a_thread_discord_would_refuse_is_refused(
    emu: DiscordEmulator, world: World, api: BotApi, body: dict[str, Any], status: int, code: int
) -> None:
    msg = await _post(api, world.channel.id, "start here")
    path = f"/channels/{world.channel.id}/messages/{msg['id']}/threads"
    got, _, answer = await api("POST", path, json=body)
    assert (got, answer["code"]) == (status, code)
    assert emu.threads(world.channel) == []


async def test_no_thread_inside_a_thread(emu: DiscordEmulator, world: World, api: BotApi) -> None:
    _, thread = await _thread(api, world)
    inner = await _post(api, int(thread["id"]), "in the thread")
    path = f"/channels/{thread['id']}/messages/{inner['id']}/threads"
    status, _, body = await api("POST", path, json={"name": "nested"})
    assert (status, body["code"]) == (400, 50024)
    status, _, body = await api(
        "POST", f"/channels/{thread['id']}/threads", json={"name": "n", "type": 11}
    )
    assert (status, body["code"]) == (400, 50024)


async def test_without_create_public_threads_the_bot_is_refused(
    api: BotApi, emu: DiscordEmulator
) -> None:
    guild = emu.add_guild(
        "Strict", bot_permissions=DEFAULT_BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS, channels=["t"]
    )
    table = guild.channel("t")
    msg = await _post(api, table.id, "hi")
    for path, body in (
        (f"/channels/{table.id}/messages/{msg['id']}/threads", {"name": "no"}),
        (f"/channels/{table.id}/threads", {"name": "no", "type": 11}),
    ):
        status, _, answer = await api("POST", path, json=body)
        assert (status, answer["code"], answer["message"]) == (403, 50013, "Missing Permissions")
    assert emu.invalid_request_count() == 2  # 403s count toward Discord's invalid requests


async def test_a_thread_without_a_message_must_say_it_is_public(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    path = f"/channels/{world.channel.id}/threads"
    status, _, body = await api("POST", path, json={"name": "lobby", "auto_archive_duration": 60})
    assert (status, body["code"]) == (400, 50035)
    [violation] = emu.violations_of("thread_type")
    assert "private thread" in violation.detail
    status, _, thread = await api("POST", path, json={"name": "lobby", "type": 11})
    assert status == 200 and thread["type"] == 11
    assert [t.name for t in emu.threads(world.channel)] == ["lobby"]


# ----- writing in a thread -------------------------------------------------------------------


async def test_messages_in_a_thread_use_the_channel_routes_with_its_own_bucket(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    emu.limiter = RateLimiter(clock=lambda: 5000.0)  # one window for the whole test
    _, thread = await _thread(api, world)
    tid = int(thread["id"])
    statuses = []
    for n in range(6):
        got, _, _ = await api("POST", f"/channels/{tid}/messages", json={"content": str(n)})
        statuses.append(got)
    assert statuses == [200] * 5 + [429]  # 5 / 5 s per channel: the thread is a channel
    got, _, _ = await api("POST", f"/channels/{world.channel.id}/messages", json={"content": "p"})
    assert got == 200  # the parent's bucket is its own (one post used before the thread)
    [t] = emu.threads(world.channel)
    assert [m.content for m in emu.public_messages(t)] == ["0", "1", "2", "3", "4"]
    assert (t.message_count, t.total_message_sent) == (5, 5)
    [hit] = emu.rate_limits()
    assert hit.path.endswith(f"/channels/{tid}/messages")


async def test_an_idle_thread_archives_itself_and_a_message_wakes_it(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, thread = await _thread(api, world, auto_archive_duration=60)
    tid = int(thread["id"])
    inside = await _post(api, tid, "a card")
    [t] = emu.threads(world.channel)
    emu.clock.advance(59 * 60)
    assert not t.archived
    emu.clock.advance(61)
    assert t.archived and emu.threads(world.channel, archived=False) == []
    assert t.archive_timestamp == pytest.approx(t.last_activity + 3600)
    # Archived: its messages cannot be edited or deleted (400 50083)...
    path = f"/channels/{tid}/messages/{inside['id']}"
    edit = await api("PATCH", path, json={"content": "changed"})
    delete = await api("DELETE", path)
    for status, _, body in (edit, delete):
        assert (status, body["code"], body["message"]) == (400, 50083, "Thread is archived")
    # ... and a message unarchives it.
    await _post(api, tid, "back to the game")
    assert not t.archived
    assert (await api("DELETE", path))[0] == 204
    assert t.message_count == 1 and t.total_message_sent == 2


async def test_a_shorter_duration_archives_sooner(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, thread = await _thread(api, world)  # a day
    [t] = emu.threads(world.channel)
    emu.clock.advance(30 * 60)
    status, _, _ = await api(
        "PATCH", f"/channels/{thread['id']}", json={"auto_archive_duration": 60}
    )
    assert status == 200  # changing the duration is activity: an hour from now
    emu.clock.advance(59 * 60)
    assert not t.archived
    emu.clock.advance(61)
    assert t.archived


async def test_a_locked_thread_refuses_the_bot_without_manage_threads(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, thread = await _thread(api, world)
    tid = int(thread["id"])
    inside = await _post(api, tid, "before the lock")
    with pytest.raises(Exception, match="Manage Threads"):
        emu.lock_thread(tid, by=world.alice)
    emu.lock_thread(tid, by=_moderator(emu, world))
    status, _, body = await api("POST", f"/channels/{tid}/messages", json={"content": "no"})
    assert (status, body["code"]) == (403, 50083)  # reported: #6884, #7707
    status, _, body = await api(
        "PATCH", f"/channels/{tid}/messages/{inside['id']}", json={"content": "x"}
    )
    assert (status, body["code"]) == (403, 50083)
    # Deleting is still allowed while the locked thread is active (Discord, Threads).
    assert (await api("DELETE", f"/channels/{tid}/messages/{inside['id']}"))[0] == 204
    status, _, body = await api("PATCH", f"/channels/{tid}", json={"locked": False})
    assert (status, body["code"]) == (403, 50013)


async def test_a_bot_with_manage_threads_writes_in_a_locked_thread_and_unarchives_it(
    emu: DiscordEmulator, api: BotApi
) -> None:
    guild = emu.add_guild("Mods", bot_permissions=DEFAULT_BOT_PERMISSIONS | MANAGE_THREADS)
    channel = guild.channel("general")
    mod = emu.add_member(guild, "mod", permissions=MANAGE_THREADS)
    msg = await _post(api, channel.id, "start")
    path = f"/channels/{channel.id}/messages/{msg['id']}/threads"
    tid = int((await api("POST", path, json={"name": "t"}))[2]["id"])
    emu.lock_thread(tid, by=mod)
    emu.archive_thread(tid)
    await _post(api, tid, "a moderator may")
    [thread] = emu.threads(channel)
    assert thread.locked and not thread.archived


# ----- changing and deleting -----------------------------------------------------------------


async def test_changing_a_thread_follows_discords_rules(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, thread = await _thread(api, world)
    path = f"/channels/{thread['id']}"
    status, _, body = await api(
        "PATCH", path, json={"name": "renamed", "auto_archive_duration": 4320}
    )
    assert status == 200 and body["name"] == "renamed"  # the owner may rename it
    status, _, body = await api("PATCH", path, json={"locked": True})
    assert (status, body["code"]) == (403, 50013)  # locking needs Manage Threads
    status, _, body = await api("PATCH", path, json={"archived": True})
    assert status == 200 and body["thread_metadata"]["archived"] is True
    status, _, body = await api("PATCH", path, json={"name": "while archived"})
    assert (status, body["code"]) == (400, 50083)  # "archived set to false" first (#6928)
    status, _, body = await api("PATCH", path, json={"archived": False})
    assert status == 200 and body["thread_metadata"]["archived"] is False
    emu.lock_thread(int(thread["id"]), by=_moderator(emu, world))
    emu.archive_thread(int(thread["id"]))
    status, _, body = await api("PATCH", path, json={"archived": False})
    assert (status, body["code"]) == (403, 50013)  # locked: only Manage Threads unarchives


async def test_a_deleted_thread_is_an_unknown_channel(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    msg, thread = await _thread(api, world)
    tid = int(thread["id"])
    inside = await _post(api, tid, "soon gone")
    status, _, body = await api("DELETE", f"/channels/{tid}")
    assert (status, body["code"]) == (403, 50013)  # the bot has no Manage Threads
    emu.delete_thread(tid, by=_moderator(emu, world))
    assert emu.threads(world.channel) == []
    assert emu.message(int(inside["id"])).deleted
    for method, path in (
        ("GET", f"/channels/{tid}"),
        ("POST", f"/channels/{tid}/messages"),
        ("GET", f"/channels/{tid}/messages"),
    ):
        status, _, body = await api(method, path, json={"content": "x"})
        assert (status, body["code"]) == (404, 10003), path
    _, _, starter = await api("GET", f"/channels/{world.channel.id}/messages/{msg['id']}")
    assert "thread" not in starter


# ----- members and lists -----------------------------------------------------------------------


async def test_thread_members_join_leave_and_are_listed(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, thread = await _thread(api, world)
    base = f"/channels/{thread['id']}/thread-members"
    assert (await api("PUT", f"{base}/{world.alice.id}"))[0] == 204
    assert (await api("PUT", f"{base}/{world.alice.id}"))[0] == 204  # already in: still 204
    _, _, member = await api("GET", f"{base}/{world.alice.id}")
    assert member["user_id"] == str(world.alice.id) and member["join_timestamp"]
    status, _, body = await api("GET", f"{base}/{world.bob.id}")
    assert status == 404
    status, _, body = await api("DELETE", f"{base}/{world.alice.id}")
    assert (status, body["code"]) == (403, 50013)  # removing someone needs Manage Threads
    assert (await api("DELETE", f"{base}/@me"))[0] == 204
    assert emu.thread_members(int(thread["id"])) == [world.alice]
    # Listing needs the GUILD_MEMBERS privileged intent; no bot is connected with it.
    status, _, body = await api("GET", base)
    assert (status, body["code"]) == (403, 50001)
    emu.archive_thread(int(thread["id"]))
    status, _, body = await api("PUT", f"{base}/@me")
    assert (status, body["code"]) == (400, 50083)


async def test_archived_and_active_threads_are_listed(
    emu: DiscordEmulator, world: World, api: BotApi
) -> None:
    _, first = await _thread(api, world, "first")
    _, second = await _thread(api, world, "second")
    _, third = await _thread(api, world, "third")
    emu.archive_thread(int(first["id"]))
    emu.clock.advance(1)
    emu.archive_thread(int(second["id"]))
    _, _, archived = await api("GET", f"/channels/{world.channel.id}/threads/archived/public")
    assert [t["name"] for t in archived["threads"]] == ["second", "first"]  # newest first
    assert archived["has_more"] is False and len(archived["members"]) == 2
    _, _, limited = await api(
        "GET", f"/channels/{world.channel.id}/threads/archived/public", params={"limit": 1}
    )
    assert [t["name"] for t in limited["threads"]] == ["second"] and limited["has_more"]
    _, _, active = await api("GET", f"/guilds/{world.guild.id}/threads/active")
    assert [t["id"] for t in active["threads"]] == [third["id"]]


# ----- forums --------------------------------------------------------------------------------


async def test_a_forum_takes_posts_only(emu: DiscordEmulator, world: World, api: BotApi) -> None:
    forum = emu.add_channel(world.guild, "help", type=GUILD_FORUM)
    status, _, body = await api("POST", f"/channels/{forum.id}/messages", json={"content": "x"})
    assert (status, body["code"]) == (400, 50008)
    status, _, post = await api(
        "POST",
        f"/channels/{forum.id}/threads",
        json={"name": "a question", "message": {"content": "how do I bid?"}},
    )
    assert status == 200 and post["type"] == 11 and post["parent_id"] == str(forum.id)
    assert post["message"]["id"] == post["id"] and post["message"]["channel_id"] == post["id"]
    status, _, body = await api(
        "POST", f"/channels/{post['id']}/threads", json={"name": "a game", "type": 11}
    )
    assert (status, body["code"]) == (400, 50024)  # no thread in a forum post
