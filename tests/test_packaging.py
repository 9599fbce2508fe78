"""What users, pipx and uv, PyPI and distributors expect of the package: one version and its
changelog, shell completion from the parser, an SPDX licence, classifiers, dependencies that
say what the code needs, the project's URLs in one place with the README's links absolute to
them, and an sdist that holds every file of the project (its tests, fixtures and docs)."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

import cardtable
from cardtable import cli
from cardtable.commands.completion import SHELLS

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
README = (ROOT / "README.md").read_text(encoding="utf-8")
HOME = PROJECT["urls"]["Homepage"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60)


def requirements(group: str | None = None) -> dict[str, Requirement]:
    listed = PROJECT["dependencies"] if group is None else PROJECT["optional-dependencies"][group]
    return {Requirement(r).name.lower().replace("_", "-"): Requirement(r) for r in listed}


# -- the version ---------------------------------------------------------------------------


def test_the_version_is_written_once_and_cardtable_version_prints_it():
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cardtable.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardtable.__version__)
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout == f"cardtable {cardtable.__version__}\n"


def changelog_versions() -> list[str]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## (\d+\.\d+\.\d+) \((?:not yet released|\d{4}-\d\d-\d\d)\)$", text, flags=re.M)


def test_the_changelog_describes_this_version_first_and_every_tagged_one():
    versions = changelog_versions()
    assert versions and versions[0] == cardtable.__version__, "CHANGELOG.md's newest section is not this version"
    assert [Version(v) for v in versions] == sorted((Version(v) for v in versions), reverse=True)
    assert PROJECT["urls"]["Changelog"] == f"{HOME}/blob/main/CHANGELOG.md"
    if shutil.which("git") and (ROOT / ".git").exists():
        tags = subprocess.run(["git", "tag", "--list", "v*"], cwd=ROOT, capture_output=True, text=True).stdout.split()
        assert {t.removeprefix("v") for t in tags} <= set(versions), "a version tag without its CHANGELOG section"


def test_the_release_steps_build_and_check_with_twine():
    steps = (ROOT / "docs" / "releasing.md").read_text(encoding="utf-8")
    for text in ("python -m build", "twine check", "git tag -a v", "CHANGELOG.md", "__version__", ".ci/run"):
        assert text in steps, text


# -- shell completion ----------------------------------------------------------------------


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_scripts_name_every_command_and_option(shell):
    result = run_cli("completion", shell)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("\n")
    for command in cli.COMMANDS:
        assert command in result.stdout, (shell, command)
    if shell == "tcsh":  # tcsh lists the long options bare, in one group: 'c/--/(budget csv ...)/'
        [group] = re.findall(r"'c/--/\(([^)]*)\)/'", result.stdout)
        options = {f"--{word}" for word in group.split()}
    else:  # (fish writes `-l json`)
        options = set(re.findall(r"--[a-z-]+", result.stdout)) | {
            f"--{o}" for o in re.findall(r"-l ([a-z-]+)", result.stdout)
        }
    assert {"--seed", "--players", "--json", "--version"} <= options, shell


def test_completion_offers_the_four_shells_and_refuses_another_in_one_line():
    assert set(SHELLS) == {"bash", "zsh", "fish", "tcsh"}
    result = run_cli("completion", "powershell")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "invalid choice: 'powershell'" in result.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_the_bash_script_completes_commands_and_choices(tmp_path):
    script = tmp_path / "cardtable.bash"
    script.write_text(run_cli("completion", "bash").stdout)
    probe = (
        f"source {script}\n"
        'complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};'
        ' COMPREPLY=(); _shtab_cardtable; echo "${COMPREPLY[*]}"; }\n'
        "complete_words cardtable ru\n"
        "complete_words cardtable completion ''\n"
        "complete_words cardtable --ver\n"
    )
    lines = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert lines == ["rules", " ".join(SHELLS), "--version"]


@pytest.mark.skipif(shutil.which("tcsh") is None, reason="no tcsh here (apt-get install tcsh)")
def test_tcsh_takes_the_script(tmp_path):
    script = tmp_path / "cardtable.tcsh"
    script.write_text(run_cli("completion", "tcsh").stdout)
    result = subprocess.run(
        ["tcsh", "-f", "-c", f"source {script}; complete cardtable"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "p/1/(rules " in result.stdout and "n/completion/(bash zsh fish tcsh)/" in result.stdout


# -- metadata ------------------------------------------------------------------------------


def test_an_spdx_licence_and_its_file():
    fonts = "src/cardtable/web/static/fonts/LICENSE-DejaVu.txt"  # the page's symbols font, a subset of DejaVu
    assert PROJECT["license"] == "MIT AND Bitstream-Vera" and PROJECT["license-files"] == ["LICENSE", fonts]
    assert "Bitstream Vera" in (ROOT / fonts).read_text(encoding="utf-8")
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the cardtable authors" in text and "WITHOUT WARRANTY" in text
    # PEP 639: with a licence expression, no licence classifier; setuptools 77 reads the expression
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])
    assert any(re.fullmatch(r"setuptools>=(7[7-9]|[89]\d)", r) for r in PYPROJECT["build-system"]["requires"])


def test_classifiers_name_the_python_versions_the_ci_runs():
    assert PROJECT["requires-python"] == ">=3.11"
    versions = {
        c.rsplit(" :: ", 1)[1]
        for c in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert versions == {"3.11", "3.12", "3.13"}
    assert (
        "Topic :: Games/Entertainment" in PROJECT["classifiers"] and "Environment :: Console" in PROJECT["classifiers"]
    )
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3.13" in ci and ".pyenv" in ci


def test_the_project_urls_live_under_one_home():
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Issues", "Changelog"}
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", HOME)
    assert all(url == HOME or url.startswith(HOME + "/") for url in urls.values()), urls


def _floor(requirement: Requirement) -> Version:
    [floor] = [Version(s.version) for s in requirement.specifier if s.operator in (">=", "==")]
    return floor


def test_the_rich_floor_is_what_textual_itself_needs():
    [needed] = [Requirement(r) for r in importlib.metadata.requires("textual") if Requirement(r).name == "rich"]
    ours = requirements()
    assert _floor(ours["rich"]) >= _floor(needed), f"textual needs {needed}; pyproject says {ours['rich']}"
    assert str(ours["textual"].specifier) in ("<9,>=8.2", ">=8.2,<9")


def _imported_distributions(path: Path) -> set[str]:
    """The distributions of the third-party modules that ``path`` imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    known = importlib.metadata.packages_distributions()
    return {known[n][0].lower().replace("_", "-") for n in names if n in known and n != "cardtable"}


def test_the_web_extra_declares_what_the_server_imports_and_pins_textual_serve():
    web = requirements("web")
    base = requirements()
    for module in sorted((ROOT / "src" / "cardtable" / "web").glob("*.py")):
        missing = _imported_distributions(module) - set(web) - set(base)
        assert not missing, f"{module.name} imports {missing}, which the web extra does not declare"
    assert {"aiohttp", "aiohttp-jinja2", "textual-serve"} <= set(web)
    # the server overrides textual-serve's internals: the version they were written for (see
    # tests/web/test_textual_serve_pin.py for the upgrade path)
    assert [s.operator for s in web["textual-serve"].specifier] == ["=="]


def test_the_rl_extra_declares_what_the_environments_import_and_the_test_extra_brings_it():
    rl, base = requirements("rl"), requirements()
    for module in sorted((ROOT / "src" / "cardtable" / "rl").glob("*.py")):
        missing = _imported_distributions(module) - set(rl) - set(base)
        assert not missing, f"{module.name} imports {missing}, which the rl extra does not declare"
    assert "cardtable[rl]" in PROJECT["optional-dependencies"]["test"]


def test_the_test_extra_brings_the_web_extra_and_xdist():
    test = PROJECT["optional-dependencies"]["test"]
    assert "cardtable[web]" in test
    assert {"pytest", "pytest-xdist", "hypothesis", "setuptools"} <= set(requirements("test"))


def test_maintainer_tools_are_requirements_files_not_extras():
    assert set(PROJECT["optional-dependencies"]) == {"web", "test", "dev", "rl"}
    assert any(r.startswith("textual-dev") for r in PROJECT["optional-dependencies"]["dev"])
    assert any(r.startswith("shtab") for r in PROJECT["dependencies"])
    text = (ROOT / "benchmarks" / "requirements.txt").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and line[0] != "#"]
    reqs = {Requirement(line).name.lower().replace("_", "-"): Requirement(line) for line in lines}
    assert set(reqs) == {"rlcard", "open-spiel"} and all(str(r.specifier).startswith("==") for r in reqs.values())


# -- the README as the PyPI page -----------------------------------------------------------

LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_links_are_absolute_and_the_home_s_files_exist():
    links = LINK.findall(README)
    assert links
    relative = [link for link in links if not link.startswith("https://")]
    assert not relative, f"links that break on PyPI: {relative}"
    owner_repo = HOME.removeprefix("https://github.com/")
    for link in links:
        path = None
        for prefix in (
            f"{HOME}/blob/main/",
            f"{HOME}/tree/main/",
            f"https://raw.githubusercontent.com/{owner_repo}/main/",
        ):
            if link.startswith(prefix):
                path = link.removeprefix(prefix).split("#")[0]
        if "github.com" in link or "githubusercontent" in link:
            assert path is not None, f"{link} is not under the project's home {HOME}"
            assert (ROOT / path).exists(), f"{link}: no {path} in the project"


def test_the_readme_shows_the_menu_and_a_table_of_each_game():
    from cardtable.games import GAME_IDS

    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", README)
    names = {Path(image).stem for image in images}
    assert names == {"menu", *GAME_IDS}
    assert all(image.endswith(".png") for image in images)


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_command_table_is_whole():
    section = _section("Command line")
    table = section.strip().split("\n\n")[0]  # the first paragraph after the heading: one table, no blank line in it
    rows = table.splitlines()
    assert rows[0].startswith("| command |") and all(row.startswith("|") and row.endswith("|") for row in rows)
    for command in cli.COMMANDS:
        assert any(row.startswith(f"| `cardtable {command}") for row in rows), command
    assert rows[-1].startswith("| `cardtable --version`")


def test_the_quick_start_is_two_commands_in_a_virtual_environment():
    blocks = re.findall(r"```sh\n(.*?)```", _section("Quick start"), flags=re.S)
    app, tests = blocks[0].strip(), blocks[1].strip()
    for command in (app, tests):
        assert "\n" not in command and command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install ")
    assert app.endswith("&& .venv/bin/cardtable") and " install . " in app
    assert tests.endswith(".venv/bin/python -m pytest -n auto") and "install -e '.[test]'" in tests
    for text in ("pipx install .", "uv tool install .", "'.[web]'", "python3-venv", "sudo apt install chromium"):
        assert text in README, text


def test_the_readme_documents_completion_version_and_dev_mode():
    for text in (
        "cardtable --version",
        "cardtable completion bash",
        "cardtable completion zsh",
        "cardtable completion fish",
        "cardtable completion tcsh",
        "textual run --dev",
        "'.[dev,test]'",
        "textual console",
    ):
        assert text in README, text


def test_the_readme_keeps_performance_short_and_links_the_figures():
    section = _section("Performance")
    assert len(section.split()) < 150 and "<!-- bench:start -->" not in README
    assert f"{HOME}/blob/main/docs/performance.md" in section


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_the_ci_script_is_valid_bash():
    assert subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], capture_output=True).returncode == 0


# -- the sdist -----------------------------------------------------------------------------

#: What is not the project's: environments, builds, caches, what the tests leave behind.
NOT_THE_PROJECT = (
    ".git", ".venv*", ".ci-venv*", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".hypothesis",
    ".pytest_cache", "test-artifacts", "snapshot_report.html",
)  # fmt: skip
LEFT_OUT = shutil.ignore_patterns(*NOT_THE_PROJECT)


def _project_files() -> set[str]:
    """The files of the project: git's when this is a checkout, else every file here (an unpacked sdist)."""
    if shutil.which("git") and (ROOT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
        return {name for name in listed.stdout.split("\0") if name and (ROOT / name).is_file()}
    return {
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*")
        if path.is_file()
        and path.name not in ("PKG-INFO", "setup.cfg")  # (setuptools writes these into an sdist)
        and not any(fnmatch(part, pattern) for part in path.relative_to(ROOT).parts for pattern in NOT_THE_PROJECT)
    }


def test_the_sdist_holds_every_file_of_the_project_and_no_clutter(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=LEFT_OUT)  # (building writes an .egg-info: not in the checkout)
    build = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    result = subprocess.run(
        [sys.executable, "-c", build, str(tmp_path)], cwd=tree, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]
    name = result.stdout.strip().splitlines()[-1]
    with tarfile.open(tmp_path / name) as sdist:
        prefix = name.removesuffix(".tar.gz") + "/"
        members = {m.name.removeprefix(prefix) for m in sdist.getmembers() if m.isfile()}
    missing = sorted(_project_files() - members)
    assert not missing, f"the sdist lacks {len(missing)} files of the project: {missing[:10]}"
    assert {"tests/conftest.py", "docs/architecture.md", "CHANGELOG.md", ".ci/run", "MANIFEST.in"} <= members
    clutter = [m for m in members if "__pycache__" in m or m.endswith(".pyc") or m.startswith((".venv", ".ci-venv"))]
    assert not clutter, clutter
