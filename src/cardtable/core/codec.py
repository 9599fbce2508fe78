"""Moves as JSON: any frozen dataclass move of a game, to a dict and back.

A move becomes ``{"type": "<ClassName>", field: value, ...}``; cards are
written as their codes (``"10H"``), suits by name (``"HEARTS"``), tuples as
lists. Decoding checks the type name against the game's move types and
converts each field by its annotation, so a malformed move is refused with a
clear ValueError.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from .cards import Card, parse_card


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a hostile file's value may be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def encode_value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (tuple, list, frozenset)):
        return [encode_value(v) for v in value]
    return value


def move_to_json(move: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(move).__name__}
    for f in dataclasses.fields(move):
        data[f.name] = encode_value(getattr(move, f.name))
    return data


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(value: Any, hint: Any, where: str, inner: Callable[[Any, Any, str], Any] | None = None) -> Any:
    """``value`` as ``hint`` says; a union's members and a tuple's items by ``inner`` (by
    default these same rules: another codec passes its own decoder to add its kinds)."""
    nested = inner or _decode
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return nested(value, arg, where)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[0] if errors else f"{where}: bad value {_short(value)}")
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {_short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(nested(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items")
        return tuple(nested(v, a, where) for v, a in zip(value, args, strict=True))
    if hint is Card:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected a card code, got {_short(value)}")
        return parse_card(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if isinstance(value, str) and value.upper() in hint.__members__:
            return hint[value.upper()]
        raise ValueError(f"{where}: expected one of {', '.join(hint.__members__)}, got {_short(value)}")
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {_short(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: expected an integer, got {_short(value)}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected a string, got {_short(value)}")
        return value
    raise ValueError(f"{where}: cannot decode {hint!r}")


#: The scalar rules of the move codec, for other codecs built the same way (the network's views).
decode_value = _decode


def move_from_json(data: Any, move_types: tuple[type, ...]) -> Any:
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"a move must be an object with a 'type', got {_short(data)}")
    kind = data["type"]
    if not isinstance(kind, str):
        raise ValueError(f"a move's type is the name of a move, not {_short(kind)}")
    by_name = {cls.__name__: cls for cls in move_types}
    cls = by_name.get(kind)
    if cls is None:
        raise ValueError(f"unknown move type {_short(kind)} (expected one of {', '.join(by_name)})")
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - names - {"type"}
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown field(s) {', '.join(sorted(unknown))}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _decode(data[f.name], hints[f.name], f"{cls.__name__}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"{cls.__name__}: missing field {f.name!r}")
    return cls(**kwargs)
