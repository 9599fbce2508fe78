"""`cardtable stats`: the tables, --json (the same data), --csv, and bad arguments."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest

from cardtable.cli import main
from cardtable.core.engine import Outcome
from cardtable.storage.stats import StatsStore

T0 = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


class OneCard:
    id = "one-card"


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")


@pytest.fixture
def results():
    stats = StatsStore()
    for n, (ann, bob) in enumerate(((10, 80), (90, 20), (0, 60))):
        places = (1, 2) if ann < bob else (2, 1)
        stats.record_game(
            f"g{n}", OneCard, ["Ann", "=Bob"], Outcome(places, (ann, bob)), when=T0 + timedelta(minutes=n)
        )
    return stats


def test_the_tables(results, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    for text in (
        "Statistics: One-Card",
        "streak",
        "longest",
        "last 10",
        "WLW",
        "Head to head",
        "Recent games",
        "2025-06-01",
        "Ann* 0, =Bob 60",
    ):
        assert text in out, text
    ann = next(line for line in out.splitlines() if line.startswith("Ann "))
    assert ann.split() == ["Ann", "3", "2", "67", "100", "33.3", "0", "90", "W1", "1", "WLW"]


def test_json_holds_the_same_data(results, capsys):
    assert main(["stats", "--json", "--games", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    ann = next(r for r in data["stats"] if r["player"] == "Ann")
    assert (ann["played"], ann["wins"], ann["best"], ann["worst"], ann["current_streak"], ann["longest_streak"]) == (
        3,
        2,
        0,
        90,
        1,
        1,
    )
    assert [r["won"] for r in ann["recent"]] == [True, False, True]
    assert data["head_to_head"] == [
        {"game": None, "players": ["=Bob", "Ann"], "played": 3, "ahead": [1, 2], "level": 0}
    ]
    assert [g["key"] for g in data["games"]] == ["g2", "g1"]
    assert data["notice"] is None and data["file"].endswith("stats.sqlite3")


def test_csv_for_a_spreadsheet(results, capsys):
    assert main(["stats", "one-card", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["player"] for r in rows] == ["Ann", "'=Bob"]  # no formula reaches a spreadsheet
    assert (rows[0]["played"], rows[0]["wins"], rows[0]["recent"], rows[0]["current_streak"]) == ("3", "2", "WLW", "1")
    assert rows[1]["current_streak"] == "-1"  # a number stays a number


@pytest.mark.parametrize(
    "argv, message",
    [
        (["stats", "--games", "-1"], "must be at least 0"),
        (["stats", "--games", "many"], "expected a whole number"),
        (["stats", "--json", "--csv"], "not allowed with argument"),
        (["stats", "--player", ""], "1 to 100 characters"),
    ],
)
def test_bad_arguments_say_why_in_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not StatsStore().path.exists()  # and changed nothing


def test_at_80_columns_a_computers_kind_is_never_broken(monkeypatch, capsys):
    """A long label goes on two lines, the name over "(normal computer)", never breaking the kind;
    no header or figure is cut, and every line fits 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    stats = StatsStore()
    for n in range(12):
        places = (1, 2) if n % 3 else (2, 1)
        stats.record_game(
            f"c{n}",
            OneCard,
            ["Ann", "Bob"],
            Outcome(places, (10 * n, 200 - n)),
            when=T0 + timedelta(minutes=n),
            kinds=["human", "normal"],
        )
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines), max(lines, key=len)
    assert not any("…" in line for line in lines), lines
    players = lines[: lines.index("")]  # the players' table
    assert any("(normal computer)" in line for line in players), players
    assert all("computer)" in line for line in players if "(normal" in line), players
