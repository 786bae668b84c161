"""A throwaway PostgreSQL server for tests and benchmarks: started in a temporary folder on
127.0.0.1 as a user other than root (PostgreSQL refuses to run as root), removed afterwards.

Without Debian's postgresql package (``make test`` installs it when run as root) it raises
``PostgresUnavailable`` saying why; the tests skip with that reason, or fail with
``TRICKBOT_REQUIRE_POSTGRES=1`` (CI)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class PostgresUnavailable(Exception):
    """No PostgreSQL server could be started here; the message says why."""


def _unavailable(reason: str) -> None:
    raise PostgresUnavailable(reason)


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(cmd: list[str], owner: str | None) -> list[str]:
    return cmd if owner is None else ["runuser", "-u", owner, "--", *cmd]


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server; yields the URL of its ``postgres`` database (user ``trickbot``)."""
    bindir = _bindir()
    if bindir is None:
        _unavailable("PostgreSQL is not installed (make test installs it when run as root)")
    assert bindir is not None
    owner = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            _unavailable("running as root and there is no postgres user to run the server")
        owner = "postgres"
    root = Path(tempfile.mkdtemp(prefix="trickbot-pg-"))
    data = root / "data"
    if owner is not None:
        shutil.chown(root, owner)
    os.chmod(root, 0o700)
    port = _free_port()

    def run(cmd: list[str]) -> None:
        subprocess.run(_as_owner(cmd, owner), check=True, capture_output=True, timeout=120)

    options = f"-k {root} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += " -c full_page_writes=off -c synchronous_commit=off -c max_connections=200"
    try:
        init = [str(bindir / "initdb"), "-D", str(data), "-U", "trickbot", "--auth=trust"]
        run([*init, "-E", "UTF8", "--no-sync"])
        ctl = [str(bindir / "pg_ctl"), "-D", str(data), "-o", options]
        run([*ctl, "-l", str(root / "log"), "-w", "start"])
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(root, ignore_errors=True)
        detail = getattr(e, "stderr", b"") or b""
        _unavailable(f"the PostgreSQL server did not start: {e} {detail.decode()[-300:]}")
    try:
        yield f"postgresql://trickbot@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], owner),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(root, ignore_errors=True)


async def new_database(server: str) -> str:
    """A fresh, empty database on the server; returns its URL."""
    import asyncpg

    name = "t_" + uuid.uuid4().hex[:12]
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return server.rsplit("/", 1)[0] + "/" + name
