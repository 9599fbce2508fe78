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

pytestmark = pytest.mark.slow  # (the whole benchmark suite, run once for the module: about a minute)

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


def test_engine_step_through_moves_and_events_beside_the_codes(report):
    from cardtable.games import GAME_IDS

    assert set(report["engine_moves"]) == set(GAME_IDS)
    for game_id, figures in report["engine_moves"].items():
        assert _number(figures["us_per_step"]) and _number(figures["vs_codes"]), game_id


PEERS = {"rlcard_uno", "openspiel_crazy_eights", "rlcard_uno_like_for_like", "openspiel_crazy_eights_like_for_like"}


def test_engine_cost_per_complete_game(report):
    for game_id, figures in report["engine"].items():
        assert _number(figures["us_per_game"]) and _number(figures["games_per_s"]), game_id
        # a game is its deal and its steps: never cheaper than its steps
        assert figures["us_per_game"] >= figures["us_per_step"] * figures["steps_per_game"] * 0.5
        assert figures["games_per_s"] == pytest.approx(1e6 / figures["us_per_game"], rel=0.01)


def test_peers_measured_or_skipped_with_a_reason(report):
    assert set(report["peers"]) == PEERS
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


def test_like_for_like_peers(report):
    peers = report["peers"]
    rlcard, raw = peers["rlcard_uno_like_for_like"], peers["rlcard_uno"]
    if not rlcard.get("skipped"):
        # the same seeds, the same legal actions: the very games of game.step
        assert rlcard["steps"] == raw["steps"] and rlcard["games"] == raw["games"]
        assert _number(rlcard["us_per_game"])
    c8 = peers["openspiel_crazy_eights_like_for_like"]
    if not c8.get("skipped"):
        assert c8["params"]["use_special_cards"] is True
        assert c8["games_capped"] == 0
        assert c8["steps"] == c8["decisions"] + c8["chance_steps"]
        assert c8["chance_steps"] > 0
        assert _number(c8["us_per_decision"])


def test_simulate_check_cost(report):
    from cardtable.games import GAME_IDS

    assert set(report["simulate"]) == set(GAME_IDS)
    for game_id, figures in report["simulate"].items():
        for key in ("us_per_move_checked", "us_per_move_unchecked", "check_ratio"):
            assert _number(figures[key]), (game_id, key)
        assert figures["moves"] > 0


def test_screens(report):
    screens = report["screens"]
    for name in ("rules_key_ms", "new_game_first_open_ms", "autosave"):
        assert "error" not in screens[name], screens[name].get("error")
    assert _number(screens["rules_key_ms"]["median_ms"]) and _number(screens["rules_key_ms"]["first_ms"])
    assert _number(screens["new_game_first_open_ms"]["median_ms"])
    rules = screens["rules_key_ms"]
    assert _number(rules["tab_first_ms"]) and _number(rules["first_open"]["median_ms"])
    ways = screens["new_game_first_open_ms"]["ways"]
    assert set(ways) == {"after_a_look", "at_once", "no_prewarm"} and all(
        _number(w["median_ms"]) for w in ways.values()
    )
    assert screens["new_game_first_open_ms"]["engines_imported_after"] == []  # the form needs no engine
    save = screens["autosave"]
    assert save["ms_per_move"] >= 0 and math.isfinite(save["ms_per_move"])
    assert _number(save["loop_ms_per_move_saved"])
    assert save["moves_at_end"] > save["moves_before"]


def test_every_target_has_its_figure(report):
    ids = [t["id"] for t in report["targets"]]
    assert len(ids) == len(set(ids))
    assert {
        "one-card/rlcard_uno",
        "one-card/openspiel",
        "shed/rlcard_uno",
        "one-too-many/rlcard_uno",
        "rules_key",
        "new_game_first_open",
        "autosave",
        "start_ratio",
        "start_ratio_loaded",
        "key_median",
        "key_p95",
        "key_median_loaded",
        "key_p95_loaded",
    } <= set(ids)
    for target in report["targets"]:
        assert _number(target["at_most"])
        if target["met"] is None:
            assert target["value"] is None, target
        else:
            assert _number(target["value"]), target
            assert target["met"] == (target["value"] <= target["at_most"])
    assert report["targets_met"] == {t["id"]: t["met"] for t in report["targets"]}
    peers_installed = all(not f.get("skipped") for f in report["peers"].values())
    measured = {t["id"] for t in report["targets"] if t["met"] is not None}
    # with the peers installed, every target is measured in a full run of every section
    if peers_installed:
        assert measured == set(ids)


def test_app_start_and_memory(report):
    app = report["app"]
    assert "error" not in app, app.get("error")
    for key in (
        "first_frame_ms",
        "textual_floor_ms",
        "start_ratio",
        "peak_rss_mb",
        "textual_floor_rss_mb",
        "memory_ratio",
    ):
        assert _number(app[key]), key

    loaded = report["app_loaded"]
    assert "error" not in loaded, loaded.get("error")
    assert _number(loaded["start_ratio"]) and loaded["cpu_hogs"] >= 1


@pytest.mark.parametrize("section", ["key_to_screen_ms", "key_to_screen_loaded_ms"])
def test_key_to_screen(report, section):
    keys = report[section]
    assert "error" not in keys, keys.get("error")
    assert _number(keys["median"]) and _number(keys["p95"])
    assert keys["p95"] >= keys["median"]


def test_bots_every_level(report):
    from cardtable.bots import LEVELS

    assert set(report["bots"]) == set(LEVELS) - {"expert"}  # expert: measured in the arena (docs/bots.md)
    for level, figures in report["bots"].items():
        assert "error" not in figures, figures.get("error")
        assert _number(figures["decisions_per_s"]), level
    assert _number(report["bots"]["hard"]["iterations_per_s"])


def test_readme_tables_come_from_the_json(report, tmp_path):
    saved = tmp_path / "report.json"
    saved.write_text(json.dumps(report), encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text("# x\n\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\nafter\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "readme_table.py"), str(saved), "--write", str(readme)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    text = readme.read_text(encoding="utf-8")
    assert "old" not in text and text.endswith("<!-- bench:end -->\n\nafter\n")
    assert "like for like" in text and "µs per complete game" in text
    for target in report["targets"]:
        assert target["what"] in text


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
    for figures in report["engine"].values():
        assert f"| {figures['name']} |" in proc.stdout


def test_bench_screens_alone_prints_its_figures_and_targets():
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_screens.py"),
            "--quick",
            "--json",
            "--quiet",
            "--only",
            "rules,keys",
            "--hog",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert _number(report["screens"]["rules_key_ms"]["median_ms"]) and _number(report["key_to_screen_ms"]["p95"])
    assert {t["id"] for t in report["targets"]} == {"rules_key", "key_median", "key_p95"}


def test_the_research_environments_beside_the_peers(report):
    env = report["env"]
    for game in ("one-card", "shed", "one-too-many"):
        name = f"cardtable {game}"
        if name in env["skipped"]:
            pytest.skip(env["skipped"][name])
        assert _number(env["loops"][name]["us_per_step"]), name
    for name, ratio in env["ratios"].items():
        assert _number(ratio), name
