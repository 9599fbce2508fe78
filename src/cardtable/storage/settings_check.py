"""The settings file's checks, standard library only.

The stored settings' model (:mod:`.settings`, pydantic) words its errors with
these checks, and the app reads the file at start with :func:`read_if_valid`,
without importing pydantic: a file that passes every check of the model here
gives the model's values; any other (missing, unreadable, not JSON, a value
the model would refuse or convert) gives None, and the model decides and
explains (``load_settings``), so a broken file's notice stays the model's.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ..core.names import visible
from .choices import (
    CARD_STYLES,
    COMPUTER_SPEEDS,
    CURTAIN_MODES,
    DEFAULT_CARD_STYLE,
    DEFAULT_CURTAIN,
    DEFAULT_FOUR_COLOUR,
    DEFAULT_SPEED,
    DEFAULT_THEME,
    KEYMAP_ID,
    KEYMAP_KEYS,
    MAX_KEYMAP,
    OWN_THEMES,
)

SCHEMA_VERSION = 1
#: The largest settings file read.
MAX_SETTINGS_BYTES = 1024 * 1024


@cache
def theme_names() -> tuple[str, ...]:
    """Textual's built-in theme names and cardtable's own (Textual imported on first use only)."""
    from textual.theme import BUILTIN_THEMES

    return tuple(sorted({*BUILTIN_THEMES, *OWN_THEMES}))


def version_problem(version: int) -> str | None:
    if version > SCHEMA_VERSION:
        return f"written by a newer cardtable (version {version}; this one knows {SCHEMA_VERSION})"
    if version < 1:
        return f"unknown version {version}"
    return None


def theme_problem(theme: str) -> str | None:
    if theme not in theme_names():
        shown = theme if len(theme) <= 40 else theme[:39] + "…"
        return f"unknown theme {shown!r} (choose from {', '.join(theme_names())})"
    return None


def keymap_problem(keymap: dict[str, str]) -> str | None:
    if len(keymap) > MAX_KEYMAP:
        return f"at most {MAX_KEYMAP} keys can be changed, got {len(keymap)}"
    for ident, keys in keymap.items():
        if not re.match(KEYMAP_ID, ident) or len(ident) > 60:
            return f"{visible(ident[:40])!r} is not a binding id (like table.draw; the keys screen lists them)"
        if not re.match(KEYMAP_KEYS, keys):
            return f"the keys of {ident} must be key names separated by commas (like g or f2,question_mark), got {visible(keys[:40])!r}"
    return None


#: Each setting's default, and whether a value is one the model takes as it is
#: (strict types: no conversion; the choices of each Literal).
_FIELDS: dict[str, tuple[Any, Any]] = {
    "schema_version": (SCHEMA_VERSION, lambda v: type(v) is int and version_problem(v) is None),
    "theme": (DEFAULT_THEME, lambda v: type(v) is str and theme_problem(v) is None),
    "card_style": (DEFAULT_CARD_STYLE, lambda v: type(v) is str and v in CARD_STYLES),
    "four_colour": (DEFAULT_FOUR_COLOUR, lambda v: type(v) is bool),
    "computer_speed": (DEFAULT_SPEED, lambda v: type(v) is str and v in COMPUTER_SPEEDS),
    "curtain": (DEFAULT_CURTAIN, lambda v: type(v) is str and v in CURTAIN_MODES),
    "keymap": (None, lambda v: type(v) is dict and all(type(k) is str and type(x) is str for k, x in v.items())
               and keymap_problem(v) is None),
}  # fmt: skip
FIELD_NAMES: tuple[str, ...] = tuple(_FIELDS)


def valid_values(raw: Any) -> dict[str, Any] | None:
    """Every setting's value (defaults for those not given) if the model would take
    ``raw`` (parsed JSON) unchanged, else None."""
    if type(raw) is not dict or not raw.keys() <= _FIELDS.keys():
        return None
    values = {}
    for name, (default, valid) in _FIELDS.items():
        if name not in raw:
            values[name] = {} if default is None else default
        elif valid(raw[name]):
            values[name] = raw[name]
        else:
            return None
    return values


def read_if_valid(path: Path) -> dict[str, Any] | None:
    """The settings in the file at ``path`` (see :func:`valid_values`), or None
    if it cannot be read or is not settings the model takes as they are."""
    from ..core.jsonfile import BadJson, load_json_file

    try:
        return valid_values(load_json_file(path, MAX_SETTINGS_BYTES))
    except (OSError, BadJson, ValueError, RecursionError):
        return None
