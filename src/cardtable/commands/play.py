"""``cardtable play GAME``: start a game directly, skipping the menu."""

from __future__ import annotations

import argparse

from .common import GAMES_HELP, PLAYERS, SEED, UsageError, checked_options, game_named, run_app


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=GAMES_HELP)
    parser.add_argument("--players", type=PLAYERS)
    parser.add_argument("--names", help="the players' names, comma-separated")
    parser.add_argument("--seats")
    parser.add_argument("--seed", type=SEED)
    parser.add_argument("--option", action="append", metavar="KEY=VALUE")


def run(args) -> int:
    from ..core.words import plural

    game = game_named(args.game)
    players = args.players
    names = [n.strip() for n in args.names.split(",")] if args.names is not None else None
    seats = [s.strip().lower() for s in args.seats.split(",")] if args.seats else None
    if players is None:
        players = len(names or seats or []) or game.min_players
    for label, items in (("--names", names), ("--seats", seats)):
        if items is not None and len(items) != players:
            raise UsageError(f"{label} lists {plural(len(items), 'seat')} for {plural(players, 'player')}")
    if names is not None:
        from ..core.names import names_problem

        problem = names_problem(names)
        if problem is not None:
            raise UsageError(f"--names: {problem}")
    options = checked_options(game, players, args.option)
    from ..games import get_row
    from ..session import SEAT_KINDS

    kinds = []
    for kind in seats or ["human"] * players:
        kind = "normal" if kind == "computer" else kind
        if kind not in SEAT_KINDS:
            raise UsageError(f"unknown seat kind {kind!r} (choose from {', '.join(SEAT_KINDS)}, computer)")
        if kind != "human" and kind not in get_row(game.id).levels:
            raise UsageError(
                f"{game.name} offers no {kind} computer player (choose from {', '.join(get_row(game.id).levels)})"
            )
        kinds.append(kind)
    return run_app(
        start=dict(
            game_id=game.id,
            names=names or [f"Player {i + 1}" for i in range(players)],
            kinds=kinds,
            options=options,
            seed=args.seed,
        )
    )
