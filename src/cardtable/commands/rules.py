"""``cardtable rules GAME``: print a game's complete rules."""

from __future__ import annotations

import argparse

from .common import GAMES_HELP, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=GAMES_HELP)


def run(args) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from ..games import UnknownGame
    from ..rulebook import rules_markdown

    try:
        text = rules_markdown(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    Console().print(Markdown(text))
    return 0
