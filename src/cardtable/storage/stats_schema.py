"""The statistics database's tables, the checks on their values, and the migrations.

The schema version is SQLite's ``user_version``; :data:`MIGRATIONS` builds the
schema step by step from version 0 (an empty file), so a new database and an
old one being upgraded go through the same statements.

SQLite does not enforce a column's declared type, so from version 3 every
column carries a ``CHECK`` of its type and range (:data:`CHECKS`): cardtable
cannot write a row of the wrong types (points as text, a date that is not a
date). The step to version 3 rebuilds the tables with those checks and copies
every row as it is (a row that fails them, which only another program can have
written, is kept: nothing is deleted); the queries read every value
defensively (:mod:`.stats_rows`) and leave such a row out, saying so, and
SQLite's ``quick_check``, which reports the rows that fail a check, counts them
as such rows, not as damage (:data:`ROW_CHECKS`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA_VERSION = 4
APPLICATION_ID = 0x63617264  # "card"
BUSY_TIMEOUT = 30.0  # seconds a writer waits for another window's transaction


def _date(column: str, optional: bool = False) -> str:
    check = (
        f"typeof({column}) = 'text' AND {column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' "
        f"AND julianday({column}) IS NOT NULL"
    )
    return f"{column} IS NULL OR ({check})" if optional else check


def _int(column: str, low: int | None = None, optional: bool = False) -> str:
    check = f"typeof({column}) = 'integer'" + ("" if low is None else f" AND {column} >= {low}")
    return f"{column} IS NULL OR ({check})" if optional else check


def _text(column: str, optional: bool = False) -> str:
    check = f"typeof({column}) = 'text'"
    return f"{column} IS NULL OR {check}" if optional else check


#: Each table's columns (as versions 0 to 2 made them, in that order) and the check on each value
#: (the step to version 3 rebuilds the tables from these: a later column is added by its own step).
CHECKS: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (
        ("id INTEGER PRIMARY KEY", ""),
        ("key TEXT NOT NULL UNIQUE", _text("key")),
        ("game TEXT NOT NULL", _text("game")),
        ("ended TEXT NOT NULL", _date("ended")),
        ("started TEXT", _date("started", optional=True)),
        ("moves INTEGER", _int("moves", 0, optional=True)),
        ("undos INTEGER NOT NULL DEFAULT 0", _int("undos", 0)),
        ("hints INTEGER NOT NULL DEFAULT 0", _int("hints", 0)),
        ("options TEXT NOT NULL DEFAULT '{}'", _text("options")),
        ("seed TEXT", "seed IS NULL OR (typeof(seed) = 'text' AND ltrim(seed, '-') GLOB '[0-9]*' "
                      "AND NOT ltrim(seed, '-') GLOB '*[^0-9]*' AND length(seed) <= 21)"),
        ("low_points_win INTEGER", "low_points_win IS NULL OR low_points_win IN (0, 1)"),
        ("record TEXT", _text("record", optional=True)),
        ("duration REAL", "duration IS NULL OR (typeof(duration) = 'real' AND duration >= 0)"),
    ),
    "seats": (
        ("game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE", ""),
        ("seat INTEGER NOT NULL", _int("seat", 0)),
        ("player TEXT NOT NULL", _text("player")),
        ("name TEXT NOT NULL", _text("name")),
        ("kind TEXT NOT NULL", _text("kind")),
        ("place INTEGER NOT NULL", _int("place", 1)),
        ("points INTEGER NOT NULL", _int("points")),
        ("won INTEGER NOT NULL", "typeof(won) = 'integer' AND won IN (0, 1)"),
    ),
    "carried": (
        ("player TEXT NOT NULL", _text("player")),
        ("name TEXT NOT NULL", _text("name")),
        ("game TEXT NOT NULL", _text("game")),
        ("played INTEGER NOT NULL", _int("played", 0)),
        ("wins INTEGER NOT NULL", _int("wins", 0)),
        ("points INTEGER NOT NULL", _int("points")),
        ("best INTEGER", _int("best", optional=True)),
        ("worst INTEGER", _int("worst", optional=True)),
        ("last_played TEXT", _date("last_played", optional=True)),
    ),
    "directions": (
        ("game TEXT PRIMARY KEY", _text("game")),
        ("low_points_win INTEGER NOT NULL", "typeof(low_points_win) = 'integer' AND low_points_win IN (0, 1)"),
    ),
}  # fmt: skip
_KEYS = {"seats": "PRIMARY KEY (game, seat)", "carried": "PRIMARY KEY (player, game)"}
_INDEXES = (
    "CREATE INDEX seats_by_player ON seats (player)",
    "CREATE INDEX games_by_end ON games (game, ended)",
)


def _create(table: str) -> str:
    parts = [f"{column}{f' CHECK ({check})' if check else ''}" for column, check in CHECKS[table]]
    parts += [_KEYS[table]] if table in _KEYS else []
    return f"CREATE TABLE {table} (\n    " + ",\n    ".join(parts) + "\n)"


def _rebuilt() -> tuple[str, ...]:
    """Each checked table made anew with its checks, and its rows copied (a seat only with
    its game, as the foreign key always had it). The old tables are renamed first: with
    foreign keys on, dropping ``games`` first would delete every seat."""
    tables = tuple(CHECKS)
    steps = [f"ALTER TABLE {t} RENAME TO old_{t}" for t in tables]
    steps += [_create(t) for t in tables]
    steps += [
        "PRAGMA ignore_check_constraints = ON",  # (every row kept as it was: see the module)
        "INSERT INTO games SELECT * FROM old_games",
        "INSERT INTO seats SELECT * FROM old_seats WHERE game IN (SELECT id FROM games)",
        "INSERT INTO carried SELECT * FROM old_carried",
        "INSERT INTO directions SELECT * FROM old_directions",
        "PRAGMA ignore_check_constraints = OFF",
    ]
    steps += [f"DROP TABLE old_{t}" for t in ("seats", "games", "carried", "directions")]
    return (*steps, *_INDEXES)


#: The statements that take a database from version ``n`` to ``n + 1``.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        # one row per finished game; key: the save id and its start time (unique: counted once)
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            ended TEXT NOT NULL,
            started TEXT,
            moves INTEGER,
            undos INTEGER NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            options TEXT NOT NULL DEFAULT '{}',
            seed TEXT,
            low_points_win INTEGER,
            record TEXT
        )""",
        """CREATE TABLE seats (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            place INTEGER NOT NULL,
            points INTEGER NOT NULL,
            won INTEGER NOT NULL,
            PRIMARY KEY (game, seat)
        )""",
        # totals carried over from stats.json (earlier versions kept no single games)
        """CREATE TABLE carried (
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            played INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            points INTEGER NOT NULL,
            best INTEGER,
            worst INTEGER,
            last_played TEXT,
            PRIMARY KEY (player, game)
        )""",
        "CREATE TABLE counted_before (key TEXT PRIMARY KEY)",  # games stats.json had counted
        "CREATE TABLE directions (game TEXT PRIMARY KEY, low_points_win INTEGER NOT NULL)",
    ),
    1: (
        "ALTER TABLE games ADD COLUMN duration REAL",  # seconds from the first save to the last move
        *_INDEXES,
    ),
    2: _rebuilt(),  # every value checked (see the module)
    3: (  # whether a computer stood in for a seat's player (a hosted table's --away-after, --turn-time)
        # (SQLite checks every row's constraints as a checked column is added: a row another
        # program spoiled, which this version reads around, must not stop the upgrade)
        "PRAGMA ignore_check_constraints = ON",
        "ALTER TABLE games ADD COLUMN standin INTEGER NOT NULL DEFAULT 0 "
        "CHECK (typeof(standin) = 'integer' AND standin IN (0, 1))",
        "PRAGMA ignore_check_constraints = OFF",
    ),
}


def known_version(version: int) -> bool:
    """Whether :data:`MIGRATIONS` know ``version`` (0, each step's start, or the current one)."""
    return version == SCHEMA_VERSION or version in MIGRATIONS


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), waiting for other writers."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


#: What SQLite's ``quick_check`` says of a row that fails a column's check (or is NULL
#: where it may not be): a row the queries leave out, not a damaged file.
ROW_CHECKS = ("CHECK constraint failed in ", "NULL value in ")


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to :data:`SCHEMA_VERSION` (one transaction); returns the version found."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found >= SCHEMA_VERSION:
        return found
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = version = conn.execute("PRAGMA user_version").fetchone()[0]
        while version < SCHEMA_VERSION:
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
            version += 1
        if found == 0:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("PRAGMA ignore_check_constraints = OFF")
        conn.execute("ROLLBACK")
        raise
    return found


def columns(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {t: [tuple(c[1:]) for c in conn.execute(f'PRAGMA table_info("{t}")')] for t in tables}


_EXPECTED: dict[str, list[tuple]] = {}


def expected_columns() -> dict[str, list[tuple]]:
    """Every table and its columns as the migrations build them (on an in-memory database)."""
    if not _EXPECTED:
        conn = connect(Path(":memory:"))
        migrate(conn)
        _EXPECTED.update(columns(conn))
        conn.close()
    return _EXPECTED
