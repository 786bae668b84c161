"""No import cycle in the engine, counting imports inside functions, and the game registry
never imports the computer players (they import it)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(engine.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in ROOT.rglob("*.py")}


def _imports(name: str) -> set[str]:
    """The engine modules ``name`` imports anywhere in its body (a ``from package import
    submodule`` counts as the submodule)."""
    tree = ast.parse(MODULES[name].read_text())
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in MODULES else base)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: _imports(name) for name in MODULES}


def _cycle() -> list[str] | None:
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(GRAPH[m]):
            if state.get(d) == 1:
                return [*path[path.index(d) :], d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(GRAPH):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_checker_sees_imports_inside_functions() -> None:
    assert "engine.ai.hard" in GRAPH["engine.ai"]  # make_player imports it on demand
    assert "engine.ai.arena" in GRAPH["engine.cli"]


def test_no_import_cycle_in_the_engine() -> None:
    assert _cycle() is None


def _reachable(start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        m = todo.pop()
        for d in GRAPH[m]:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_the_game_registry_never_imports_the_players() -> None:
    assert not {m for m in _reachable("engine.games") if m.startswith("engine.ai")}
