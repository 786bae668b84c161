"""Slash commands in the reader's language: discord.py's ``app_commands.Translator``, fed from
the same Fluent files as everything else (``bot/locales``).

Every name, description, option and choice is a ``tr(message_id)``: its English text is the
default Discord shows, and Discord gets each of our other languages that a Discord client has
(Finnish, Italian; Estonian and Tagalog have no Discord client locale).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.i18n import DEFAULT, ENGLISH, from_discord, lang

NAME_RE = re.compile(r"[^\w-]+")
NAME_LOCATIONS = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def tr(key: str) -> app_commands.locale_str:
    """A translatable command text: the English default, and the message id to translate."""
    return app_commands.locale_str(ENGLISH.t(key), key=key)


def command_name(text: str) -> str:
    """Discord's rule for command and option names: lowercase, no spaces, 1 to 32 characters."""
    cleaned = NAME_RE.sub("-", text.strip().lower()).strip("-")
    return cleaned[:32] or "x"


class FluentTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = from_discord(locale)
        key = string.extras.get("key")
        if code is None or code == DEFAULT or not isinstance(key, str):
            return None
        language = lang(code)
        if not language.has(key):
            return None
        text = language.t(key)
        if context.location in NAME_LOCATIONS:
            return command_name(text)
        return text[:100]
