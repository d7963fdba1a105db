"""The package's import graph: one import name, and no module that imports one that imports it back.

The graph is read from the source (every `import` and `from ... import`, at any depth, including the lazy ones
inside functions and the ones only for type checkers): a lazy or type-only import is still a dependency, and a
circle through one is still a circle.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OLD_TOP_LEVEL = {"engine", "vision", "device", "webui", "datasets", "models"}


def package_dirs() -> dict[str, Path]:
    """The build backend's mapping of packages to folders (pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = config["tool"]["setuptools"]["package-dir"]
    return {name: ROOT / folder for name, folder in mapping.items()}


def module_files() -> dict[str, Path]:
    """Every module of the package by its import name."""
    mapping = package_dirs()
    found: dict[str, Path] = {}
    for package, folder in mapping.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def imported_names(path: Path, module: str) -> list[str]:
    """The absolute names a module imports (for `from a import b`: `a.b` and `a`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names.append(base)
            names.extend(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(path, name):
            if imported in modules and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_circle_finder_finds_a_circle_through_three_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_circle_finder_passes_a_one_way_graph() -> None:
    assert circles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_relative_imports_resolve_against_the_package(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("from .other import thing\nfrom .. import top\n", encoding="utf-8")
    names = imported_names(source, "pkg.sub.mod")
    assert "pkg.sub.other" in names and "pkg.top" in names


def test_the_package_has_its_modules_mapped() -> None:
    modules = module_files()
    assert "riichi_table.engine.game" in modules
    assert "riichi_table.assistant.session" in modules
    assert "riichi_table.webui.app" in modules


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = circles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(group) for group in found)


def test_every_import_uses_the_one_package_name() -> None:
    roots = [
        ROOT / d
        for d in ("engine", "vision", "device", "webui", "datasets", "riichi_table", "tests", "bench")
    ]
    offenders = []
    for root in roots:
        for path in root.rglob("*.py"):
            if "firmware" in path.parts:
                continue
            for name in imported_names(path, "x.y"):
                if name.split(".")[0] in OLD_TOP_LEVEL:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


# ARCHITECTURE.md's layout table: which of the package's own packages each one may import.
MAY_IMPORT = {
    "engine": set(),
    "vision": {"engine"},
    "device": {"engine"},
    "datasets": {"engine", "vision"},
    "assistant": {"engine", "vision", "device"},
    "club": {"engine"},  # the table's outbox and client run in the assistant's process: standard library only
    "webui": {"engine", "vision", "assistant", "club"},
    "commands": {"engine", "vision", "device", "datasets", "assistant", "webui", "club"},
    "models": set(),
}


def _layer(module: str) -> str:
    part = module.split(".")[1] if "." in module else ""
    return part if part in MAY_IMPORT else "cli"


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_imports_point_down_the_layers(layer: str) -> None:
    """The engine knows nothing of cameras or web pages, vision nothing of Flask, the assistant nothing of the
    web page (ARCHITECTURE.md, layout)."""
    graph = import_graph()
    upward = [
        f"{src} -> {dst}"
        for src, targets in graph.items()
        if _layer(src) == layer
        for dst in targets
        if _layer(dst) != layer and _layer(dst) not in MAY_IMPORT[layer]
    ]
    assert upward == []


def test_every_package_folder_is_listed_for_the_build() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    modules = module_files()
    packages = {name for name, path in modules.items() if path.name == "__init__.py"}
    assert packages - listed == set()
