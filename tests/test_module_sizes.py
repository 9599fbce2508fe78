"""Every module of the product stays in small pieces: at most 400 lines a module and
60 lines a function (docs/architecture.md, "Gates"). A piece that grows past the limit is
split, in pieces named for what they hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardtable

SRC = Path(cardtable.__file__).parent
MODULES = sorted(SRC.rglob("*.py"))
MOST_LINES = 400
MOST_FUNCTION_LINES = 60


def test_the_guard_sees_the_whole_product():
    found = {p.relative_to(SRC).parts[0] for p in MODULES}
    assert {"core", "games", "bots", "storage", "tui", "commands", "web", "cli.py"} <= found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_modules_and_functions_stay_small(path):
    text = path.read_text()
    assert text.count("\n") <= MOST_LINES, f"{path.relative_to(SRC)} has {text.count(chr(10))} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            assert length <= MOST_FUNCTION_LINES, f"{node.name} (line {node.lineno}) is {length} lines"
