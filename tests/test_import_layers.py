"""The imports of cardtable run one way: down the layers, with no cycle.

Every module under src/cardtable is parsed with ``ast``; every import counts,
the ones inside functions (lazy) and under ``TYPE_CHECKING`` included, relative
imports resolved. The checks: no cycle between files, no cycle between the
top-level parts, and each part imports only the parts its row below allows.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable

ROOT = Path(cardtable.__file__).parent

#: What each top-level part may import (besides itself). ``core`` imports no
#: other part and knows no game; the command line is on top and nothing below
#: imports it.
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "games": {"core"},
    "rulebook": {"games"},
    "simulate": {"core", "games"},
    "session": {"core", "games"},
    "bots": {"core", "games", "simulate"},
    "storage": {"core", "games", "session"},
    # a game at a table as its seats know it: the screen's source, a decision, how a seat answers
    # (no Textual: a table server stands on it as the app does)
    "table": {"core", "games", "session", "bots"},
    "tui": {"core", "games", "session", "bots", "storage", "rulebook", "simulate", "table"},
    "web": {"tui", "core", "games", "storage"},
    # a table over the network: the protocol and codecs (no Textual), the host's hub and server
    # over the session and the table's seat players, the apps of host and join over the tui, and
    # the browser seats over the web server's app processes
    "net": {"core", "games", "session", "bots", "storage", "table", "tui", "web"},
    "commands": {"core", "games", "session", "bots", "storage", "rulebook", "simulate", "tui", "web", "net"},
    "cli": {"commands", "games", "cardtable"},  # (cardtable: the package's __version__)
    "__main__": {"cli"},
    # the research environments (the optional rl extra): on the engines and the bots, imported by nothing
    "rl": {"core", "games", "bots", "simulate"},
}


def _modules() -> dict[str, tuple[Path, bool]]:
    modules = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        modules[".".join(parts)] = (path, package)
    return modules


MODULES = _modules()


def _known(name: str) -> str | None:
    """The module (file) ``name`` lives in: itself, or its nearest package."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """The cardtable modules ``module`` imports, anywhere in its file."""
    path, package = MODULES[module]
    here = module if package else module.rpartition(".")[0]
    found: set[str | None] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(_known(a.name) for a in node.names if a.name.split(".")[0] == "cardtable")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] != "cardtable":
                continue
            for alias in node.names:  # `from . import paths` imports the module paths
                full = f"{source}.{alias.name}"
                found.add(full if full in MODULES else _known(source))
    found.discard(None)
    found.discard(module)
    return found  # type: ignore[return-value]


GRAPH = {module: imports_of(module) for module in MODULES}


def part(module: str) -> str:
    return module.split(".")[1] if "." in module else module


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_parser_sees_lazy_and_relative_imports():
    assert "cardtable.storage.stats" in GRAPH["cardtable.storage.saves.store"]  # a lazy one, inside a property
    assert "cardtable.core.engine" in GRAPH["cardtable.games"] or any(
        m.startswith("cardtable.core") for m in GRAPH["cardtable.games"]
    )
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_cycle_between_files():
    assert cycles(GRAPH) == []


def test_no_cycle_between_parts():
    parts: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        parts.setdefault(part(module), set()).update(part(t) for t in targets if part(t) != part(module))
    assert cycles(parts) == []


def test_every_part_imports_only_the_layers_below_it():
    unknown = sorted({part(m) for m in GRAPH} - set(ALLOWED) - {"cardtable"})
    assert unknown == [], "a new top-level part: give it a row in ALLOWED"
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if part(target) != part(module) and part(target) not in ALLOWED.get(part(module), set())
    )
    assert wrong == []


def test_nothing_imports_the_research_environments():
    wrong = sorted(
        f"{m} imports {t}" for m, targets in GRAPH.items() if part(m) != "rl" for t in targets if part(t) == "rl"
    )
    assert wrong == []


def test_core_knows_no_game():
    wrong = sorted(
        f"{m} imports {t}" for m, targets in GRAPH.items() if part(m) == "core" for t in targets if part(t) == "games"
    )
    assert wrong == []


def test_no_private_name_is_imported_across_modules():
    wrong = []
    for module, (path, _package) in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("cardtable")):
                wrong += [
                    f"{module}: {a.name} from {'.' * node.level}{node.module or ''}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert wrong == []
