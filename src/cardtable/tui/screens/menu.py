"""The main menu: the games (one line each, with the player range), Rules, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...games import available_game_info
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import once_built

#: The items after the games: (id, label).
EXTRA_ITEMS: tuple[tuple[str, str], ...] = (
    ("resume", "Resume"),
    ("stats", "Statistics"),
    ("settings", "Settings"),
    ("rules", "Rules"),
    ("quit", "Quit"),
)


def game_prompt(game) -> Content:
    """One item per game for the menu: name, player counts and a line about it (the engine's summary is longer)."""
    players = f"{game.min_players}–{game.max_players} players"
    blurb = getattr(game, "blurb", None) or game.summary  # a registry row's description
    return Content.assemble((game.name, "bold"), "  ", (players, "$text-muted"), "\n", (blurb, "$text-muted italic"))


class MenuList(OptionList):
    """The menu's list: ↑ on the first item and ↓ on the last stay there (Textual's wrap
    around, so one ↑ too many put the highlight on Quit)."""

    def action_cursor_up(self) -> None:
        if self.highlighted is not None and self.highlighted > 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is not None and self.highlighted < self.option_count - 1:
            super().action_cursor_down()


class MenuScreen(Screen[None]):
    class Picked(Message):
        """A menu item was chosen: a game id, or one of EXTRA_ITEMS' ids."""

        def __init__(self, item: str) -> None:
            super().__init__()
            self.item = item

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static("cardtable", id="menu-title")
            yield Static("Card games for a few people at one keyboard", id="menu-subtitle")
            options: list[Option | None] = [Option(game_prompt(g), id=g.id) for g in available_game_info()]
            options.append(None)
            options += [Option(label, id=item) for item, label in EXTRA_ITEMS]
            yield MenuList(*options, id="menu-list")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    @property
    def highlighted_game(self) -> str | None:
        menu = self.query_one(OptionList)
        if menu.highlighted is None:
            return None
        item = menu.get_option_at_index(menu.highlighted).id
        return item if item not in dict(EXTRA_ITEMS) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Picked(event.option.id or ""))
