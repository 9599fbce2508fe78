"""Views, events and outcomes as JSON, and back, checked on the way in.

A view is a frozen dataclass of tuples, ints, enums, cards and the game's options;
it becomes an object of its fields (cards as their codes, enums by name, tuples as
lists, the options as their JSON). Decoding goes by the view class's annotations
(as :mod:`cardtable.core.codec` does for moves), so a malformed message is refused
with a ValueError naming the field, never turned into a half-built view. The one
value that is not plain data is the secret-choice marker
(:data:`~cardtable.core.secret.CHOSEN`: another seat has chosen, not what), written
``{"chosen": true}``.

An event is ``{"kind", "text", "visible_to", "data"}`` (``data``: its (key, value)
pairs, values plain, lists for tuples, a rank or suit as ``{"enum": "Rank", "name": "THREE"}``).
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from ..core.cards import Card, Rank, Suit
from ..core.codec import decode_value as decode_plain
from ..core.engine import Event, Outcome
from ..core.secret import CHOSEN

CHOSEN_JSON = {"chosen": True}
#: The int enums a view or an event may hold where a plain int is annotated (a Shed view's
#: ``start_rank``, an event's rank): written ``{"enum": "Rank", "name": "THREE"}``.
TAGGED: dict[type[enum.Enum], str] = {Rank: "Rank", Suit: "Suit"}
_BY_TAG = {tag: cls for cls, tag in TAGGED.items()}


def _tagged(value: enum.Enum) -> dict[str, str]:
    return {"enum": TAGGED[type(value)], "name": value.name}


def _untagged(value: dict, where: str) -> enum.Enum:
    cls = _BY_TAG.get(value["enum"]) if isinstance(value["enum"], str) else None
    if cls is None or not isinstance(value["name"], str) or value["name"] not in cls.__members__:
        raise ValueError(f"{where}: unknown enum value")
    return cls[value["name"]]


#: Card codes, worked out once per card (a view names every card of a long discard pile).
_CODES: dict[Card, str] = {}
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _code(card: Card) -> str:
    code = _CODES.get(card)
    if code is None:
        code = _CODES[card] = card.code
    return code


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def encode(value: Any) -> Any:
    """Any view value as JSON data (fast paths first: a view is built for every seat after every move)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is Card:
        return _CODES.get(value) or _code(value)
    if kind is tuple or kind is list:
        return [encode(v) for v in value]
    if value is CHOSEN:
        return dict(CHOSEN_JSON)
    if isinstance(value, enum.Enum):
        # a rank or suit may stand where an int is annotated: tagged, so it comes back a rank
        return _tagged(value) if kind in TAGGED else value.name
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: encode(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(encode(v) for v in value)
    if isinstance(value, (bool, int, str, float)):
        return value
    raise TypeError(f"cannot send a {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(value: Any, hint: Any, where: str) -> Any:
    """``value`` (JSON data) as ``hint`` says; a ValueError naming ``where`` if it is not one."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is object or hint is Any:
        if value == CHOSEN_JSON:
            return CHOSEN
        if value is None or isinstance(value, (bool, int, str)):
            return value
        raise ValueError(f"{where}: bad value")
    if origin is frozenset:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list")
        return frozenset(decode(v, args[0], where) for v in value)
    if isinstance(value, dict) and set(value) == {"enum", "name"} and (hint is int or hint in TAGGED):
        return _untagged(value, where)
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        try:
            return hint.model_validate(value)
        except ValidationError as exc:
            raise ValueError(f"{where}: {exc.errors()[0]['msg']}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode_dataclass(value, hint, where)
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where}: expected a number")
        return float(value)
    try:
        return decode_plain(value, hint, where, decode)  # (unions and tuples too, their parts decoded here)
    except ValueError as exc:  # (a bad card code's message does not say where)
        raise ValueError(str(exc) if str(exc).startswith(where) else f"{where}: {exc}") from None


def decode_dataclass(data: Any, cls: type, where: str = "") -> Any:
    """An instance of the dataclass ``cls`` from its fields' JSON: every field present, no other."""
    where = where or cls.__name__
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    names = {f.name for f in fields}
    unknown = set(data) - names
    missing = names - set(data)
    if unknown or missing:
        raise ValueError(
            f"{where}: "
            + (
                "unknown field(s) " + ", ".join(sorted(unknown))
                if unknown
                else "missing field(s) " + ", ".join(sorted(missing))
            )
        )
    hints = _hints(cls)
    return cls(**{f.name: decode(data[f.name], hints[f.name], f"{where}.{f.name}") for f in fields})


# -- events --------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """An event's data value as JSON (tuples as lists; cards are already codes)."""
    if isinstance(value, (tuple, list, frozenset)):
        return [_plain(v) for v in value]
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        if type(value) not in TAGGED:
            raise TypeError(f"an event value cannot be a {type(value).__name__}")
        return _tagged(value)
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    raise TypeError(f"an event value cannot be a {type(value).__name__}")


def _unplain(value: Any, depth: int = 0) -> Any:
    if depth > 8:
        raise ValueError("event data nested too deep")
    if isinstance(value, list):
        return tuple(_unplain(v, depth + 1) for v in value)
    if isinstance(value, dict) and set(value) == {"enum", "name"}:
        return _untagged(value, "event data")
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    raise ValueError("event data must be plain values")


def event_to_json(event: Event) -> dict[str, Any]:
    seen = None if event.visible_to is None else sorted(event.visible_to)
    return {"kind": event.kind, "text": event.text, "visible_to": seen, "data": [[k, _plain(v)] for k, v in event.data]}


def event_from_json(data: Any) -> Event:
    if not isinstance(data, dict) or set(data) != {"kind", "text", "visible_to", "data"}:
        raise ValueError("an event is an object of kind, text, visible_to and data")
    kind, text, seen, pairs = data["kind"], data["text"], data["visible_to"], data["data"]
    if not isinstance(kind, str) or not isinstance(text, str):
        raise ValueError("an event's kind and text are strings")
    if seen is not None and not (isinstance(seen, list) and all(type(s) is int for s in seen)):
        raise ValueError("an event's visible_to is null or a list of seats")
    if not isinstance(pairs, list) or not all(
        isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in pairs
    ):
        raise ValueError("an event's data is a list of [key, value] pairs")
    return Event(kind, text, None if seen is None else frozenset(seen), tuple((k, _unplain(v)) for k, v in pairs))


# -- outcomes ---------------------------------------------------------------------------------
def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    return encode(outcome)


def outcome_from_json(data: Any) -> Outcome:
    return decode_dataclass(data, Outcome, "outcome")
