"""Every game package has the same files with the same roles, and its engine
stays in small pieces (docs/architecture.md, "A game package")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardtable import games
from cardtable.games import GAME_IDS, get_game, get_row

GAMES_DIR = Path(games.__file__).parent
SHARED = ("__init__", "options", "moves", "state", "view", "deal", "legality", "transitions", "events", "actions",
          "zones", "outcome", "rules")  # fmt: skip
ENGINE_FILES = sorted([*GAMES_DIR.glob("*/*.py"), *(GAMES_DIR.parent / "core").glob("*.py")])


def package(game_id: str) -> Path:
    return GAMES_DIR / get_row(game_id).engine.rsplit(".", 1)[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_package_has_the_shared_files(game_id):
    have = {p.stem for p in package(game_id).glob("*.py")}
    assert set(SHARED) <= have, f"missing: {sorted(set(SHARED) - have)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_py_is_thin_wiring(game_id):
    lines = (package(game_id) / "rules.py").read_text().count("\n")
    assert lines < 250
    assert get_game(game_id).name == get_row(game_id).info.name  # the engine takes its description from INFO


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_engine_functions_take_few_parameters(path):
    # (the size of every module of src/, the engines' among them: tests/test_module_sizes.py)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            count = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs)
            assert count < 9, f"{node.name} takes {count} parameters"


def _private_names_of_core() -> set[str]:
    """Every private name (``_x``, not a dunder) that a module of ``core`` defines
    or a class there holds."""
    names: set[str] = set()
    for path in (GAMES_DIR.parent / "core").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            found = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.append(node.name)
            elif isinstance(node, ast.Assign):
                found.extend(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                found.append(node.target.id)
            names.update(n for n in found if n.startswith("_") and not n.startswith("__"))
    return names


def test_no_game_reaches_into_a_private_name_of_core():
    private = _private_names_of_core()
    assert "_verified" in private  # (the base class's cache of the last legal moves: the case that was)
    for path in GAMES_DIR.glob("*/*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                assert node.attr not in private, f"{path.parent.name}/{path.name}:{node.lineno} uses {node.attr}"
            elif isinstance(node, ast.ImportFrom) and "core" in (node.module or ""):
                bad = [a.name for a in node.names if a.name.startswith("_")]
                assert not bad, f"{path.parent.name}/{path.name}:{node.lineno} imports {bad}"
