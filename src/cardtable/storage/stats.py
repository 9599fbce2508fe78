"""Statistics per player and game (``$XDG_DATA_HOME/cardtable/stats.json``).

Players are told apart so: a human by name, compared without regard to case
or surrounding spaces (``Ann`` and ``ann`` are one person, and one table may
not seat both: see :mod:`cardtable.core.names`); a computer by its level and name
("Bob (normal computer)"), so a computer never merges with a human of the
same name, nor with a computer of another level.
:data:`HOW_PLAYERS_ARE_TOLD_APART` says so in words for the screens.

For each player and each game: games played, wins (``Outcome.winners``: in Shed, every player who got rid of all their cards), total
points, and the best and worst points of a single game. Which end is "best"
follows the game: when the winners scored fewer points than the others (One-Card
counts penalty points) lower is better; the direction is remembered per game for
outcomes that do not tell (everyone tied).

A game is counted once, under a key (the save id and its start time), so the
end of a game can be recorded again after a crash without counting it twice.
A broken statistics file is reported and ignored when reading; the next game
recorded sets it aside (renamed, never deleted) and starts afresh. A file from
a newer cardtable is reported and left alone: games are not counted in it
until this cardtable is updated.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Sequence

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from ..core.names import same_name_key, visible
from . import paths
from .atomic import atomic_write_text, file_lock, rename_no_clobber, sweep_temp_files
from .jsonio import BadJson, first_error, load_json_file

if TYPE_CHECKING:
    from ..core.engine import Game, Outcome

FORMAT = "cardtable-stats"
SCHEMA_VERSION = 2  # 2: players keyed "human:<name>" or "computer:<level>" (1: by name alone)

HOW_PLAYERS_ARE_TOLD_APART = (
    "Humans are counted by name (Ann and ann are one player), computers by name and level, "
    "apart from humans. Give each person their own name: everyone left at "
    "\"Player 1\" counts as one player."
)
_COUNT = Field(0, ge=0, le=10**12)
_POINTS = Field(0, ge=-(10**15), le=10**15)


class Tally(BaseModel):
    model_config = ConfigDict(extra="forbid")

    played: StrictInt = _COUNT
    wins: StrictInt = _COUNT
    points: StrictInt = _POINTS
    best: StrictInt | None = Field(None, ge=-(10**15), le=10**15)
    worst: StrictInt | None = Field(None, ge=-(10**15), le=10**15)
    last_played: AwareDatetime | None = None


class PlayerStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: StrictStr = Field(max_length=100)  # as last written
    games: dict[str, Tally] = Field(default_factory=dict)


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-stats"] = FORMAT
    schema_version: StrictInt = SCHEMA_VERSION
    players: dict[str, PlayerStats] = Field(default_factory=dict)  # by player_key(name, kind)
    low_points_win: dict[str, StrictBool] = Field(default_factory=dict)  # by game id
    counted: list[StrictStr] = Field(default_factory=list)  # keys of the games already counted


def player_key(name: str, kind: str = "human") -> str:
    """``human:<name>`` or ``computer:<level>:<name>`` (names: case and spaces ignored)."""
    if kind != "human":
        return f"computer:{kind}:{same_name_key(name)}"
    return f"human:{same_name_key(name)}"


def shown_name(name: str, kind: str = "human") -> str:
    """How a player is named in the statistics: ``Ann``, ``Bob (normal computer)``."""
    name = " ".join(name.split())
    return name if kind == "human" else f"{name} ({kind} computer)"


def _upgrade(raw: dict) -> dict:
    """Version 1 (players keyed by name alone, computers included) to version 2: every
    player of a version-1 file is taken for a human (the file does not tell)."""
    players = raw.get("players")
    if isinstance(players, dict):
        raw["players"] = {f"human:{key}": value for key, value in players.items()}
    raw["schema_version"] = 2
    return raw


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
        stats, problem, _newer = self._read()
        return stats, problem

    def _read(self) -> tuple[StatsFile, str | None, bool]:
        """The statistics, the problem with the file if any, and whether it is from a newer cardtable."""
        path = self.path
        try:
            raw = load_json_file(path)
        except FileNotFoundError:
            return StatsFile(), None, False
        except OSError as exc:
            return StatsFile(), f"cannot read it ({exc.strerror or exc})", False
        except BadJson as exc:
            return StatsFile(), str(exc), False
        if not isinstance(raw, dict):
            return StatsFile(), f"wrong schema (expected a JSON object, found {type(raw).__name__})", False
        version = raw.get("schema_version", 1)
        if type(version) is int and version > SCHEMA_VERSION:
            return StatsFile(), (
                f"written by a newer cardtable (schema version {version}; this one reads up to {SCHEMA_VERSION}); "
                "it is left as it is, and games are not counted until cardtable is updated"
            ), True
        if version == 1 and type(version) is int:
            raw = _upgrade(raw)
        try:
            return StatsFile.model_validate(raw), None, False
        except ValidationError as exc:
            return StatsFile(), f"wrong schema ({first_error(exc, 'stats')})", False

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
        kinds: Sequence[str] | None = None,
    ) -> bool:
        """Count a finished game once (False if ``key`` was already counted, or if the
        file is from a newer cardtable, which is left alone). ``kinds``: each seat's
        kind ("human" or a computer level; all human if not given)."""
        when = when or datetime.now(timezone.utc)
        kinds = list(kinds) if kinds is not None else ["human"] * len(names)
        path = self.path
        with file_lock(path.with_name(path.name + ".lock")):
            sweep_temp_files(path.parent)
            stats, problem, newer = self._read()
            if newer:
                return False
            if problem is not None and os.path.lexists(path):
                rename_no_clobber(path, path.with_name(path.name + ".damaged"))
            if key in stats.counted:
                return False
            low = _low_points_win(outcome)
            if low is not None:
                stats.low_points_win[game.id] = low
            low = stats.low_points_win.get(game.id, False)
            winners = outcome.winners()
            for seat, name in enumerate(names):
                pkey = player_key(name, kinds[seat])
                player = stats.players.setdefault(pkey, PlayerStats(name=shown_name(name, kinds[seat])))
                player.name = shown_name(name, kinds[seat])
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
        wanted = None if player is None else same_name_key(player)
        for pkey, entry in loaded.stats.players.items():
            if wanted is not None and wanted not in (pkey.split(":")[-1], same_name_key(entry.name)):
                continue
            for gid, tally in entry.games.items():
                if game_id is not None and gid != game_id:
                    continue
                rows.append(
                    StatRow(
                        visible(entry.name),
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
