"""What the statistics say, read from the database: the one set of queries the
Statistics screen and ``cardtable stats`` share.

* :func:`tallies`: per player and game, played, wins (``Outcome.winners()``,
  stored with each seat), win rate, points, best and worst, the current and
  longest streak, and the recent results (for the chart);
* :func:`head_to_head`: for two players who sat at the same games, who
  finished ahead of whom;
* :func:`recent_games`: the finished games, most recent first (with what a
  replay needs: :func:`game_record`).

Totals carried over from ``stats.json`` add to played, wins, points, best and
worst; they hold no single games, so streaks, head-to-head and recent games
count only the games filed since.

Every value is read through :mod:`.stats_rows`: a row that holds a value of the
wrong type is left out and counted in the ``skipped`` each query is given.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime

from ..core.names import same_name_key, visible
from . import stats_rows as read
from .stats_report import PLAYER_COLUMNS, RECENT, GameSummary, Result, SeatResult, StatRow, Versus
from .stats_rows import BadRow, Skipped

__all__ = ["PLAYER_COLUMNS", "RECENT", "GameSummary", "StatRow", "Versus", "game_record", "head_to_head"]
__all__ += ["recent_games", "streaks", "tallies"]

# -- helpers ---------------------------------------------------------------------------------


_GAME_NAMES: dict[str, str] = {}


def game_name(game_id: str) -> str:
    if game_id not in _GAME_NAMES:
        from ..games import get_game

        try:
            _GAME_NAMES[game_id] = get_game(game_id).name
        except (KeyError, ImportError):
            _GAME_NAMES[game_id] = visible(game_id)
    return _GAME_NAMES[game_id]


def _names(conn: sqlite3.Connection, skipped: Skipped) -> dict[str, str]:
    """Each player key's name as last written (single games win over carried totals)."""
    rows = [("carried", *r) for r in conn.execute("SELECT rowid, player, name FROM carried")]
    rows += [
        ("seats", *r)
        for r in conn.execute(
            "SELECT rowid, player, name FROM seats WHERE rowid IN (SELECT MAX(rowid) FROM seats GROUP BY player)"
        )
    ]
    names = {}
    for table, rowid, key, name in rows:
        try:
            names[read.text(key)] = visible(read.text(name))
        except BadRow:
            skipped.add(table, rowid)
    return names


def _wanted(player: str | None, names: dict[str, str]) -> set[str] | None:
    """The player keys ``player`` names (by name, case ignored), or None for everyone."""
    if player is None:
        return None
    want = same_name_key(player)
    return {k for k, name in names.items() if want in (k.split(":")[-1], same_name_key(name))}


def _low_points(conn: sqlite3.Connection) -> dict[str, bool]:
    return {g: low == 1 for g, low in conn.execute("SELECT game, low_points_win FROM directions")}


def streaks(results: Iterable[bool]) -> tuple[int, int]:
    """(current, longest): the current run (wins > 0, losses < 0) and the most wins in a row."""
    current = longest = 0
    for won in results:
        if won:
            current = current + 1 if current > 0 else 1
            longest = max(longest, current)
        else:
            current = current - 1 if current < 0 else -1
    return current, longest


# -- the queries -----------------------------------------------------------------------------

Results = dict[tuple[str, str], list[tuple[Result, datetime]]]


def _results(conn: sqlite3.Connection, game_id: str | None, wanted: set[str] | None, skipped: Skipped) -> Results:
    """Each (player key, game)'s results, oldest first, with when each game ended."""
    games: Results = {}
    for rowid, key, gid, points, won, place, ended in conn.execute(
        "SELECT s.rowid, s.player, g.game, s.points, s.won, s.place, g.ended FROM seats s JOIN games g "
        "ON g.id = s.game WHERE (?1 IS NULL OR g.game = ?1) ORDER BY g.ended, g.id",
        (game_id,),
    ):
        try:
            entry = (read.text(key), read.text(gid))
            result = Result(read.flag(won), read.integer(points), read.integer(place, 1))
            moment = read.when(ended)
        except BadRow:
            skipped.add("seats", rowid)
            continue
        if wanted is None or entry[0] in wanted:
            games.setdefault(entry, []).append((result, moment))
    return games


Carried = tuple[int, int, int, int | None, int | None, datetime | None]


def _carried(
    conn: sqlite3.Connection, game_id: str | None, wanted: set[str] | None, skipped: Skipped
) -> dict[tuple[str, str], Carried]:
    """The totals carried over from stats.json, by (player key, game)."""
    carried = {}
    for rowid, key, gid, played, wins, points, best, worst, last in conn.execute(
        "SELECT rowid, player, game, played, wins, points, best, worst, last_played FROM carried "
        "WHERE (?1 IS NULL OR game = ?1)",
        (game_id,),
    ):
        try:
            entry = (read.text(key), read.text(gid))
            totals = (read.integer(played, 0), read.integer(wins, 0), read.integer(points))
            extremes = (read.optional_integer(best), read.optional_integer(worst), read.optional_when(last))
        except BadRow:
            skipped.add("carried", rowid)
            continue
        if wanted is None or entry[0] in wanted:
            carried[entry] = (*totals, *extremes)
    return carried


def _either(first, second, pick):
    return first if second is None else second if first is None else pick(first, second)


def tallies(
    conn: sqlite3.Connection, game_id: str | None = None, player: str | None = None, skipped: Skipped | None = None
) -> list[StatRow]:
    """Per player and game (by game, then most wins)."""
    skipped = skipped if skipped is not None else Skipped()
    names = _names(conn, skipped)
    wanted = _wanted(player, names)
    low = _low_points(conn)
    games = _results(conn, game_id, wanted, skipped)
    carried = _carried(conn, game_id, wanted, skipped)
    rows = []
    for key, gid in set(games) | set(carried):
        results = games.get((key, gid), [])
        better, worse = (min, max) if low.get(gid, False) else (max, min)
        points = [r.points for r, _ in results]
        played, wins, total = len(results), sum(r.won for r, _ in results), sum(points)
        best = better(points) if points else None
        worst = worse(points) if points else None
        last = results[-1][1] if results else None
        if (key, gid) in carried:
            c_played, c_wins, c_points, c_best, c_worst, c_last = carried[key, gid]
            played, wins, total = played + c_played, wins + c_wins, total + c_points
            best, worst = _either(best, c_best, better), _either(worst, c_worst, worse)
            last = _either(last, c_last, max)
        current, longest = streaks(r.won for r, _ in results)
        recent = tuple(r for r, _ in results[-RECENT:])
        rows.append(
            StatRow(
                names.get(key, visible(key)),
                gid,
                game_name(gid),
                played,
                wins,
                total,
                best,
                worst,
                last,
                current,
                longest,
                recent,
                key,
            )  # fmt: skip
        )
    rows.sort(key=lambda r: (r.game_id, -r.wins, -r.win_rate, r.player.casefold()))
    return rows


#: Two seats of one game, each read (a seat of the wrong types takes part in no pair).
_GOOD_SEAT = "typeof({s}.player) = 'text' AND typeof({s}.place) = 'integer'"


def head_to_head(
    conn: sqlite3.Connection, game_id: str | None = None, player: str | None = None, skipped: Skipped | None = None
) -> list[Versus]:
    """Every two players who sat at the same games (most games together first)."""
    names = _names(conn, skipped if skipped is not None else Skipped())
    wanted = _wanted(player, names)
    query = conn.execute(
        "SELECT s1.player, s2.player, COUNT(*), SUM(s1.place < s2.place), SUM(s1.place > s2.place), "
        "SUM(s1.place = s2.place) FROM seats s1 JOIN seats s2 ON s2.game = s1.game AND s1.player < s2.player "
        f"JOIN games g ON g.id = s1.game WHERE (?1 IS NULL OR g.game = ?1) AND {_GOOD_SEAT.format(s='s1')} "
        f"AND {_GOOD_SEAT.format(s='s2')} GROUP BY s1.player, s2.player",
        (game_id,),
    )
    rows = []
    for a, b, played, a_ahead, b_ahead, level in query:
        if wanted is not None and a not in wanted and b not in wanted:
            continue
        first, second = names.get(a, visible(a)), names.get(b, visible(b))
        if wanted is not None and b in wanted and a not in wanted:  # the player asked about comes first
            first, second, a_ahead, b_ahead = second, first, b_ahead, a_ahead
        rows.append(Versus(game_id, first, second, played, a_ahead, b_ahead, level))
    rows.sort(key=lambda v: (-v.played, v.first.casefold(), v.second.casefold()))
    return rows


def _seats(conn: sqlite3.Connection, row_id: int) -> tuple[list[str], tuple[SeatResult, ...]]:
    """A game's seats: their player keys, and their results (BadRow if one cannot be read)."""
    keys, results = [], []
    for key, name, kind, place, points, won in conn.execute(
        "SELECT player, name, kind, place, points, won FROM seats WHERE game = ? ORDER BY seat", (row_id,)
    ):
        keys.append(read.text(key))
        results.append(
            SeatResult(
                visible(read.text(name)), read.text(kind), read.integer(place, 1), read.integer(points), read.flag(won)
            )
        )
    return keys, tuple(results)


def _options(text: object) -> dict:
    try:
        options = json.loads(read.text(text))
    except (ValueError, RecursionError):
        return {}
    return options if isinstance(options, dict) else {}


def _summary(conn: sqlite3.Connection, row: tuple, wanted: set[str] | None) -> GameSummary | None:
    """One game's row read (BadRow if it cannot be), or None if ``wanted`` sat at none of its seats."""
    row_id, key, game, ended, duration, moves, undos, hints, options, seed, has_record, standin = row
    keys, seats = _seats(conn, read.integer(row_id))
    if wanted is not None and not wanted.intersection(keys):
        return None
    return GameSummary(
        row_id, read.text(key), read.text(game), game_name(read.text(game)), read.when(ended), read.seconds(duration),
        read.optional_integer(moves, 0), read.integer(undos, 0), read.integer(hints, 0), _options(options),
        read.seed(seed), seats, bool(has_record), read.flag(standin),
    )  # fmt: skip


def recent_games(
    conn: sqlite3.Connection,
    game_id: str | None = None,
    player: str | None = None,
    limit: int = 20,
    skipped: Skipped | None = None,
) -> list[GameSummary]:
    """The last ``limit`` finished games (of ``game_id``, with ``player``), most recent first."""
    if limit <= 0:
        return []
    skipped = skipped if skipped is not None else Skipped()
    wanted = None if player is None else _wanted(player, _names(conn, skipped))
    found: list[GameSummary] = []
    query = conn.execute(
        "SELECT id, key, game, ended, duration, moves, undos, hints, options, seed, record IS NOT NULL, standin "
        "FROM games "
        "WHERE (?1 IS NULL OR game = ?1) ORDER BY ended DESC, id DESC",
        (game_id,),
    )
    for row in query:
        try:
            summary = _summary(conn, row, wanted)
        except BadRow:
            skipped.add("games", row[0])
            continue
        if summary is not None:
            found.append(summary)
        if len(found) >= limit:
            break
    return found


def game_record(conn: sqlite3.Connection, row_id: int) -> str | None:
    """The record (JSON) of the game ``row_id``, for a replay (None if it has none, or not as text)."""
    row = conn.execute("SELECT record FROM games WHERE id = ?", (row_id,)).fetchone()
    return row[0] if row is not None and type(row[0]) is str else None
