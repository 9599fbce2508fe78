"""Hostile input: damaged files of every kind, bad command lines, closed pipes, no terminal.

The corpora come from the probes beside this file (probe_inputs.py prints the counts):
truncations, byte flips, bad encodings, deep nesting, huge numbers, wrong
types, hostile names, a symlink to /dev/zero, a FIFO, a huge sparse file.
Every case must hold: one line naming the problem with the promised exit
status (2 for bad arguments, 1 for a bad file), no traceback, no hang, and
nothing else lost.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from probe_commands import probe_command_lines
from probe_files import probe_records, probe_saves, probe_settings, probe_stats
from probing import good_record, held, played_session

from cardtable.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_damaged_record_files():
    held(probe_records())


def test_damaged_saves_are_set_aside_and_the_others_survive():
    held(probe_saves(quick=True))


def test_damaged_statistics_files_never_cost_a_game():
    held(probe_stats(quick=True))


def test_damaged_settings_files_never_stop_the_app():
    held(probe_settings())


def test_bad_command_lines():
    held(probe_command_lines())


# -- a few cases spelled out (each failed before) ------------------------------------------


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_strings_where_numbers_belong_are_refused_not_converted(capsys, tmp_path):
    record = good_record("shed", 3)
    for change, needle in (({"players": "2"}, "players"), ({"seed": True}, "seed")):
        path = tmp_path / "r.json"
        path.write_text(json.dumps({**record, **change}))
        code, _, err = _run(capsys, "replay", str(path))
        assert code == 1 and needle in err and str(path) in err and err.count("\n") == 1
    moves = [{**record["moves"][0], "player": "0"}]
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**record, "moves": moves}))
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 1 and "moves.0.player" in err


def test_a_save_given_to_replay_says_to_export_it(capsys, tmp_path):
    from cardtable.storage.saves import SaveFile

    path = tmp_path / "save.json"
    path.write_text(SaveFile.snapshot(played_session("one-card", 3)).to_json())
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 1 and "cardtable export" in err and str(path) in err


def test_a_symlink_to_dev_zero_is_refused_at_once(capsys, tmp_path):
    path = tmp_path / "zero.json"
    path.symlink_to("/dev/zero")
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 1 and "not a regular file" in err


def test_one_card_target_is_bounded_and_strict(capsys):
    for value in ("10000000000000000000000", "true", '"300"'):
        code, _, err = _run(
            capsys, "simulate", "one-card", "--players", "2", "--games", "1", "--option", f"target={value}"
        )
        assert code == 2 and "target" in err


def test_play_names_follow_the_new_game_form(capsys):
    from cardtable.core.names import check_names

    for names in (["", "Bob"], ["Ann", "ann"], ["x" * 17, "Bob"], ["Ann", "\x1b]0;title\x07"]):
        assert check_names(names), names  # the form refuses them...
        code, _, err = _run(capsys, "play", "shed", "--names", ",".join(names))
        assert code == 2 and "--names" in err and "\x1b" not in err  # ...and so does the command line


def test_no_terminal_gives_one_line_and_status_2():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    env.pop("CARDTABLE_NO_TTY_CHECK", None)
    for argv in ([], ["play", "shed"]):
        proc = subprocess.run(
            [sys.executable, "-m", "cardtable", *argv],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
        )
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "needs a terminal" in proc.stderr


def test_a_newer_statistics_file_is_left_alone():
    from cardtable.core.engine import Outcome
    from cardtable.storage.stats import StatsStore

    stats = StatsStore()
    stats.legacy_path.parent.mkdir(parents=True)
    newer = '{"format": "cardtable-stats", "schema_version": 99, "players": {}}'
    stats.legacy_path.write_text(newer)  # an earlier version's file, from a newer cardtable
    game = played_session("one-card", 1, moves=0).game
    assert stats.record_game("k", game, ["Ann", "Bob"], Outcome((1, 2), (0, 9)))  # counted in the database
    assert "stats.json not imported (written by a newer cardtable" in stats.notice
    assert stats.legacy_path.read_text() == newer
    assert not list(stats.path.parent.glob("*.damaged*"))
    # (a newer database: tests/storage/test_stats_db.py)


def test_statistics_keep_computers_apart_from_humans_and_case_together():
    from cardtable.core.engine import Outcome
    from cardtable.storage.stats import HOW_PLAYERS_ARE_TOLD_APART, StatsStore

    stats = StatsStore()
    game = played_session("one-card", 1, moves=0).game
    stats.record_game("a", game, ["Ann", "Bob"], Outcome((1, 2), (0, 9)), kinds=["human", "human"])
    stats.record_game("b", game, ["ann", "Bob"], Outcome((1, 2), (0, 9)), kinds=["human", "normal"])
    rows = {r.player: r.played for r in stats.rows()[0]}
    assert rows == {"ann": 2, "Bob": 1, "Bob (normal computer)": 1}
    assert "computers" in HOW_PLAYERS_ARE_TOLD_APART


def test_stray_files_are_cleared_at_the_next_start(tmp_path):
    from cardtable.storage import paths
    from cardtable.storage.tidy import tidy_up

    saves, history = paths.saves_dir(), paths.history_dir()
    saves.mkdir(parents=True)
    history.mkdir(parents=True)
    (history / "shed-1.json").write_text("{}")
    stray = saves / "shed-1.json.bak"  # killed between filing the game and removing its backup
    stray.write_text("{}")
    kept = saves / "shed-2.json.bak"  # a damaged save's backup, beside it: kept
    kept.write_text("{}")
    paths.data_dir().mkdir(parents=True)
    temp = paths.data_dir() / ".stats.json.abcd.tmp"
    temp.write_text("{")
    old = 1_000_000_000
    os.utime(temp, (old, old))
    removed = tidy_up()
    assert stray in removed and temp in removed and kept.exists()
