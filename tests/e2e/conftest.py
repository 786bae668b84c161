from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from sandbox import DiscordEmulator


@pytest.fixture
async def emu() -> AsyncIterator[DiscordEmulator]:
    async with DiscordEmulator(interaction_timeout=3.0) as emulator:
        yield emulator
