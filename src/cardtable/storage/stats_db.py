"""The statistics database (``$XDG_DATA_HOME/cardtable/stats.sqlite3``): opening it,
checking it, setting a damaged one aside, and importing ``stats.json``.

Standard library ``sqlite3`` in WAL mode, with a busy timeout, so several app
windows (processes) can file games at once: every write is one ``BEGIN
IMMEDIATE`` transaction. The tables and their migrations are
:mod:`.stats_schema` (SQLite's ``user_version``); ``application_id`` marks the
file as cardtable's.

A damaged database (not a regular file, not SQLite, truncated, failing
SQLite's ``quick_check``, another program's database, a schema version no
cardtable wrote, tables that differ from the schema) is reported by its name,
set aside as ``stats.sqlite3.damaged`` (with its ``-wal`` and ``-shm`` files;
never deleted or overwritten), and a fresh one is started; a lock, ``-wal`` or
``-shm`` file that is not a regular file (it holds no data) is set aside the
same way. A database from a newer cardtable is reported and left alone: games
are not counted in it until cardtable is updated (as with saves).

The totals of ``stats.json`` (earlier versions) are imported once into a new
database (the ``carried`` table: totals only, no single games) and the file is
left where it was, as a backup; the ``meta`` table says it was done.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..core.names import visible
from ..core.osfile import open_regular, reason, what_is_there
from .atomic import file_lock, rename_no_clobber
from .stats_schema import (  # (the schema: tables, checks, migrations)
    APPLICATION_ID,
    MIGRATIONS,
    ROW_CHECKS,
    SCHEMA_VERSION,
    columns,
    connect,
    expected_columns,
    known_version,
    migrate,
)

__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "Opened", "open_db", "recover", "utc_text"]

DAMAGED_SUFFIX = ".damaged"
_HEADER = b"SQLite format 3\x00"
#: Files beside the database that SQLite and cardtable open: each is a regular file or nothing.
SIBLINGS = ("-wal", "-shm")


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
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def check_header(path: Path) -> None:
    """Raise DamagedDatabase if the file is not SQLite's (or not a regular file: a folder, a
    FIFO, a loop, a link to nothing). Call it before connecting: closing another descriptor of
    the file would drop this process's SQLite locks on it (POSIX locks belong to the process),
    and another window could then delete the WAL in use."""
    try:
        if what_is_there(path) is None:
            return  # (nothing yet: SQLite makes it)
        fd = open_regular(path)
    except OSError as exc:
        raise DamagedDatabase(reason(exc)) from None
    try:
        head = os.read(fd, len(_HEADER))
    except OSError as exc:
        raise DamagedDatabase(f"cannot be read ({reason(exc)})") from None
    finally:
        os.close(fd)
    if head and head != _HEADER:
        raise DamagedDatabase("not an SQLite database")


def set_aside_odd_siblings(path: Path) -> list[str]:
    """Rename each of the lock, ``-wal`` and ``-shm`` files that is not a regular file (a
    folder, a FIFO, a loop...; it holds no data) to ``<name>.damaged``; returns what was done."""
    done = []
    for sibling in (lock_path(path), *(path.with_name(path.name + s) for s in SIBLINGS)):
        try:
            what_is_there(sibling)
        except OSError as exc:
            try:
                aside = rename_no_clobber(sibling, sibling.with_name(sibling.name + DAMAGED_SUFFIX))
            except OSError:
                continue  # (opening the database says why)
            done.append(f"{visible(sibling.name)} was {reason(exc)}: set aside as {visible(aside.name)}")
    return done


def check(conn: sqlite3.Connection, path: Path, thorough: bool = True) -> None:
    """Raise DamagedDatabase or NewerDatabase if this is not a usable statistics database
    (its header checked already: :func:`check_header`)."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if app_id not in (0, APPLICATION_ID):
        raise DamagedDatabase(f"another program's database, application id {app_id}")
    if version > SCHEMA_VERSION:
        raise NewerDatabase(f"schema version {version}; this one reads up to {SCHEMA_VERSION}")
    if not known_version(version):  # (negative, or a version no cardtable wrote)
        raise DamagedDatabase(f"unknown schema version {version}")
    if thorough:
        result = [r[0] for r in conn.execute("PRAGMA quick_check") if not str(r[0]).startswith(ROW_CHECKS)]
        if result not in (["ok"], []):
            raise DamagedDatabase(f"SQLite's check says: {visible(str(result[0]))[:120]}")
    tables = columns(conn)
    if version == 0:
        if tables:
            raise DamagedDatabase(
                f"another program's database: tables {', '.join(sorted(tables))[:80]} and no schema version"
            )
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
    """A checked connection at the current schema."""
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
        except sqlite3.IntegrityError as exc:
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
    odd = set_aside_odd_siblings(path)
    try:
        with file_lock(lock_path(path)):
            notice = f"statistics database {name}: " + "; ".join(odd) if odd else None
            try:
                conn = _ready(path, thorough)
            except NewerDatabase as exc:
                return Opened(
                    None,
                    f"statistics database {name} is from a newer cardtable ({exc}): "
                    "it is left as it is, and games are not counted until cardtable is updated",
                )
            except sqlite3.OperationalError as exc:
                return Opened(None, f"statistics database {name} cannot be opened ({visible(str(exc))})")
            except (DamagedDatabase, sqlite3.DatabaseError) as exc:
                aside = set_aside(path)
                damaged = f"statistics database {name} is damaged ({visible(str(exc))}): set aside as {visible(aside.name)}, and a fresh one started"
                notice = _joined(notice, damaged)
                conn = _ready(path, thorough)
            if legacy is not None:
                problem = import_legacy(conn, legacy)
                if problem:
                    notice = problem if notice is None else f"{notice}; {problem}"
            return Opened(conn, notice)
    except sqlite3.Error as exc:
        return Opened(None, f"statistics database {name} cannot be used ({visible(str(exc))})")
    except OSError as exc:
        return Opened(None, f"statistics database {name} cannot be used ({reason(exc)})")


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
                        (
                            player,
                            entry.name,
                            game,
                            tally.played,
                            tally.wins,
                            tally.points,
                            tally.best,
                            tally.worst,
                            None if tally.last_played is None else utc_text(tally.last_played),
                        ),
                    )
            conn.executemany("INSERT OR IGNORE INTO counted_before VALUES (?)", [(k,) for k in stats.counted])
            conn.executemany(
                "INSERT OR IGNORE INTO directions VALUES (?, ?)",
                [(g, int(low)) for g, low in stats.low_points_win.items()],
            )
            done = f"imported {utc_text(datetime.now(UTC))}"
        conn.execute("INSERT INTO meta VALUES ('stats_json', ?)", (done,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if problem:
        return f"statistics file {visible(legacy.name)} not imported ({problem}); it is left as it was"
    return None


def _joined(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else f"{first}; {second}"
