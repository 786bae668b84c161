"""Config from the environment or ``.env`` (pydantic-settings).

The token is a SecretStr so it never appears in a repr or a log line. It is optional here so
that ``python -m bot`` can explain how to get one instead of failing with a traceback. A bad
value is refused at start-up with one sentence naming the setting (``bot.app.run``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

TIMER_CHOICES = (0, 30, 60, 120, 300)  # seconds: off, 30 s, 1 min, 2 min, 5 min


class Config(BaseSettings):
    # An empty value (as in .env.example) means "not set": the default applies.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    # The database: postgresql://user:password@host/name (shared by several processes) or
    # sqlite:///path. Without it, the SQLite file at DATABASE_PATH.
    database_url: SecretStr | None = None
    database_path: Path = Path("data/trickbot.sqlite3")
    # Milliseconds a save waits for the database when another program holds it; then the
    # person is told nothing was played (a click is answered within 3 s).
    database_busy_timeout_ms: int = Field(default=2_000, ge=0, le=600_000)
    dev_guild_id: int | None = None
    ai_pause_seconds: float = Field(default=1.0, ge=0.0, le=30.0)
    turn_timer_seconds: int = 120
    # A person's turn that waited this long mentions them again.
    remind_after_seconds: float = Field(default=30.0, ge=5.0, le=3600.0)
    # A lobby nobody touched for this long closes with a public note.
    lobby_idle_minutes: float = Field(default=30.0, ge=1.0, le=24 * 60.0)
    log_level: str = "INFO"
    # Where Discord is: only changed to run the bot against a local Discord emulator.
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    # Several processes: Discord's shards (a server belongs to shard (id >> 22) % SHARD_COUNT).
    # SHARD_IDS=0,1 with SHARD_COUNT=4: this process serves shards 0 and 1. Every process of a
    # deployment shares one PostgreSQL DATABASE_URL.
    shard_count: int | None = Field(default=None, ge=1, le=10_000)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # Requests per second Discord allows the bot's token (50 unless Discord raised it for this
    # bot); several processes share it by their part of the shards.
    discord_requests_per_second: float = Field(default=50.0, ge=1.0, le=10_000.0)
    # Public messages (table messages, pings, a rematch's lobby): "interactions" sends them
    # through the interaction tokens of the table's people, which Discord does not count against
    # the bot's budget; "bot" sends them with the bot's own token (about 1 request per game
    # action more), for servers where Discord shows such messages as replies to a hand only its
    # person sees, or if Discord tightens its limits on them.
    public_messages: Literal["interactions", "bot"] = "interactions"
    # Discord's users report a hidden limit on messages created through webhooks and
    # interaction tokens: about 30 per 60 seconds per channel. The bot stays under it.
    webhook_creates_per_channel: int = Field(default=30, ge=1, le=1000)
    webhook_creates_window_seconds: float = Field(default=60.0, ge=1.0, le=3600.0)
    # Discord caps a server's active threads (error 160006, about 1,000 reported, shared with
    # every other bot and person there). At this many live games in threads in one server, a
    # new game plays in its channel instead (one at a time there).
    threads_per_guild: int = Field(default=500, ge=0, le=1000)
    # Internal knobs, rarely changed: tests make them small.
    guild_ready_timeout: float = Field(default=2.0, ge=0.0)
    table_edit_gap_seconds: float = Field(default=1.0, ge=0.0, le=10.0)
    stop_timeout_seconds: float = Field(default=4.0, ge=0.5, le=60.0)
    # Deals the daily deal's computers search per decision (fixed work, so they play the same
    # way for everyone; bot.daily). Read when a day's deal is first dealt.
    daily_iterations: int = Field(default=100, ge=1, le=10_000)
    # Start the computer players' worker processes (each loads the search kernels, a few
    # seconds of CPU below the bot's priority) at start-up rather than at the first computer's
    # move; tests that start many bots and seldom meet a computer turn it off.
    warm_computers: bool = True
    # Tests of a real bot process only (they run on the real clock): every waiting time (turn
    # timers, reminders, idle lobbies) is multiplied by this, so a 30 s turn timer runs out
    # after 30 * time_scale seconds. Tests in one process run on virtual time instead.
    time_scale: float = Field(default=1.0, gt=0.0, le=1.0)

    @field_validator("turn_timer_seconds")
    @classmethod
    def _timer_is_a_choice(cls, value: int) -> int:
        if value not in TIMER_CHOICES:
            raise ValueError(f"must be one of {', '.join(str(c) for c in TIMER_CHOICES)}")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Config:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"SHARD_IDS must be between 0 and {self.shard_count - 1}")
        return self

    @property
    def shards(self) -> tuple[int | None, tuple[int, ...]]:
        """(shard count, this process's shard ids); (None, ()) when not sharded."""
        if self.shard_count is None:
            return None, ()
        return self.shard_count, self.shard_ids or tuple(range(self.shard_count))

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
