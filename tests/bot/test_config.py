"""Config: the example file works as it is, and a bad value is named in one sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Config

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_env_file_works_as_it_is(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text((ROOT / ".env.example").read_text())
    s = Config(_env_file=env)  # type: ignore[call-arg]
    assert not s.has_token and s.dev_guild_id is None and s.turn_timer_seconds == 120
    assert s.discord_api_url is None or s.discord_api_url == ""


def test_every_setting_is_in_the_example() -> None:
    example = (ROOT / ".env.example").read_text()
    for name in Config.model_fields:
        assert f"\n{name.upper()}=" in example, name


@pytest.mark.parametrize(
    ("name", "value"),
    [("TURN_TIMER_SECONDS", "7"), ("LOG_LEVEL", "LOUD"), ("AI_PAUSE_SECONDS", "-1")],
)
def test_a_bad_value_is_refused(name: str, value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Config(_env_file=None)  # type: ignore[call-arg]


@pytest.mark.process  # starts python -m bot
def test_python_m_bot_names_the_bad_setting(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "TURN_TIMER_SECONDS": "7", "HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "Setting TURN_TIMER_SECONDS is not valid: Value error, must be one of 0, 30, 60, 120, 300."
    )


@pytest.mark.process  # starts python -m bot
@pytest.mark.parametrize(
    ("extra", "code"),
    [({"DISCORD_TOKEN": "x"}, 0), ({}, 1), ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, 2)],
    ids=["a token: the bot", "no token: the sandbox", "a bad setting: neither"],
)
def test_make_run_asks_whether_there_is_a_token(
    tmp_path: Path, extra: dict[str, str], code: int
) -> None:
    """``make run`` runs the bot with a token and the local sandbox without one (the bot never
    imports the sandbox: it only answers this question)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT), **extra}
    run = subprocess.run(
        [sys.executable, "-m", "bot", "has-token"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == code, run.stderr
    assert run.stdout == ""
    assert (run.stderr == "") == (code != 2)


@pytest.mark.process  # starts python -m bot
def test_without_a_token_the_bot_says_how_to_get_one_and_how_to_try_it(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0
    assert "DISCORD_TOKEN" in run.stdout and "make run" in run.stdout
