"""What every command shares: ``UsageError``, the parser class, the bounded
argument types, reading a game and its options, one error line, opening the app.

Imports nothing heavy at module level (building the parser stays light).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from ..games import game_ids

#: Bounds of the numeric arguments: beyond them a command would run for days,
#: fill the memory or hang, so they are refused with a clear line instead.
MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_BUDGET = 600.0
MAX_ITERATIONS = 1_000_000
SEED_MIN, SEED_MAX = -(2**63), 2**64 - 1  # as cardtable.core.record (checked by tests/test_cli_light.py)
#: Set (to anything) to let ``cardtable`` open the app without a terminal on
#: stdin and stdout (a served app, whose terminal is elsewhere).
NO_TTY_CHECK_ENV = "CARDTABLE_NO_TTY_CHECK"
GAMES_HELP = f"the game: {', '.join(game_ids())}"


class UsageError(Exception):
    """Bad arguments: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, never a traceback
        raise UsageError(message)


def bounded_int(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, got {text[:40]}")
        return value

    parse.__name__ = "whole number"
    return parse


def seconds(text: str) -> float:
    """An argparse type: a positive, finite number of seconds up to MAX_BUDGET."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text[:40]!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds up to {MAX_BUDGET:g}, got {text[:40]}")
    return value


PLAYERS = bounded_int(1, 64)
GAMES = bounded_int(1, MAX_GAMES)
SEED = bounded_int(SEED_MIN, SEED_MAX)


def option_pairs(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``--option key=value`` pairs as a dict (a value is JSON if it parses, else the text)."""
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes key=value, got {pair!r}")
        try:
            from ..core.jsonfile import BadJson, parse_json

            value = parse_json(raw.encode("utf-8", "surrogateescape"))
        except (BadJson, UnicodeError):
            value = raw
        options[key.strip().replace("-", "_")] = value
    return options


#: Words for a yes/no option, as the rules' tables write them (``short_game=on``).
SWITCH_WORDS = {"on": True, "yes": True, "off": False, "no": False}


def switches_read(game, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with "on"/"off" (and "yes"/"no") read as true/false for the game's yes/no options."""
    fields = getattr(game.Options, "model_fields", {})
    return {
        key: SWITCH_WORDS.get(value.lower(), value)
        if isinstance(value, str) and key in fields and fields[key].annotation is bool
        else value
        for key, value in options.items()
    }


def game_named(game_id: str):
    """The game ``game_id``, or a UsageError naming the games."""
    from ..games import UnknownGame, get_game

    try:
        return get_game(game_id)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None


def checked_options(game, players: int | None, pairs) -> Any:
    """The game's options from ``--option`` pairs, the player count checked; else a UsageError."""
    from ..core.engine import BadOptions

    try:
        if players is not None:
            game.check_players(players)
        return game.make_options(switches_read(game, option_pairs(pairs)))
    except BadOptions as exc:
        raise UsageError(str(exc)) from None


#: The longest stretch of one value an error line repeats, and the longest line (longer: cut, the length said).
MAX_ECHO, MAX_LINE = 200, 1000


def cut_echo(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` with every run of more than ``limit`` characters without a space cut to its
    start, ``…`` and its length, and the whole cut in the middle past ``MAX_LINE``: a bad
    value of 100,000 characters is not echoed whole."""
    text = re.sub(rf"\S{{{limit + 1},}}", lambda m: f"{m.group()[: limit // 2]}…({len(m.group()):,} characters)", text)
    if len(text) > MAX_LINE:
        text = f"{text[: MAX_LINE // 2]}…({len(text):,} characters)…{text[-MAX_LINE // 4 :]}"
    return text


def error_line(text: str) -> None:
    """One line on stderr: control characters made visible (line breaks too), long values
    cut (:func:`cut_echo`)."""
    from ..core.names import visible

    try:
        print(cut_echo(visible(text)), file=sys.stderr)
    except (OSError, ValueError):
        pass


def needs_terminal() -> str | None:
    """Why the app cannot open here (stdin or stdout is not a terminal), or None."""
    if os.environ.get(NO_TTY_CHECK_ENV):
        return None
    for stream, what in ((sys.stdin, "input"), (sys.stdout, "output")):
        try:
            tty = stream is not None and stream.isatty()
        except (ValueError, AttributeError):
            tty = False
        if not tty:
            return (
                f"the app needs a terminal, but its {what} is not one "
                "(the commands work anywhere: cardtable --help lists them)"
            )
    return None


def run_app(require_terminal: bool = True, **kwargs) -> int:
    """Open the app. ``require_terminal=False`` (or the CARDTABLE_NO_TTY_CHECK
    variable) skips the check that stdin and stdout are a terminal."""
    if require_terminal:
        problem = needs_terminal()
        if problem is not None:
            raise UsageError(problem)
    from ..tui.app import CardtableApp

    CardtableApp(**kwargs).run()
    return 0
