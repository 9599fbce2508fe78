"""Every game package has the same files with the same roles, and its engine
stays in small pieces (docs/architecture.md, "A game package")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardtable import games
from cardtable.games import GAME_IDS, get_game, get_row

GAMES_DIR = Path(games.__file__).parent
SHARED = ("__init__", "options", "moves", "state", "view", "deal", "legality", "transitions", "events",
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
def test_engine_modules_and_functions_stay_small(path):
    text = path.read_text()
    assert text.count("\n") <= 400
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            assert length <= 60, f"{node.name} is {length} lines"
            args = node.args
            count = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs)
            assert count < 9, f"{node.name} takes {count} parameters"
