"""What pipx and uv users expect of the package: one version, `--version`, shell
completion from the parser, an SPDX licence and its file, classifiers,
a dev extra; and the CI that also runs the tests on Python 3.13."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardtable
from cardtable import cli

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60)


def test_the_version_is_written_once_and_cardtable_version_prints_it():
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cardtable.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardtable.__version__)
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout == f"cardtable {cardtable.__version__}\n"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_name_every_command(shell):
    result = run_cli("completion", shell)
    assert result.returncode == 0, result.stderr
    for command in cli.COMMANDS:
        assert command in result.stdout, (shell, command)
    for option in ("seed", "players", "json"):  # (fish writes `-l json`)
        assert f"--{option}" in result.stdout or f"-l {option}" in result.stdout, (shell, option)


def test_completion_refuses_an_unknown_shell_in_one_line():
    result = run_cli("completion", "tcsh")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "invalid choice: 'tcsh'" in result.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_the_bash_script_completes_commands_and_choices(tmp_path):
    script = tmp_path / "cardtable.bash"
    script.write_text(run_cli("completion", "bash").stdout)
    probe = (
        f"source {script}\n"
        "complete_words() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE};"
        " COMPREPLY=(); _shtab_cardtable; echo \"${COMPREPLY[*]}\"; }\n"
        "complete_words cardtable ru\n"
        "complete_words cardtable completion ''\n"
        "complete_words cardtable --ver\n"
    )
    lines = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert lines == ["rules", "bash zsh fish", "--version"]


def test_an_spdx_licence_and_its_file():
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the cardtable authors" in text and "WITHOUT WARRANTY" in text
    # PEP 639: with a licence expression, no licence classifier; setuptools 77 reads the expression
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])
    assert any(re.fullmatch(r"setuptools>=(7[7-9]|[89]\d)", r) for r in PYPROJECT["build-system"]["requires"])


def test_classifiers_name_the_python_versions_the_ci_runs():
    assert PROJECT["requires-python"] == ">=3.11"
    versions = {c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"] if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert versions == {"3.11", "3.12", "3.13"}
    assert "Topic :: Games/Entertainment" in PROJECT["classifiers"] and "Environment :: Console" in PROJECT["classifiers"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3.13" in ci and ".pyenv" in ci


def test_the_extras_and_no_made_up_project_urls():
    # The project has no public address yet: no URL until it has one (none invented).
    assert "urls" not in PROJECT
    assert any(r.startswith("textual-dev") for r in PROJECT["optional-dependencies"]["dev"])
    assert any(r.startswith("shtab") for r in PROJECT["dependencies"])


def test_the_readme_documents_completion_version_and_dev_mode():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for text in ("cardtable --version", "cardtable completion bash", "cardtable completion zsh", "cardtable completion fish",
                 "textual run --dev", "'.[dev,test]'", "textual console"):
        assert text in readme, text


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_the_ci_script_is_valid_bash():
    assert subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], capture_output=True).returncode == 0
