"""Settings from the environment or ``.env`` (pydantic-settings).

The token is a SecretStr so it never appears in a repr or a log line. It is optional here so
that ``python -m bot`` can explain how to get one instead of failing with a traceback.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/trickbot.sqlite3")
    dev_guild_id: int | None = None
    ai_pause_seconds: float = Field(default=1.0, ge=0.0, le=30.0)
    turn_timer_seconds: int = Field(default=120, ge=0, le=3600)
    log_level: str = "INFO"
    # Without a token, start the local browser sandbox (False: explain how to get a token).
    sandbox: bool = True
    # Internal knobs, rarely changed: tests make them small.
    guild_ready_timeout: float = Field(default=2.0, ge=0.0)

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None and bool(self.discord_token.get_secret_value())
