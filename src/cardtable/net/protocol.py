"""The table's messages: JSON objects over a WebSocket, each with ``"protocol": 1`` and a ``"type"``.

From the host to a seat: ``welcome`` (the game, the names, which seat), ``table`` (the
whole of what the seat may see: at the start, on a rejoin, after an undo), ``moved``
(a move's visible events and the new view), ``request`` (the seat must decide),
``refused`` (why a move was not taken), ``consent`` (another player asks to undo),
``notice`` (someone is away or back), ``clock`` (who a stand-in plays for, the turn
clocks: only when the host set them), ``error`` (a message the host could not read).
From a seat: ``move``, ``undo``, ``hint`` (all three answer a pending ``request`` by its
``id``) and ``consent`` (an answer to a ``consent`` by its ``id``). docs/network.md
describes each field. No Textual, no aiohttp here.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
#: The largest message a seat may send (a move is a few hundred bytes), and the largest
#: the host sends (a whole table of a long game: its events).
MAX_CLIENT_MESSAGE = 64 * 1024
MAX_HOST_MESSAGE = 8 * 1024 * 1024
#: Messages waiting to go to one connection: beyond this the connection is dropped
#: (a client that cannot keep up never stalls the table; it may rejoin).
QUEUE_LIMIT = 256

#: What a seat may send, with the fields (beyond ``protocol`` and ``type``) and their types.
CLIENT_MESSAGES: dict[str, dict[str, type]] = {
    "move": {"id": int, "move": dict},
    "undo": {"id": int},
    "hint": {"id": int},
    "consent": {"id": int, "yes": bool},
}


@dataclass
class Pending:
    """A question the host waits for one seat to answer: a request (``kind`` "request") or a
    consent, by its ``id``; ``answer`` the future the seat's message (or the stand-in) sets."""

    id: int
    kind: str
    fields: dict[str, Any]
    answer: asyncio.Future


class BadMessage(ValueError):
    """A message that is not one of the protocol's (the reason in words)."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"protocol": PROTOCOL, "type": kind, **fields}


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _object(text: str | bytes, limit: int) -> dict[str, Any]:
    if len(text) > limit:
        raise BadMessage(f"a message may be at most {limit} bytes")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    if data.get("protocol") != PROTOCOL:
        raise BadMessage(f"this host speaks protocol {PROTOCOL}, not {str(data.get('protocol'))[:20]!r}")
    if not isinstance(data.get("type"), str):
        raise BadMessage("a message has a type")
    return data


def parse_client(text: str | bytes) -> dict[str, Any]:
    """A seat's message, checked: its fields present, of their types, no others."""
    data = _object(text, MAX_CLIENT_MESSAGE)
    kind = data["type"]
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise BadMessage(f"unknown message type {kind[:30]!r} (expected one of {', '.join(CLIENT_MESSAGES)})")
    extra = set(data) - set(fields) - {"protocol", "type"}
    if extra:
        raise BadMessage(f"{kind}: unknown field(s) {', '.join(sorted(extra))[:80]}")
    for name, kind_of in fields.items():
        value = data.get(name)
        if type(value) is not kind_of:
            raise BadMessage(f"{kind}: {name} must be {'an integer' if kind_of is int else kind_of.__name__}")
    return data


def parse_host(text: str | bytes) -> dict[str, Any]:
    """A host's message: a JSON object of this protocol (its fields are checked as they are read)."""
    return _object(text, MAX_HOST_MESSAGE)
