"""``cardtable join ADDRESS``: sit at a hosted table, on your own screen.

The address is one that ``cardtable host`` printed (``ws://HOST:PORT/table?token=…``):
its token names the seat (or the spectators). The app opens at that table: your own
cards, no curtain, your undo, hints and history. A dropped connection is taken up again
by itself. Needs the ``web`` extra (aiohttp).
"""

from __future__ import annotations

import argparse
import sys

INSTALL_HINT = "cardtable join needs the web extra: pip install 'cardtable[web]'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "address", help="the address cardtable host printed for your seat, or your seat's browser address"
    )


def run(args: argparse.Namespace) -> int:
    from .common import UsageError, error_line, needs_terminal

    try:
        import aiohttp  # noqa: F401
    except ImportError:
        print(f"cardtable: error: {INSTALL_HINT}", file=sys.stderr)
        return 2
    import asyncio

    from ..net.client import Refused, first_messages

    problem = needs_terminal()
    if problem is not None:
        raise UsageError(problem)
    try:
        welcome, table = asyncio.run(first_messages(args.address))
    except Refused as exc:
        error_line(f"cardtable join: {exc}")
        return 1
    except (OSError, TimeoutError, aiohttp.ClientError) as exc:
        error_line(f"cardtable join: cannot reach {args.address[:80]}: {exc or type(exc).__name__}")
        return 1
    from ..net.apps import JoinApp

    JoinApp(args.address, welcome, table).run()
    return 0
