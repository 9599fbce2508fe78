"""Game records: the JSON a game replays from (``cardtable replay``, saves).

A record holds everything needed to rebuild a game: the game id, the number
of players, the options, a seed or an explicit deck order (top card first),
and the moves in order. Replaying applies each move through the engine, so an
illegal move is caught with its index and the engine's reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .cards import Card, parse_card
from .codec import move_from_json, move_to_json
from .engine import Event, Game, IllegalMove


class MoveEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: int = Field(ge=0)
    move: dict[str, Any]


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    deck: list[str] | None = None
    names: list[str] | None = None
    moves: list[MoveEntry] = Field(default_factory=list)


#: Finds a game's engine by its id (``cardtable.games.get_game``); raises KeyError
#: for an unknown id. Core knows no game: the caller says where games are found.
GameLookup = Callable[[str], Game]


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclass
class Replayed:
    game: Game
    state: Any
    events: list[tuple[int, Event]] = field(default_factory=list)  # (move index, event)


def load_record(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "record"
        raise RecordError(f"{path}: not a game record: {where}: {err['msg']}") from None


def parse_deck(codes: list[str] | None) -> tuple[Card, ...] | None:
    if codes is None:
        return None
    try:
        return tuple(parse_card(code) for code in codes)
    except ValueError as exc:
        raise RecordError(f"deck: {exc}") from None


def start_state(record: GameRecord, lookup: GameLookup) -> tuple[Game, Any]:
    try:
        game = lookup(record.game)
    except KeyError as exc:
        raise RecordError(str(exc)) from None
    try:
        game.check_players(record.players)
        options = game.make_options(record.options)
        state = game.new(record.players, options, seed=record.seed, deck=parse_deck(record.deck))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return game, state


def replay(record: GameRecord, lookup: GameLookup, upto: int | None = None) -> Replayed:
    """Play the record's moves (the first ``upto`` of them) through the engine
    that ``lookup`` finds for the record's game."""
    game, state = start_state(record, lookup)
    result = Replayed(game, state)
    for index, entry in enumerate(record.moves[:upto]):
        try:
            move = move_from_json(entry.move, game.move_types)
            state, events = game.apply(state, entry.player, move)
        except (IllegalMove, ValueError) as exc:
            raise RecordError(f"move {index}: {exc}") from None
        result.events.extend((index, e) for e in events)
    result.state = state
    return result


def make_record(game: Game, players: int, options: Any, seed: int, moves, deck=None, names=None) -> GameRecord:
    return GameRecord(
        game=game.id,
        players=players,
        options=game.make_options(options).model_dump(mode="json"),
        seed=seed,
        deck=None if deck is None else [c.code for c in deck],
        names=None if names is None else list(names),
        moves=[MoveEntry(player=p, move=move_to_json(m)) for p, m in moves],
    )
