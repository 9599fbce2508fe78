"""The complete rules of every game (the rules Markdown shipped with the package)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer, TabbedContent, TabPane

from ...games import available_games
from ...rulebook import rules_markdown
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS


def rules_text(game_id: str) -> str:
    try:
        return rules_markdown(game_id)
    except (OSError, KeyError):
        return f"# {game_id}\n\nThe rules of this game are not available in this installation."


class RulesViewer(MarkdownViewer, can_focus=True):
    """The rules of one game; scroll with the arrows, Page Up and Page Down."""


class RulesScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("t", "toggle_contents", "Contents"),
        Binding("left", "tab(-1)", "Game", show=False),
        Binding("right", "tab(1)", "Game", show=False),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__(classes="rules-screen")
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        games = available_games()
        initial = self.game_id if any(g.id == self.game_id for g in games) else (games[0].id if games else None)
        with TabbedContent(initial=initial or ""):
            for game in games:
                with TabPane(game.name, id=game.id):
                    yield RulesViewer(rules_text(game.id), show_table_of_contents=False, open_links=False)
        yield KeysFooter()
        yield SizeNotice()

    def on_mount(self) -> None:
        self._focus_viewer()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self._focus_viewer()

    def _focus_viewer(self) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active:
            self.query_one(f"#{tabs.active} RulesViewer", RulesViewer).focus()

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [pane.id for pane in tabs.query(TabPane)]
        if tabs.active in ids:
            tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]

    def action_toggle_contents(self) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active:
            viewer = self.query_one(f"#{tabs.active} RulesViewer", RulesViewer)
            viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss(None)
