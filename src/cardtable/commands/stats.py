"""``cardtable stats [GAME] [--player NAME] [--json]``: the statistics, as a table.

Per player name and game: games played, wins, points (total and mean), and
the best and worst points of a single game.
"""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..games import game_ids  # the registry imports no engine

    parser.add_argument("game", nargs="?", help=f"only this game ({', '.join(game_ids())})")
    parser.add_argument("--player", metavar="NAME", help="only this player")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from .common import UsageError
    from ..games import game_ids
    from ..storage.stats import StatsStore

    if args.game is not None and args.game not in game_ids():
        raise UsageError(f"unknown game {args.game!r} (choose from {', '.join(game_ids())})")
    store = StatsStore()
    rows, notice = store.rows(args.game, args.player)
    if notice:
        from ..core.names import visible

        Console(stderr=True, highlight=False, soft_wrap=True).print(f"[yellow]{escape(visible(notice))}[/]")
    if args.json:
        print(
            json.dumps(
                {
                    "stats": [
                        {
                            "player": r.player,
                            "game": r.game_id,
                            "played": r.played,
                            "wins": r.wins,
                            "points": r.points,
                            "best": r.best,
                            "worst": r.worst,
                            "last_played": r.last_played.isoformat() if r.last_played else None,
                        }
                        for r in rows
                    ],
                    "notice": notice,
                    "file": str(store.path),
                }
            )
        )
        return 0
    console = Console(highlight=False)
    if not rows:
        from ..core.names import visible

        what = f" of {args.game}" if args.game else ""
        who = f" for {args.player}" if args.player else ""
        console.print(escape(visible(f"No games{what} recorded yet{who}.")))
        return 0
    title = "Statistics" + (f": {rows[0].game_name}" if args.game else "")
    table = Table(title=title, title_justify="left")
    table.add_column("player", style="bold")
    if not args.game:
        table.add_column("game")
    for label in ("played", "wins", "win %", "points", "mean", "best", "worst"):
        table.add_column(label, justify="right")
    for r in rows:
        cells = [escape(r.player)]
        if not args.game:
            cells.append(escape(r.game_name))
        cells += r.figures()
        table.add_row(*cells)
    console.print(table)
    return 0
