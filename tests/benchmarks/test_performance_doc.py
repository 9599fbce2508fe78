"""docs/performance.md holds the figures of a real run, and the tools it tells a maintainer to
measure a change with run. No test here asserts a time."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
PAGE = ROOT / "docs" / "performance.md"
CURRENT = BENCHMARKS / "results" / "current.json"


def _readme_table():
    sys.path.insert(0, str(BENCHMARKS))
    import readme_table

    return readme_table


def test_the_page_s_tables_are_the_last_run_s():
    text = PAGE.read_text(encoding="utf-8")
    table = _readme_table()
    block = text.split(table.START + "\n", 1)[1].split(table.END, 1)[0]
    expected = table.markdown(json.loads(CURRENT.read_text(encoding="utf-8")))
    assert block == expected + "\n", (
        "docs/performance.md's tables are not benchmarks/results/current.json's: "
        "python benchmarks/readme_table.py benchmarks/results/current.json --write docs/performance.md"
    )


def test_results_hold_only_the_run_the_page_shows():
    assert sorted(p.name for p in (BENCHMARKS / "results").iterdir()) == ["current.json"]


def test_every_script_and_file_the_page_names_exists():
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"\b((?:benchmarks|tools|tests)/[\w/.-]+\.(?:py|txt|json))", text))
    assert {"benchmarks/run.py", "benchmarks/side_by_side.py", "benchmarks/instructions_per_step.py"} <= named
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, missing


def test_side_by_side_compares_two_trees_in_one_run():
    src = str(ROOT / "src")
    proc = subprocess.run(
        [sys.executable, str(BENCHMARKS / "side_by_side.py"), "--tree", f"a={src}", "--tree", f"b={src}"]
        + ["--reps", "2", "--steps", "200", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = {row["name"]: row for row in json.loads(proc.stdout)["rows"]}
    assert set(rows) == {"a", "b"}
    assert rows["a"]["steps"] == rows["b"]["steps"] > 0  # the same seeds, the same games
    assert rows["a"]["vs_a"] == 1.0 and rows["b"]["vs_a"] > 0
    assert all(r["spread"][0] <= r["us_per_step"] <= r["spread"][1] for r in rows.values())


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="no valgrind here (apt-get install valgrind)")
def test_instructions_per_step_counts_a_step_under_callgrind():
    proc = subprocess.run(
        [sys.executable, str(BENCHMARKS / "instructions_per_step.py"), "one-card", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    [line] = [line for line in proc.stdout.splitlines() if "instructions per step" in line]
    steps, instructions = re.search(r"(\d+) steps\t([\d,]+) instructions per step", line).groups()
    assert int(steps) > 0 and int(instructions.replace(",", "")) > 1000
