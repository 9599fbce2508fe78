"""The statistics database (``$XDG_DATA_HOME/cardtable/stats.sqlite3``): opening it,
its schema and migrations, setting a damaged one aside, and importing ``stats.json``.

Standard library ``sqlite3`` in WAL mode, with a busy timeout, so several app
windows (processes) can file games at once: every write is one ``BEGIN
IMMEDIATE`` transaction. The schema version is SQLite's ``user_version``;
:data:`MIGRATIONS` builds the schema step by step from version 0 (an empty
file), so a new database and an old one being upgraded go through the same
statements. ``application_id`` marks the file as cardtable's.

A damaged database (not SQLite, truncated, failing SQLite's ``quick_check``,
another program's database, tables that differ from the schema) is reported by
its name, set aside as ``stats.sqlite3.damaged`` (with its ``-wal`` and
``-shm`` files; never deleted or overwritten), and a fresh one is started. A
database from a newer cardtable is reported and left alone: games are not
counted in it until cardtable is updated (as with saves).

The totals of ``stats.json`` (earlier versions) are imported once into a new
database (the ``carried`` table: totals only, no single games) and the file is
left where it was, as a backup; the ``meta`` table says it was done.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..core.names import visible
from .atomic import file_lock, rename_no_clobber

SCHEMA_VERSION = 2
APPLICATION_ID = 0x63617264  # "card"
DAMAGED_SUFFIX = ".damaged"
BUSY_TIMEOUT = 30.0  # seconds a writer waits for another window's transaction
_HEADER = b"SQLite format 3\x00"

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
        "CREATE INDEX seats_by_player ON seats (player)",
        "CREATE INDEX games_by_end ON games (game, ended)",
    ),
}


class DamagedDatabase(Exception):
    """The database cannot be used; ``str()`` is the reason."""


class NewerDatabase(Exception):
    """Written by a newer cardtable: left alone."""


@dataclass
class Opened:
    conn: sqlite3.Connection | None  # None: nothing can be counted or read now
    notice: str | None = None  # what went wrong, for people (names the file)


def utc_text(when: datetime) -> str:
    """A time as stored: UTC, ISO 8601 to the microsecond (sorts as text)."""
    return when.astimezone(timezone.utc).isoformat(timespec="microseconds")


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), waiting for other writers."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


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
        conn.execute("ROLLBACK")
        raise
    return found


def _columns(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {t: [tuple(c[1:]) for c in conn.execute(f'PRAGMA table_info("{t}")')] for t in tables}


_EXPECTED: dict[str, list[tuple]] = {}


def expected_columns() -> dict[str, list[tuple]]:
    """Every table and its columns as the migrations build them (on an in-memory database)."""
    if not _EXPECTED:
        conn = connect(Path(":memory:"))
        migrate(conn)
        _EXPECTED.update(_columns(conn))
        conn.close()
    return _EXPECTED


def check_header(path: Path) -> None:
    """Raise DamagedDatabase if the file is not SQLite's. Call it before connecting: closing
    another descriptor of the file would drop this process's SQLite locks on it (POSIX locks
    belong to the process), and another window could then delete the WAL in use."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a folder, a FIFO, a device: never opened
            raise DamagedDatabase("not a regular file")
        with open(path, "rb") as handle:
            head = handle.read(len(_HEADER))
    except FileNotFoundError:
        if os.path.islink(path):
            raise DamagedDatabase("a link to nothing") from None
        head = b""
    except PermissionError as exc:
        raise DamagedDatabase(f"cannot be read ({exc.strerror or exc})") from None
    if head and head != _HEADER:
        raise DamagedDatabase("not an SQLite database")


def check(conn: sqlite3.Connection, path: Path, thorough: bool = True) -> None:
    """Raise DamagedDatabase or NewerDatabase if this is not a usable statistics database
    (its header checked already: :func:`check_header`)."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if app_id not in (0, APPLICATION_ID):
        raise DamagedDatabase(f"another program's database, application id {app_id}")
    if version > SCHEMA_VERSION:
        raise NewerDatabase(f"schema version {version}; this one reads up to {SCHEMA_VERSION}")
    if thorough:
        result = [r[0] for r in conn.execute("PRAGMA quick_check")]
        if result != ["ok"]:
            raise DamagedDatabase(f"SQLite's check says: {visible(str(result[0]))[:120]}")
    tables = _columns(conn)
    if version == 0:
        if tables:
            raise DamagedDatabase(f"another program's database: tables {', '.join(sorted(tables))[:80]} and no schema version")
        return
    expected = expected_columns() if version == SCHEMA_VERSION else None
    if expected is not None and {t: tables.get(t) for t in expected} != expected:
        wrong = sorted(t for t in expected if tables.get(t) != expected[t])
        raise DamagedDatabase(f"wrong schema: table {', '.join(wrong)} differs")


def set_aside(path: Path) -> Path:
    """Rename the database (and its ``-wal`` and ``-shm``) to ``<name>.damaged``; never overwrites."""
    target = rename_no_clobber(path, path.with_name(path.name + DAMAGED_SUFFIX))
    for suffix in ("-wal", "-shm"):
        sibling = path.with_name(path.name + suffix)
        if os.path.lexists(sibling):
            rename_no_clobber(sibling, target.with_name(target.name + suffix))
    return target


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _ready(path: Path, thorough: bool) -> sqlite3.Connection:
    check_header(path)
    conn = connect(path)
    try:
        check(conn, path, thorough)
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        try:
            migrate(conn)
        except sqlite3.OperationalError as exc:  # a table or column the steps do not expect
            if "locked" in str(exc) or "busy" in str(exc):
                raise
            raise DamagedDatabase(f"wrong schema: {visible(str(exc))}") from None
        check(conn, path, thorough=False)
    except BaseException:
        conn.close()
        raise
    return conn


def open_db(path: Path, legacy: Path | None = None, thorough: bool = True) -> Opened:
    """Open (creating, upgrading, or setting aside and replacing) the database at ``path``,
    importing ``legacy`` (stats.json) once. ``thorough``: run SQLite's ``quick_check``."""
    name = visible(path.name)
    try:
        with file_lock(lock_path(path)):
            notice = None
            try:
                conn = _ready(path, thorough)
            except NewerDatabase as exc:
                return Opened(None, f"statistics database {name} is from a newer cardtable ({exc}): "
                              "it is left as it is, and games are not counted until cardtable is updated")
            except sqlite3.OperationalError as exc:
                return Opened(None, f"statistics database {name} cannot be opened ({visible(str(exc))})")
            except (DamagedDatabase, sqlite3.DatabaseError) as exc:
                aside = set_aside(path)
                notice = f"statistics database {name} is damaged ({visible(str(exc))}): set aside as {visible(aside.name)}, and a fresh one started"
                conn = _ready(path, thorough)
            if legacy is not None:
                problem = import_legacy(conn, legacy)
                if problem:
                    notice = problem if notice is None else f"{notice}; {problem}"
            return Opened(conn, notice)
    except sqlite3.Error as exc:
        return Opened(None, f"statistics database {name} cannot be used ({visible(str(exc))})")
    except OSError as exc:
        return Opened(None, f"statistics database {name} cannot be used ({exc.strerror or exc})")


def recover(path: Path, problem: sqlite3.DatabaseError, legacy: Path | None = None) -> Opened:
    """Damage found while using the database: set it aside and open a fresh one."""
    name = visible(path.name)
    try:
        with file_lock(lock_path(path)):
            try:
                check_header(path)
                conn = connect(path)
                try:
                    check(conn, path)
                finally:
                    conn.close()
                still_bad = None
            except (DamagedDatabase, sqlite3.DatabaseError) as exc:
                still_bad = exc
            if still_bad is None:  # another window set it aside already, or it was not the file
                notice = None
            else:
                aside = set_aside(path)
                notice = f"statistics database {name} is damaged ({visible(str(problem))}): set aside as {visible(aside.name)}, and a fresh one started"
    except (OSError, sqlite3.Error, NewerDatabase) as exc:
        return Opened(None, f"statistics database {name} cannot be used ({visible(str(exc))})")
    opened = open_db(path, legacy)
    if notice:
        opened.notice = notice if opened.notice is None else f"{notice}; {opened.notice}"
    return opened


def import_legacy(conn: sqlite3.Connection, legacy: Path) -> str | None:
    """Import stats.json's totals, once per database (a problem: returned, and not tried again)."""
    from .stats_json import read_stats_json

    if conn.execute("SELECT 1 FROM meta WHERE key = 'stats_json'").fetchone():
        return None
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("SELECT 1 FROM meta WHERE key = 'stats_json'").fetchone():  # another window did it
            conn.execute("ROLLBACK")
            return None
        stats, problem = read_stats_json(legacy)
        if problem:
            done = f"not imported: {problem}"
        elif stats is None:
            done = "none"
        else:
            for player, entry in stats.players.items():
                for game, tally in entry.games.items():
                    conn.execute(
                        "INSERT INTO carried VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (player, entry.name, game, tally.played, tally.wins, tally.points, tally.best, tally.worst,
                         None if tally.last_played is None else utc_text(tally.last_played)),
                    )
            conn.executemany("INSERT OR IGNORE INTO counted_before VALUES (?)", [(k,) for k in stats.counted])
            conn.executemany(
                "INSERT OR IGNORE INTO directions VALUES (?, ?)", [(g, int(low)) for g, low in stats.low_points_win.items()]
            )
            done = f"imported {utc_text(datetime.now(timezone.utc))}"
        conn.execute("INSERT INTO meta VALUES ('stats_json', ?)", (done,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if problem:
        return f"statistics file {visible(legacy.name)} not imported ({problem}); it is left as it was"
    return None
