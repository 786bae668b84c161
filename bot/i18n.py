"""Every word the bot says, in the reader's language (Project Fluent, ``fluent.runtime``).

The messages live in ``bot/locales/<code>/bot.ftl``, one file per language with the same message
ids and the same placeables; plural forms and number formatting come from Fluent (with CLDR
rules through Babel), never from code. ``lang(code)`` gives a ``Lang`` whose ``t(id, **args)``
formats a message; a message missing from a language falls back to English (``make test``
checks that none is missing).

Arguments: counts and scores are numbers (Fluent picks the plural form and formats them);
anything that must stay exactly as given (a mention ``<@id>``, a name, a card label) is a
string.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger("trickbot.i18n")

LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT = "en"
# Our languages, in the order menus list them, with each one's own name.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fi": "Suomi",
    "it": "Italiano",
    "et": "Eesti",
    "tl": "Tagalog",
}
# Discord client locales we speak (Discord has no Estonian or Tagalog client locale: those two
# are chosen with /settings).
DISCORD_LOCALES: dict[str, str] = {"en-US": "en", "en-GB": "en", "fi": "fi", "it": "it"}


def from_discord(locale: object) -> str | None:
    """Our language for a Discord locale (``discord.Locale`` or its value), if we have it."""
    value = str(getattr(locale, "value", locale) or "")
    return DISCORD_LOCALES.get(value)


@functools.cache  # English backs every other language: parsed once, not once per language
def _bundle(code: str) -> FluentBundle:
    bundle = FluentBundle([code], use_isolating=False)
    for path in sorted((LOCALES_DIR / code).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


class Lang:
    """One language: ``t(message_id, **args)``."""

    CACHE_LIMIT = 50_000  # formatted messages kept (most repeat: card names, seat names)

    def __init__(self, code: str) -> None:
        self.code = code
        own = _bundle(code)
        self._bundles = [own] if code == DEFAULT else [own, _bundle(DEFAULT)]
        self._missing: set[str] = set()
        # Formatting with Fluent costs tens of microseconds; a table's screens say the same
        # few hundred things over and over, so each (message, arguments) is formatted once.
        self._done: dict[tuple[object, ...], str] = {}

    def has(self, key: str) -> bool:
        return self._bundles[0].has_message(key)

    def t(self, key: str, **args: Any) -> str:
        memo = (key, *args.items()) if args else key
        try:
            return self._done[memo]  # type: ignore[index]
        except KeyError:
            pass
        except TypeError:  # an argument that cannot be a key: format it every time
            return self._format(key, args)
        text = self._format(key, args)
        if len(self._done) >= self.CACHE_LIMIT:
            self._done.clear()
        self._done[memo] = text  # type: ignore[index]
        return text

    def _format(self, key: str, args: dict[str, Any]) -> str:
        for bundle in self._bundles:
            if bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is None:
                    break
                text, errors = bundle.format_pattern(message.value, args)
                if errors and key not in self._missing:
                    self._missing.add(key)
                    log.error("message %s (%s): %s", key, self.code, errors[0])
                return str(text)
        if key not in self._missing:
            self._missing.add(key)
            log.error("no message %s in %s or English", key, self.code)
        return key

    def attr(self, key: str, attribute: str, **args: Any) -> str:
        """A message's attribute (``.label``, ``.description``)."""
        for bundle in self._bundles:
            if bundle.has_message(key):
                message = bundle.get_message(key)
                pattern = message.attributes.get(attribute)
                if pattern is None:
                    continue
                text, _ = bundle.format_pattern(pattern, args)
                return str(text)
        return f"{key}.{attribute}"

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"


@functools.cache
def lang(code: str | None) -> Lang:
    """The language for ``code``; English for None or a code we do not have."""
    return Lang(code if code in LANGUAGES else DEFAULT)


ENGLISH = lang(DEFAULT)
