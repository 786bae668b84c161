"""Who reads which language.

Public messages (lobby, table message, pings, results, standings) are in the server's language:
what a host with Manage Server chose (``/settings language``), else Discord's server locale when
it is one of ours, else English. Private messages (hands, refusals, rules, stats) are in the
reader's Discord locale when we have it, else their own choice (``/settings my-language``), else
the server's. An English Discord client yields to the person's own choice: Discord has no
Estonian or Tagalog client, so those speakers run it in English and choose with /settings.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import Lang, from_discord, lang


class Languages:
    def __init__(self, guild_locale: Callable[[int], object] | None = None) -> None:
        # Discord's locale of a server, as discord.py knows it (None until it is connected).
        self.guild_locale = guild_locale or (lambda guild_id: None)
        self.guild_choice: dict[int, str] = {}
        self.user_choice: dict[int, str] = {}

    def load(self, guilds: dict[int, str], users: dict[int, str]) -> None:
        self.guild_choice = dict(guilds)
        self.user_choice = dict(users)

    def choose(self, kind: str, owner_id: int, code: str | None) -> None:
        """A server's (``kind`` "guild") or a person's ("user") choice, as just stored; None
        forgets it."""
        choices = self.guild_choice if kind == "guild" else self.user_choice
        if code is None:
            choices.pop(owner_id, None)
        else:
            choices[owner_id] = code

    def public_code(self, guild_id: int) -> str:
        chosen = self.guild_choice.get(guild_id)
        if chosen:
            return chosen
        return from_discord(self.guild_locale(guild_id)) or "en"

    def public(self, guild_id: int) -> Lang:
        return lang(self.public_code(guild_id))

    def private(self, guild_id: int | None, user_id: int, discord_locale: object = None) -> Lang:
        client = from_discord(discord_locale)
        if client and client != "en":
            return lang(client)
        chosen = self.user_choice.get(user_id)
        if chosen:
            return lang(chosen)
        if client:
            return lang(client)
        return self.public(guild_id) if guild_id is not None else lang(None)
