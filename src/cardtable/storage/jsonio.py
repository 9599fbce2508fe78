"""Reading JSON files with one plain reason for each way they can be broken."""

from __future__ import annotations

import json
from typing import Any


class BadJson(ValueError):
    """Bytes that are not a JSON document; the message is the reason in words."""


def parse_json(data: bytes) -> Any:
    """The JSON value in ``data``; raises BadJson: empty, not UTF-8, truncated, not JSON."""
    if not data.strip():
        raise BadJson("empty file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("not JSON: not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise BadJson(f"truncated: the JSON stops short (line {exc.lineno})") from None
        raise BadJson(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def first_error(exc: Any, default: str) -> str:
    """A pydantic ValidationError as ``where: what (and N more)``."""
    errors = exc.errors()
    err = errors[0]
    where = ".".join(str(p) for p in err["loc"]) or default
    msg = "unknown setting" if err["type"] == "extra_forbidden" else err["msg"].removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {msg}{more}"
