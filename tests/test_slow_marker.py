"""The ``slow`` marker is declared, and the README's plain ``pytest`` still runs the slow tests."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_slow_is_declared_and_not_deselected_by_default():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in config["markers"])
    options = shlex.split(config.get("addopts", ""))
    assert not any(o == "-m" or o.startswith("-m") and not o.startswith("--") for o in options)
    assert "python3 -m pytest\n" in (ROOT / "README.md").read_text(encoding="utf-8")
