"""The optional compiled build (``tools/build_compiled.py``) stays optional:
the sources hold no extension module, what it compiles exists, and it builds
outside ``src``. (Building takes a C compiler and a minute: not done here.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cardtable"


def _tool():
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "tools" / "build_compiled.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_compiled"] = module
    spec.loader.exec_module(module)
    return module


def test_the_sources_hold_no_compiled_module():
    assert not [p for p in SRC.rglob("*") if p.suffix in (".so", ".pyd")]


def test_what_it_compiles_exists_and_it_builds_outside_the_sources():
    tool = _tool()
    assert tool.MODULES and all((SRC / module).is_file() for module in tool.MODULES)
    out = tool.DEFAULT_OUT
    assert SRC not in out.parents and out != SRC
    assert out.relative_to(ROOT).parts[0] == "build" and "build/" in (ROOT / ".gitignore").read_text().split()


def test_the_default_install_does_not_need_mypy():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(dep.startswith("mypy") for dep in project["dependencies"])
    assert any(line.startswith("mypy==") for line in (ROOT / "tools" / "requirements-compiled.txt").read_text().split())
