"""The real ``python -m bot`` process: a graceful stop on SIGTERM, and start-up problems told in
one plain sentence with exit status 2 (never a traceback)."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import pytest

from sandbox import DiscordEmulator
from tests.e2e.harness import lobby_table_id, make_world, text_of
from tests.e2e.process import ROOT, BotProcess, SeenPlayers, bot_env

pytestmark = pytest.mark.process  # each test starts python -m bot


async def _run(env: dict[str, str], timeout: float = 30.0) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def _plain(err: str) -> None:
    assert "Traceback" not in err, err
    assert "Unclosed" not in err, err


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_stop_signal_stops_gracefully_and_the_game_goes_on(
    emu: DiscordEmulator, tmp_path: Path, stop: signal.Signals
) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = BotProcess(emu, tmp_path / "db.sqlite3", tmp_path / "bot.log")
    await bot.start()
    try:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 3}
        )
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        people = SeenPlayers(emu, w.channel, tid, [alice, bob])
        await people.play_until(lambda: people.clicks >= 6)
        assert bot.proc is not None
        started = time.monotonic()
        bot.proc.send_signal(stop)
        code = await bot.wait(timeout=10)
        assert code == 0 and time.monotonic() - started < 5.0
        log = bot.log.read_text(errors="replace")
        _plain(log)
        await bot.start()
        await people.play_until(lambda: False)
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert final.attachments
        results = [m for m in emu.public_messages(w.channel) if m.content.startswith("**Hand ")]
        assert len({m.content.split("**")[1] for m in results}) == len(results)
    finally:
        await bot.stop()


async def test_a_damaged_database_is_one_sentence_and_exit_2(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    db = tmp_path / "db.sqlite3"
    db.write_bytes(b"not a database at all " * 200)
    code, _, err = await _run(bot_env(emu, db))
    assert code == 2
    _plain(err)
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and str(db) in lines[0] and "damaged" in lines[0], err


async def test_a_bad_setting_is_one_sentence_and_exit_2(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    code, _, err = await _run(bot_env(emu, tmp_path / "db.sqlite3", TURN_TIMER_SECONDS="7"))
    assert code == 2
    _plain(err)
    assert "TURN_TIMER_SECONDS" in err and len(err.strip().splitlines()) == 1, err


async def test_a_refused_token_is_one_sentence_and_exit_2(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    env = bot_env(emu, tmp_path / "db.sqlite3", DISCORD_TOKEN="not-the-token")
    code, _, err = await _run(env)
    assert code == 2
    _plain(err)
    assert "refused the token" in err, err


async def test_a_second_process_on_the_same_sqlite_file_refuses_to_start(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """One process owns a SQLite file: a second one says so in one sentence (exit 2), and the
    first plays on; once the first is gone, a new one starts at once."""
    db = tmp_path / "db.sqlite3"
    first = BotProcess(emu, db, tmp_path / "bot.log")
    await first.start()
    try:
        code, _, err = await _run(bot_env(emu, db))
        assert code == 2
        _plain(err)
        lines = [x for x in err.splitlines() if x.strip()]
        assert len(lines) == 1 and "in use by another bot process" in lines[0], err
        assert first.proc is not None and f"process {first.proc.pid}" in lines[0]
        w = make_world(emu)
        lobby = await emu.invoke_and_wait(w.users[0], w.channel, "smear start")
        assert "table open" in text_of(lobby), "the first one is not disturbed"
        first.kill()
        await first.wait()
        await first.start()  # the lock died with the process
    finally:
        await first.stop()


async def test_the_status_command_shows_what_each_process_said(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    db = tmp_path / "db.sqlite3"
    code, out, err = await _run_status(bot_env(emu, db))
    assert code == 2 and "Could not read" in err and "Traceback" not in err, err
    bot = BotProcess(emu, db, tmp_path / "bot.log")
    await bot.start()
    try:
        await asyncio.sleep(1.5)  # a heartbeat
        code, out, err = await _run_status(bot_env(emu, db))
        assert code == 0, err
        assert "all servers: running" in out, out
        assert "invalid answers (401/403/429) in the last 10 minutes: 0" in out, out
    finally:
        await bot.stop()
    code, out, _ = await _run_status(bot_env(emu, db))
    assert code == 0 and "all servers:" in out


async def _run_status(env: dict[str, str]) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "status",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()
