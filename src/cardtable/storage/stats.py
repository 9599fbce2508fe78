"""Statistics per player name and game (``$XDG_DATA_HOME/cardtable/stats.json``).

For each player (names compared without regard to case or surrounding
spaces) and each game: games played, wins (``Outcome.winners``: in Shed everyone but the last), total
points, and the best and worst points of a single game. Which end is "best"
follows the game: when the winners scored fewer points than the others (One-Card
counts penalty points) lower is better; the direction is remembered per game for
outcomes that do not tell (everyone tied).

A game is counted once, under a key (the save id and its start time), so the
end of a game can be recorded again after a crash without counting it twice.
A broken statistics file is reported and ignored when reading; the next game
recorded sets it aside (renamed, never deleted) and starts afresh.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Sequence

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from . import paths
from .atomic import atomic_write_text, file_lock, rename_no_clobber
from .jsonio import BadJson, first_error, parse_json

if TYPE_CHECKING:
    from ..core.engine import Game, Outcome

FORMAT = "cardtable-stats"
SCHEMA_VERSION = 1


class Tally(BaseModel):
    model_config = ConfigDict(extra="forbid")

    played: int = Field(0, ge=0)
    wins: int = Field(0, ge=0)
    points: int = 0
    best: int | None = None
    worst: int | None = None
    last_played: AwareDatetime | None = None


class PlayerStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str  # as last written
    games: dict[str, Tally] = Field(default_factory=dict)


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-stats"] = FORMAT
    schema_version: int = SCHEMA_VERSION
    players: dict[str, PlayerStats] = Field(default_factory=dict)  # by player_key(name)
    low_points_win: dict[str, bool] = Field(default_factory=dict)  # by game id
    counted: list[str] = Field(default_factory=list)  # keys of the games already counted


def player_key(name: str) -> str:
    return " ".join(name.split()).casefold()


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

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.played if self.played else 0.0

    def figures(self) -> list[str]:
        """Played, wins, win %, points, mean, best, worst: as the tables show them."""
        return [
            str(self.played),
            str(self.wins),
            f"{100 * self.win_rate:.0f}",
            str(self.points),
            f"{self.mean_points:.1f}",
            "" if self.best is None else str(self.best),
            "" if self.worst is None else str(self.worst),
        ]


@dataclass
class StatsLoad:
    stats: StatsFile
    notice: str | None = None  # set when the file is broken and was ignored


def _low_points_win(outcome: Outcome) -> bool | None:
    """Whether this outcome rewards low points (None if it does not tell)."""
    winners = [p for p, place in zip(outcome.points, outcome.places) if place == 1]
    others = [p for p, place in zip(outcome.points, outcome.places) if place != 1]
    if not winners or not others:
        return None
    win_mean = sum(winners) / len(winners)
    other_mean = sum(others) / len(others)
    if win_mean == other_mean:
        return None
    return win_mean < other_mean


class StatsStore:
    def __init__(self, path: Path | None = None) -> None:
        self._path = None if path is None else Path(path)

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else paths.stats_path()

    def _problem(self) -> tuple[StatsFile, str | None]:
        path = self.path
        try:
            raw = parse_json(path.read_bytes())
        except FileNotFoundError:
            return StatsFile(), None
        except OSError as exc:
            return StatsFile(), f"cannot read it ({exc.strerror or exc})"
        except BadJson as exc:
            return StatsFile(), str(exc)
        if isinstance(raw, dict) and isinstance(raw.get("schema_version"), int):
            if raw["schema_version"] > SCHEMA_VERSION:
                return StatsFile(), f"written by a newer cardtable (schema version {raw['schema_version']})"
        try:
            return StatsFile.model_validate(raw), None
        except ValidationError as exc:
            return StatsFile(), f"wrong schema ({first_error(exc, 'stats')})"

    def load(self) -> StatsLoad:
        stats, problem = self._problem()
        if problem is None:
            return StatsLoad(stats)
        return StatsLoad(stats, f"statistics file {self.path.name} ignored: {problem}")

    def record_game(
        self,
        key: str,
        game: Game,
        names: Sequence[str],
        outcome: Outcome,
        when: datetime | None = None,
    ) -> bool:
        """Count a finished game once (False if ``key`` was already counted)."""
        from .saves import utcnow

        when = when or utcnow()
        path = self.path
        with file_lock(path.with_name(path.name + ".lock")):
            stats, problem = self._problem()
            if problem is not None and path.exists():
                rename_no_clobber(path, path.with_name(path.name + ".damaged"))
            if key in stats.counted:
                return False
            low = _low_points_win(outcome)
            if low is not None:
                stats.low_points_win[game.id] = low
            low = stats.low_points_win.get(game.id, False)
            winners = outcome.winners()
            for seat, name in enumerate(names):
                pkey = player_key(name)
                player = stats.players.setdefault(pkey, PlayerStats(name=name.strip()))
                player.name = " ".join(name.split())
                tally = player.games.setdefault(game.id, Tally())
                points = outcome.points[seat]
                tally.played += 1
                tally.wins += int(seat in winners)  # the game's own definition (Outcome.winners)
                tally.points += points
                better, worse = (min, max) if low else (max, min)
                tally.best = points if tally.best is None else better(tally.best, points)
                tally.worst = points if tally.worst is None else worse(tally.worst, points)
                tally.last_played = when
            stats.counted.append(key)
            atomic_write_text(path, stats.model_dump_json(indent=1) + "\n")
        return True

    def rows(self, game_id: str | None = None, player: str | None = None) -> tuple[list[StatRow], str | None]:
        """The statistics as rows (by game, then most wins), and a notice if the file is broken."""
        from ..games import get_game

        loaded = self.load()
        names: dict[str, str] = {}

        def game_name(gid: str) -> str:
            if gid not in names:
                try:
                    names[gid] = get_game(gid).name
                except (KeyError, ImportError):
                    names[gid] = gid
            return names[gid]

        rows = []
        for pkey, entry in loaded.stats.players.items():
            if player is not None and pkey != player_key(player):
                continue
            for gid, tally in entry.games.items():
                if game_id is not None and gid != game_id:
                    continue
                rows.append(
                    StatRow(
                        entry.name,
                        gid,
                        game_name(gid),
                        tally.played,
                        tally.wins,
                        tally.points,
                        tally.best,
                        tally.worst,
                        tally.last_played,
                    )
                )
        rows.sort(key=lambda r: (r.game_id, -r.wins, -r.win_rate, r.player.casefold()))
        return rows, loaded.notice
