"""`cardtable resume`, `cardtable stats` and `cardtable export`."""

from __future__ import annotations

import json
import random

import pytest
from storage_helpers import play, play_to_end, start

from cardtable.commands import export as export_command
from cardtable.commands import resume as resume_command
from cardtable.commands import stats as stats_command
from cardtable.core.engine import Outcome
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore
from cardtable.storage.stats import StatsStore

COMMANDS = {"resume": resume_command, "stats": stats_command, "export": export_command}


def cardtable(*argv: str) -> int:
    """Run a command as `cardtable ...` does."""
    from cardtable import cli

    return cli.main(list(argv))


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def saves(toy):
    rng = random.Random(0)
    ids = []
    for n, kinds in enumerate((["human", "human"], ["human", "hard"])):
        session = start("toy", seed=n, kinds=kinds)
        saver = Autosaver(session, save_id=f"toy-game-{n}").attach()
        play(session, 3 + n, rng)
        ids.append(saver.save_id)
    return ids


def test_resume_without_saves(capsys):
    assert cardtable("resume") == 0
    assert "No saved games." in capsys.readouterr().out


def test_resume_lists_the_saves_and_reports_damaged_ones(saves, capsys):
    damaged = SaveStore().path_of("toy-game-9")
    damaged.write_text('{"format": "cardtable-save", "schema_version": 1, "created"')
    assert cardtable("resume") == 0
    out, err = capsys.readouterr()
    assert "Saved games" in out
    for text in ("toy-game-0", "toy-game-1", "Toy Race", "Ann, Bob", "Bob (hard)", "just now"):
        assert text in out
    assert "damaged save toy-game-9: truncated" in err and "set aside as toy-game-9.json.damaged" in err
    assert not damaged.exists()
    assert cardtable("resume") == 0
    assert capsys.readouterr().err == ""  # reported once; it stays aside


def test_resume_json(saves, capsys):
    assert cardtable("resume", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {s["id"]: s for s in data["saves"]}
    assert set(by_id) == set(saves) and data["problems"] == []
    assert by_id["toy-game-1"]["players"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"}]
    assert by_id["toy-game-1"]["moves"] == 4 and by_id["toy-game-1"]["to_act"] == ["Ann"]


def test_resume_id_opens_the_app_at_that_game(saves, monkeypatch):
    opened = []
    monkeypatch.setattr(resume_command, "open_app", lambda save_id: opened.append(save_id) or 0)
    assert cardtable("resume", "toy-game-1") == 0
    assert cardtable("resume", "toy-game-0.json") == 0
    assert opened == ["toy-game-1", "toy-game-0"]


def test_resume_unknown_or_ambiguous_id_is_a_usage_error(saves, capsys):
    assert cardtable("resume", "nope") == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: error: nope: no saved game with this id") and err.count("\n") == 1
    assert cardtable("resume", "toy") == 2
    assert "ambiguous" in capsys.readouterr().err


def test_resume_a_damaged_save_says_why(saves, monkeypatch, capsys):
    monkeypatch.setattr(resume_command, "open_app", lambda save_id: pytest.fail("opened a damaged save"))
    path = SaveStore().path_of("toy-game-0")
    data = json.loads(path.read_text())
    data["digest"] = "feedfacecafebeef"
    path.write_text(json.dumps(data))
    assert cardtable("resume", "toy-game-0") == 1
    err = capsys.readouterr().err
    assert "damaged save toy-game-0: digest mismatch" in err
    assert "its backup (after move 2) was restored" in err
    assert SaveStore().load("toy-game-0").file.moves == 2


def test_resume_a_newer_save_is_refused(saves, monkeypatch, capsys):
    monkeypatch.setattr(resume_command, "open_app", lambda save_id: pytest.fail("opened"))
    path = SaveStore().path_of("toy-game-1")
    path.write_text(json.dumps({"format": "cardtable-save", "schema_version": 5}))
    assert cardtable("resume", "toy-game-1") == 1
    assert "cannot open toy-game-1: saved by a newer cardtable" in capsys.readouterr().err
    assert path.exists()


def test_stats_table(toy, capsys):
    assert cardtable("stats") == 0
    assert "No games recorded yet." in capsys.readouterr().out
    session = start("toy", kinds=["human", "easy"])
    Autosaver(session).attach()
    play_to_end(session, random.Random(1))
    StatsStore().record_game("x", type("G", (), {"id": "one-card"})(), ["Ann", "Cleo"], Outcome((1, 2), (0, 57)))
    assert cardtable("stats") == 0
    out = capsys.readouterr().out
    # Bob's seat was an easy computer: counted apart from any human Bob
    for text in (
        "Statistics",
        "player",
        "played",
        "wins",
        "best",
        "worst",
        "Ann",
        "Bob (easy computer)",
        "Cleo",
        "Toy Race",
    ):
        assert text in out
    assert cardtable("stats", "one-card") == 0
    out = capsys.readouterr().out
    assert "Cleo" in out and "Bob" not in out
    assert cardtable("stats", "--player", "bob", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert [(r["player"], r["game"], r["played"]) for r in data["stats"]] == [("Bob (easy computer)", "toy", 1)]


def test_stats_unknown_game(capsys):
    assert cardtable("stats", "poker") == 2
    assert "unknown game 'poker'" in capsys.readouterr().err


def test_stats_broken_database_notice(capsys):
    path = StatsStore().path
    path.parent.mkdir(parents=True)
    path.write_text("][")
    assert cardtable("stats") == 0
    out, err = capsys.readouterr()
    assert "No games recorded yet." in out
    assert (
        "statistics database stats.sqlite3 is damaged (not an SQLite database): set aside as stats.sqlite3.damaged"
        in err
    )
    assert path.with_name("stats.sqlite3.damaged").read_text() == "]["


def test_export(saves, tmp_path, capsys, monkeypatch):
    from cardtable.cli import main

    target = tmp_path / "game.json"
    for save_id in saves:  # finish both games first: a game in progress is not exported
        play_to_end(Autosaver.resume(save_id).attach().session, random.Random(2))
    assert cardtable("export", "toy-game-1", str(target)) == 0
    assert "written to" in capsys.readouterr().out
    assert main(["replay", str(target), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True
    assert cardtable("export", "toy-game-1", str(target)) == 2
    assert "already exists" in capsys.readouterr().err
    assert cardtable("export", "toy-game-0", "-") == 0
    assert json.loads(capsys.readouterr().out)["game"] == "toy"
    monkeypatch.chdir(tmp_path)
    assert cardtable("export", "toy-game-0") == 0
    assert (tmp_path / "toy-game-0.json").exists()
    capsys.readouterr()
    assert cardtable("export") == 0
    assert "toy-game-0" in capsys.readouterr().out
    assert cardtable("export", "missing") == 2


def test_export_refuses_a_game_in_progress(saves, tmp_path, capsys):
    """Its record holds the seed, which deals every hidden card: nothing is written."""
    target = tmp_path / "game.json"
    assert cardtable("export", "toy-game-1", str(target)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "toy-game-1 is a game in progress" in err and "once the game is over" in err
    assert not target.exists()
    assert cardtable("export", "toy-game-0", "-") == 2
    out, err = capsys.readouterr()
    assert out == "" and "game in progress" in err
    assert cardtable("export") == 0
    assert "No finished games yet." in capsys.readouterr().out
