"""Logging through discord.py's own setup: one line per game event, never a hand or a token."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger("trickbot")


def setup_logging(level: str = "INFO") -> None:
    discord.utils.setup_logging(level=logging.getLevelName(level.upper()), root=True)
    # discord.py's own chatter at INFO is useful; its DEBUG would print payloads.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def game_event(table_id: int, event: str, **fields: object) -> None:
    """One INFO line per game event. Callers pass public facts only (no hands)."""
    extra = " ".join(f"{k}={v}" for k, v in fields.items())
    log.info("table=%s %s %s", table_id, event, extra)
