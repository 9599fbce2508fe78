"""Game records: the JSON a game replays from (``cardtable replay``, saves).

A record holds everything needed to rebuild a game: the game id, the number
of players, the options, a seed or an explicit deck order (top card first),
and the moves in order. Replaying applies each move through the engine, so an
illegal move is caught with its index and the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_serializer, model_validator

from .cards import Card, parse_card
from .codec import move_from_json, move_to_json
from .engine import AnyGame, Event, IllegalMove
from .jsonfile import BadJson, load_json_file
from .names import names_problem, visible
from .osfile import reason

#: Seeds a record may hold: any 64-bit value, signed or not.
SEED_MIN, SEED_MAX = -(2**63), 2**64 - 1
#: The most moves a record may hold (a long game has a few thousand; the file's size,
#: at most ``jsonfile.MAX_FILE_BYTES``, is told first). Counted before a move is checked.
MAX_MOVES = 100_000
#: The most options a record may name (a game has about a dozen).
MAX_OPTIONS = 100


class MoveEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    player: int = Field(ge=0, le=63)
    move: dict[str, Any]


class UndoMark(BaseModel):
    """``player`` took back ``taken`` moves, leaving ``at`` moves in the record.

    ``seen_by``: the seats that saw something of the moves taken back, when nobody else
    did (Shed's exchange: the others must not learn there were swaps); None: everyone
    saw them (a public event), and every log tells the undo."""

    model_config = ConfigDict(extra="forbid", strict=True)
    at: int = Field(ge=0, le=MAX_MOVES)
    taken: int = Field(ge=1, le=MAX_MOVES)
    player: int = Field(ge=0, le=63)
    seen_by: list[int] | None = Field(default=None, max_length=64, exclude_if=lambda value: value is None)

    def told_to(self, viewer: int | None) -> bool:
        """Whether ``viewer``'s log tells this undo (None: the public log)."""
        return self.seen_by is None or (viewer is not None and viewer in self.seen_by)


class HintMark(BaseModel):
    """``player`` asked for a hint with ``at`` moves in the record."""

    model_config = ConfigDict(extra="forbid", strict=True)
    at: int = Field(ge=0, le=MAX_MOVES)
    player: int = Field(ge=0, le=63)


class StandInMark(BaseModel):
    """Move ``at`` (by ``player``) was made by a computer standing in for that player (a
    table server's seat whose player had gone, or whose turn clock ran out)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    at: int = Field(ge=0, le=MAX_MOVES)
    player: int = Field(ge=0, le=63)


class GameRecord(BaseModel):
    """Strict: a string where a number belongs (``"players": "3"``) is refused, never converted."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
    players: int = Field(ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    seed: int = Field(0, ge=SEED_MIN, le=SEED_MAX)
    deck: list[str] | None = Field(None, max_length=1000)
    names: list[str] | None = None
    moves: list[MoveEntry] = Field(default_factory=list, max_length=MAX_MOVES)
    #: undos and hints used (not needed to replay; kept for the log and the statistics)
    undos: list[UndoMark] = Field(default_factory=list, max_length=MAX_MOVES)
    hints: list[HintMark] = Field(default_factory=list, max_length=MAX_MOVES)
    #: the moves a stand-in made (left out of the JSON when there are none)
    standins: list[StandInMark] = Field(default_factory=list, max_length=MAX_MOVES)

    @model_serializer(mode="wrap")
    def _without_empty_standins(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("standins"):
            data.pop("standins", None)
        return data

    @field_validator("names")
    @classmethod
    def _good_names(cls, names: list[str] | None) -> list[str] | None:
        if names is not None:
            problem = names_problem(names)
            if problem is not None:
                raise ValueError(problem)
        return names

    @model_validator(mode="after")
    def _names_per_seat(self) -> GameRecord:
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"{len(self.names)} names for {self.players} players")
        if any(m.player >= self.players for m in self.moves):
            index = next(i for i, m in enumerate(self.moves) if m.player >= self.players)
            raise ValueError(
                f"move {index} is by player {self.moves[index].player}, but seats are 0 to {self.players - 1}"
            )
        marks: list[UndoMark | HintMark | StandInMark] = [*self.undos, *self.hints, *self.standins]
        if any(mark.player >= self.players for mark in marks):
            raise ValueError(f"an undo or hint names a seat that does not exist (seats are 0 to {self.players - 1})")
        return self


#: Finds a game's engine by its id (``cardtable.games.get_game``); raises KeyError
#: for an unknown id. Core knows no game: the caller says where games are found.
GameLookup = Callable[[str], AnyGame]


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


class NoRecordFile(RecordError):
    """No file at the path given (a bad argument rather than a bad file)."""


@dataclass
class Replayed:
    game: AnyGame
    state: Any
    #: (move index, event); the events of the deal, before the first move, have index -1
    events: list[tuple[int, Event]] = field(default_factory=list)


def validation_problem(exc: ValidationError, default: str = "record") -> str:
    """A pydantic error as one line: ``where: what (and N more)``, safe to print."""
    errors = exc.errors()
    err = errors[0]
    where = visible(".".join(str(p) for p in err["loc"]) or default)[:80]
    msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"].removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {visible(msg)}{more}"


def load_record(path: str | Path) -> GameRecord:
    """The record in the file at ``path``; RecordError names the file and the problem."""
    path = Path(path)
    shown = visible(str(path))
    try:
        data = load_json_file(path)
    except FileNotFoundError:
        raise NoRecordFile(f"{shown}: cannot read: no such file") from None
    except OSError as exc:
        raise RecordError(f"{shown}: cannot read: {reason(exc)}") from None
    except BadJson as exc:
        raise RecordError(f"{shown}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{shown}: not a game record: expected a JSON object, found {type(data).__name__}")
    if data.get("format") == "cardtable-save":
        raise RecordError(
            f"{shown}: a saved game, not a game record: export it first "
            "(`cardtable export ID FILE` writes a record `cardtable replay` reads)"
        )
    moves = data.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise RecordError(f"{shown}: not a game record: {len(moves):,} moves (at most {MAX_MOVES:,})")
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"{shown}: not a game record: {validation_problem(exc)}") from None


def parse_deck(codes: list[str] | None) -> tuple[Card, ...] | None:
    if codes is None:
        return None
    try:
        return tuple(parse_card(code) for code in codes)
    except ValueError as exc:
        raise RecordError(f"deck: {exc}") from None


def start_state(record: GameRecord, lookup: GameLookup) -> tuple[AnyGame, Any, tuple[Event, ...]]:
    """The record's game, its first state and the events of the deal."""
    try:
        game = lookup(record.game)
    except KeyError as exc:
        raise RecordError(visible(str(exc))) from None
    try:
        game.check_players(record.players)
        options = game.make_options(record.options)
        state, events = game.start(record.players, options, seed=record.seed, deck=parse_deck(record.deck))
    except ValueError as exc:
        raise RecordError(visible(str(exc))) from None
    except Exception as exc:  # an engine failing on strange input: still the record's problem
        raise RecordError(f"the game cannot start from it ({type(exc).__name__}: {visible(str(exc))})") from None
    return game, state, events


def replay(
    record: GameRecord, lookup: GameLookup, upto: int | None = None, states: list[Any] | None = None
) -> Replayed:
    """Play the record's moves (the first ``upto`` of them) through the engine
    that ``lookup`` finds for the record's game. ``states``, if given, receives
    the state at the start and after every move (the replay viewer steps through them)."""
    game, state, opening = start_state(record, lookup)
    result = Replayed(game, state, [(-1, e) for e in opening])
    if states is not None:
        states.append(state)
    for index, entry in enumerate(record.moves[:upto]):
        try:
            move = move_from_json(entry.move, game.move_types)
            state, events = game.apply(state, entry.player, move)
        except (IllegalMove, ValueError) as exc:
            raise RecordError(f"move {index}: {visible(str(exc))}") from None
        except Exception as exc:  # an engine failing on strange input: still the record's problem
            raise RecordError(
                f"move {index}: the engine fails on it ({type(exc).__name__}: {visible(str(exc))})"
            ) from None
        result.events.extend((index, e) for e in events)
        if states is not None:
            states.append(state)
    result.state = state
    return result


def make_record(
    game: AnyGame,
    players: int,
    options: Any,
    seed: int,
    moves: Iterable[tuple[int, Any]],
    deck: Sequence[Card] | None = None,
    names: Sequence[str] | None = None,
) -> GameRecord:
    return GameRecord(
        game=game.id,
        players=players,
        options=game.make_options(options).model_dump(mode="json"),
        seed=seed,
        deck=None if deck is None else [c.code for c in deck],
        names=None if names is None else list(names),
        moves=[MoveEntry(player=p, move=move_to_json(m)) for p, m in moves],
    )


def upgraded_record(record: GameRecord, digest: str, lookup: GameLookup) -> GameRecord | None:
    """The record as today's rules read it, if it is a game played under a ruling
    since changed that ends at ``digest`` (the game's ``kept_under_old_rulings``:
    the moves those rulings alone gave are dropped, undo and hint marks follow); else None."""
    try:
        game, state, _ = start_state(record, lookup)
        moves = [(entry.player, move_from_json(entry.move, game.move_types)) for entry in record.moves]
    except (RecordError, ValueError):
        return None
    keep = game.kept_under_old_rulings(state, moves, digest)
    if not keep:
        return None
    dropped = sorted(set(range(len(moves))) - set(keep))

    def moved(at: int) -> int:  # a mark's place once the dropped moves before it are gone
        return at - sum(1 for index in dropped if index < at)

    return record.model_copy(
        update={
            "moves": [record.moves[index] for index in keep],
            "undos": [mark.model_copy(update={"at": moved(mark.at)}) for mark in record.undos],
            "hints": [mark.model_copy(update={"at": moved(mark.at)}) for mark in record.hints],
            "standins": [mark.model_copy(update={"at": moved(mark.at)}) for mark in record.standins if mark.at in keep],
        }
    )
