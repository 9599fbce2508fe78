"""The command line: ``cardtable [COMMAND]``: builds the parser and dispatches.

Without a command the app opens. Every command is a module of
``cardtable.commands`` with ``add_arguments(parser)`` and ``run(args)``; what
they share (``UsageError``, the bounded argument types, the game and its
options) is ``cardtable.commands.common``. Bad arguments give one line on
stderr and exit status 2 (a long value echoed cut short); output that cannot be
written (a full disk, a closed pipe) ends the command with status 1
(``cardtable.commands.output``); heavy modules are imported only by the command
that needs them (inside its ``run``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from . import __version__
from .commands.common import Parser, UsageError, error_line, run_app
from .commands.output import OutputFailed, guarded_stdout, silence

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
    "host": "hold a table that players join from their own screens (needs the web extra)",
    "join": "sit at a hosted table, on your own screen (needs the web extra)",
    "completion": "print a shell completion script (bash, zsh, fish, tcsh)",
}


def _command(name: str):
    return import_module(f"cardtable.commands.{name}")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cardtable", description="Hot-seat terminal card games.")
    parser.add_argument("--version", action="store_true", help="print the version, and nothing else")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for name, help_line in COMMANDS.items():  # (a command's module imports nothing heavy at module level)
        _command(name).add_arguments(sub.add_parser(name, help=help_line))
    sub.choices["completion"].set_defaults(root_parser=parser)  # the script describes the whole parser
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``cardtable ARGV``; returns the exit status. Standard output is guarded
    (:mod:`.commands.output`): if it cannot be written, one line on stderr (none for a
    reader gone away) and status 1."""
    argv = sys.argv[1:] if argv is None else list(argv)
    with guarded_stdout() as out:
        try:
            status = _run(argv)
            out.flush()  # a reader gone away, or a full disk, is found here, not at exit
            return status
        except OutputFailed as exc:
            silence(getattr(out, "stream", out))
            if not exc.reader_gone:  # (`cardtable stats --json | head -c 100`: the reader left; so do we, quietly)
                error_line(f"cardtable: error: cannot write the output: {exc.reason}")
            return 1


def _run(argv: list[str]) -> int:
    try:
        if not argv:  # the app, as the parser would say, without building it (faster start)
            return run_app()
        args = _parse(argv)
        if args.version:
            if args.command is not None:
                raise UsageError("--version takes no command (cardtable --version)")
            print(f"cardtable {__version__}")
            return 0
        if args.command is None:
            return run_app()
        return _command(args.command).run(args)
    except Done as done:
        return done.status
    except UsageError as exc:
        error_line(f"cardtable: error: {exc}")
        return 2
    except BrokenPipeError as exc:  # (a stream other than the guarded stdout)
        raise OutputFailed(exc) from None
    except KeyboardInterrupt:
        return 130


def _parse(argv: list[str]) -> argparse.Namespace:
    """The parsed arguments; ``--help`` prints and its SystemExit becomes :class:`Done`."""
    try:
        return build_parser().parse_args(argv)
    except SystemExit as exc:  # (only --help exits: errors raise UsageError)
        raise Done(exc.code if isinstance(exc.code, int) else 0) from None


class Done(Exception):
    """The parser has answered (``--help``): the exit status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status
