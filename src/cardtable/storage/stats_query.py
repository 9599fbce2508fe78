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
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

from ..core.names import same_name_key, visible

#: How many recent results a row keeps for its chart.
RECENT = 20
#: The figures of a player's row (:meth:`StatRow.figures`), as the tables head them.
PLAYER_COLUMNS = ("Played", "Wins", "Win %", "Points", "Mean", "Best", "Worst", "Streak", "Longest")


@dataclass(frozen=True)
class Result:
    """One player's result in one game."""

    won: bool
    points: int
    place: int


@dataclass(frozen=True)
class StatRow:
    player: str
    game_id: str
    game_name: str
    played: int
    wins: int
    points: int
    best: int | None
    worst: int | None
    last_played: datetime | None
    current_streak: int = 0  # wins in a row lately (> 0), or losses (< 0); carried totals aside
    longest_streak: int = 0  # the most wins in a row
    recent: tuple[Result, ...] = ()  # oldest first
    player_key: str = ""

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.played if self.played else 0.0

    @property
    def streak_text(self) -> str:
        """``W3`` (the last three won), ``L2`` (the last two lost) or empty."""
        if self.current_streak > 0:
            return f"W{self.current_streak}"
        if self.current_streak < 0:
            return f"L{-self.current_streak}"
        return ""

    @property
    def recent_text(self) -> str:
        """The recent results as letters, oldest first: ``WLLW``."""
        return "".join("W" if r.won else "L" for r in self.recent)

    def figures(self) -> list[str]:
        """The :data:`PLAYER_COLUMNS`, as the tables show them."""
        return [
            str(self.played),
            str(self.wins),
            f"{100 * self.win_rate:.0f}",
            str(self.points),
            f"{self.mean_points:.1f}",
            "" if self.best is None else str(self.best),
            "" if self.worst is None else str(self.worst),
            self.streak_text,
            str(self.longest_streak),
        ]

    def as_json(self) -> dict:
        return {
            "player": self.player,
            "game": self.game_id,
            "played": self.played,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "points": self.points,
            "mean_points": round(self.mean_points, 4),
            "best": self.best,
            "worst": self.worst,
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
            "recent": [{"won": r.won, "points": r.points, "place": r.place} for r in self.recent],
            "last_played": self.last_played.isoformat() if self.last_played else None,
        }


@dataclass(frozen=True)
class Versus:
    """Two players at the same games (of one game, or of all: ``game_id`` None)."""

    game_id: str | None
    first: str
    second: str
    played: int
    first_ahead: int  # games the first finished ahead of the second
    second_ahead: int
    level: int  # the same place

    def as_json(self) -> dict:
        return {
            "game": self.game_id,
            "players": [self.first, self.second],
            "played": self.played,
            "ahead": [self.first_ahead, self.second_ahead],
            "level": self.level,
        }


@dataclass(frozen=True)
class SeatResult:
    name: str  # as the statistics show it ("Bob (normal computer)")
    kind: str
    place: int
    points: int
    won: bool


@dataclass(frozen=True)
class GameSummary:
    id: int
    key: str
    game_id: str
    game_name: str
    ended: datetime
    duration: float | None
    moves: int | None
    undos: int
    hints: int
    options: dict
    seed: str | None
    seats: tuple[SeatResult, ...]
    has_record: bool

    @property
    def players_text(self) -> str:
        """``Ann* 21, Bob 8``: the seats by place with their points, winners starred."""
        ranked = sorted(self.seats, key=lambda s: s.place)
        return ", ".join(f"{s.name}{'*' if s.won else ''} {s.points}" for s in ranked)

    @property
    def duration_text(self) -> str:
        if self.duration is None:
            return ""
        minutes, seconds = divmod(int(self.duration), 60)
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"

    def as_json(self) -> dict:
        return {
            "key": self.key,
            "game": self.game_id,
            "ended": self.ended.isoformat(),
            "duration_seconds": self.duration,
            "moves": self.moves,
            "undos": self.undos,
            "hints": self.hints,
            "options": self.options,
            "seed": None if self.seed is None else int(self.seed),
            "seats": [
                {"player": s.name, "kind": s.kind, "place": s.place, "points": s.points, "won": s.won} for s in self.seats
            ],
        }


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


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _names(conn: sqlite3.Connection) -> dict[str, str]:
    """Each player key's name as last written (single games win over carried totals)."""
    names = dict(conn.execute("SELECT player, name FROM carried"))
    names.update(conn.execute("SELECT player, name FROM seats WHERE rowid IN (SELECT MAX(rowid) FROM seats GROUP BY player)"))
    return {key: visible(name) for key, name in names.items()}


def _wanted(player: str | None, names: dict[str, str]) -> set[str] | None:
    """The player keys ``player`` names (by name, case ignored), or None for everyone."""
    if player is None:
        return None
    want = same_name_key(player)
    return {k for k, name in names.items() if want in (k.split(":")[-1], same_name_key(name))}


def _low_points(conn: sqlite3.Connection) -> dict[str, bool]:
    return {g: bool(low) for g, low in conn.execute("SELECT game, low_points_win FROM directions")}


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


def tallies(conn: sqlite3.Connection, game_id: str | None = None, player: str | None = None) -> list[StatRow]:
    """Per player and game (by game, then most wins)."""
    names = _names(conn)
    wanted = _wanted(player, names)
    low = _low_points(conn)
    games: dict[tuple[str, str], list[tuple[Result, str]]] = {}
    for key, gid, points, won, place, ended in conn.execute(
        "SELECT s.player, g.game, s.points, s.won, s.place, g.ended FROM seats s JOIN games g ON g.id = s.game "
        "WHERE (?1 IS NULL OR g.game = ?1) ORDER BY g.ended, g.id",
        (game_id,),
    ):
        if wanted is None or key in wanted:
            games.setdefault((key, gid), []).append((Result(bool(won), points, place), ended))
    carried = {
        (key, gid): rest
        for key, gid, *rest in conn.execute(
            "SELECT player, game, played, wins, points, best, worst, last_played FROM carried WHERE (?1 IS NULL OR game = ?1)",
            (game_id,),
        )
        if wanted is None or key in wanted
    }
    rows = []
    for key, gid in set(games) | set(carried):
        results = games.get((key, gid), [])
        better, worse = (min, max) if low.get(gid, False) else (max, min)
        points = [r.points for r, _ in results]
        played, wins, total = len(results), sum(r.won for r, _ in results), sum(points)
        best = better(points) if points else None
        worst = worse(points) if points else None
        last = _when(results[-1][1]) if results else None
        if (key, gid) in carried:
            c_played, c_wins, c_points, c_best, c_worst, c_last = carried[key, gid]
            played, wins, total = played + c_played, wins + c_wins, total + c_points
            best = c_best if best is None else best if c_best is None else better(best, c_best)
            worst = c_worst if worst is None else worst if c_worst is None else worse(worst, c_worst)
            c_last = _when(c_last)
            last = c_last if last is None else last if c_last is None else max(last, c_last)
        current, longest = streaks(r.won for r, _ in results)
        rows.append(
            StatRow(
                names.get(key, key), gid, game_name(gid), played, wins, total, best, worst, last,
                current, longest, tuple(r for r, _ in results[-RECENT:]), key,
            )
        )
    rows.sort(key=lambda r: (r.game_id, -r.wins, -r.win_rate, r.player.casefold()))
    return rows


def head_to_head(conn: sqlite3.Connection, game_id: str | None = None, player: str | None = None) -> list[Versus]:
    """Every two players who sat at the same games (most games together first)."""
    names = _names(conn)
    wanted = _wanted(player, names)
    query = conn.execute(
        "SELECT s1.player, s2.player, COUNT(*), SUM(s1.place < s2.place), SUM(s1.place > s2.place), "
        "SUM(s1.place = s2.place) FROM seats s1 JOIN seats s2 ON s2.game = s1.game AND s1.player < s2.player "
        "JOIN games g ON g.id = s1.game WHERE (?1 IS NULL OR g.game = ?1) GROUP BY s1.player, s2.player",
        (game_id,),
    )
    rows = []
    for a, b, played, a_ahead, b_ahead, level in query:
        if wanted is not None and a not in wanted and b not in wanted:
            continue
        first, second = names.get(a, a), names.get(b, b)
        if wanted is not None and b in wanted and a not in wanted:  # the player asked about comes first
            first, second, a_ahead, b_ahead = second, first, b_ahead, a_ahead
        rows.append(Versus(game_id, first, second, played, a_ahead, b_ahead, level))
    rows.sort(key=lambda v: (-v.played, v.first.casefold(), v.second.casefold()))
    return rows


def recent_games(
    conn: sqlite3.Connection, game_id: str | None = None, player: str | None = None, limit: int = 20
) -> list[GameSummary]:
    """The last ``limit`` finished games (of ``game_id``, with ``player``), most recent first."""
    if limit <= 0:
        return []
    wanted = None if player is None else _wanted(player, _names(conn))
    found: list[GameSummary] = []
    query = conn.execute(
        "SELECT id, key, game, ended, duration, moves, undos, hints, options, seed, record IS NOT NULL FROM games "
        "WHERE (?1 IS NULL OR game = ?1) ORDER BY ended DESC, id DESC",
        (game_id,),
    )
    for gid, key, game, ended, duration, moves, undos, hints, options, seed, has_record in query:
        seats = conn.execute("SELECT player, name, kind, place, points, won FROM seats WHERE game = ? ORDER BY seat", (gid,)).fetchall()
        if wanted is not None and not any(s[0] in wanted for s in seats):
            continue
        try:
            opts = json.loads(options)
        except ValueError:
            opts = {}
        found.append(
            GameSummary(
                gid, key, game, game_name(game), datetime.fromisoformat(ended), duration, moves, undos, hints,
                opts if isinstance(opts, dict) else {}, seed,
                tuple(SeatResult(visible(name), kind, place, points, bool(won)) for _, name, kind, place, points, won in seats),
                bool(has_record),
            )
        )
        if len(found) >= limit:
            break
    return found


def game_record(conn: sqlite3.Connection, row_id: int) -> str | None:
    """The record (JSON) of the game ``row_id``, for a replay."""
    row = conn.execute("SELECT record FROM games WHERE id = ?", (row_id,)).fetchone()
    return None if row is None else row[0]
