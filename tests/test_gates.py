"""The gates the CI passes before the tests (docs/architecture.md, "Gates"): ruff's lint
and format check and mypy, pinned, run by .ci/run before the README's test command, with
core/ and games/ checked as ``mypy --strict`` would."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")

#: what ``mypy --strict`` turns on (``mypy --help``), as per-module settings
STRICT = {
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "check_untyped_defs": True,
    "disallow_untyped_decorators": True,
    "warn_return_any": True,
    "implicit_reexport": False,
    "strict_equality": True,
    "extra_checks": True,
}


def test_the_tools_are_pinned_in_the_test_extra():
    listed = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]
    pins = {r.name: str(r.specifier) for r in listed if r.name in ("ruff", "mypy")}
    assert set(pins) == {"ruff", "mypy"} and all(p.startswith("==") for p in pins.values()), pins


def test_the_ci_runs_the_gates_before_the_tests():
    [body] = re.findall(r"^gates\(\) \{\n(.*?)\n\}$", CI, flags=re.M | re.S)
    for command in ("/bin/ruff check .", "/bin/ruff format --check .", "/bin/mypy"):
        assert command in body, command
    assert CI.index("\ngates python3 .ci-venv") < CI.index("\nreadme_tests python3 .ci-venv")


def test_mypy_checks_the_whole_product_and_the_engines_strictly():
    mypy = PYPROJECT["tool"]["mypy"]
    assert mypy["files"] == ["src"]  # (a new package under src/cardtable is checked without a line here)
    [engines] = [o for o in mypy["overrides"] if "cardtable.core.*" in o["module"]]
    assert {"cardtable.core", "cardtable.core.*", "cardtable.games", "cardtable.games.*"} <= set(engines["module"])
    assert {k: engines.get(k) for k in STRICT} == STRICT
    assert mypy["warn_unused_ignores"] and mypy["warn_redundant_casts"]  # (the rest of --strict: global only)
