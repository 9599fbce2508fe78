"""The ``slow`` marker is declared; the README's test command runs the slow tests too, in
parallel (pytest-xdist); and the CI runs exactly that command."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_test_command() -> str:
    quick_start = README.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", quick_start, flags=re.S)[1]


def test_slow_is_declared_and_not_deselected_by_default():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in config["markers"])
    options = shlex.split(config.get("addopts", ""))
    assert not any(o == "-m" or o.startswith("-m") and not o.startswith("--") for o in options)
    pytest_args = shlex.split(readme_test_command().rsplit("-m pytest", 1)[1])
    assert "-m" not in pytest_args and pytest_args == ["-n", "auto"]


def test_the_ci_runs_the_readme_s_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    [body] = re.findall(r"^readme_tests\(\) \{ (.*); \}$", ci, flags=re.M)
    assert body.replace('"$1"', "python3").replace('"$2"', ".venv") == readme_test_command()
    assert re.search(r"^readme_tests python3 \.ci-venv ", ci, flags=re.M)
