"""Statistics databases that pass SQLite's integrity check but hold nonsense (see probing.py):
a schema version no cardtable wrote, and rows whose values have the wrong types.

Every case: ``cardtable stats`` (its table, ``--json`` and ``--csv``) ends with status 0,
at most one line on stderr naming the database, no traceback; the readable games still
count; a new game is still counted; a database whose rows are only wrong is not set aside
(its good rows stay), and one of an unknown version is (never deleted).
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from probing import Tally, escaped, run_cli, stderr_lines, user_dirs

#: Values of the wrong type or range, or not (each case must hold either way).
WRONG = ("abc", "", b"\x00\xff", 1.5, -7, 2**62, "2025-13-45T99:00:00", "not a date", "0", "[]", "{", None)
#: The columns the queries read, by table.
COLUMNS = {
    "games": ("key", "game", "ended", "moves", "undos", "hints", "options", "seed", "duration", "record"),
    "seats": ("player", "name", "kind", "place", "points", "won"),
    "carried": ("player", "name", "game", "played", "wins", "points", "best", "worst", "last_played"),
    "directions": ("game", "low_points_win"),
}
NULLABLE = {"games": ("moves", "seed", "record", "duration"), "carried": ("best", "worst", "last_played")}
#: A schema version, and what becomes of the database: set aside (damaged), left alone (a
#: newer cardtable's), or kept (upgraded).
VERSIONS = {-1: "aside", -2: "aside", -(2**31): "aside", -(2**63): "aside", 0: "aside", 1: "aside"}
VERSIONS |= {2: "kept", 3: "kept", 5: "newer", 99: "newer", 2**31 - 1: "newer"}
#: The columns each version added, by the version that added them (a database written now,
#: labelled an earlier version, is given that version's layout first).
ADDED = {4: (("games", "standin"),)}


def _database(path: Path) -> None:
    """Three games of One-Card and carried totals, written by cardtable."""
    from cardtable.core.engine import Outcome
    from cardtable.storage.stats import StatsStore

    class Game:
        id = "one-card"

    store = StatsStore(path)
    for n in range(3):
        store.record_game(f"g{n}", Game, ["Ann", "Bob"], Outcome((1, 2), (0, 30 + n)), kinds=["human", "easy"])
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "INSERT INTO carried VALUES ('human:cy', 'Cy', 'one-card', 4, 1, 90, 0, 40, '2024-01-01T10:00:00+00:00')"
    )
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _set_version(path: Path, version: int) -> None:
    """Label the database ``version``; an earlier version that migrations upgrade loses the
    columns later versions added, as a database that version wrote would lack them."""
    conn = sqlite3.connect(path)
    for since, added in ADDED.items():
        if 2 <= version < since:
            for table, column in added:
                conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()


def _spoil(path: Path, table: str, column: str, value) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # (as another program would write it)
    first = "id" if table == "games" else "rowid"
    conn.execute(f"UPDATE {table} SET {column} = ? WHERE {first} = (SELECT MIN({first}) FROM {table})", (value,))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def probe_nonsense_databases(quick: bool = False) -> Tally:
    """Each column the queries read, given each value of :data:`WRONG` in one row (in a
    database of this version, and in one of the previous version, upgraded as it is read),
    and each schema version of :data:`VERSIONS`."""
    tally = Tally("nonsense statistics databases")
    cases = [
        (f"{t}.{c} = {v!r}"[:60], (t, c, v))
        for t, cs in COLUMNS.items()
        for c in cs
        for v in WRONG
        if v is not None or c in NULLABLE.get(t, ())  # (SQLite itself keeps NULL out of a NOT NULL column)
    ]
    if quick:
        cases = random.Random(24).sample(cases, 25)
    with user_dirs():
        from cardtable.storage.stats import StatsStore

        path = StatsStore().path
        path.parent.mkdir(parents=True, exist_ok=True)
        _database(path)
        template = path.read_bytes()
        for upgraded in (False, True):
            for index, (label, (table, column, value)) in enumerate(cases):
                _clear(path)
                try:
                    path.write_bytes(template)
                    _spoil(path, table, column, value)
                    if upgraded:
                        _set_version(path, 3)  # (read as the previous version: its upgrade keeps every row)
                    problem = _stats_problem(path, "kept", index)
                except BaseException as exc:  # noqa: BLE001 - a probe counts whatever escapes
                    problem = escaped(exc)
                tally.add(f"{'upgraded, ' if upgraded else ''}{label}", problem)
        for version, fate in VERSIONS.items():
            _clear(path)
            try:
                path.write_bytes(template)
                _set_version(path, version)
                problem = _stats_problem(path, fate)
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(f"user_version {version}", problem)
    return tally


def _clear(path: Path) -> None:
    for entry in path.parent.iterdir():
        entry.unlink()


def _stats_problem(path: Path, fate: str, index: int = 0) -> str | None:
    from cardtable.storage.stats import StatsStore

    other = (["stats", "--csv"], ["stats", "one-card", "--player", "Ann"])[index % 2]  # (the same queries)
    for argv in (["stats"], ["stats", "--json"], other):
        status, out, err = run_cli(argv)
        lines = stderr_lines(err)
        if status != 0 or "Traceback" in err or len(lines) > 1:
            return f"{' '.join(argv)}: status {status}: {err[:300]!r}"
        if lines and path.name not in lines[0]:
            return f"{' '.join(argv)}: the line does not name the database: {lines[0][:200]!r}"
        if argv == ["stats", "--json"] and fate == "kept":
            players = {row["player"] for row in json.loads(out)["stats"]}
            if len(players & {"Ann", "Bob (easy computer)", "Cy"}) < 2:
                return f"the readable games are not counted: {sorted(players)}"
    damaged = sorted(p.name for p in path.parent.glob("*.damaged*"))
    if (fate == "aside") != bool(damaged):
        return f"set aside: {damaged or 'nothing'}, expected {'it' if fate == 'aside' else 'nothing'}"
    store = StatsStore()
    counted = _file_a_game(store)
    if counted != (fate != "newer"):
        return f"a new game counted: {counted} ({store.notice})"
    return None


def _file_a_game(store) -> bool:
    from cardtable.core.engine import Outcome

    class Game:
        id = "one-card"

    if not store.record_game("new-game", Game, ["Dee", "Eve"], Outcome((1, 2), (0, 12))):
        return False
    rows, _ = store.rows("one-card")
    return any(r.player == "Dee" and r.played == 1 for r in rows)
