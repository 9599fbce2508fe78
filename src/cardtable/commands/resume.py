"""``cardtable resume [ID] [--json]``: list the saved games, or open one.

Without an id: a table of the games in progress (game, players, when, whose
turn), then any damaged save by name with the reason (it has been set aside),
and exit. With an id (or the start of one): the save is checked, then the app
opens at that game.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", nargs="?", help="the saved game to open (its id, or the start of it)")
    parser.add_argument("--json", action="store_true", help="list the saves as one JSON object")


def run(args: argparse.Namespace) -> int:
    from ..storage.saves import SaveStore

    store = SaveStore()
    if args.id is None:
        return list_saves(store, as_json=args.json)
    return open_save(store, args.id)


def problem_json(problem) -> dict:
    from ..storage.saves import DamagedSave

    return {
        "id": problem.name,
        "reason": problem.reason,
        "damaged": isinstance(problem, DamagedSave),
        "set_aside_as": str(problem.set_aside) if getattr(problem, "set_aside", None) else None,
        "restored_backup_moves": getattr(problem, "restored", None),
        "message": problem.message,
    }


def info_json(info) -> dict:
    return {
        "id": info.id,
        "game": info.game_id,
        "players": [{"name": s.name, "kind": s.kind} for s in info.seats],
        "created": info.created.isoformat(),
        "updated": info.updated.isoformat(),
        "moves": info.moves,
        "to_act": [info.seats[p].name for p in info.to_act],
        "over": info.over,
        "path": str(info.path),
    }


def print_problems(problems) -> None:
    from rich.console import Console
    from rich.markup import escape

    from ..core.names import visible
    from ..storage.saves import DamagedSave

    err = Console(stderr=True, highlight=False, soft_wrap=True)  # one line per problem, however long
    for problem in problems:
        label = "[red]damaged save[/]" if isinstance(problem, DamagedSave) else "[yellow]cannot open[/]"
        err.print(f"{label} {escape(visible(problem.message))}")


def saves_table(title: str, saves, width: int, when: str, turn: bool, in_use=()):
    """The saves (or finished games) as a table of one line each, fitting ``width``
    columns (80 and up): the id (which starts with the game) and the time are never
    cut, the names are cut with "…"; the game's name is shown when there is room."""
    from rich.markup import escape
    from rich.table import Table

    from ..tui.save_text import describe_time, players_text, turn_text

    id_width = max(len(info.id) for info in saves)
    when_width = max(len(when), *(len(describe_time(info.updated)) for info in saves))
    wide = width >= 110
    game_width = max(len(info.game_name) for info in saves) if wide else 0
    columns = 4 + wide + turn  # with one space of padding each side between columns
    spare = width - id_width - game_width - len("moves") - when_width - 2 * (columns - 1)
    names_width = max(8, spare * 2 // 3 if turn else spare)
    table = Table(title=title, title_justify="left", box=None, pad_edge=False, header_style="bold")
    table.add_column("id", style="bold", no_wrap=True, min_width=id_width)
    if wide:
        table.add_column("game", no_wrap=True)
    table.add_column("players", no_wrap=True, overflow="ellipsis", max_width=names_width)
    table.add_column("moves", justify="right", no_wrap=True)
    table.add_column(when, no_wrap=True, min_width=when_width)
    if turn:
        table.add_column("to act", no_wrap=True, overflow="ellipsis", max_width=max(6, spare - names_width))
    for info in saves:
        table.add_row(
            escape(info.id),
            *([escape(info.game_name)] if wide else []),
            escape(players_text(info.seats)),
            str(info.moves),
            describe_time(info.updated),
            *([escape(turn_text(info)) + (" (open in another window)" if info.id in in_use else "")] if turn else []),
        )
    return table


def list_saves(store, as_json: bool = False) -> int:
    from rich.console import Console

    from ..core.words import plural

    listing = store.list_saves()
    if as_json:
        from .json_output import print_json

        print_json(
            "resume",
            {
                "saves": [info_json(i) for i in listing.saves],
                "problems": [problem_json(p) for p in listing.problems],
                "filed_away": [str(p) for p in listing.finished],
                "in_use": listing.in_use,
                "folder": str(store.saves_dir),
            },
        )
        return 0
    console = Console(highlight=False)
    if listing.saves:
        console.print(
            saves_table("Saved games", listing.saves, console.width, "last played", turn=True, in_use=listing.in_use)
        )
        console.print("[dim]Open one with[/] cardtable resume ID [dim](the start of an id is enough).[/]")
    else:
        console.print("No saved games.")
    if listing.finished:
        console.print(f"[dim]{plural(len(listing.finished), 'finished game')} moved to the history.[/]")
    print_problems(listing.problems)
    return 0


def open_save(store, text: str) -> int:
    from ..storage.saves import NoSuchSave, SaveError, SaveInUse
    from .common import UsageError

    try:
        save_id = store.resolve(text)
    except NoSuchSave as exc:
        raise UsageError(f"{exc} (`cardtable resume` lists the saved games)") from None
    except SaveError as exc:
        print_problems([exc])
        return 1
    pid = store.in_use(save_id)
    if pid is not None:
        print_problems([SaveInUse(save_id, pid)])
        return 1
    try:
        store.load(save_id)
    except SaveError as exc:
        print_problems([exc])
        return 1
    return open_app(save_id)


def open_app(save_id: str) -> int:
    """Open the app at the saved game ``save_id`` (already checked; stdin and stdout must be a terminal)."""
    from .common import run_app

    return run_app(resume=save_id)
