"""Statistics: per player and game, games played, wins, points, best and worst.

A tab per game (and "All games"); left and right switch between them.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static, Tab, Tabs

from ...games import GAME_IDS
from ...storage.stats import HOW_PLAYERS_ARE_TOLD_APART, StatRow, StatsStore
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS

ALL = "all-games"


def _game_label(game_id: str) -> str:
    from ...games import get_game

    try:
        return get_game(game_id).name
    except (KeyError, ImportError):
        return game_id


class StatisticsScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="stats.close"),
        Binding("left", "tab(-1)", "Game", show=False, id="stats.previous", tooltip="Another game's statistics"),
        Binding("right", "tab(1)", "Game", id="stats.next", tooltip="Another game's statistics"),
    ]

    def __init__(self, stats: StatsStore | None = None) -> None:
        super().__init__(classes="stats-screen")
        self.stats = stats or StatsStore()
        self.rows: list[StatRow] = []
        self.notice: str | None = None

    def compose(self) -> ComposeResult:
        self.rows, self.notice = self.stats.rows()
        recorded = {r.game_id for r in self.rows}
        game_ids = list(GAME_IDS) + sorted(recorded - set(GAME_IDS))
        with Vertical(id="stats"):
            yield Static("Statistics", id="stats-title")
            yield Static(Content(self.notice or ""), id="stats-notice")
            yield Tabs(Tab("All games", id=ALL), *(Tab(_game_label(g), id=f"game-{g}") for g in game_ids))
            yield Static("No games recorded yet.", id="stats-empty")
            yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            yield Static(HOW_PLAYERS_ARE_TOLD_APART, id="stats-how", markup=False)
        yield KeysFooter()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#stats-notice").display = self.notice is not None
        if self.notice:
            self.notify(self.notice, title="Statistics", severity="warning", timeout=10, markup=False)
        self.show_game(None)

    @property
    def game_id(self) -> str | None:
        """The game shown (None: all games)."""
        active = self.query_one(Tabs).active
        return None if not active or active == ALL else active.removeprefix("game-")

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        self.show_game(self.game_id)

    def show_game(self, game_id: str | None) -> None:
        rows = [r for r in self.rows if game_id is None or r.game_id == game_id]
        table = self.query_one(DataTable)
        table.clear(columns=True)
        columns = ["Player"] + (["Game"] if game_id is None else [])
        table.add_columns(*columns, "Played", "Wins", "Win %", "Points", "Mean", "Best", "Worst")
        for r in rows:
            cells: list = [Text(r.player)] + ([Text(r.game_name)] if game_id is None else [])
            cells += r.figures()
            table.add_row(*cells)
        table.display = bool(rows)
        empty = self.query_one("#stats-empty", Static)
        empty.display = not rows
        where = f" of {_game_label(game_id)}" if game_id else ""
        empty.update(f"No games{where} recorded yet.")
        if rows:
            table.focus()

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(Tabs)
        ids = [tab.id for tab in tabs.query(Tab)]
        if tabs.active in ids:
            tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]

    def action_close(self) -> None:
        self.dismiss(None)
