"""Reading JSON files with one plain reason for each way they can be broken."""

from __future__ import annotations

from typing import Any

from ..core.jsonfile import BadJson, load_json_file, parse_json, read_bounded
from ..core.names import visible

__all__ = ["BadJson", "first_error", "load_json_file", "parse_json", "read_bounded"]


def first_error(exc: Any, default: str) -> str:
    """A pydantic ValidationError as ``where: what (and N more)``."""
    errors = exc.errors()
    err = errors[0]
    where = visible(".".join(str(p) for p in err["loc"]) or default)[:80]
    msg = "unknown setting" if err["type"] == "extra_forbidden" else visible(err["msg"].removeprefix("Value error, "))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {msg}{more}"
