"""The statistics' stand-in flag: a game a computer stood in for is counted as such (the
database, the report, its JSON, the stats command's table); a version-3 database is
migrated with its games kept (none of them had a stand-in), and a bad flag is a bad row."""

from __future__ import annotations

import sqlite3

from storage_helpers import FakeGame

from cardtable.core.engine import Outcome
from cardtable.core.record import GameRecord, StandInMark
from cardtable.storage import stats_db
from cardtable.storage.stats import StatsStore

HIGH = FakeGame("one-too-many")


def record(standins: list[StandInMark]) -> GameRecord:
    return GameRecord(game="one-too-many", players=2, seed=1, standins=standins)


def test_a_game_with_a_stand_in_is_counted_as_one_and_the_others_are_not():
    stats = StatsStore()
    stood_in = record([StandInMark(at=0, player=1)])
    assert stats.record_game("with", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)), record=stood_in)
    assert stats.record_game("without", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)), record=record([]))
    assert stats.record_game("no record", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    games = {g.key: g for g in stats.report().games}
    assert {key: g.stand_in for key, g in games.items()} == {"with": True, "without": False, "no record": False}
    assert games["with"].as_json()["stand_in"] is True and games["without"].as_json()["stand_in"] is False
    kept = stats.record_of(games["with"].id)
    assert kept is not None and kept.standins == [StandInMark(at=0, player=1)]


def test_the_stats_command_marks_the_game_played_with_a_stand_in():
    from cardtable.commands.stats import tables  # (the command's own drawing of the report)

    stats = StatsStore()
    stats.record_game(
        "with", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)), record=record([StandInMark(at=0, player=0)])
    )
    stats.record_game("without", HIGH, ["Cy", "Dee"], Outcome((1, 2), (21, 3)), record=record([]))
    text = rendered(tables(stats.report(), None))
    lines = [line for line in text.splitlines() if "Ann" in line or "Cy" in line]
    assert any("(stand-in)" in line and "Ann" in line for line in lines)
    assert not any("(stand-in)" in line and "Cy" in line for line in lines)


def rendered(drawn) -> str:
    import io

    from rich.console import Console

    console = Console(width=160, record=True, file=io.StringIO())
    for table in drawn:
        console.print(table)
    return console.export_text()


def test_a_version_3_database_gets_the_flag_and_keeps_its_games():
    stats = StatsStore()
    stats.path.parent.mkdir(parents=True)
    conn = sqlite3.connect(stats.path, isolation_level=None)  # a version-3 database, as those steps made it
    for version in range(3):
        for statement in stats_db.MIGRATIONS[version]:
            conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {stats_db.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 3")
    conn.execute(
        "INSERT INTO games (id, key, game, ended) VALUES (1, 'old', 'one-too-many', '2025-01-01T10:00:00.000000+00:00')"
    )
    conn.execute("INSERT INTO seats VALUES (1, 0, 'human:ann', 'Ann', 'human', 1, 21, 1)")
    conn.execute("INSERT INTO seats VALUES (1, 1, 'human:bob', 'Bob', 'human', 2, 5, 0)")
    conn.close()
    report = stats.report()
    assert report.notice is None
    assert [(g.key, g.stand_in) for g in report.games] == [("old", False)]
    conn = sqlite3.connect(stats.path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == stats_db.SCHEMA_VERSION == 4
    assert conn.execute("SELECT standin FROM games").fetchall() == [(0,)]
    conn.close()


def test_a_flag_that_is_not_0_or_1_is_a_row_left_out_and_said():
    stats = StatsStore()
    stats.record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    conn = sqlite3.connect(stats.path, isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # (another program's write: cardtable's checks refuse it)
    conn.execute("UPDATE games SET standin = 'yes'")
    conn.close()
    report = StatsStore().report()
    assert report.games == [] and "1 row with values of the wrong type" in (report.notice or "")
