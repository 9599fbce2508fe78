"""``cardtable host GAME``: hold a table and serve it; every remote player joins from their own screen.

One process holds the game (the session, its autosave after every move, the statistics,
the computer seats) and serves it over a WebSocket (the ``web`` extra). It prints one
address per remote seat, each with its own token, and one for spectators; ``cardtable
join ADDRESS`` sits at that seat. Seats: ``human`` (at this keyboard, on the table
screen as today), ``remote``, or a computer level. Without a human seat the host needs
no terminal. ``--resume ID`` brings a saved table back with the same addresses.

The same port serves each remote seat (and the spectators) to a web browser
(:mod:`cardtable.net.browser`): those addresses are printed too, each drawn as a QR code
that a phone at the table scans (``--no-codes``: not drawn).
"""

from __future__ import annotations

import argparse
import sys

from .common import GAMES_HELP, PLAYERS, SEED, UsageError, bounded_int

INSTALL_HINT = "cardtable host needs the web extra: pip install 'cardtable[web]'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .serve import listen_address

    parser.add_argument("game", nargs="?", help=GAMES_HELP)
    parser.add_argument("--players", type=PLAYERS)
    parser.add_argument("--names", help="the players' names, comma-separated")
    parser.add_argument(
        "--seats", help="per seat: human (here), remote, or a computer level (default: human,remote,...)"
    )
    parser.add_argument("--seed", type=SEED)
    parser.add_argument("--option", action="append", metavar="KEY=VALUE")
    parser.add_argument(
        "--host", type=listen_address, default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=bounded_int(0, 65535), help="the port (default: a free one; a resumed table's own)"
    )
    parser.add_argument("--resume", metavar="ID", help="bring back a saved table (the same addresses)")
    add_browser_arguments(parser)
    add_standin_arguments(parser)


# -- a player who has gone, and the turn clock ------------------------------------------------
def wait_seconds(text: str) -> float:
    """An argparse type: a positive, finite number of seconds, up to a day."""
    import math

    from ..net.tokens import LONGEST_WAIT as MAX_WAIT

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text[:40]!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_WAIT:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds up to {MAX_WAIT:g}, got {text[:40]}")
    return value


def add_standin_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "a player who has gone, and the turn clock (both off unless set; every screen shows them)"
    )
    group.add_argument(
        "--away-after",
        type=wait_seconds,
        metavar="SECONDS",
        help="a remote seat disconnected (or never joined) this long is played by a computer, the stand-in, "
        "marked (stand-in) on every screen and in the record; its player takes the seat back by joining again "
        "with the same address, from their next turn",
    )
    group.add_argument(
        "--turn-time",
        type=wait_seconds,
        metavar="SECONDS",
        help="each player has this long for each decision, the time left shown on every screen; at zero the "
        "stand-in makes that one move (in One Too Many's secret choice every seat yet to choose has its clock)",
    )
    group.add_argument(
        "--stand-in",
        metavar="LEVEL",
        help="the computer level of the stand-in (default: normal; a resumed table keeps what it had, "
        "as it keeps --away-after and --turn-time unless given again)",
    )


def standin_rules(args: argparse.Namespace, game_id: str, kept=None):
    """The host's choice of stand-in and clock, checked against the game's computer levels;
    for a resumed table, what it ``kept`` (its ``StandInRules``) where the command line is silent."""
    from ..games import get_row
    from ..net.standin import StandInRules

    kept = kept or StandInRules()
    levels = get_row(game_id).levels
    named = kept.level if args.stand_in is None else args.stand_in
    level = "normal" if named == "computer" else named.strip().lower()
    if level not in levels:
        where = "--stand-in" if args.stand_in is not None else "the saved table's stand-in (give --stand-in)"
        raise UsageError(f"{where}: unknown level {named[:30]!r} (choose from {', '.join(levels)})")
    away = kept.away_after if args.away_after is None else args.away_after
    clock = kept.turn_time if args.turn_time is None else args.turn_time
    return StandInRules(level, away, clock)


# -- browser seats: every remote seat (and the spectators) can be played in a web browser ------------
def add_browser_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-codes", action="store_true", help="do not draw the browser addresses as QR codes (join by code)"
    )


#: Seconds a headless host keeps serving the browser seats after the game, while a tab is open.
BROWSER_LINGER = 600.0


def browser_lines(table) -> list[str]:
    lines = ["Or in a web browser (a phone: scan the seat's code with its camera):"]
    return lines + [f"  {who}: {address}" for who, address in table.browser_addresses()]


def code_lines(table, width: int, colour: bool) -> list[str]:
    """Each browser address as a QR code with the seat and the address beside it (or below,
    when the terminal is too narrow for both)."""
    from ..net import qr

    out: list[str] = []
    for who, address in table.browser_addresses():
        code = qr.lines(address)
        title = "to watch" if who == "spectators" else f"to play as {who}"
        room = width - len(code[0]) - 2
        if room >= 24:
            out += qr.beside(code, ["", f"Scan {title}:", *qr.wrapped(address, room)], colour=colour)
        else:
            out += [*(qr.ansi(code) if colour else code), f"Scan {title}:", address]
        out.append("")
    return out


def seat_kinds(game, players: int, seats: list[str] | None) -> list[str]:
    from ..games import get_row

    levels = get_row(game.id).levels
    kinds = []
    for kind in seats or ["human", *["remote"] * (players - 1)]:
        kind = "normal" if kind == "computer" else kind
        if kind not in ("human", "remote", *levels):
            raise UsageError(f"unknown seat kind {kind!r} (choose from human, remote, {', '.join(levels)}, computer)")
        kinds.append(kind)
    if "remote" not in kinds:
        raise UsageError("a hosted table needs a remote seat (--seats human,remote,...)")
    return kinds


def new_table(args):
    from ..core.names import names_problem
    from ..core.words import plural
    from ..net.hosting import HostedTable
    from .common import checked_options, game_named

    if args.game is None:
        raise UsageError("name the game to host (or --resume ID)")
    game = game_named(args.game)
    names = [n.strip() for n in args.names.split(",")] if args.names is not None else None
    seats = [s.strip().lower() for s in args.seats.split(",")] if args.seats else None
    players = args.players or len(names or seats or []) or max(2, game.min_players)
    for label, items in (("--names", names), ("--seats", seats)):
        if items is not None and len(items) != players:
            raise UsageError(f"{label} lists {plural(len(items), 'seat')} for {plural(players, 'player')}")
    if names is not None and (problem := names_problem(names)) is not None:
        raise UsageError(f"--names: {problem}")
    options = checked_options(game, players, args.option)
    kinds = seat_kinds(game, players, seats)
    import random

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    names = names or [f"Player {i + 1}" for i in range(players)]
    rules = standin_rules(args, game.id)
    return HostedTable.new(game.id, names, kinds, options, seed, host=args.host, rules=rules)


def resume_table(args):
    """A saved table brought back, with the stand-in and the clock it kept (what the command
    line gives again replaces them)."""
    from ..net.hosting import HostedTable

    table = HostedTable.resume(args.resume, host=args.host)
    try:
        table.set_rules(standin_rules(args, table.session.game.id, table.rules))
    except UsageError:
        table.saver.release()
        raise
    return table


def address_lines(table) -> list[str]:
    lines = [f"Hosting {table.session.game.name} (saved as {table.saver.save_id}); join with:"]
    lines += [f"  {who}: cardtable join {address}" for who, address in table.addresses()]
    return lines


def run(args: argparse.Namespace) -> int:
    from .common import error_line, needs_terminal
    from .serve import is_loopback

    try:
        import aiohttp  # noqa: F401
    except ImportError:
        print(f"cardtable: error: {INSTALL_HINT}", file=sys.stderr)
        return 2
    from ..core.osfile import reason
    from ..net.hosting import HostError

    if args.resume is not None and (args.game or args.seats or args.names or args.players or args.option):
        raise UsageError("--resume takes the saved table as it was: no game, seats, names or options")
    try:
        table = resume_table(args) if args.resume else new_table(args)
    except HostError as exc:
        raise UsageError(str(exc)) from None
    here = "human" in table.tokens.kinds
    if here and (problem := needs_terminal()) is not None:
        table.saver.release()
        raise UsageError(f"a human seat at the host's keyboard: {problem}")
    try:
        table.bind(args.port)
    except OSError as exc:
        table.saver.release()
        error_line(f"cardtable: error: cannot listen on {args.host}:{args.port}: {reason(exc)}")
        return 1
    if not is_loopback(args.host):
        print(
            f"warning: listening on {args.host}: anyone on the network with an address can take that seat",
            file=sys.stderr,
        )
    lines = address_lines(table) + browser_lines(table)
    print("\n".join(lines), flush=True)
    if not args.no_codes and not here:
        import shutil

        codes = code_lines(table, shutil.get_terminal_size().columns, colour=sys.stdout.isatty())
        print("\n".join(codes), flush=True)
    return play_here(table, lines, not args.no_codes) if here else serve_headless(table)


def play_here(table, lines: list[str], codes: bool = True) -> int:
    from ..net.apps import HostApp

    HostApp(table, lines, codes=codes).run()
    return 0


def serve_headless(table) -> int:
    import asyncio

    from ..net.hosting import linger_then_close

    async def serve():
        await table.start_bound()
        try:
            outcome = await table.run_headless()
            winners = ", ".join(table.session.names[s] for s in outcome.winners())
            print(f"Game over: {winners} won.", flush=True)
            if table.browser.apps:
                print("The browsers keep the table until they leave it (Ctrl+C stops).", flush=True)
                await table.browser.wait_closed(BROWSER_LINGER)
        finally:
            await linger_then_close(table)

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        if table.session.is_over:
            return 0
        print(f"stopped; the table is saved: cardtable host --resume {table.saver.save_id}", flush=True)
        return 130
    return 0
