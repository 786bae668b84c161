"""Questions asked before something that cannot be undone: one sentence and one red button,
seen only by the person who asked."""

from __future__ import annotations

from bot import ids
from bot.i18n import Lang
from bot.render.base import Button, Rendered


def confirmation(lang: Lang, key: str, button: str, custom_id: str, **args: object) -> Rendered:
    return Rendered(
        content=lang.t(key, **args),
        rows=((Button(custom_id, lang.t(button), "danger"),),),
    )


def forget_me(lang: Lang, user_id: int) -> Rendered:
    return confirmation(
        lang, "confirm-forget-me", "confirm-forget-button", ids.forget("me", user_id)
    )


def forget_server(lang: Lang, guild_id: int) -> Rendered:
    return confirmation(
        lang,
        "confirm-forget-server",
        "confirm-forget-server-button",
        ids.forget("server", guild_id),
    )
