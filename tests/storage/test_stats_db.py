"""The statistics database: WAL, the schema version and its migrations, damage set
aside, stats.json imported once, a game counted once, and two processes at once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime

import pytest
from storage_helpers import FakeGame

from cardtable.core.engine import Outcome
from cardtable.storage import stats_db
from cardtable.storage.stats import StatsStore

HIGH, LOW = FakeGame("one-too-many"), FakeGame("one-card")


def pragma(path, name):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        conn.close()


def test_a_new_database_is_in_wal_mode_with_the_schema_version(user_dirs):
    stats = StatsStore()
    assert stats.record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    assert stats.path == user_dirs["XDG_DATA_HOME"] / "cardtable" / "stats.sqlite3"
    assert pragma(stats.path, "journal_mode") == "wal"
    assert pragma(stats.path, "user_version") == stats_db.SCHEMA_VERSION
    assert pragma(stats.path, "application_id") == stats_db.APPLICATION_ID


def test_an_older_schema_is_migrated_and_keeps_its_games():
    stats = StatsStore()
    stats.path.parent.mkdir(parents=True)
    conn = sqlite3.connect(stats.path, isolation_level=None)  # a version-1 database, as the first step made it
    for statement in stats_db.MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {stats_db.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO games (id, key, game, ended) VALUES (1, 'old', 'one-too-many', '2025-01-01T10:00:00.000000+00:00')"
    )
    conn.execute("INSERT INTO seats VALUES (1, 0, 'human:ann', 'Ann', 'human', 1, 21, 1)")
    conn.execute("INSERT INTO seats VALUES (1, 1, 'human:bob', 'Bob', 'human', 2, 5, 0)")
    conn.close()
    rows, notice = stats.rows()
    assert notice is None
    assert {(r.player, r.played, r.wins, r.points) for r in rows} == {("Ann", 1, 1, 21), ("Bob", 1, 0, 5)}
    assert pragma(stats.path, "user_version") == stats_db.SCHEMA_VERSION
    started = datetime(2025, 1, 2, 9, 0, tzinfo=UTC)
    assert stats.record_game(
        "new", HIGH, ["Ann", "Bob"], Outcome((2, 1), (3, 9)), when=started.replace(minute=5), started=started
    )
    assert [g.duration for g in stats.report().games] == [300.0, None]  # the column version 2 added
    assert not stats.record_game("old", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 5)))


def _truncated(path):
    StatsStore(path).record_game("g", HIGH, ["Ann", "Bob"], Outcome((1, 2), (3, 2)))
    conn = sqlite3.connect(path)
    with conn:  # enough games for several pages
        conn.executemany(
            "INSERT INTO games (key, game, ended, record) VALUES (?, 'one-too-many', '2025-01-01', ?)",
            [(f"g{n}", "x" * 200) for n in range(300)],
        )
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 3])


def _wrong_schema(path):
    StatsStore(path).record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("ALTER TABLE seats DROP COLUMN won")
    conn.close()


def _other_program(path):
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.close()


def _not_sqlite(path):
    path.write_text("Ann 3 wins\n")


@pytest.mark.parametrize(
    "damage, reason",
    [
        (_not_sqlite, "not an SQLite database"),
        (_truncated, "database disk image is malformed"),
        (_wrong_schema, "wrong schema: table seats differs"),
        (_other_program, "another program's database: tables recipes and no schema version"),
    ],
)
def test_a_damaged_database_is_reported_by_name_set_aside_and_replaced(damage, reason):
    stats = StatsStore()
    stats.path.parent.mkdir(parents=True)
    damage(stats.path)
    before = stats.path.read_bytes()
    assert stats.record_game("x", LOW, ["Ann", "Bob"], Outcome((1, 2), (0, 40)))
    notice = stats.notice
    assert notice.startswith(f"statistics database stats.sqlite3 is damaged ({reason}")
    assert notice.endswith("set aside as stats.sqlite3.damaged, and a fresh one started")
    assert (stats.path.parent / "stats.sqlite3.damaged").read_bytes() == before  # never deleted or changed
    rows, notice = stats.rows()
    assert notice is None and [(r.player, r.played) for r in rows] == [("Ann", 1), ("Bob", 1)]
    # a second damaged one goes beside the first, never over it
    stats.path.write_text("again")
    stats.path.with_name("stats.sqlite3-wal").unlink(missing_ok=True)
    assert stats.rows() == (
        [],
        "statistics database stats.sqlite3 is damaged (not an SQLite database): "
        "set aside as stats.sqlite3.damaged-2, and a fresh one started",
    )


def test_a_database_from_a_newer_cardtable_is_left_alone():
    stats = StatsStore()
    stats.record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    conn = sqlite3.connect(stats.path, isolation_level=None)
    conn.execute(f"PRAGMA user_version = {stats_db.SCHEMA_VERSION + 1}")
    conn.close()
    before = stats.path.read_bytes()
    assert not stats.record_game("b", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    assert "statistics database stats.sqlite3 is from a newer cardtable" in stats.notice
    assert "games are not counted until cardtable is updated" in stats.notice
    assert stats.path.read_bytes() == before and not list(stats.path.parent.glob("*.damaged*"))


def write_stats_json(path, **extra):
    data = {
        "format": "cardtable-stats",
        "schema_version": 2,
        "players": {
            "human:ann": {
                "name": "Ann",
                "games": {
                    "one-card": {
                        "played": 10,
                        "wins": 6,
                        "points": 400,
                        "best": 0,
                        "worst": 120,
                        "last_played": "2025-03-01T10:00:00+00:00",
                    }
                },
            },
            "computer:easy:bob": {
                "name": "Bob (easy computer)",
                "games": {"one-card": {"played": 10, "wins": 4, "points": 900, "best": 10, "worst": 200}},
            },
        },
        "low_points_win": {"one-card": True},
        "counted": ["one-card-20250301-100000@2025-03-01T09:00:00+00:00"],
    }
    data.update(extra)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path.read_bytes()


def test_stats_json_is_imported_once_and_kept_as_it_was():
    stats = StatsStore()
    original = write_stats_json(stats.legacy_path)
    rows, notice = stats.rows()
    assert notice is None
    ann = next(r for r in rows if r.player == "Ann")
    assert (ann.played, ann.wins, ann.points, ann.best, ann.worst) == (10, 6, 400, 0, 120)
    # a game stats.json had counted is not counted again
    assert not stats.record_game(
        "one-card-20250301-100000@2025-03-01T09:00:00+00:00", LOW, ["Ann", "Bob"], Outcome((1, 2), (0, 9))
    )
    # a new game adds to the carried totals; low points win in One-Card, as stats.json said
    assert stats.record_game("new", LOW, ["Ann", "Bob"], Outcome((2, 1), (150, 0)), kinds=["human", "easy"])
    ann = next(r for r in stats.rows()[0] if r.player == "Ann")
    assert (ann.played, ann.wins, ann.points, ann.best, ann.worst) == (11, 6, 550, 0, 150)
    assert ann.current_streak == -1 and [r.points for r in ann.recent] == [150]  # only single games have a history
    assert stats.legacy_path.read_bytes() == original
    # imported once: a later change to the file is not read again
    write_stats_json(stats.legacy_path, players={})
    assert next(r for r in StatsStore().rows()[0] if r.player == "Ann").played == 11


def test_a_broken_stats_json_is_reported_once_and_left_as_it_was():
    stats = StatsStore()
    stats.legacy_path.parent.mkdir(parents=True)
    stats.legacy_path.write_text('{"players": 3')
    rows, notice = stats.rows()
    assert rows == [] and notice.startswith("statistics file stats.json not imported (truncated")
    assert notice.endswith("; it is left as it was")
    assert stats.rows() == ([], None)
    assert stats.legacy_path.read_text() == '{"players": 3'


WRITER = textwrap.dedent(
    """
    import sys
    from cardtable.core.engine import Outcome
    from cardtable.storage.stats import StatsStore

    class G:
        id = "one-too-many"

    tag, count = sys.argv[1], int(sys.argv[2])
    stats = StatsStore()
    sys.stdin.readline()  # both start together
    counted = 0
    for n in range(count):
        # odd games are filed by both processes (the same key): each must be counted once
        key = f"shared-{n}" if n % 2 else f"{tag}-{n}"
        counted += stats.record_game(key, G, ["Ann", "Bob", "Cleo"], Outcome((1, 2, 3), (3, 2, 1)))
        if stats.notice:
            print(stats.notice, file=sys.stderr)
    print(counted)
    """
)


def test_two_processes_filing_games_at_once_lose_nothing(user_dirs):
    count = 80
    env = {**os.environ}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, tag, str(count)],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("first", "second")
    ]
    for proc in procs:  # a fresh database: creating the schema races too
        proc.stdin.write("go\n")
        proc.stdin.flush()
    results = [proc.communicate(timeout=120) for proc in procs]
    assert all(proc.returncode == 0 for proc in procs), results
    assert all(err == "" for _, err in results), results
    counted = [int(out) for out, _ in results]
    shared, own = count // 2, count - count // 2
    assert sum(counted) == 2 * own + shared  # each shared game counted by exactly one of them
    rows, notice = StatsStore().rows()
    assert notice is None
    assert {r.player: r.played for r in rows} == {name: 2 * own + shared for name in ("Ann", "Bob", "Cleo")}
    conn = sqlite3.connect(StatsStore().path)
    assert conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 3 * (2 * own + shared)
    conn.close()
