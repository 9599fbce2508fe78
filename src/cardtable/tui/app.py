"""The cardtable Textual app: the menu, new games, the table and the help screens.

``CardtableApp()`` opens the menu; ``CardtableApp(start={...})`` (``cardtable
play``) starts a game at once. ``settings`` (a :class:`TuiSettings`) holds the
preferences the Settings screen will edit.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..games import available_game_info
from .persistence import Persistence
from .screens.menu import MenuScreen
from .settings import TuiSettings
from .themes import THEMES, theme_variables
from .widgets.size_notice import HEIGHTS, WIDTHS

if TYPE_CHECKING:
    from .screens.table import TableScreen
    from .setup import GameSetup

# The other screens, the presenters, the game setup and the engines are
# imported by the methods that use them, so that the menu shows up fast.

STYLES = Path(__file__).parent / "styles"


#: The command palette's commands for the screen it was opened from, when that screen
#: has the action and allows it now: (title, help, action).
PALETTE_ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Undo", "Take back your last move (and the computers' since)", "undo"),
    ("Hint", "The move a computer player would make from your view", "hint"),
    ("History", "The whole log of this game so far, searchable", "history"),
)


def _too_small(screen: Screen) -> bool:
    narrow_and_short = screen.has_class("-narrow") and screen.has_class("-fits-height")
    return screen.has_class("-too-narrow") or screen.has_class("-too-short") or narrow_and_short


def _loaded(module: str, name: str):
    """``name`` from ``module`` if that module has been imported, else None (no
    instance of a class can exist before its module is imported)."""
    loaded = sys.modules.get(module)
    return getattr(loaded, name, None) if loaded is not None else None


class CardtableApp(App):
    TITLE = "cardtable"
    # Only the app's and the menu's styles are parsed at start; the forms, the
    # table and the dialogs bring theirs (each screen's CSS_PATH).
    CSS_PATH = [STYLES / name for name in ("app.tcss", "menu.tcss")]
    HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS = WIDTHS, HEIGHTS  # (the screens' size classes)
    BINDINGS = [
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            priority=True,
            id="app.quit",
            tooltip="Quit (asks first during a game; it is saved)",
        ),
        Binding("f1", "rules", "Rules", id="app.rules", tooltip="The rules of the game"),
        Binding("question_mark", "keys", "Keys", id="app.keys", tooltip="These keys"),
        Binding(
            "ctrl+p",
            "command_palette",
            "palette",
            show=False,
            priority=True,
            id="app.palette",
            tooltip="Command palette: games, rules, resume, statistics, settings, themes; undo, hint, history in a game",
        ),
    ]

    def __init__(
        self, start: Mapping[str, Any] | None = None, settings: TuiSettings | None = None, resume: str | None = None
    ) -> None:
        super().__init__()
        for theme in THEMES:  # (before the settings' theme is set)
            self.register_theme(theme)
        self.start = dict(start) if start else None
        self.persistence = Persistence(self, resume)
        self.settings = settings if settings is not None else self.persistence.read_settings()
        self.last_setup: GameSetup | None = None
        self._save_themes = False  # from the end of on_mount: a theme chosen is saved
        if self.settings.theme:
            self.theme = self.settings.theme

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return theme_variables(self.current_theme.dark)

    def get_default_screen(self) -> Screen:
        """The menu is the first screen (no empty screen under it)."""
        return MenuScreen()

    def on_mount(self) -> None:
        if self.settings.keymap:
            self.set_keymap(dict(self.settings.keymap))
        self._save_themes = True
        if self.start:
            from .setup import GameSetup

            self.start_game(GameSetup.from_start(self.start))
        self.persistence.mount()
        if self.PREWARM:
            self.call_after_refresh(self._prewarm)

    #: Once the first screen is drawn, import in the background what the new-game form
    #: and the rules need (``tui/prewarm.py``); benchmarks turn it off to measure without.
    PREWARM = True

    def _prewarm(self) -> None:
        from . import prewarm

        self.prewarm_thread = prewarm.start()

    def watch_theme(self, theme: str) -> None:
        """A theme chosen from the command palette is saved as the Settings screen
        saves one (that screen saves its own, or puts the theme back)."""
        settings_screen = _loaded("cardtable.tui.screens.settings", "SettingsScreen")
        if not self._save_themes or theme == self.settings.theme:
            return
        if settings_screen is not None and any(isinstance(s, settings_screen) for s in self.screen_stack):
            return
        self.settings = replace(self.settings, theme=theme)
        self.persistence.save_theme(theme)

    # -- saves, statistics and settings (tui/persistence.py) ------------------------------------
    @property
    def save_store(self):
        return self.persistence.store

    @property
    def settings_notice(self) -> str | None:
        return self.persistence.settings_notice

    def show_resume(self) -> None:
        self.persistence.show_resume()

    def show_statistics(self) -> None:
        self.persistence.show_statistics()

    def show_settings(self) -> None:
        self.persistence.show_settings()

    def release_game(self, session) -> None:
        """The table of ``session`` closed (the table screen calls this): another window may open it."""
        self.persistence.release_game(session)

    # -- too small a terminal: the focus comes back with the screen -----------------------------------
    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """A widget hidden by the size notice loses the focus: remember it, to give it back."""
        screen = event.widget.screen if event.widget.is_attached else None
        if screen is not None and _too_small(screen):
            screen._focus_before_notice = event.widget  # type: ignore[attr-defined]  # (an attribute of our own on Textual's Screen: SizeNotice gives the focus back)

    # -- the flow between screens -----------------------------------------------------------------
    def on_menu_screen_picked(self, message: MenuScreen.Picked) -> None:
        item = message.item
        if item == "quit":
            self.run_worker(self.action_quit())
        elif item == "rules":
            self.show_rules(self._menu_game())
        elif self.persistence.menu_pick(item):
            pass
        else:
            self.new_game(item)

    def new_game(self, game_id: str) -> None:
        """The new-game screen for ``game_id`` (its engine is imported when the game starts)."""
        from ..games import get_row
        from .screens.confirm import ConfirmScreen
        from .screens.new_game import NewGameScreen

        info = get_row(game_id).info

        def started(setup: GameSetup | None) -> None:
            if setup is not None:
                self.start_game(setup)

        def leave_first(leave: bool | None) -> None:
            if leave:
                self.call_later(
                    self._to_menu_then, partial(self.push_screen, NewGameScreen(info, self.last_setup), started)
                )

        if self._in_game():
            self.push_screen(ConfirmScreen("Leave the game in progress?", "Leave", "Stay"), leave_first)
        else:
            self.push_screen(NewGameScreen(info, self.last_setup), started)

    def start_game(self, setup: GameSetup) -> None:
        from .presenters import get_presenter
        from .screens.table import TableScreen

        self.last_setup = setup
        session = setup.start()
        self.persistence.attach_autosave(session)
        self.push_screen(TableScreen(setup, session, get_presenter(setup.game_id), self.settings))

    def on_table_screen_game_ended(self, message: TableScreen.GameEnded) -> None:
        from .screens.game_over import GameOverScreen

        table = message.table

        def chosen(choice: str | None) -> None:
            if choice == "table":
                return  # the final table and log stay in view; its "o" shows this again
            if choice == "again":
                self.call_later(
                    self._to_menu_then,
                    partial(self.start_game, table.setup.again(table.session.seed if table.session else 0)),
                )
            else:
                self.call_later(self._to_menu_then, None)

        source = table.source
        seed = source.seed_told  # (a stacked deck has no seed to tell)
        self.push_screen(GameOverScreen(source.game.name, message.outcome, list(source.names), seed), chosen)

    def on_table_screen_leave_requested(self, message: TableScreen.LeaveRequested) -> None:
        self.leave_table()

    def leave_table(self) -> None:
        """Back to the menu from the table (asks first while the game goes on; it is saved)."""
        from .screens.confirm import ConfirmScreen

        if not self._in_game():
            self.call_later(self._to_menu_then, None)
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.call_later(self._to_menu_then, None)

        self.push_screen(
            ConfirmScreen("Back to the menu? The game is saved: Resume picks it up.", "Menu", "Stay"), answered
        )

    def from_menu(self, then) -> None:
        """``then()`` over the menu: asks first when a game is in progress (it is saved)."""
        from .screens.confirm import ConfirmScreen

        def leave_first(leave: bool | None) -> None:
            if leave:
                self.call_later(self._to_menu_then, then)

        if self._in_game():
            self.push_screen(
                ConfirmScreen("Leave the game in progress? It is saved: Resume picks it up.", "Leave", "Stay"),
                leave_first,
            )
        else:
            self.call_later(self._to_menu_then, then)

    async def _to_menu_then(self, then=None) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            await self.pop_screen()
        if then is not None:
            then()

    def _in_game(self) -> bool:
        table_screen = _loaded("cardtable.tui.screens.table", "TableScreen")
        if table_screen is None:
            return False
        return any(isinstance(s, table_screen) and not s.source.is_over for s in self.screen_stack)

    def _menu_game(self) -> str | None:
        for screen in reversed(self.screen_stack):
            game_id = getattr(screen, "game_id", None)
            if game_id:
                return game_id
            if isinstance(screen, MenuScreen):
                return screen.highlighted_game
        return None

    def open_replay(self, record, seats=None) -> bool:
        """The replay viewer for a game record (``seats``: their names shown), read-only:
        refused while a game is in progress; a game not over shows only its public view."""
        from ..core.record import RecordError
        from .cardfaces import style_of
        from .screens.replay import replay_screen

        if self._in_game():
            self.notify("Replays open once the game in progress is left or over.", title="Replay", markup=False)
            return False
        try:
            self.push_screen(replay_screen(record, seats, style_of(self)))
        except RecordError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", timeout=15, markup=False)
            return False
        return True

    # -- help, quitting, the command palette ------------------------------------------------------------
    def show_rules(self, game_id: str | None = None) -> None:
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        table = self._table()
        session = table.session if table is not None and table.game_id == game_id else None
        options = session.options if session is not None else None  # (a table played elsewhere has no session here)
        # One rules screen, kept (installed) once built: shown again, it turns to this game's tab.
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(game_id, options), "rules")
        rules = self.get_screen("rules", RulesScreen)
        rules.show(game_id, options)
        self.push_screen(rules)

    def _table(self) -> TableScreen | None:
        """The table in the screen stack, if any."""
        table_screen = _loaded("cardtable.tui.screens.table", "TableScreen")
        if table_screen is None:
            return None
        return next((s for s in reversed(self.screen_stack) if isinstance(s, table_screen)), None)

    def action_rules(self) -> None:
        self.show_rules(self._menu_game())

    def action_keys(self) -> None:
        from .screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen())

    async def action_quit(self) -> None:
        """Quit; asks first during a game (it is saved) and, in a browser, always: quitting
        closes the table in this tab (a key pressed by mistake would end it)."""
        if not self._in_game() and not self.is_web:
            self.exit()
            return
        from .screens.confirm import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        question = "Quit cardtable? The game in progress is saved: Resume picks it up later."
        if self.is_web:
            question = (
                "Close cardtable in this browser tab? The game in progress is saved: Resume picks it up later."
                if self._in_game()
                else "Close cardtable in this browser tab?"
            )
        self.push_screen(ConfirmScreen(question, "Quit", "Stay"), answered)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title == "Keys":  # (Textual's key panel: ours lists every screen's keys, with their ids)
                command = SystemCommand(
                    "Keys", "Every key, with the ids the settings file's keymap uses", self.action_keys
                )
            yield command
        hides = getattr(screen, "footer_hides", lambda action: False)  # (as the footer: only what would act)
        for title, help_text, action in PALETTE_ACTIONS:  # the table's, when it has them and they apply now
            if callable(getattr(screen, f"action_{action}", None)) and screen.check_action(action, ()) is True:
                if hides(action):
                    continue
                yield SystemCommand(title, help_text, partial(screen.run_action, action))
        table = self._table()
        if table is not None and table.session is not None:  # (a table played elsewhere: no session here)
            name = table.session.game.name
            yield SystemCommand(
                "Rules of this game",
                f"The rules of {name}, as this game plays them",
                partial(self.show_rules, table.game_id),
            )
        if self._in_game():
            yield SystemCommand(
                "Menu", "Leave the game for the menu (it is saved: Resume picks it up)", self.leave_table
            )
        yield SystemCommand("Resume", "Open a saved game (from the menu)", partial(self.from_menu, self.show_resume))
        yield SystemCommand("Statistics", "Games played, wins and points per player and game", self.show_statistics)
        yield SystemCommand("Settings", "Cards, curtain, speed and theme", self.show_settings)
        for game in available_game_info():
            yield SystemCommand(f"New game: {game.name}", game.summary, partial(self.new_game, game.id))
            yield SystemCommand(
                f"Rules: {game.name}", f"The complete rules of {game.name}", partial(self.show_rules, game.id)
            )
