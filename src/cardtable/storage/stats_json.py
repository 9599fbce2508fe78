"""The statistics file of earlier versions (``stats.json``), read once to be imported.

It held totals per player and game (no single games): games played, wins,
points, best and worst, the direction of "best" per game, and the keys of the
games counted. :mod:`.stats_db` imports it into the database once; nothing
writes it any more, and it is left where it was, as a backup.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from ..core.osfile import reason
from .jsonio import BadJson, first_error, load_json_file

FORMAT: Final = "cardtable-stats"
SCHEMA_VERSION = 2  # 2: players keyed "human:<name>" or "computer:<level>:<name>" (1: by name alone)

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
    players: dict[str, PlayerStats] = Field(default_factory=dict)  # by player key
    low_points_win: dict[str, StrictBool] = Field(default_factory=dict)  # by game id
    counted: list[StrictStr] = Field(default_factory=list)  # keys of the games already counted


def _upgrade(raw: dict) -> dict:
    """Version 1 (players keyed by name alone) to version 2: every player of a
    version-1 file is taken for a human (the file does not tell)."""
    players = raw.get("players")
    if isinstance(players, dict):
        raw["players"] = {f"human:{key}": value for key, value in players.items()}
    raw["schema_version"] = 2
    return raw


def read_stats_json(path: Path) -> tuple[StatsFile | None, str | None]:
    """The file's statistics (None if there is no file), or the problem with it."""
    try:
        raw = load_json_file(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"cannot read it ({reason(exc)})"
    except BadJson as exc:
        return None, str(exc)
    if not isinstance(raw, dict):
        return None, f"wrong schema (expected a JSON object, found {type(raw).__name__})"
    version = raw.get("schema_version", 1)
    if type(version) is int and version > SCHEMA_VERSION:
        return None, f"written by a newer cardtable (schema version {version}; this one reads up to {SCHEMA_VERSION})"
    if version == 1 and type(version) is int:
        raw = _upgrade(raw)
    try:
        return StatsFile.model_validate(raw), None
    except ValidationError as exc:
        return None, f"wrong schema ({first_error(exc, 'stats')})"
