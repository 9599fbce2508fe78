"""Reading a JSON file that may be damaged or hostile, with one plain reason for each way.

Every file the program reads (a game record, a save, the statistics, the
settings) goes through :func:`read_bounded` and :func:`parse_json`:

* only a regular file is read (a FIFO, ``/dev/zero`` or a folder is refused
  without blocking), and at most :data:`MAX_FILE_BYTES` of it;
* the bytes must be UTF-8 JSON; no ``NaN``/``Infinity``, no number of more
  than :data:`MAX_NUMBER_DIGITS` digits, no nesting deeper than
  :data:`MAX_DEPTH`, no unpaired surrogate in a string.

So a damaged file gives :class:`BadJson` (a ``ValueError``) or ``OSError``,
never a hang, unbounded memory or a crash deeper in the program.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

#: The largest file read: a record of a 200,000-move game is well under this.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The deepest nesting of arrays and objects (the formats need 5).
MAX_DEPTH = 64
#: The longest integer literal (Python refuses more than 4,300 digits anyway).
MAX_NUMBER_DIGITS = 40


class BadJson(ValueError):
    """Bytes that are not an acceptable JSON document; the message is the reason in words."""


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed).

    Raises FileNotFoundError, another OSError (unreadable), or BadJson (not a
    regular file, or larger than ``limit`` bytes). Never blocks on a FIFO or
    device, never reads more than ``limit + 1`` bytes.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "it is a folder, not a file", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise BadJson("not a regular file (a device, a pipe or a socket)")
        if info.st_size > limit:
            raise BadJson(f"too large ({info.st_size:,} bytes; at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise BadJson(f"too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _refuse_constant(name: str) -> Any:
    raise BadJson(f"not JSON: {name} is not a number JSON allows")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BadJson(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_NUMBER_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")) or len(text) > 400:
        raise BadJson(f"a number out of range ({text[:20]}{'…' if len(text) > 20 else ''})")
    return value


def _check_tree(value: Any) -> None:
    """Nesting depth and strings, iteratively (a deep document cannot overflow the stack)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise BadJson(f"nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    _check_text(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson("a string holds an unpaired surrogate (\\ud800-\\udfff)") from None


def parse_json(data: bytes) -> Any:
    """The JSON value in ``data``; raises BadJson: empty, not UTF-8, truncated, not JSON, too deep..."""
    if not data.strip():
        raise BadJson("empty file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadJson(f"not JSON: not UTF-8 text (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except RecursionError:
        raise BadJson(f"nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise BadJson(f"truncated: the JSON stops short (line {exc.lineno})") from None
        raise BadJson(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except BadJson:
        raise
    except ValueError as exc:  # a number Python refuses to convert
        raise BadJson(f"not JSON: {exc}") from None
    _check_tree(value)
    return value


def load_json_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> Any:
    """:func:`read_bounded` then :func:`parse_json` (FileNotFoundError, OSError or BadJson)."""
    return parse_json(read_bounded(path, limit))
