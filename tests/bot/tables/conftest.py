"""Fixtures the tables' tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.computers import ComputerPlayers


class KeptComputers(ComputerPlayers):
    """A module's worker processes, shared by its tests' tables: starting a pool (a process
    each, the search and its compiled kernels loaded) took seconds of every test that plays
    computers for real. Each ``Tables`` closes its computers when it stops; these stay until
    the module is done."""

    def close(self) -> None:
        pass

    def shut(self) -> None:
        super().close()


@pytest.fixture(scope="module")
def computers() -> Iterator[KeptComputers]:
    kept = KeptComputers()
    yield kept
    kept.shut()
