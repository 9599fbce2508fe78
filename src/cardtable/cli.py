"""The command line: ``cardtable [COMMAND]``: builds the parser and dispatches.

Without a command the app opens. Every command is a module of
``cardtable.commands`` with ``add_arguments(parser)`` and ``run(args)``; what
they share (``UsageError``, the bounded argument types, the game and its
options) is ``cardtable.commands.common``. Bad arguments give one line on
stderr and exit status 2; heavy modules are imported only by the command that
needs them (inside its ``run``).
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module
from typing import Sequence

from . import __version__
from .commands.common import Parser, UsageError, error_line, run_app

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

#: The commands in the order ``--help`` lists them, with their help line.
COMMANDS: dict[str, str] = {
    "rules": "print a game's complete rules",
    "simulate": "play random games and check the invariants",
    "replay": "replay a game record file",
    "play": "start a game directly, skipping the menu",
    "arena": "computer players against each other, measured",
    "resume": "list the saved games, or open one",
    "stats": "per player and game: wins, points, streaks; head to head; recent games",
    "export": "write a saved or finished game as a record file",
    "serve": "play in a web browser (needs the web extra)",
    "completion": "print a shell completion script (bash, zsh, fish)",
}


def _command(name: str):
    return import_module(f"cardtable.commands.{name}")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cardtable", description="Hot-seat terminal card games.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for name, help_line in COMMANDS.items():  # (a command's module imports nothing heavy at module level)
        _command(name).add_arguments(sub.add_parser(name, help=help_line))
    sub.choices["completion"].set_defaults(root_parser=parser)  # the script describes the whole parser
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if not argv:  # the app, as the parser would say, without building it (faster start)
            return run_app()
        args = build_parser().parse_args(argv)
        if args.command is None:
            return run_app()
        status = _command(args.command).run(args)
        sys.stdout.flush()  # a reader gone away is found here, not at exit
        return status
    except UsageError as exc:
        error_line(f"cardtable: error: {exc}")
        return 2
    except BrokenPipeError:  # `cardtable stats --json | head -c 100`: the reader left; so do we, quietly
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that flushing at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # (no real stdout: captured by a test)
