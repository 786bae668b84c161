"""Logging through discord.py's own setup: one line per game event, never a hand or a token.

Even at DEBUG, the libraries below the bot stay at INFO: at DEBUG they print what crosses the
wire (discord.py: every gateway event and REST body, which carry people's hands and interaction
tokens; aiosqlite: every statement with its values, a game's whole record among them).
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger("trickbot")

# Loggers that print payloads at DEBUG: capped at INFO whatever the bot's level.
CAPPED = ("discord", "aiosqlite", "aiohttp", "asyncio", "matplotlib", "PIL", "fluent")


class NoVoiceWarnings(logging.Filter):
    """discord.py warns at every start that its voice libraries are missing: this bot has no
    voice, so the warning only hides what an operator should see."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def setup_logging(level: str = "INFO") -> None:
    discord.utils.setup_logging(level=logging.getLevelName(level.upper()), root=True)
    cap_libraries()
    logging.getLogger("discord.client").addFilter(NoVoiceWarnings())


def cap_libraries() -> None:
    root = logging.getLogger().level
    for name in CAPPED:
        logging.getLogger(name).setLevel(max(logging.INFO, root))


def game_event(table_id: int, event: str, **fields: object) -> None:
    """One INFO line per game event. Callers pass public facts only (no hands)."""
    extra = " ".join(f"{k}={v}" for k, v in fields.items())
    log.info("table=%s %s %s", table_id, event, extra)
