"""The save file format: a JSON object of seats, times, whose turn, a digest and the game record.

:class:`SaveFile` is the model (pydantic, strict); :func:`parse_save` turns a
file's bytes into one, upgrading an older schema version through
:data:`MIGRATIONS` (none yet) and refusing a newer one; :meth:`SaveFile.to_json`
writes one back. Nothing here replays the moves (:mod:`.replay_check` does).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from ...core.names import name_problem
from ...core.record import GameRecord
from ...session import SEAT_KINDS, Seat, Session
from ..jsonio import BadJson, first_error, parse_json
from .errors import DamagedSave, UnsupportedSave

FORMAT: Final = "cardtable-save"
SCHEMA_VERSION = 1

# Upgrades of older save files, by the version they upgrade from (n -> n + 1).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def utcnow() -> datetime:
    return datetime.now(UTC)


def _levels_offered(game_id: str) -> tuple[str, ...] | None:
    """The computer levels ``game_id`` offers (None: a game this program does not know)."""
    from ...games import get_row

    try:
        return get_row(game_id).levels
    except KeyError:
        return None


class SavedSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: StrictStr
    kind: StrictStr = "human"

    @field_validator("name")
    @classmethod
    def _good_name(cls, name: str) -> str:
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r} (expected one of {', '.join(SEAT_KINDS)})")
        return kind

    def seat(self) -> Seat:
        return Seat(self.name, self.kind)


class SaveFile(BaseModel):
    """One saved game, as stored (JSON)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-save"] = FORMAT
    schema_version: StrictInt = SCHEMA_VERSION
    created: AwareDatetime
    updated: AwareDatetime
    seats: list[SavedSeat] = Field(max_length=64)
    to_act: list[StrictInt] = Field(max_length=64)
    over: StrictBool
    digest: StrictStr = Field(min_length=1, max_length=200)
    record: GameRecord

    @model_validator(mode="after")
    def _consistent(self) -> SaveFile:
        players = self.record.players
        if len(self.seats) != players:
            raise ValueError(f"{len(self.seats)} seats for a {players}-player game")
        if self.record.names is not None and self.record.names != [s.name for s in self.seats]:
            raise ValueError("the record's names differ from the seats' names")
        if any(not 0 <= p < players for p in self.to_act):
            raise ValueError(f"to_act {self.to_act} names a seat that does not exist")
        # expert is offered only where it measured stronger than hard (the game's registry
        # row); the other levels are checked against SEAT_KINDS alone, as they always were
        offered = _levels_offered(self.record.game)
        for seat in self.seats:
            if offered is not None and seat.kind == "expert" and seat.kind not in offered:
                raise ValueError(f"{self.record.game} offers no {seat.kind} computer player")
        return self

    @property
    def moves(self) -> int:
        return len(self.record.moves)

    @classmethod
    def snapshot(cls, session: Session, created: datetime | None = None, now: datetime | None = None) -> SaveFile:
        now = now or utcnow()
        return cls(
            created=created or now,
            updated=now,
            seats=[SavedSeat(name=s.name, kind=s.kind) for s in session.seats],
            to_act=list(session.to_act),
            over=session.is_over,
            digest=session.game.digest(session.state),
            record=session.record(),
        )

    def to_json(self) -> str:
        return pretty_json(self.model_dump(mode="json"))


def parse_save(data: bytes, name: str = "save", path: Path | None = None) -> SaveFile:
    """Parse and validate a save's bytes (no replay). Raises DamagedSave or UnsupportedSave."""

    def damaged(reason: str) -> DamagedSave:
        return DamagedSave(name, reason, path)

    try:
        raw = parse_json(data)
    except BadJson as exc:
        raise damaged(str(exc)) from None
    if not isinstance(raw, dict):
        raise damaged(f"wrong schema: expected a JSON object, found {type(raw).__name__}")
    if raw.get("format") != FORMAT:
        if {"game", "players", "moves"} <= raw.keys():
            raise damaged("wrong schema: a game record, not a save (`cardtable replay` reads records)")
        raise damaged('wrong schema: not a cardtable save (no "format": "cardtable-save")')
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise damaged(f"wrong version: schema_version must be an integer, found {version!r}")
    if version > SCHEMA_VERSION:
        raise UnsupportedSave(
            name,
            f"saved by a newer cardtable (save schema version {version}; this one reads up to "
            f"{SCHEMA_VERSION}): update cardtable to resume it",
            path,
        )
    if version < 1:
        raise damaged(f"wrong version: unknown schema version {version}")
    while version < SCHEMA_VERSION:  # pragma: no cover - no older versions yet
        raw = MIGRATIONS[version](raw)
        version += 1
        raw["schema_version"] = version
    try:
        return SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise damaged(f"wrong schema: {first_error(exc, 'save')}") from None


def record_json(record: GameRecord) -> str:
    """A game record as the file ``cardtable replay`` reads."""
    return pretty_json(record.model_dump(mode="json"))


def pretty_json(value: Any, width: int = 100) -> str:
    """Indented JSON whose small parts (a move, a seat) stay on one line each."""

    def render(item: Any, depth: int) -> str:
        flat = json.dumps(item, ensure_ascii=False)
        if not isinstance(item, (dict, list)) or not item or len(flat) + depth <= width:
            return flat
        pad = " " * (depth + 1)
        if isinstance(item, dict):
            parts = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {render(v, depth + 1)}" for k, v in item.items()]
            return "{\n" + ",\n".join(parts) + "\n" + " " * depth + "}"
        parts = [pad + render(v, depth + 1) for v in item]
        return "[\n" + ",\n".join(parts) + "\n" + " " * depth + "]"

    return render(value, 0) + "\n"
