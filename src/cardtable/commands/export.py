"""``cardtable export [ID [FILE]] [--force]``: a finished game as a record file for ``cardtable replay``.

With the id of a finished game (the start of an id is enough) the game's
record is written to FILE (``ID.json`` by default, ``-`` for standard output).
Without an id: the finished games, as a table.

A game in progress is refused, with a message: its record holds the seed,
and the seed deals the same cards again, every hidden card included, so an
export would let a player see the others' hands (or replay the game to the
end) while it is still being played. Stripping the seed would give a record
that cannot be replayed, so there is nothing useful to export until the game
is over; then the record, seed included, is written as usual.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", nargs="?", help="the finished game to export (its id, or the start of it)")
    parser.add_argument("file", nargs="?", help="where to write the record (default ID.json; - for stdout)")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run(args: argparse.Namespace) -> int:
    from ..core.words import plural
    from ..storage.saves import NoSuchSave, SaveError, SaveStore, record_json
    from .common import UsageError
    from .resume import print_problems

    store = SaveStore()
    if args.id is None:
        return list_history(store)
    try:
        loaded = store.load_any(args.id)
    except NoSuchSave as exc:
        raise UsageError(f"{exc} (`cardtable resume` and `cardtable export` list the games)") from None
    except SaveError as exc:
        print_problems([exc])
        return 1
    if not loaded.session.is_over:
        raise UsageError(
            f"{loaded.info.id} is a game in progress: its record holds the seed, which would show every "
            "hidden card; it can be exported once the game is over"
        )
    if args.file == "-":
        sys.stdout.write(record_json(loaded.file.record))
        return 0
    from ..storage.saves.export import write_record

    target = Path(args.file or f"{loaded.info.id}.json")
    try:
        write_record(loaded.file.record, target, overwrite=args.force)
    except FileExistsError:
        raise UsageError(f"{target} already exists (--force replaces it)") from None
    except OSError as exc:  # (a FileProblem: one line naming the target)
        raise UsageError(f"cannot write {exc}") from None
    print(f"{loaded.info.game_name} ({plural(loaded.info.moves, 'move')}) written to {target}")
    return 0


def list_history(store) -> int:
    from rich.console import Console

    from .resume import print_problems, saves_table

    listing = store.list_history()
    console = Console(highlight=False)
    if not listing.saves:
        console.print("No finished games yet. (Games in progress: cardtable resume.)")
    else:
        console.print(saves_table("Finished games", listing.saves, console.width, "ended", turn=False))
        console.print("[dim]Export one with[/] cardtable export ID \\[FILE]")
    print_problems(listing.problems)
    return 0
