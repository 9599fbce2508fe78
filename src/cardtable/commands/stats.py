"""``cardtable stats [GAME] [--player NAME] [--games N] [--json | --csv]``: the statistics.

The same tables as the app's Statistics screen, from the same queries
(``cardtable.storage.stats_query``): per player and game (played, wins, win
rate, points, best and worst, current and longest streak, recent results),
head-to-head, and the most recent games. ``--json``: the same data as one
JSON object; ``--csv``: the players' table for a spreadsheet.
"""

from __future__ import annotations

import argparse

MAX_GAMES_LISTED = 10_000
TABLE_RECENT = 10  # results in the table's strip (the JSON has all RECENT)
CSV_COLUMNS = (
    "player",
    "game",
    "played",
    "wins",
    "win_rate",
    "points",
    "mean_points",
    "best",
    "worst",
    "current_streak",
    "longest_streak",
    "recent",
    "last_played",
)


def _player(text: str) -> str:
    if not text.strip() or len(text) > 100:
        raise argparse.ArgumentTypeError("a player's name: 1 to 100 characters")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..games import game_ids  # the registry imports no engine
    from .common import bounded_int

    parser.add_argument("game", nargs="?", help=f"only this game ({', '.join(game_ids())})")
    parser.add_argument("--player", metavar="NAME", type=_player, help="only this player (and the games they played)")
    parser.add_argument(
        "--games",
        metavar="N",
        type=bounded_int(0, MAX_GAMES_LISTED),
        default=10,
        help="how many recent games to list (default 10)",
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print the same data as one JSON object")
    form.add_argument("--csv", action="store_true", help="print the players' table as CSV (for a spreadsheet)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape

    from ..core.names import visible
    from ..games import game_ids
    from ..storage.stats import StatsStore
    from .common import UsageError

    if args.game is not None and args.game not in game_ids():
        raise UsageError(f"unknown game {args.game!r} (choose from {', '.join(game_ids())})")
    store = StatsStore()
    report = store.report(args.game, args.player, args.games)
    if report.notice:
        Console(stderr=True, highlight=False, soft_wrap=True).print(f"[yellow]{escape(visible(report.notice))}[/]")
    if args.json:
        from .json_output import print_json

        print_json(
            "stats",
            {
                "stats": [r.as_json() for r in report.rows],
                "head_to_head": [v.as_json() for v in report.versus],
                "games": [g.as_json() for g in report.games],
                "notice": report.notice,
                "file": str(store.path),
            },
        )
        return 0
    if args.csv:
        print_csv(report.rows)
        return 0
    console = Console(highlight=False)
    if not report.rows:
        what = f" of {args.game}" if args.game else ""
        who = f" for {args.player}" if args.player else ""
        console.print(escape(visible(f"No games{what} recorded yet{who}.")))
        return 0
    for n, table in enumerate(tables(report, args.game, console.width)):
        if n:
            console.print()
        console.print(table)
    return 0


def print_csv(rows) -> None:
    import csv
    import sys

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        data = r.as_json()
        data["recent"] = r.recent_text
        writer.writerow([_cell(data[c]) for c in CSV_COLUMNS])


def _cell(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not _number(text) else text  # no formulas


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def tables(report, game_id: str | None, width: int = 0) -> list:
    """The Rich tables: players, head-to-head, recent games (a player's row fits ``width``,
    if given: see :func:`_fit`)."""
    from rich.markup import escape
    from rich.text import Text

    from ..storage.stats_query import PLAYER_COLUMNS

    out = []
    by_game: dict[str, list] = {}
    for r in report.rows:
        by_game.setdefault(r.game_id, []).append(r)
    for rows in by_game.values():  # one table per game (the rows come by game)
        players = _table(f"Statistics: {escape(rows[0].game_name)}")
        players.add_column("player", style="bold", min_width=10, no_wrap=True)
        for label in PLAYER_COLUMNS:
            players.add_column(label.lower(), justify="right")
        split, last = _fit(rows, width)
        if last:
            players.add_column(f"last {last}", no_wrap=True)
        for r in rows:
            label = escape(r.player).replace(" (", "\n(") if split else escape(r.player)
            players.add_row(label, *r.figures(), *([recent_strip(r, last)] if last else []))
        out.append(players)
    if report.versus:
        versus = _table("Head to head")
        for label, justify in (
            ("player", "left"),
            ("ahead", "right"),
            ("level", "right"),
            ("behind", "right"),
            ("against", "left"),
            ("games", "right"),
        ):
            versus.add_column(label, justify=justify)
        for v in report.versus:
            versus.add_row(
                Text(v.first), str(v.first_ahead), str(v.level), str(v.second_ahead), Text(v.second), str(v.played)
            )
        out.append(versus)
    if report.games:
        games = _table("Recent games")
        for label in ("ended", "game", "by place (* won), points", "moves", "time", "undos", "hints"):
            games.add_column(label, justify="right" if label in ("moves", "undos", "hints", "time") else "left")
        for g in report.games:
            games.add_row(
                g.ended.astimezone().strftime("%Y-%m-%d %H:%M"),
                escape(g.game_name) + (" (stand-in)" if g.stand_in else ""),
                Text(g.players_text),
                "" if g.moves is None else str(g.moves),
                g.duration_text,
                str(g.undos),
                str(g.hints),
            )
        out.append(games)
    return out


def _fit(rows, width: int) -> tuple[bool, int]:
    """Whether a player's label goes on two lines, the name over its kind ("(normal computer)",
    never broken), and how many recent results the strip shows (0: no strip), for the players'
    table to fit ``width`` (0: no limit): one line a player while the strip keeps 5 results."""
    from ..storage.stats_query import PLAYER_COLUMNS, RECENT

    last = min(RECENT, TABLE_RECENT)
    figures = [list(PLAYER_COLUMNS)] + [r.figures() for r in rows]
    rest = sum(max(len(row[c]) for row in figures) + 1 for c in range(len(PLAYER_COLUMNS)))
    for split, fewest in ((False, 5), (True, 3)):
        labels = [r.player.replace(" (", "\n(") if split else r.player for r in rows]
        label = max(10, *(len(part) for text in labels for part in text.split("\n")))
        for shown in range(last, fewest - 1, -1):
            if not width or label + 1 + rest + max(shown, len(f"last {shown}")) <= width:
                return split, shown
    return True, 0


def _table(title: str):
    """A compact table (one space between columns, a rule under the heads): 80 columns hold a player's row."""
    from rich import box
    from rich.table import Table

    return Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0), show_edge=False
    )


def recent_strip(row, last: int):
    """The ``last`` results as a strip of letters, oldest first, wins in green: the chart of a terminal table."""
    from rich.text import Text

    strip = Text()
    for result in row.recent[-last:]:
        strip.append("W" if result.won else "L", style="bold green" if result.won else "dim")
    return strip
