"""Where the compiled kernels are cached, and how processes share the first compile: a folder
that can be written (the configured one, else the user's cache, else the temporary folder,
else none: compiled in memory, never a crash), and a lock that lets one process compile while
the others wait for its cache."""

from __future__ import annotations

import fcntl
import tempfile
from pathlib import Path

import pytest

from engine.ai.fast import jit, warm


def _unusable(tmp_path: Path) -> Path:
    """A path under a plain file: no folder can be made there, even by root."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    return blocker / "below"


def test_the_configured_folder_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKBOT_JIT_CACHE", str(tmp_path / "kernels"))
    folder = jit._cache_dir()
    assert folder == str(tmp_path / "kernels" / "trickbot-kernels" / jit.source_hash())
    assert Path(folder).is_dir()


def test_a_read_only_home_falls_back_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKBOT_JIT_CACHE", str(_unusable(tmp_path)))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(_unusable(tmp_path)))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    folder = jit._cache_dir()
    assert folder is not None and folder.startswith(str(tmp_path / "tmp"))


def test_no_writable_folder_means_no_disk_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKBOT_JIT_CACHE", str(_unusable(tmp_path)))
    monkeypatch.setenv("XDG_CACHE_HOME", str(_unusable(tmp_path)))
    monkeypatch.setenv("HOME", str(_unusable(tmp_path)))
    monkeypatch.setattr(tempfile, "tempdir", str(_unusable(tmp_path)))
    assert jit._cache_dir() is None


def test_the_compile_lock_excludes_other_processes(tmp_path: Path) -> None:
    """While one process compiles, another's lock on the same folder must wait."""
    lock = tmp_path / "compile.lock"
    with warm._compile_lock(str(tmp_path)), lock.open("a") as other, pytest.raises(OSError):
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with (tmp_path / "compile.lock").open("a") as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free again once it is done


def test_warm_up_runs_once_and_leaves_the_search_ready() -> None:
    warm.warm_up()
    warm.warm_up()  # a second call returns at once
    assert warm._warm == ([True] if jit.JIT else [])
