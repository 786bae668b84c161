"""What bot/tables needs from outside, as protocols: Discord (``cogs.discord_io`` implements
it; tests use a fake) and a clock (tests drive one by hand)."""

from __future__ import annotations

import time
from typing import Protocol

from bot.render import Rendered


class Clock(Protocol):
    def monotonic(self) -> float: ...

    def time(self) -> float: ...


class SystemClock:
    def monotonic(self) -> float:
        return time.monotonic()

    def time(self) -> float:
        return time.time()


class Unavailable(Exception):
    """Discord could not be reached or failed on its side: try again later."""


class Discord(Protocol):
    """What the feed needs of Discord (``cogs.discord_io`` implements it). Permanent failures
    are answered (None, False); passing ones raise ``Unavailable``."""

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None: ...

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def hand_post(self, token: str, message: Rendered) -> int | None: ...

    async def hand_edit(self, token: str, ref: str, message: Rendered) -> bool: ...

    async def hand_delete(self, token: str, ref: str) -> bool: ...
