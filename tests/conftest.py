"""Fixtures every test folder may use: the database a test runs on, SQLite or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import new_database, postgres_server


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server for the whole run (or the test skips, saying why)."""
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's bot keeps its data: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    server: str = request.getfixturevalue("postgres")
    return await new_database(server)
