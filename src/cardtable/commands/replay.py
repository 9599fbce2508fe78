"""``cardtable replay FILE``: replay a game record file."""

from __future__ import annotations

import argparse
import sys

from .common import UsageError, error_line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--watch", action="store_true", help="step through it in the app's replay viewer (needs a terminal)"
    )


def run(args) -> int:
    from ..core.record import NoRecordFile, RecordError, load_record, replay
    from ..games import get_game

    if args.watch and args.json:
        raise UsageError("--watch and --json do not go together")
    try:
        record = load_record(args.file)
    except NoRecordFile as exc:
        raise UsageError(str(exc)) from None
    except RecordError as exc:
        error_line(f"cardtable: error: {exc}")
        return 1
    try:
        result = replay(record, get_game)
    except RecordError as exc:
        error_line(f"cardtable: replay stopped: {args.file}: {exc}")
        return 1
    if args.watch:
        return watch(record)
    if args.json:
        print_replay_json(record, result)
    else:
        print_replay(record, result)
    return 0


def print_replay_json(record, result) -> None:
    """The replayed game as one JSON object: where it ended, and its public events."""
    from ..core.codec import encode_value
    from .json_output import print_json

    game, state = result.game, result.state
    names = record.names or [f"Player {i + 1}" for i in range(record.players)]
    outcome = game.outcome(state) if game.is_over(state) else None
    print_json(
        "replay",
        {
            "game": game.id,
            "players": record.players,
            "moves": len(record.moves),
            "over": game.is_over(state),
            "to_act": list(game.to_act(state)),
            "places": list(outcome.places) if outcome else None,
            "points": list(outcome.points) if outcome else None,
            "winners": list(outcome.winners()) if outcome else None,
            "digest": game.digest(state),
            "events": [
                {
                    "move": None if i < 0 else i,  # (None: the deal, before the first move)
                    "kind": e.kind,
                    "text": e.render(names),
                    "data": {k: encode_value(v) for k, v in e.data},
                }
                for i, e in result.events
                if e.visible(None)
            ],
        },
    )


def print_replay(record, result) -> None:
    """The replayed game for a reader: its public events, the table at the end, and the outcome."""
    from rich.console import Console
    from rich.markup import escape

    from ..tui.presenters.plain import event_text, public_table_lines

    game, state = result.game, result.state
    names = record.names or [f"Player {i + 1}" for i in range(record.players)]
    over = game.is_over(state)
    console = Console(highlight=False)
    encoding = sys.stdout.encoding or "ascii"
    ascii_cards = not can_print("♥♦♣♠", encoding)

    def shown(text: str) -> str:  # what the terminal can print, markup escaped
        return escape(text.encode(encoding, "replace").decode(encoding) if ascii_cards else text)

    for index, event in result.events:
        if event.visible(None):
            number = "" if index < 0 else index  # (no number: the deal, before the first move)
            console.print(f"[dim]{number:>4}[/] {shown(event_text(event.render(names), ascii_cards))}")
    console.rule("the table at the end" if over else f"the table after move {len(record.moves)}")
    for line in public_table_lines(game.id, game.view(state, None), names, ascii_cards):
        console.print(shown(line))
    console.print()
    if over:
        print_outcome(console, game.outcome(state), names, shown)
    else:
        console.print(f"Game not over; to act: {shown(', '.join(names[p] for p in game.to_act(state)))}")


def print_outcome(console, outcome, names, shown) -> None:
    """Who won, and each seat's place, points and why, as a table."""
    from rich.table import Table

    from ..core.words import and_list

    winners = [names[seat] for seat in outcome.winners()]
    console.print(f"Won by {shown(and_list(winners) or 'nobody')}.")
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for column, justify in (("place", "right"), ("player", "left"), ("points", "right"), ("why", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for seat in sorted(range(len(outcome.places)), key=lambda s: (outcome.places[s], s)):
        reason = outcome.reasons[seat] if outcome.reasons else ""
        table.add_row(str(outcome.places[seat]), shown(names[seat]), str(outcome.points[seat]), shown(reason))
    console.print(table)


def watch(record) -> int:
    """Open the app straight into the replay viewer of ``record`` (already checked)."""
    from .common import needs_terminal

    problem = needs_terminal()
    if problem is not None:
        raise UsageError(problem)
    watch_app(record).run()
    return 0


def watch_app(record):
    """The app, opening at the replay viewer of ``record`` (Esc leads to the menu)."""
    from ..tui.app import CardtableApp

    class WatchApp(CardtableApp):
        def on_mount(self) -> None:  # (Textual calls CardtableApp.on_mount too; this runs after it)
            self.call_later(self.open_replay, record)

    return WatchApp()


def can_print(text: str, encoding: str) -> bool:
    """Whether standard output's encoding has these characters (the suits), else ASCII faces."""
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
