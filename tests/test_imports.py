"""The package's import graph: no cycle, and the layers import only downwards.

Every import counts: at top level, inside functions and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import tilematch

PACKAGE = Path(tilematch.__file__).resolve().parent
ROOT_NAME = tilematch.__name__


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """Every module ``path`` (the module ``name``) imports, as absolute names.

    ``from package import module`` imports the submodule, not the package's own code
    (``modules`` tells which names are modules of the package)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                found.add(submodule if submodule in modules else origin)
    return found


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    sources = _sources()
    graph: dict[str, set[str]] = {}
    for name, path in sources.items():
        imported = _imports(path, name, set(sources))
        graph[name] = {m for m in imported if m in sources and m != name}
    return graph


def _externals() -> dict[str, set[str]]:
    """Each module of the package and the top-level names of what it imports from outside."""
    sources = _sources()
    out: dict[str, set[str]] = {}
    for name, path in sources.items():
        tops = {m.split(".")[0] for m in _imports(path, name, set(sources)) if m}
        out[name] = {top for top in tops if top != ROOT_NAME}
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_walk_finds_the_package() -> None:
    graph = _graph()
    assert {"tilematch.engine", "tilematch.modes.session", "tilematch.server.app"} <= set(graph)
    assert "tilematch.engine.grid.board" in graph["tilematch.engine"]


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycle() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def _imports_from_above(layer: str, above: tuple[str, ...]) -> list[str]:
    """Each import of a module of ``layer`` from a module of one of the ``above`` layers."""
    return sorted(
        f"{name} imports {target}"
        for name, targets in _graph().items()
        if _inside(name, layer)
        for target in targets
        if any(_inside(target, upper) for upper in above)
    )


def test_the_engine_imports_nothing_above_it() -> None:
    above = ("tilematch.modes", "tilematch.server", "tilematch.commands", "tilematch.benchmarks")
    wrong = _imports_from_above("tilematch.engine", above)
    assert not wrong, "\n".join(wrong)


def test_the_engine_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    wrong = sorted(
        f"{name} imports {top}"
        for name, tops in _externals().items()
        if _inside(name, "tilematch.engine")
        for top in tops - allowed
    )
    assert not wrong, "\n".join(wrong)


def test_the_modes_import_nothing_above_them() -> None:
    above = ("tilematch.server", "tilematch.commands", "tilematch.benchmarks")
    wrong = _imports_from_above("tilematch.modes", above)
    assert not wrong, "\n".join(wrong)
