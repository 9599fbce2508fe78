"""The seed deals every hidden card again: no command shows it while the game is open
(``cardtable resume``, its ``--json``, ``cardtable export``), and the finished game's export holds it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.session import Seat, Session
from cardtable.storage.autosave import Autosaver
from random_play import play_randomly

SECRET = 918273645


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def open_game(moves: int = 6) -> Autosaver:
    session = Session.start("shed", [Seat("Ann", "human"), Seat("Ben", "human")], {"short_game": True}, seed=SECRET)
    saver = Autosaver(session, save_id="shed-secret").attach()
    play_randomly(session, random.Random(1), moves)
    return saver


def test_resume_listing_and_json_do_not_show_the_seed(capsys):
    open_game()
    assert main(["resume"]) == 0
    out, err = capsys.readouterr()
    assert "shed-secret" in out and str(SECRET) not in out + err
    assert main(["resume", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    (save,) = listing["saves"]
    assert save["id"] == "shed-secret" and "seed" not in save
    assert str(SECRET) not in json.dumps(listing)


def test_export_of_a_game_in_progress_is_refused(tmp_path, capsys):
    open_game()
    target = tmp_path / "record.json"
    assert main(["export", "shed-secret", str(target)]) == 2
    out, err = capsys.readouterr()
    assert str(SECRET) not in out + err
    assert err.startswith("cardtable: error: shed-secret is a game in progress") and err.count("\n") == 1
    assert not target.exists()
    assert main(["export", "shed-secret", "-"]) == 2
    out, _ = capsys.readouterr()
    assert out == ""


def test_the_finished_game_is_exported_with_its_seed(tmp_path, capsys):
    saver = open_game()
    play_randomly(saver.session, random.Random(2))
    target = tmp_path / "record.json"
    assert main(["export", "shed-secret", str(target)]) == 0
    assert json.loads(target.read_text())["seed"] == SECRET
    capsys.readouterr()


def test_resume_through_a_real_process_hides_the_seed(tmp_path):
    """The same through ``python -m cardtable`` (the user's folders come from the environment)."""
    import os
    import subprocess

    open_game()
    env = dict(os.environ, COLUMNS="200")
    for argv in (["resume"], ["resume", "--json"], ["export", "shed-secret", "-"]):
        done = subprocess.run(
            [sys.executable, "-m", "cardtable", *argv],
            capture_output=True,
            text=True,
            env=env,
            cwd=Path(tmp_path),
            timeout=120,
        )
        assert str(SECRET) not in done.stdout + done.stderr, argv
