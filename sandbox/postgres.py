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


class PostgresServer:
    """A running throwaway server that a test may stop and start again (its data stays)."""

    def __init__(self, bindir: Path, data: Path, options: str, owner: str | None, url: str):
        self.bindir = bindir
        self.data = data
        self.options = options
        self.owner = owner
        self.url = url  # its ``postgres`` database, user ``trickbot``

    def _ctl(self, *args: str, check: bool = True) -> None:
        cmd = [str(self.bindir / "pg_ctl"), "-D", str(self.data), *args]
        subprocess.run(_as_owner(cmd, self.owner), check=check, capture_output=True, timeout=120)

    def start(self) -> None:
        self._ctl("-o", self.options, "-l", str(self.data.parent / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: connections are cut, as when it is restarted)."""
        self._ctl("-m", mode, "-w", "stop", check=False)

    def remove(self) -> None:
        """Stop the server at once and delete its folder."""
        self.stop("immediate")
        shutil.rmtree(self.data.parent, ignore_errors=True)

    def to_json(self) -> dict[str, str | None]:
        """What another process needs to use or remove this server (``from_json``)."""
        return {
            "bindir": str(self.bindir),
            "data": str(self.data),
            "options": self.options,
            "owner": self.owner,
            "url": self.url,
        }

    @classmethod
    def from_json(cls, data: dict[str, str | None]) -> PostgresServer:
        bindir, folder, options, url = (data[k] for k in ("bindir", "data", "options", "url"))
        assert bindir and folder and options is not None and url
        return cls(Path(bindir), Path(folder), options, data["owner"], url)


def start_cluster() -> PostgresServer:
    """A new running server in a temporary folder; ``remove()`` stops it and deletes it."""
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
    options = f"-k {root} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += " -c full_page_writes=off -c synchronous_commit=off -c max_connections=400"
    server = PostgresServer(
        bindir, data, options, owner, f"postgresql://trickbot@127.0.0.1:{port}/postgres"
    )
    try:
        init = [str(bindir / "initdb"), "-D", str(data), "-U", "trickbot", "--auth=trust"]
        cmd = _as_owner([*init, "-E", "UTF8", "--no-sync"], owner)
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)
        server.start()
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(root, ignore_errors=True)
        detail = getattr(e, "stderr", b"") or b""
        _unavailable(f"the PostgreSQL server did not start: {e} {detail.decode()[-300:]}")
    return server


@contextmanager
def postgres_cluster() -> Iterator[PostgresServer]:
    """A running server, removed afterwards."""
    server = start_cluster()
    try:
        yield server
    finally:
        server.remove()


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server; yields the URL of its ``postgres`` database (user ``trickbot``)."""
    with postgres_cluster() as server:
        yield server.url


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
