"""Fixtures every test folder may use: the database a test runs on, SQLite or PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from sandbox.postgres import PostgresUnavailable, new_database, postgres_server

REQUIRED = os.environ.get("TRICKBOT_REQUIRE_POSTGRES") == "1"  # CI: they must run


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server for the whole run (or the test skips, saying why)."""
    try:
        with postgres_server() as url:
            yield url
    except PostgresUnavailable as e:
        if REQUIRED:
            pytest.fail(f"PostgreSQL is required here: {e}")
        pytest.skip(str(e))


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's bot keeps its data: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    server: str = request.getfixturevalue("postgres")
    return await new_database(server)
