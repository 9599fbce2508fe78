"""Golden games: recorded random games that the engines must replay identically.

``make_golden.py`` plays seeded random games of every configuration of the
conformance suite and stores, per move, the move (as JSON), the events it made
(kind, text, who sees it, data with cards as codes) and a fingerprint of every
seat's view and the public view after it; at the end, the state digest and the
outcome. The events of the deal (before the first move) are kept as
``start_events`` where a game makes any. ``test_golden.py`` replays the moves and compares everything.

Views are written field by field (cards as codes, enums by value, options as
their settings), so renaming a view class does not change them but any change
of what a seat sees does.
"""

from __future__ import annotations

import dataclasses
import enum
import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.codec import move_to_json
from cardtable.core.secret import CHOSEN
from cardtable.games import get_game

HERE = Path(__file__).parent
CONFIGS = [
    ("one-too-many", 2, {}),
    ("one-too-many", 4, {}),
    ("one-too-many", 6, {}),
    ("one-card", 2, {}),
    ("one-card", 4, {"target": 100}),
    ("one-card", 8, {"target": 100}),
    ("shed", 2, {}),
    ("shed", 3, {}),
    ("shed", 4, {}),
    ("shed", 2, {"short_game": True}),
    ("shed", 4, {"short_game": True}),
]
SEEDS = (1, 2)
MOVE_CAP = 20_000


def plain(value: Any) -> Any:
    """``value`` as plain JSON data, independent of class names."""
    if isinstance(value, Card):
        return value.code
    if value is CHOSEN:
        return "<chosen>"
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, (str, int)) else value.name
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def event_data(event) -> list:
    return [
        event.kind,
        event.text,
        None if event.visible_to is None else sorted(event.visible_to),
        [[key, plain(value)] for key, value in event.data],
    ]


def views_print(game, state, players: int) -> str:
    views = [plain(game.view(state, p)) for p in [*range(players), None]]
    text = json.dumps(views, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def file_name(game_id: str, players: int, options: dict, seed: int) -> str:
    extra = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}-{players}p{extra}-s{seed}.json.gz"


def play(game_id: str, players: int, options: dict, seed: int) -> dict:
    """A random game, recorded."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state, opening = game.start(players, options, seed=seed)
    steps = []
    record = {
        "game": game_id,
        "players": players,
        "options": options,
        "seed": seed,
        "start": views_print(game, state, players),
        "steps": steps,
    }
    if opening:
        record["start_events"] = [event_data(e) for e in opening]
    for _ in range(MOVE_CAP):
        if game.is_over(state):
            break
        player = rng.choice(game.to_act(state))
        move = rng.choice(game.legal_moves(state, player))
        state, events = game.apply(state, player, move)
        steps.append([player, move_to_json(move), [event_data(e) for e in events], views_print(game, state, players)])
    outcome = game.outcome(state)
    record["digest"] = game.digest(state)
    record["outcome"] = {
        "places": list(outcome.places),
        "points": list(outcome.points),
        "reasons": list(outcome.reasons),
        "winners": list(outcome.winners()),
    }
    return record


def write(record: dict, path: Path) -> None:
    text = json.dumps(record, separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode(), mtime=0))


def read(path: Path) -> dict:
    return json.loads(gzip.decompress(path.read_bytes()))
