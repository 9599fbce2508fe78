"""The complete rules of every game (the rules Markdown shipped with the package)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from ...games import available_game_info
from ...rulebook import rules_markdown
from ..widgets.footer import KeysFooter
from ..widgets.rules_document import RulesDocument
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, size_classes


def rules_text(game_id: str, options: Any = None) -> str:
    """The rules in Markdown; with ``options`` (the game at the table), the options of that
    game first, where they differ from the rules' defaults."""
    try:
        text = rules_markdown(game_id)
    except (OSError, KeyError):
        return f"# {game_id}\n\nThe rules of this game are not available in this installation."
    if options is None:
        return text
    return options_note(options) + "\n\n" + TABLE_NOTE + "\n\n" + text


#: Over the rules of the game at the table (F1): what the table offers besides the rules.
TABLE_NOTE = (
    "> **At the table**: `u` undoes back to your own last decision (another player's move "
    "only with their consent; revealed secret numbers never), `h` marks the move the normal "
    "computer player would make, with its reason, `l` shows the whole history of the game so far "
    "(searchable). Saved and finished games replay move by move: `r` in Resume, Enter on a "
    "recent game in Statistics. "
    "`?` lists every key."
)


def options_note(options: Any) -> str:
    """A Markdown note on the options of the game being played."""
    changed = []
    for name, info in type(options).model_fields.items():
        value = getattr(options, name)
        if value != info.default:
            shown = "automatic" if info.default is None else info.default
            title = name.replace("_", " ").capitalize()
            changed.append(f"- {title}: **{value}** (the rules: {shown})")
    if not changed:
        return "> **This game** is played with the options below, as written."
    return "> **This game** is played with these options; the rules below give the defaults.\n\n" + "\n".join(changed)


class RulesViewer(RulesDocument):
    """The rules of one game; ``options``: those it was built with (shown above the rules)."""

    def __init__(self, markdown: str, options: Any = None) -> None:
        super().__init__(markdown)
        self.options = options


class RulesScreen(Screen[None]):
    """The rules of every game, a tab each. The app keeps one and shows it again
    (:meth:`show` picks the tab); a tab's rules are built when it is first shown."""

    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("escape,q", "close", "Close", id="rules.close"),
        Binding("t", "toggle_contents", "Contents", id="rules.contents", tooltip="Show or hide the contents"),
        Binding("left", "tab(-1)", "Game", show=False, id="rules.previous", tooltip="Another game's rules"),
        Binding("right", "tab(1)", "Game", show=False, id="rules.next", tooltip="Another game's rules"),
    ]

    def __init__(self, game_id: str | None = None, options: Any = None) -> None:
        """``options``: those of the game at the table (``game_id``), shown above its rules."""
        super().__init__(classes=f"rules-screen {size_classes()}")
        self.game_id = game_id
        self.options = options

    def show(self, game_id: str | None, options: Any = None) -> None:
        """Turn to ``game_id``'s tab (if it has one), with ``options`` above its rules;
        the screen's current tab if ``game_id`` is None."""
        self.game_id = game_id
        self.options = options
        if self.is_mounted and game_id is not None and any(g.id == game_id for g in available_game_info()):
            self.query_one(TabbedContent).active = game_id

    def compose(self) -> ComposeResult:
        games = available_game_info()
        initial = self.game_id if any(g.id == self.game_id for g in games) else (games[0].id if games else None)
        with TabbedContent(initial=initial or ""):
            for game in games:  # each tab's rules are built when it is first shown
                yield TabPane(game.name, id=game.id)
        yield KeysFooter()
        yield SizeNotice()

    def on_screen_resume(self) -> None:
        self._focus_viewer()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self._focus_viewer()

    def _viewer(self) -> RulesViewer | None:
        """The active tab's rules (built on its first showing, and again if the options to show changed)."""
        tabs = self.query_one(TabbedContent)
        if not tabs.active:
            return None
        pane = tabs.get_pane(tabs.active)
        options = self.options if pane.id == self.game_id else None
        found = pane.query(RulesViewer)
        if found:
            viewer = found.first()
            if viewer.options == options:
                return viewer
            viewer.remove()
        viewer = RulesViewer(rules_text(pane.id or "", options), options)
        pane.mount(viewer)
        return viewer

    def _focus_viewer(self) -> None:
        viewer = self._viewer()
        if viewer is not None:
            viewer.focus()

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [pane.id for pane in tabs.query(TabPane) if pane.id is not None]
        if tabs.active in ids:
            tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]

    def action_toggle_contents(self) -> None:
        viewer = self._viewer()
        if viewer is not None:
            viewer.toggle_contents()

    def action_close(self) -> None:
        self.dismiss(None)
