"""Settings from the environment or ``.env`` (pydantic-settings).

The token is a SecretStr so it never appears in a repr or a log line. It is optional here so
that ``python -m bot`` can explain how to get one instead of failing with a traceback. A bad
value is refused at start-up with one sentence naming the setting (``bot.app.run``).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

TIMER_CHOICES = (0, 30, 60, 120, 300)  # seconds: off, 30 s, 1 min, 2 min, 5 min


class Settings(BaseSettings):
    # An empty value (as in .env.example) means "not set": the default applies.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    # The database: postgresql://user:password@host/name (shared by several processes) or
    # sqlite:///path. Without it, the SQLite file at DATABASE_PATH.
    database_url: SecretStr | None = None
    database_path: Path = Path("data/trickbot.sqlite3")
    # Milliseconds a save waits for the database when another program holds it.
    database_busy_timeout_ms: int = Field(default=15_000, ge=0, le=600_000)
    dev_guild_id: int | None = None
    ai_pause_seconds: float = Field(default=1.0, ge=0.0, le=30.0)
    turn_timer_seconds: int = 120
    # A person's turn that waited this long mentions them again.
    remind_after_seconds: float = Field(default=30.0, ge=5.0, le=3600.0)
    # A lobby nobody touched for this long closes with a public note.
    lobby_idle_minutes: float = Field(default=30.0, ge=1.0, le=24 * 60.0)
    log_level: str = "INFO"
    # Without a token, start the local browser sandbox (False: explain how to get a token).
    sandbox: bool = True
    # Where Discord is: only changed to run the bot against a local Discord emulator.
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    # Internal knobs, rarely changed: tests make them small.
    guild_ready_timeout: float = Field(default=2.0, ge=0.0)
    table_edit_gap_seconds: float = Field(default=1.0, ge=0.0, le=10.0)
    stop_timeout_seconds: float = Field(default=4.0, ge=0.5, le=60.0)
    # Tests only: every waiting time (turn timers, reminders, idle lobbies) is multiplied by
    # this, so a 30 s turn timer runs out in a test after 30 * time_scale seconds.
    time_scale: float = Field(default=1.0, gt=0.0, le=1.0)

    @field_validator("turn_timer_seconds")
    @classmethod
    def _timer_is_a_choice(cls, value: int) -> int:
        if value not in TIMER_CHOICES:
            raise ValueError(f"must be one of {', '.join(str(c) for c in TIMER_CHOICES)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return value.upper()

    @property
    def database(self) -> str:
        """Where the database is (a URL or a path; it may hold a password: never log it)."""
        if self.database_url is not None and self.database_url.get_secret_value():
            return self.database_url.get_secret_value()
        return str(self.database_path)

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None and bool(self.discord_token.get_secret_value())
