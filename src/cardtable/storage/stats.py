"""Statistics per player and game: one row per finished game in an SQLite database
(``$XDG_DATA_HOME/cardtable/stats.sqlite3``; see :mod:`.stats_db`), read by the
queries of :mod:`.stats_query`.

Players are told apart so: a human by name, compared without regard to case
or surrounding spaces (``Ann`` and ``ann`` are one person, and one table may
not seat both: see :mod:`cardtable.core.names`); a computer by its level and name
("Bob (normal computer)"), so a computer never merges with a human of the
same name, nor with a computer of another level.
:data:`HOW_PLAYERS_ARE_TOLD_APART` says so in words for the screens.

Each game's row holds the game, when it started and ended, the seats (name,
kind, place, points, and whether ``Outcome.winners`` names them), the moves,
the undos and hints used, whether a computer stood in for a player (a hosted
table's stand-in), the options, the seed and the whole record (for a replay). Which end of the points is "best" follows the game: when the winners
scored fewer points than the others (One-Card counts penalty points) lower is
better; the direction is remembered per game for outcomes that do not tell
(everyone tied).

A game is counted once, under a unique key (the save id and its start time),
so filing the end of a game again after a crash, or from a second window,
counts nothing. A damaged database is reported, set aside and replaced; one
from a newer cardtable is reported and left alone (see :mod:`.stats_db`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.names import same_name_key, visible
from . import paths
from .stats_db import open_db, recover, utc_text
from .stats_query import GameSummary, StatRow, Versus, game_record, head_to_head, recent_games, tallies
from .stats_rows import Skipped

if TYPE_CHECKING:
    from ..core.engine import Game, Outcome
    from ..core.record import GameRecord

__all__ = ["HOW_PLAYERS_ARE_TOLD_APART", "StatRow", "StatsReport", "StatsStore", "player_key", "shown_name"]
T = TypeVar("T")

HOW_PLAYERS_ARE_TOLD_APART = (
    "Humans are counted by name (Ann and ann are one player), computers by name and level, "
    "apart from humans. Give each person their own name: everyone left at "
    '"Player 1" counts as one player.'
)


def player_key(name: str, kind: str = "human") -> str:
    """``human:<name>`` or ``computer:<level>:<name>`` (names: case and spaces ignored)."""
    if kind != "human":
        return f"computer:{kind}:{same_name_key(name)}"
    return f"human:{same_name_key(name)}"


def shown_name(name: str, kind: str = "human") -> str:
    """How a player is named in the statistics: ``Ann``, ``Bob (normal computer)``."""
    name = " ".join(name.split())
    return name if kind == "human" else f"{name} ({kind} computer)"


def _low_points_win(outcome: Outcome) -> bool | None:
    """Whether this outcome rewards low points (None if it does not tell)."""
    winners = [p for p, place in zip(outcome.points, outcome.places, strict=True) if place == 1]
    others = [p for p, place in zip(outcome.points, outcome.places, strict=True) if place != 1]
    if not winners or not others:
        return None
    win_mean = sum(winners) / len(winners)
    other_mean = sum(others) / len(others)
    if win_mean == other_mean:
        return None
    return win_mean < other_mean


@dataclass
class StatsReport:
    """Everything the Statistics screen and ``cardtable stats`` show."""

    rows: list[StatRow] = field(default_factory=list)
    versus: list[Versus] = field(default_factory=list)
    games: list[GameSummary] = field(default_factory=list)
    notice: str | None = None


class StatsStore:
    """The statistics database. ``path``: the database (by default the user's,
    looked up on every use); ``legacy``: the stats.json to import once (by
    default the one beside the database)."""

    def __init__(self, path: Path | None = None, legacy: Path | None = None) -> None:
        self._path = None if path is None else Path(path)
        self._legacy = None if legacy is None else Path(legacy)
        self._checked: tuple[int, int] | None = None  # the file SQLite's quick_check passed
        self.notice: str | None = None  # what went wrong at the last use (names the file)

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else paths.stats_db_path()

    @property
    def legacy_path(self) -> Path:
        if self._legacy is not None:
            return self._legacy
        return paths.stats_path() if self._path is None else self._path.with_name("stats.json")

    def _identity(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _use(self, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        """``work(connection)``, or ``default`` if the database cannot be used (``notice`` says why).
        Damage found on the way: set aside, a fresh database started, ``work`` done there."""
        opened = open_db(
            self.path, self.legacy_path, thorough=self._identity() != self._checked or self._checked is None
        )
        self.notice = opened.notice
        for attempt in (1, 2):
            conn = opened.conn
            if conn is None:
                return default
            try:
                self._checked = self._identity()
                return work(conn)
            except sqlite3.OperationalError as exc:  # locked for longer than the busy timeout, disk full...
                self.notice = _joined(self.notice, f"statistics database {self.path.name}: {exc}")
                return default
            except sqlite3.DatabaseError as exc:
                conn.close()
                if attempt == 2:
                    self.notice = _joined(self.notice, f"statistics database {self.path.name}: {exc}")
                    return default
                opened = recover(self.path, exc, self.legacy_path)
                self.notice = _joined(self.notice, opened.notice)
            finally:
                if opened.conn is conn and conn is not None:
                    conn.close()
        return default

    # -- writing
    def record_game(
        self,
        key: str,
        game: Game,
        names: Sequence[str],
        outcome: Outcome,
        when: datetime | None = None,
        kinds: Sequence[str] | None = None,
        record: GameRecord | None = None,
        started: datetime | None = None,
    ) -> bool:
        """Count a finished game once (False if ``key`` was counted already, or if the
        database cannot be used: ``notice`` says why). ``kinds``: each seat's kind
        ("human" or a computer level; all human if not given); ``record``: the game's
        record (moves, undos, hints, options, seed; kept for replays); ``started``:
        when the game began (for its duration)."""
        when = when or datetime.now(UTC)
        kinds = list(kinds) if kinds is not None else ["human"] * len(names)
        low = _low_points_win(outcome)
        values = _game_values(key, game, when, started, low, record)
        seats = _seat_rows(names, kinds, outcome)

        def work(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if conn.execute("SELECT 1 FROM counted_before WHERE key = ?", (key,)).fetchone():
                    conn.execute("ROLLBACK")
                    return False
                columns = ", ".join(values)
                cursor = conn.execute(
                    f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * len(values))}) ON CONFLICT (key) DO NOTHING",
                    tuple(values.values()),
                )
                if cursor.rowcount != 1:
                    conn.execute("ROLLBACK")
                    return False
                row_id = cursor.lastrowid
                conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(row_id, *s) for s in seats])
                if low is not None:
                    conn.execute(
                        "INSERT INTO directions VALUES (?, ?) ON CONFLICT (game) DO UPDATE SET low_points_win = excluded.low_points_win",
                        (game.id, int(low)),
                    )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return True

        return self._use(work, False)

    # -- reading
    def rows(self, game_id: str | None = None, player: str | None = None) -> tuple[list[StatRow], str | None]:
        """Per player and game (by game, then most wins), and a notice if the database has a problem."""
        skipped = Skipped()
        rows: list[StatRow] = self._use(lambda conn: tallies(conn, game_id, player, skipped), [])
        self.notice = _joined(self.notice, skipped.notice(visible(self.path.name)))
        return rows, self.notice

    def report(self, game_id: str | None = None, player: str | None = None, games: int = 20) -> StatsReport:
        """The players' rows, head-to-head, and the last ``games`` games, read at once."""

        skipped = Skipped()  # rows that cannot be read (values of the wrong type): left out, and said

        def work(conn: sqlite3.Connection) -> StatsReport:
            conn.execute("BEGIN")  # one snapshot for the three queries
            try:
                return StatsReport(
                    tallies(conn, game_id, player, skipped),
                    head_to_head(conn, game_id, player, skipped),
                    recent_games(conn, game_id, player, games, skipped),
                )
            finally:
                conn.execute("ROLLBACK")

        report = self._use(work, StatsReport())
        self.notice = _joined(self.notice, skipped.notice(visible(self.path.name)))
        report.notice = self.notice
        return report

    def record_of(self, row_id: int) -> GameRecord | None:
        """The record of a game listed by :meth:`report` (None if it has none)."""
        from pydantic import ValidationError

        from ..core.record import GameRecord

        text = self._use(lambda conn: game_record(conn, row_id), None)
        if text is None:
            return None
        try:
            return GameRecord.model_validate_json(text)
        except ValidationError:
            return None


def _joined(first: str | None, second: str | None) -> str | None:
    return second if first is None else first if second is None else f"{first}; {second}"


def _game_values(
    key: str, game: Game, when: datetime, started: datetime | None, low: bool | None, record: GameRecord | None
) -> dict[str, Any]:
    """The games table's columns for one finished game, by name."""
    duration = None if started is None else max(0.0, (when - started).total_seconds())
    values: dict[str, Any] = {
        "key": key,
        "game": game.id,
        "ended": utc_text(when),
        "started": None if started is None else utc_text(started),
        "duration": duration,
        "moves": None,
        "undos": 0,
        "hints": 0,
        "options": "{}",
        "seed": None,
        "low_points_win": None if low is None else int(low),
        "record": None,
        "standin": 0,
    }
    if record is not None:
        values.update(
            moves=len(record.moves),
            undos=len(record.undos),
            hints=len(record.hints),
            options=json.dumps(record.options, sort_keys=True),
            seed=None if record.deck is not None else str(record.seed),
            record=record.model_dump_json(),
            standin=int(bool(record.standins)),
        )
    return values


def _seat_rows(names: Sequence[str], kinds: Sequence[str], outcome: Outcome) -> list[tuple[Any, ...]]:
    """The seats table's rows for one finished game (all but the game's row id)."""
    winners = set(outcome.winners())  # the game's own definition of a win
    return [
        (
            seat,
            player_key(name, kinds[seat]),
            shown_name(name, kinds[seat]),
            kinds[seat],
            outcome.places[seat],
            outcome.points[seat],
            int(seat in winners),
        )
        for seat, name in enumerate(names)
    ]
