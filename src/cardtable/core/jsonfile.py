"""Reading a JSON file that may be damaged or hostile, with one plain reason for each way.

Every file the program reads (a game record, a save, the statistics, the
settings) goes through :func:`read_bounded` and :func:`parse_json`:

* only a regular file is read (a FIFO, ``/dev/zero``, a folder or a symbolic
  link loop is refused without blocking: :func:`~.osfile.open_regular`), and a
  file larger than :data:`MAX_FILE_BYTES` is refused by its size;
* the bytes must be UTF-8 JSON; no ``NaN``/``Infinity``, no number of more
  than :data:`MAX_NUMBER_DIGITS` digits, no nesting deeper than
  :data:`MAX_DEPTH`, no unpaired surrogate in a string.

So a damaged file gives :class:`BadJson` (a ``ValueError``) or ``OSError`` (a
:class:`~.osfile.FileProblem` naming it), never a hang, unbounded memory or a
crash deeper in the program.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from .osfile import open_regular, problem

#: The largest file read, told by its size before a byte is parsed: a record of
#: about 80,000 moves (a long game has a few thousand), parsed and checked in
#: well under 2 s and 200 MB (tests/hostile/probe_limits.py measures the memory).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The deepest nesting of arrays and objects (the formats need 5).
MAX_DEPTH = 64
#: The longest integer literal (Python refuses more than 4,300 digits anyway).
MAX_NUMBER_DIGITS = 40


class BadJson(ValueError):
    """Bytes that are not an acceptable JSON document; the message is the reason in words."""


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed).

    Raises FileNotFoundError (nothing there), FileProblem (an OSError naming the
    path: a folder, a FIFO, a loop, unreadable...; see :mod:`.osfile`), or
    BadJson (larger than ``limit`` bytes, told before reading). Never blocks on
    a FIFO or device, never reads more than ``limit + 1`` bytes.
    """
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise BadJson(f"too large ({size:,} bytes; at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            except OSError as exc:
                raise problem(path, exc) from None
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


def _check_tree(value: Any, strings: bool) -> None:
    """Nesting depth (and, if ``strings``, every string), iteratively: a deep document cannot
    overflow the stack. Only containers are walked into."""
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, (list, dict)) else []
    if strings and isinstance(value, str):
        _check_text(value)
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadJson(f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(item, dict):
            if strings:
                for key in item:
                    _check_text(key)
            children = item.values()
        else:
            children = item
        for inner in children:
            if isinstance(inner, (list, dict)):
                stack.append((inner, depth + 1))
            elif strings and isinstance(inner, str):
                _check_text(inner)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson("a string holds an unpaired surrogate (\\ud800-\\udfff)") from None


#: What the text must hold for a check to be needed: a surrogate's escape (a raw one is not
#: UTF-8), or a run of more than MAX_NUMBER_DIGITS digits (then every number is looked at).
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1}}}")


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
    hooks: dict[str, Any] = {"parse_float": _parse_float, "parse_constant": _refuse_constant}
    if _LONG_NUMBER.search(text):  # (else every int is short: parsed by the C decoder alone)
        hooks["parse_int"] = _parse_int
    try:
        value = json.loads(text, **hooks)
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
    _check_tree(value, strings=_SURROGATE.search(text) is not None)
    return value


def load_json_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> Any:
    """:func:`read_bounded` then :func:`parse_json` (FileNotFoundError, OSError or BadJson)."""
    return parse_json(read_bounded(path, limit))
