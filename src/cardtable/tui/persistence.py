"""Saved games, statistics and settings in the app: a mixin for ``CardtableApp``.

``class CardtableApp(PersistenceMixin, App)`` plus four hooks (see each
method): ``init_persistence`` in ``__init__``, ``mount_persistence`` in
``on_mount``, ``menu_pick`` in ``on_menu_screen_picked`` and
``attach_autosave`` in ``start_game``. Then every game started is saved after
each move (and filed away with its statistics when it ends), the menu's
Resume, Statistics and Settings items work, ``CardtableApp(resume=ID)`` opens
a saved game, and the settings file is read at start.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..storage import paths
from ..storage.choices import DEFAULT_THEME
from ..storage.settings_check import read_if_valid
from .settings import TuiSettings

if TYPE_CHECKING:
    from ..storage.settings import Settings
    from ..session import Session
    from ..storage.autosave import Autosaver
    from ..storage.saves import SaveStore

# The sessions, saves and autosaves (pydantic models, the game record) are
# imported on first use: only the settings are read at start (for the theme),
# with the standard library (storage/settings_check.py); the pydantic model
# (storage/settings.py) only when the file is not settings it takes as they are
# (it then explains what is wrong).

#: ``tui_settings(Settings())``: the preferences when there is no settings file,
#: without importing pydantic (both take their defaults from storage/choices.py).
DEFAULT_TUI_SETTINGS = TuiSettings(theme=DEFAULT_THEME)


def load_settings(path=None):
    """``cardtable.storage.settings.load_settings``, imported on first use."""
    from ..storage.settings import load_settings

    return load_settings(path)


def tui_settings(settings: Settings) -> TuiSettings:
    """The app's preferences from the stored settings."""
    return tui_settings_of(settings.model_dump())


def tui_settings_of(values: Mapping[str, Any]) -> TuiSettings:
    """The app's preferences from the stored settings' values (their field names)."""
    return TuiSettings(
        curtain=values["curtain"],
        speed=values["computer_speed"],
        ascii_cards=values["card_style"] == "ascii",
        four_colours=values["four_colour"],
        theme=values["theme"],
        keymap=tuple(values["keymap"].items()),
    )


class PersistenceMixin:
    _save_store: SaveStore | None = None
    resume_id: str | None
    settings_notice: str | None
    settings: TuiSettings

    # -- the hooks ---------------------------------------------------------------------------
    def init_persistence(
        self, settings: TuiSettings | None = None, resume: str | None = None, store: SaveStore | None = None
    ) -> TuiSettings:
        """In ``__init__``: returns the preferences to use: ``settings`` if given
        (tests), else those of the settings file (or the defaults, with a notice)."""
        self._save_store = store
        self._autosavers: dict[int, Autosaver] = {}  # by id(session): the games this window has open
        self.resume_id = resume
        self.settings_notice = None
        if settings is not None:
            return settings
        path = paths.settings_path()
        if not path.exists():  # the defaults, no notice: as load_settings() would say
            return DEFAULT_TUI_SETTINGS
        values = read_if_valid(path)
        if values is not None:  # what load_settings() would give, without pydantic
            return tui_settings_of(values)
        loaded = load_settings()
        self.settings_notice = loaded.notice
        return tui_settings(loaded.settings)

    @property
    def save_store(self) -> SaveStore:
        """Where games are saved: the store given to ``init_persistence``, else the
        user's (created on first use)."""
        if self._save_store is None:
            from ..storage.saves import SaveStore

            self._save_store = SaveStore()
        return self._save_store

    @save_store.setter
    def save_store(self, store: SaveStore) -> None:
        self._save_store = store

    def mount_persistence(self) -> None:
        """In ``on_mount``, after the menu is pushed: the settings notice, and ``resume``;
        what a crash left behind is cleared once the first screen is drawn."""
        self.call_after_refresh(self._tidy_up)
        if self.settings_notice:
            self.notify(self.settings_notice, title="Settings", severity="warning", timeout=15, markup=False)
        if self.resume_id:
            self.resume_game(self.resume_id)

    def _tidy_up(self) -> None:
        from ..storage.tidy import tidy_up

        try:
            tidy_up()  # (light: no pydantic)
        except OSError:
            pass

    def menu_pick(self, item: str) -> bool:
        """In ``on_menu_screen_picked``: handles Resume, Statistics and Settings (True if it did)."""
        if item == "resume":
            self.show_resume()
        elif item == "stats":
            self.show_statistics()
        elif item == "settings":
            self.show_settings()
        else:
            return False
        return True

    def attach_autosave(self, session: Session, **kwargs) -> Autosaver:
        """In ``start_game``, on the new session: saved after every move from now on."""
        from ..storage.autosave import Autosaver

        kwargs.setdefault("background", True)  # written by a thread: the event loop only copies the moves
        kwargs.setdefault("on_finish", self._game_filed)
        saver = Autosaver(session, self.save_store, on_error=self._autosave_failed, **kwargs).attach()
        self._autosavers[id(session)] = saver
        return saver

    def release_game(self, session: Session) -> None:
        """The table of ``session`` closed: stop saving it, and let another window open it."""
        saver = self._autosavers.pop(id(session), None)
        if saver is not None:
            saver.release()

    # -- the actions ----------------------------------------------------------------------------
    def _autosave_failed(self, message: str) -> None:
        if threading.get_ident() != getattr(self, "_thread_id", threading.get_ident()):  # the writer thread
            try:
                self.call_from_thread(self._autosave_failed, message)
            except RuntimeError:  # the app has closed: the reason stays in saver.error
                pass
            return
        self.notify(message, title="Game not saved", severity="error", timeout=10, markup=False)

    def _game_filed(self, result) -> None:
        """A finished game was filed: say so if the statistics database had a problem."""
        notice = getattr(result, "stats_notice", None)
        if not notice:
            return
        if threading.get_ident() != getattr(self, "_thread_id", threading.get_ident()):
            try:
                self.call_from_thread(self._game_filed, result)
            except RuntimeError:
                pass
            return
        self.notify(notice, title="Statistics", severity="warning", timeout=15, markup=False)

    def show_resume(self) -> None:
        from .screens.resume import ResumeScreen

        def chosen(save_id: str | None) -> None:
            if save_id:
                self.resume_game(save_id)

        self.push_screen(ResumeScreen(self.save_store), chosen)

    def resume_game(self, save_id: str) -> bool:
        """Open the saved game ``save_id`` at the table (the driver starts behind the
        curtain of the player to act when the curtain mode asks for one)."""
        from .presenters import get_presenter
        from .screens.table import TableScreen
        from .setup import GameSetup
        from ..storage.autosave import Autosaver
        from ..storage.saves import SaveError

        try:
            saver = Autosaver.resume(
                save_id, self.save_store, on_error=self._autosave_failed, on_finish=self._game_filed, background=True
            ).attach()
        except SaveError as exc:
            self.notify(exc.message, title="Cannot resume", severity="error", timeout=15, markup=False)
            return False
        session = saver.session
        self._autosavers[id(session)] = saver
        setup = GameSetup(session.game.id, session.seats, session.options, session.seed)
        self.last_setup = setup
        self.push_screen(TableScreen(setup, session, get_presenter(setup.game_id), self.settings))
        return True

    def show_statistics(self) -> None:
        from .screens.stats import StatisticsScreen

        self.push_screen(StatisticsScreen())

    def show_settings(self) -> None:
        from .screens.settings import SettingsScreen

        loaded = load_settings()
        self.push_screen(SettingsScreen(loaded.settings, loaded.notice, loaded.path), self.apply_settings)

    def save_theme(self, theme: str) -> None:
        """Store ``theme`` in the settings file, the rest as it is (a broken file is
        left alone: the Settings screen says why and replaces it)."""
        from ..storage.settings import Settings, save_settings

        loaded = load_settings()
        if loaded.broken:
            self.notify("Theme in use, but not saved: the settings file is broken (Settings shows why).", title="Settings", severity="warning", markup=False)
            return
        try:
            save_settings(Settings.model_validate({**loaded.settings.model_dump(), "theme": theme}), loaded.path)
        except (OSError, ValueError) as exc:
            self.notify(f"Theme in use, but not saved: {getattr(exc, 'strerror', None) or exc}", title="Settings", severity="error", markup=False)

    def apply_settings(self, settings: Settings | None) -> None:
        """Use newly saved settings (from the next table on; the theme at once)."""
        if settings is None:
            return
        self.settings = tui_settings(settings)
        self.theme = settings.theme
        self.set_keymap(dict(self.settings.keymap))
