"""What a statistics report holds: a player's row, two players head to head, a
recent game (read by :mod:`.stats_query`, shown by the Statistics screen and
``cardtable stats``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

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
    #: a computer stood in for a player for some moves (a hosted table's stand-in)
    stand_in: bool = False

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
            "stand_in": self.stand_in,
            "options": self.options,
            "seed": None if self.seed is None else int(self.seed),
            "seats": [
                {"player": s.name, "kind": s.kind, "place": s.place, "points": s.points, "won": s.won}
                for s in self.seats
            ],
        }
