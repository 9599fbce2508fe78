"""The command line: ``cardtable [COMMAND]``.

Without a command the app opens. Output for people is Rich; ``--json`` prints
one JSON object for machines. Bad arguments give one line on stderr and exit
status 2; heavy modules are imported only by the command that needs them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any, Sequence

from .games import LEVELS, game_ids
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


class UsageError(Exception):
    """Bad arguments: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
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


def _option_pairs(pairs: Sequence[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes key=value, got {pair!r}")
        try:
            from .core.jsonfile import BadJson, parse_json

            value = parse_json(raw.encode("utf-8", "surrogateescape"))
        except (BadJson, UnicodeError):
            value = raw
        options[key.strip().replace("-", "_")] = value
    return options


def _game(game_id: str):
    from .games import UnknownGame, get_game

    try:
        return get_game(game_id)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None


def _checked_options(game, players: int | None, pairs) -> Any:
    from .core.engine import BadOptions

    try:
        if players is not None:
            game.check_players(players)
        return game.make_options(_option_pairs(pairs))
    except BadOptions as exc:
        raise UsageError(str(exc)) from None


#: The computer levels (the game registry's, which imports no engine) and the
#: hard level's default time budget, as in ``cardtable.bots`` (DEFAULT_BUDGET):
#: copied here so that building the parser imports no bot or engine
#: (tests/test_cli_light.py checks they agree).
ARENA_LEVELS: tuple[str, ...] = LEVELS
ARENA_DEFAULT_BUDGET = 1.0
GAMES_HELP = f"the game: {', '.join(game_ids())}"


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``cardtable arena`` (``cardtable.arena.add_arguments``)."""
    parser.add_argument("game", help=GAMES_HELP)
    parser.add_argument("--players", type=PLAYERS, required=True, help="players per game")
    parser.add_argument(
        "--seats", required=True, metavar="LEVEL,LEVEL[,...]",
        help=f"the level of each seat ({', '.join(ARENA_LEVELS)}); rotated every game",
    )
    parser.add_argument("--games", type=GAMES, required=True, help=f"how many games to play (at most {MAX_GAMES:,})")
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument(
        "--jobs", type=bounded_int(1, MAX_JOBS), default=1, help=f"processes to spread the games over (at most {MAX_JOBS})"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget", type=seconds, metavar="SECONDS",
        help=f"the hard level's time per decision (default {ARENA_DEFAULT_BUDGET:g})",
    )
    budget.add_argument(
        "--iterations", type=bounded_int(1, MAX_ITERATIONS), metavar="N",
        help="the hard level's sampled states per decision, instead of a time budget (reproducible)",
    )
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardtable", description="Hot-seat terminal card games.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("rules", help="print a game's complete rules")
    p.add_argument("game", help=GAMES_HELP)

    p = sub.add_parser("simulate", help="play random games and check the invariants")
    p.add_argument("game", help=GAMES_HELP)
    p.add_argument("--players", type=PLAYERS, required=True)
    p.add_argument("--games", type=GAMES, required=True)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("replay", help="replay a game record file")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("play", help="start a game directly, skipping the menu")
    p.add_argument("game", help=GAMES_HELP)
    p.add_argument("--players", type=PLAYERS)
    p.add_argument("--names", help="the players' names, comma-separated")
    p.add_argument("--seats")
    p.add_argument("--seed", type=SEED)
    p.add_argument("--option", action="append", metavar="KEY=VALUE")

    # (cardtable.commands.* import nothing heavy at module level; the arena's
    # arguments are defined here, so that cardtable.arena and the bots are not imported)
    from .commands import export, resume, serve, stats

    add_arena_arguments(sub.add_parser("arena", help="computer players against each other, measured"))

    resume.add_arguments(sub.add_parser("resume", help="list the saved games, or open one"))
    stats.add_arguments(sub.add_parser("stats", help="games played, wins and points per player and game"))
    export.add_arguments(sub.add_parser("export", help="write a saved or finished game as a record file"))
    serve.add_arguments(sub.add_parser("serve", help="play in a web browser (needs the web extra)"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return _run_app()
        handler = _HANDLERS[args.command]
        status = handler(args)
        sys.stdout.flush()  # a reader gone away is found here, not at exit
        return status
    except UsageError as exc:
        _error_line(f"cardtable: error: {exc}")
        return 2
    except BrokenPipeError:  # `cardtable stats --json | head -c 100`: the reader left; so do we, quietly
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130


def _error_line(text: str) -> None:
    """One line on stderr, any control character in it made visible."""
    from .names import visible

    try:
        print(visible(text), file=sys.stderr)
    except (BrokenPipeError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that flushing at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # (no real stdout: captured by a test)


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


def _run_app(require_terminal: bool = True, **kwargs) -> int:
    """Open the app. ``require_terminal=False`` (or the CARDTABLE_NO_TTY_CHECK
    variable) skips the check that stdin and stdout are a terminal."""
    if require_terminal:
        problem = needs_terminal()
        if problem is not None:
            raise UsageError(problem)
    from .tui.app import CardtableApp

    CardtableApp(**kwargs).run()
    return 0


def cmd_rules(args) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from .games import UnknownGame
    from .rulebook import rules_markdown

    try:
        text = rules_markdown(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    Console().print(Markdown(text))
    return 0


def cmd_simulate(args) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress
    from rich.table import Table

    from .simulate import simulate

    game = _game(args.game)
    options = _checked_options(game, args.players, args.option)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=args.json and not console.is_terminal) as bar:
        task = bar.add_task(f"{game.name}", total=args.games)
        summary = simulate(game, args.players, args.games, args.seed, options, lambda: bar.advance(task))
    if args.json:
        print(json.dumps(summary.as_json()))
    else:
        from .core.words import plural

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


def cmd_replay(args) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from .core.record import NoRecordFile, RecordError, load_record, replay
    from .games import get_game
    from .core.words import and_list
    from .tui.presenters.plain import event_text, public_table_lines

    try:
        record = load_record(args.file)
    except NoRecordFile as exc:
        raise UsageError(str(exc)) from None
    except RecordError as exc:
        _error_line(f"cardtable: error: {exc}")
        return 1
    try:
        result = replay(record, get_game)
    except RecordError as exc:
        _error_line(f"cardtable: replay stopped: {args.file}: {exc}")
        return 1
    game, state = result.game, result.state
    names = record.names or [f"Player {i + 1}" for i in range(record.players)]
    public = [(i, e) for i, e in result.events if e.visible(None)]
    over = game.is_over(state)
    outcome = game.outcome(state) if over else None
    if args.json:
        from .core.codec import encode_value

        print(
            json.dumps(
                {
                    "game": game.id,
                    "players": record.players,
                    "moves": len(record.moves),
                    "over": over,
                    "to_act": list(game.to_act(state)),
                    "places": list(outcome.places) if outcome else None,
                    "points": list(outcome.points) if outcome else None,
                    "winners": list(outcome.winners()) if outcome else None,
                    "digest": game.digest(state),
                    "events": [
                        {"move": i, "kind": e.kind, "text": e.render(names), "data": {k: encode_value(v) for k, v in e.data}}
                        for i, e in public
                    ],
                }
            )
        )
        return 0
    console = Console(highlight=False)
    encoding = sys.stdout.encoding or "ascii"
    ascii_cards = not _can_print("♥♦♣♠", encoding)

    def shown(text: str) -> str:  # what the terminal can print, markup escaped
        return escape(text.encode(encoding, "replace").decode(encoding) if ascii_cards else text)

    for index, event in public:
        console.print(f"[dim]{index:>4}[/] {shown(event_text(event.render(names), ascii_cards))}")
    console.rule("the table at the end" if over else f"the table after move {len(record.moves)}")
    for line in public_table_lines(game.id, game.view(state, None), names, ascii_cards):
        console.print(shown(line))
    console.print()
    if outcome:
        winners = [names[seat] for seat in outcome.winners()]
        console.print(f"Won by {shown(and_list(winners) or 'nobody')}.")
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
        for column, justify in (("place", "right"), ("player", "left"), ("points", "right"), ("why", "left")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for seat in sorted(range(record.players), key=lambda s: (outcome.places[s], s)):
            reason = outcome.reasons[seat] if outcome.reasons else ""
            table.add_row(str(outcome.places[seat]), shown(names[seat]), str(outcome.points[seat]), shown(reason))
        console.print(table)
    else:
        console.print(f"Game not over; to act: {shown(', '.join(names[p] for p in game.to_act(state)))}")
    return 0


def _can_print(text: str, encoding: str) -> bool:
    """Whether standard output's encoding has these characters (the suits), else ASCII faces."""
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def cmd_play(args) -> int:
    from .core.words import plural

    game = _game(args.game)
    players = args.players
    names = [n.strip() for n in args.names.split(",")] if args.names is not None else None
    seats = [s.strip().lower() for s in args.seats.split(",")] if args.seats else None
    if players is None:
        players = len(names or seats or []) or game.min_players
    for label, items in (("--names", names), ("--seats", seats)):
        if items is not None and len(items) != players:
            raise UsageError(f"{label} lists {plural(len(items), 'seat')} for {plural(players, 'player')}")
    if names is not None:
        from .names import names_problem

        problem = names_problem(names)
        if problem is not None:
            raise UsageError(f"--names: {problem}")
    options = _checked_options(game, players, args.option)
    from .session import SEAT_KINDS

    kinds = []
    for kind in seats or ["human"] * players:
        kind = "normal" if kind == "computer" else kind
        if kind not in SEAT_KINDS:
            raise UsageError(f"unknown seat kind {kind!r} (choose from {', '.join(SEAT_KINDS)}, computer)")
        kinds.append(kind)
    return _run_app(
        start=dict(
            game_id=game.id,
            names=names or [f"Player {i + 1}" for i in range(players)],
            kinds=kinds,
            options=options,
            seed=args.seed,
        )
    )


def _command(name: str):
    """The handler of a command whose module (cardtable.arena, cardtable.commands.NAME) has ``run(args)``."""

    def handler(args) -> int:
        from importlib import import_module

        module = "cardtable.arena" if name == "arena" else f"cardtable.commands.{name}"
        return import_module(module).run(args)

    return handler


_HANDLERS = {
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "play": cmd_play,
    "arena": _command("arena"),
    "resume": _command("resume"),
    "stats": _command("stats"),
    "export": _command("export"),
    "serve": _command("serve"),
}
