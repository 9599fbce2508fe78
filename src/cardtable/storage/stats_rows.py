"""Reading the statistics' rows defensively.

SQLite keeps whatever was written, whatever a column's declared type (the
checks of :mod:`.stats_schema` stop cardtable's own database taking a wrong
value, not another program editing the file). So every value a query reads
goes through one of these readers; a row with a value that is not what it
must be (points as text, a date that is not a date) raises :class:`BadRow`,
and the query counts it in :class:`Skipped` and goes on without it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


class BadRow(ValueError):
    """A value of the wrong type or range in a row."""


def integer(value: Any, low: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low):
        raise BadRow(value)
    return value


def optional_integer(value: Any, low: int | None = None) -> int | None:
    return None if value is None else integer(value, low)


def flag(value: Any) -> bool:
    if type(value) is not int or value not in (0, 1):
        raise BadRow(value)
    return bool(value)


def text(value: Any) -> str:
    if type(value) is not str:
        raise BadRow(value)
    return value


def when(value: Any) -> datetime:
    """A stored time (ISO 8601; one without a zone is taken as UTC)."""
    try:
        moment = datetime.fromisoformat(text(value))
    except ValueError:
        raise BadRow(value) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def optional_when(value: Any) -> datetime | None:
    return None if value is None else when(value)


def seconds(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value < 10**9:
        raise BadRow(value)
    return float(value)


def seed(value: Any) -> str | None:
    """A seed, kept as the text of a whole number."""
    if value is None:
        return None
    try:
        int(text(value))
    except ValueError:
        raise BadRow(value) from None
    return value


class Skipped:
    """The rows a query could not read: (table, rowid), each counted once."""

    def __init__(self) -> None:
        self.rows: set[tuple[str, int]] = set()

    def add(self, table: str, rowid: Any) -> None:
        self.rows.add((table, rowid if type(rowid) is int else -1))

    def notice(self, name: str) -> str | None:
        """One line for people (``name``: the database's file name), or None if none was skipped."""
        if not self.rows:
            return None
        count = len(self.rows)
        rows = "row" if count == 1 else "rows"
        return f"statistics database {name}: {count} {rows} with values of the wrong type could not be read and are left out"
