"""docs/research.md: its example runs, and its observation layouts are the code's."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'cardtable[rl]'")

from cardtable.rl.table import Table  # noqa: E402

DOC = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text(encoding="utf-8")


def test_the_example_runs_and_evaluates_a_policy_against_the_bots(tmp_path):
    example = re.search(r"## An example.*?```python\n(.*?)```", DOC, re.S).group(1)
    assert len(example.splitlines()) <= 30
    done = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"cautious against easy and normal: mean reward [+-]\d\.\d\d \(\+1 first, -1 last\)", lines[0])
    assert re.fullmatch(r"in the arena: \d+% won, mean place \d(\.\d+)?", lines[1])


@pytest.mark.parametrize("game", ["one-card", "shed", "one-too-many"])
def test_the_observation_layouts_are_the_code_s(game):
    layout = Table(game, 4).encoder.layout
    assert f"({layout.size} entries at 4 players)" in DOC
    for row in layout.rows():
        assert "| " + " | ".join(row) + " |" in DOC, row
