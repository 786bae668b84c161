"""The switch between the compiled core and plain Python, and the few primitives that differ.

The kernels of ``engine.ai.fast`` are written in the subset of Python that numba compiles: ints,
floats and flat arrays, loops, no objects. Compiled (numba installed, ``TRICKBOT_JIT`` not
``0``), a search plays tens of times more deals in its budget; interpreted, the same source
plays the same deals to the same results, only slower. A test holds the two to each other.

What differs between the two is here and nowhere else: bit counts (LLVM's instructions
compiled, ``int`` methods interpreted), arrays (numpy compiled, lists interpreted: a list of
Python ints is the fastest thing the interpreter has) and constant tables.

Compiled code is cached on disk so that a process pays the compile once per version of the
engine: the cache lives in a folder named by a hash of the engine's source, because numba
checks only the compiled function's own file and would keep using a kernel whose callee or
tables changed in another file.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
# The kernels' arrays as the interpreter holds them (and mypy checks them); compiled, numpy
# arrays of int64 and float64 stand in their place.
Ints = list[int]
Floats = list[float]

ENGINE = Path(__file__).resolve().parent.parent.parent


def _wanted() -> bool:
    if os.environ.get("TRICKBOT_JIT", "1") == "0":
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


JIT = _wanted()


def _kernel_sources() -> list[Path]:
    """The kernels' files and the engine modules they import (whose constants and tables the
    compiled code holds)."""
    package = Path(__file__).resolve().parent
    files = set(package.glob("*.py"))
    for path in sorted(files):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("engine")
            ):
                module = ENGINE.parent.joinpath(*node.module.split("."))
                for candidate in (module.with_suffix(".py"), module / "__init__.py"):
                    if candidate.exists():
                        files.add(candidate)
    return sorted(files)


def source_hash() -> str:
    """A hash of the kernels' source and of what they import: the compiled kernels' version."""
    h = hashlib.sha256()
    for path in _kernel_sources():
        h.update(str(path.relative_to(ENGINE)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


KEEP_OLD_DAYS = 7


def _forget_old(folder: Path) -> None:
    """Remove compiled kernels of other engine versions not used for ``KEEP_OLD_DAYS``."""
    cutoff = time.time() - KEEP_OLD_DAYS * 86400
    for other in folder.parent.iterdir():
        try:
            if other != folder and other.stat().st_mtime < cutoff:
                shutil.rmtree(other, ignore_errors=True)
        except OSError:
            continue


def _cache_dir() -> str | None:
    """A writable folder for this engine version's compiled kernels, or None (no cache)."""
    bases = [os.environ.get("TRICKBOT_JIT_CACHE"), os.environ.get("XDG_CACHE_HOME")]
    bases += [str(Path.home() / ".cache"), tempfile.gettempdir()]
    version = source_hash()
    for base in bases:
        if not base:
            continue
        folder = Path(base) / "trickbot-kernels" / version
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".probe-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
            os.utime(folder)
        except OSError:
            continue
        _forget_old(folder)
        return str(folder)
    return None


def cache_folder() -> str | None:
    """Where the compiled kernels are cached (None: interpreted, or no writable folder)."""
    return _CACHE if JIT else None


if TYPE_CHECKING or not JIT:
    _CACHE: str | None = None

    def kernel(fn: F) -> F:
        return fn

    def popcount(x: int) -> int:
        return x.bit_count()

    def top(x: int) -> int:
        return x.bit_length() - 1

    def low(x: int) -> int:
        return (x & -x).bit_length() - 1

    def ints(n: int) -> Ints:
        return [0] * n

    def floats(n: int) -> Floats:
        return [0.0] * n

    def copy(a: Ints) -> Ints:
        return a[:]

    def int_table(values: Sequence[int]) -> tuple[int, ...]:
        return tuple(int(v) for v in values)

    def float_table(values: Sequence[float]) -> tuple[float, ...]:
        return tuple(float(v) for v in values)

    def int_array(values: Sequence[int]) -> Ints:
        return [int(v) for v in values]

    def float_array(values: Sequence[float]) -> Floats:
        return [float(v) for v in values]

    def grown(a: Floats, size: int) -> Floats:
        return a + [0.0] * (size - len(a))

else:
    import numpy as np
    from llvmlite import ir
    from numba import njit, types
    from numba.core import config
    from numba.extending import intrinsic

    _CACHE = _cache_dir()
    if _CACHE is not None:
        config.CACHE_DIR = _CACHE

    def kernel(fn: F) -> F:
        """Compile ``fn`` (on its first call, or from the disk cache)."""
        return njit(cache=_CACHE is not None, nogil=True)(fn)

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return types.int64(types.int64), codegen

    @intrinsic
    def _ctlz(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

        return types.int64(types.int64), codegen

    @intrinsic
    def _cttz(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

        return types.int64(types.int64), codegen

    @njit
    def popcount(x: int) -> int:
        """The number of set bits of a mask."""
        return _ctpop(x)

    @njit
    def top(x: int) -> int:
        """The index of the highest set bit of a mask, -1 for none (``bit_length() - 1``)."""
        return 63 - _ctlz(x)

    @njit
    def low(x: int) -> int:
        """The index of the lowest set bit of a non-empty mask."""
        return _cttz(x)

    @njit
    def ints(n: int) -> Any:
        """A new array of ``n`` zero ints."""
        return np.zeros(n, np.int64)

    @njit
    def floats(n: int) -> Any:
        """A new array of ``n`` zero floats."""
        return np.zeros(n, np.float64)

    @njit
    def copy(a: Any) -> Any:
        """A copy of an array."""
        return a.copy()

    def int_table(values: Sequence[int]) -> Any:
        """A constant table of ints for the kernels."""
        return np.array(values, dtype=np.int64)

    def float_table(values: Sequence[float]) -> Any:
        """A constant table of floats for the kernels."""
        return np.array(values, dtype=np.float64)

    def int_array(values: Sequence[int]) -> Any:
        """An array argument for a kernel."""
        return np.array(values, dtype=np.int64)

    def float_array(values: Sequence[float]) -> Any:
        """A float array argument for a kernel."""
        return np.array(values, dtype=np.float64)

    def grown(a: Any, size: int) -> Any:
        """``a`` with zeros appended up to ``size`` items."""
        b = np.zeros(size, dtype=a.dtype)
        b[: len(a)] = a
        return b


__all__ = [
    "JIT",
    "Floats",
    "Ints",
    "copy",
    "float_array",
    "float_table",
    "floats",
    "grown",
    "int_array",
    "int_table",
    "ints",
    "kernel",
    "low",
    "popcount",
    "source_hash",
    "top",
]
