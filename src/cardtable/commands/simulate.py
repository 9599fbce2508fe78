"""``cardtable simulate GAME``: play random games and check the invariants."""

from __future__ import annotations

import argparse

from .common import GAMES, GAMES_HELP, PLAYERS, SEED, UsageError, checked_options, game_named


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=GAMES_HELP)
    parser.add_argument("--players", type=PLAYERS, required=True)
    parser.add_argument("--games", type=GAMES, required=True)
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument("--option", action="append", metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true")


def run(args) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress
    from rich.table import Table

    from ..simulate import simulate

    game = game_named(args.game)
    options = checked_options(game, args.players, args.option)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    console = Console(stderr=True)
    with Progress(
        console=console, transient=True, disable=not console.is_terminal
    ) as bar:  # (a log gets no blank line)
        task = bar.add_task(f"{game.name}", total=args.games)
        summary = simulate(game, args.players, args.games, args.seed, options, lambda: bar.advance(task))
    if args.json:
        from .json_output import print_json

        print_json("simulate", summary.as_json())
    else:
        from ..core.words import plural

        table = Table(
            title=f"{game.name}: {plural(args.games, 'random game')}, {plural(args.players, 'player')}, seed {args.seed}"
        )
        table.add_column("figure")
        table.add_column("value", justify="right")
        rows = [
            ("options", ", ".join(f"{k}={v}" for k, v in summary.options.items())),
            ("completed", str(summary.completed)),
            ("invariant violations", str(summary.invariant_violations)),
            ("mean moves", f"{summary.mean_moves:.2f}"),
            ("max moves", str(summary.max_moves)),
            *((f"wins, seat {i + 1}", str(w)) for i, w in enumerate(summary.wins)),
            ("seconds", f"{summary.seconds:.2f}"),
        ]
        for row in rows:
            table.add_row(*row)
        Console().print(table)
        if summary.first_violation:
            Console(stderr=True, soft_wrap=True).print(f"[red]first violation:[/] {escape(summary.first_violation)}")
    return 0 if summary.invariant_violations == 0 and summary.completed == args.games else 1
