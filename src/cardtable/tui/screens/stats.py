"""Statistics: per player and game (played, wins, win rate, points, best and worst,
streaks, a chart of recent results), head-to-head, and the recent games.

A tab per game (and "All games"): left and right switch between them;
shift+left and shift+right scroll a table wider than the screen (the footer says so
then), its first column (the player, the date) staying in place. Three
sections: ``p`` the players, ``v`` head to head, ``g`` the recent games, where
Enter opens the highlighted game in the replay viewer. Everything comes from
the queries ``cardtable stats`` prints (``storage.stats_query``).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Sparkline, Static, Tab, Tabs

from ...games import GAME_IDS
from ...storage.stats import HOW_PLAYERS_ARE_TOLD_APART, StatsReport, StatsStore
from ...storage.stats_query import PLAYER_COLUMNS, StatRow
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built

ALL = "all-games"
SECTIONS = (("players", "Players"), ("versus", "Head to head"), ("games", "Recent games"))
GAMES_LISTED = 50
EMPTY = {
    "players": "No games{where} recorded yet.",
    "versus": "No two players have met{where} yet.",
    "games": "No games{where} recorded yet.",
}


def _game_label(game_id: str) -> str:
    from ...games import get_game

    try:
        return get_game(game_id).name
    except (KeyError, ImportError):
        return game_id


def results_strip(row: StatRow, last: int | None = None) -> Text:
    """The recent results (the ``last`` ones) as letters, oldest first: W (won, green) and L."""
    strip = Text()
    for result in row.recent[-last:] if last else row.recent:
        strip.append("W" if result.won else "L", style="bold green" if result.won else "dim")
    return strip


class StatisticsScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="stats.close"),
        Binding(
            "left",
            "tab(-1)",
            "Game",
            show=False,
            priority=True,
            id="stats.previous",
            tooltip="Another game (All games, then each game)",
        ),
        Binding(
            "right",
            "tab(1)",
            "Game",
            priority=True,
            id="stats.next",
            tooltip="Another game (All games, then each game)",
        ),
        Binding(
            "shift+right",
            "scroll_table(1)",
            "More columns",
            key_display="⇧← →",
            id="stats.scroll_right",
            tooltip="See the columns of a table wider than the screen (shown when it is)",
        ),
        Binding(
            "shift+left",
            "scroll_table(-1)",
            "More columns",
            show=False,
            id="stats.scroll_left",
            tooltip="See the columns of a table wider than the screen (shown when it is)",
        ),
        Binding(
            "p",
            "section('players')",
            "Players",
            id="stats.players",
            tooltip="Players: streaks, a chart of recent results",
        ),
        Binding("v", "section('versus')", "Head to head", id="stats.versus", tooltip="Head to head"),
        Binding("g", "section('games')", "Games", id="stats.games", tooltip="Recent games"),
        Binding(
            "enter", "replay", "Replay", priority=True, id="stats.replay", tooltip="Replay the highlighted recent game"
        ),
    ]

    def __init__(self, stats: StatsStore | None = None) -> None:
        super().__init__(classes="stats-screen")
        self.stats = stats or StatsStore()
        self.report = StatsReport()
        self.notice: str | None = None

    @property
    def rows(self) -> list[StatRow]:
        return self.report.rows

    def compose(self) -> ComposeResult:
        self.report = self.stats.report(games=GAMES_LISTED)
        self.notice = self.report.notice
        recorded = {r.game_id for r in self.rows}
        game_ids = list(GAME_IDS) + sorted(recorded - set(GAME_IDS))
        with Vertical(id="stats"):
            yield Static("Statistics", id="stats-title")
            yield Static(Content(self.notice or ""), id="stats-notice")
            yield Tabs(
                Tab("All games", id=ALL), *(Tab(_game_label(g), id=f"game-{g}") for g in game_ids), id="stats-game-tabs"
            )
            yield Tabs(*(Tab(label, id=f"section-{key}") for key, label in SECTIONS), id="stats-sections")
            yield Static("No games recorded yet.", id="stats-empty")
            with ContentSwitcher(initial="stats-players", id="stats-switcher"):
                with Vertical(id="stats-players"):
                    yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True, fixed_columns=1)
                    with Horizontal(id="stats-chart"):
                        yield Static("", id="stats-chart-label")
                        yield Sparkline([], id="stats-sparkline")
                yield DataTable(id="stats-versus", cursor_type="row", zebra_stripes=True, fixed_columns=1)
                yield DataTable(id="stats-games", cursor_type="row", zebra_stripes=True, fixed_columns=1)
            yield Static(HOW_PLAYERS_ARE_TOLD_APART, id="stats-how", markup=False)
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one("#stats-notice").display = self.notice is not None
        if self.notice:
            self.notify(self.notice, title="Statistics", severity="warning", timeout=10, markup=False)
        self.show_game(None, reload=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":  # only on the list of games (and shown in the footer only there)
            return (
                self.is_mounted and self.section == "games" and self.query_one("#stats-games", DataTable).row_count > 0
            )
        if action == "scroll_table":  # only when the table shown is wider than the screen
            return self.is_mounted and self.current_table().max_scroll_x > 0
        return True

    def current_table(self) -> DataTable:
        section = self.section
        return self.query_one("#stats-table" if section == "players" else f"#stats-{section}", DataTable)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)

    # -- what is shown
    @property
    def game_id(self) -> str | None:
        """The game shown (None: all games)."""
        active = self.query_one("#stats-game-tabs", Tabs).active
        return None if not active or active == ALL else active.removeprefix("game-")

    @property
    def section(self) -> str:
        return (self.query_one(ContentSwitcher).current or "stats-players").removeprefix("stats-")

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        if event.tabs.id == "stats-game-tabs":
            self.show_game(self.game_id)
        elif event.tab.id:
            self.query_one(ContentSwitcher).current = "stats-" + event.tab.id.removeprefix("section-")
            self.show_empty()
            self.refresh_bindings()

    def show_game(self, game_id: str | None, reload: bool = True) -> None:
        if reload:
            self.report = self.stats.report(game_id, games=GAMES_LISTED)
            if self.report.notice and self.report.notice != self.notice:
                self.notice = self.report.notice
                self.notify(self.notice, title="Statistics", severity="warning", timeout=10, markup=False)
        self.fill_players(game_id)
        self.fill_versus()
        self.fill_games(game_id)
        self.show_empty()
        self.refresh_bindings()

    def fill_players(self, game_id: str | None) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.clear(columns=True)
        columns = ["Player"] + (["Game"] if game_id is None else [])
        table.add_columns(*columns, *PLAYER_COLUMNS, "Recent")
        for n, r in enumerate(self.rows):
            cells: list = [Text(r.player)] + ([Text(r.game_name)] if game_id is None else [])
            table.add_row(*cells, *(Text(f, justify="right") for f in r.figures()), results_strip(r, 10), key=str(n))
        self.show_chart(0 if self.rows else None)

    def fill_versus(self) -> None:
        table = self.query_one("#stats-versus", DataTable)
        table.clear(columns=True)
        table.add_columns("Player", "Ahead", "Level", "Behind", "Against", "Games")
        for v in self.report.versus:
            figures = (Text(str(n), justify="right") for n in (v.first_ahead, v.level, v.second_ahead))
            table.add_row(Text(v.first), *figures, Text(v.second), Text(str(v.played), justify="right"))

    def fill_games(self, game_id: str | None) -> None:
        table = self.query_one("#stats-games", DataTable)
        table.clear(columns=True)
        table.add_columns(
            "Ended",
            *(["Game"] if game_id is None else []),
            "By place (* won), points",
            "Moves",
            "Time",
            "Undos",
            "Hints",
        )
        for g in self.report.games:
            cells: list = [g.ended.astimezone().strftime("%Y-%m-%d %H:%M")]
            cells += [Text(g.game_name)] if game_id is None else []
            cells += [
                Text(g.players_text),
                "" if g.moves is None else str(g.moves),
                g.duration_text,
                str(g.undos),
                str(g.hints),
            ]
            table.add_row(*cells, key=str(g.id))

    def show_empty(self) -> None:
        section = self.section
        table = self.current_table()
        has_rows = table.row_count > 0
        self.query_one(ContentSwitcher).display = has_rows
        empty = self.query_one("#stats-empty", Static)
        empty.display = not has_rows
        where = (
            f" at {_game_label(self.game_id)}"
            if self.game_id and section == "versus"
            else (f" of {_game_label(self.game_id)}" if self.game_id else "")
        )
        empty.update(EMPTY[section].format(where=where))
        if has_rows:
            table.focus()
        self.call_after_refresh(self.refresh_bindings)  # (once the table knows its width)

    def show_chart(self, index: int | None) -> None:
        """The chart of the highlighted player's recent results: points per game, and W/L."""
        label = self.query_one("#stats-chart-label", Static)
        spark = self.query_one("#stats-sparkline", Sparkline)
        if index is None or not 0 <= index < len(self.rows):
            label.update("")
            spark.data = []
            return
        row = self.rows[index]
        if not row.recent:
            label.update(Text(f"{row.player}: no single games recorded (totals from an earlier version)"))
            spark.data = []
            return
        text = Text(f"{row.player}, last {len(row.recent)}: ")
        text.append_text(results_strip(row))
        text.append("  points ")
        label.update(text)
        spark.styles.width = len(row.recent)  # a bar per game
        spark.data = [float(r.points) for r in row.recent]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "stats-table":
            self.show_chart(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "stats-games":
            event.stop()
            self.open_replay(event.row_key.value)

    # -- actions
    def action_tab(self, step: int) -> None:
        tabs = self.query_one("#stats-game-tabs", Tabs)
        ids = [tab.id for tab in tabs.query(Tab) if tab.id is not None]
        if tabs.active in ids:
            tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]

    def action_scroll_table(self, step: int) -> None:
        """A table wider than the screen: see its other columns (left and right switch games)."""
        self.current_table().scroll_relative(x=8 * step, animate=False)

    def action_section(self, key: str) -> None:
        self.query_one("#stats-sections", Tabs).active = f"section-{key}"

    def action_replay(self) -> None:
        if self.section != "games":
            return
        table = self.query_one("#stats-games", DataTable)
        if table.row_count:
            self.open_replay(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def open_replay(self, key: str | None) -> None:
        """Open the finished game ``key`` (its row id) in the replay viewer."""
        if key is None:
            return
        record = self.stats.record_of(int(key))
        if record is None:
            self.notify(
                "This game was counted without its record: it cannot be replayed.", title="Replay", markup=False
            )
            return
        self.app.open_replay(record)  # type: ignore[attr-defined]  # (the app is CardtableApp; Textual's screens know only App)

    def action_close(self) -> None:
        self.dismiss(None)
