"""The house a newcomer walks through (issue 19): no import cycle anywhere (imports inside
functions count; an import under ``if TYPE_CHECKING:`` does not, as it never runs: it only names a
type for the type checker, as RoboDanny's cogs name their bot), no module over 600 lines in bot/,
cogs/ and sandbox/, and the cogs reach the tables through their one door only."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "engine", "sandbox", "benchmarks")
MAX_LINES = 600
SIZED = ("bot", "cogs", "sandbox")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (they never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {id(n) for part in node.body for n in ast.walk(part)}
    return out


def _imports(path: Path, name: str, modules: dict[str, Path]) -> Iterator[str]:
    """Every project module ``name`` imports when it runs, wherever the import stands (at the
    top, inside a function, inside a branch)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    typing_only = _typing_only(tree)
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    modules = _modules()
    graph = {name: set(_imports(path, name, modules)) for name, path in modules.items()}
    # A package's __init__ re-exporting its own modules is not a cycle of meaning.
    for name in graph:
        graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
    assert _cycles(graph) == []


def test_the_bot_never_imports_the_sandbox_or_the_cogs_below_the_app() -> None:
    modules = _modules()
    for name, path in modules.items():
        if not name.startswith("bot.") or name == "bot.app":
            continue
        imported = set(_imports(path, name, modules))
        assert not {m for m in imported if m.startswith(("sandbox", "cogs"))}, name


def test_no_module_over_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for package in SIZED
        for path in (ROOT / package).rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_cogs_use_the_one_door() -> None:
    """Nothing in cogs/ reaches past ``bot.tables.Tables`` into the registry, the feed,
    storage, message slots, table locks or the language caches."""
    behind = re.compile(
        r"\.(registry|feed|storage|languages|commands|driver|life)\b|\bslots?\b|\.lock\b"
        r"|bot\.(storage|languages)|bot\.tables\.(registry|feed|commands|driver|life|service)"
    )
    found = []
    for path in (ROOT / "cogs").rglob("*.py"):
        if path.parent.name == "discord" and path.stem in ("io", "rest"):
            continue  # the feed's way out (it implements bot.tables.ports.Discord)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if behind.search(line) and not line.lstrip().startswith(("#", '"""')):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
