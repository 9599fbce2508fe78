"""Smoke test of the benchmarks: ``benchmarks/run.py --quick --json`` runs with
tiny counts and produces every figure. No test here asserts a time."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "benchmarks" / "run.py"


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


@pytest.fixture(scope="module")
def report() -> dict:
    proc = subprocess.run(
        [sys.executable, str(RUNNER), "--quick", "--json", "--quiet"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_engine_step_cost_for_every_game(report):
    from cardtable.games import GAME_IDS

    assert set(report["engine"]) == set(GAME_IDS)
    for game_id, figures in report["engine"].items():
        assert _number(figures["us_per_step"]), game_id
        assert figures["steps"] > 0


def test_peers_measured_or_skipped_with_a_reason(report):
    assert set(report["peers"]) == {"rlcard_uno", "openspiel_crazy_eights"}
    for name, figures in report["peers"].items():
        if figures.get("skipped"):
            assert figures["us_per_step"] is None
            assert "not installed" in figures["skipped"]
        else:
            assert _number(figures["us_per_step"]), name
    for game_id in report["engine"]:
        for peer, figures in report["peers"].items():
            ratio = report["ratios"][f"{game_id}/{peer}"]
            assert (ratio is None) == (figures["us_per_step"] is None)
            if ratio is not None:
                assert _number(ratio)


def test_app_start_and_memory(report):
    app = report["app"]
    assert "error" not in app, app.get("error")
    for key in ("first_frame_ms", "textual_floor_ms", "start_ratio", "peak_rss_mb", "textual_floor_rss_mb", "memory_ratio"):
        assert _number(app[key]), key


def test_key_to_screen(report):
    keys = report["key_to_screen_ms"]
    assert "error" not in keys, keys.get("error")
    assert _number(keys["median"]) and _number(keys["p95"])
    assert keys["p95"] >= keys["median"]


def test_bots_every_level(report):
    from cardtable.bots import LEVELS

    assert set(report["bots"]) == set(LEVELS)
    for level, figures in report["bots"].items():
        assert "error" not in figures, figures.get("error")
        assert _number(figures["decisions_per_s"]), level
    assert _number(report["bots"]["hard"]["iterations_per_s"])


def test_markdown_table_names_every_section(report):
    proc = subprocess.run(
        [sys.executable, str(RUNNER), "--quick", "--quiet", "--only", "engine"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "µs per step" in proc.stdout
    for game_id in report["engine"]:
        assert f"| {game_id} |" in proc.stdout
