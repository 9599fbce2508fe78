"""Saved games, statistics and settings in the app: :class:`Persistence`, which
``CardtableApp`` holds (``app.persistence``).

The app makes it in ``__init__`` (``Persistence(app, resume, store)``; its
:meth:`~Persistence.read_settings` gives the preferences of the settings file)
and calls four hooks: :meth:`~Persistence.mount` in ``on_mount``,
:meth:`~Persistence.menu_pick` for the menu's items and
:meth:`~Persistence.attach_autosave` on each new session. Then every game
started is saved after each move (and filed away with its statistics when it
ends), the menu's Resume, Statistics and Settings items work,
``CardtableApp(resume=ID)`` opens a saved game, and the settings file is read
at start. What it uses of the app is :class:`PersistenceHost`.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..core.osfile import what_is_there
from ..storage import paths
from ..storage.choices import DEFAULT_THEME
from ..storage.settings_check import read_if_valid
from .settings import TuiSettings

if TYPE_CHECKING:
    from ..session import Session
    from ..storage.autosave import Autosaver
    from ..storage.saves import FinishResult, SaveStore
    from ..storage.settings import Settings

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


class PersistenceHost(Protocol):
    """What :class:`Persistence` uses of the app (``CardtableApp``, a Textual ``App``)."""

    settings: TuiSettings
    theme: str
    last_setup: Any

    @property
    def is_web(self) -> bool: ...
    def notify(
        self, message: str, *, title: str = ..., severity: Any = ..., timeout: float | None = ..., markup: bool = ...
    ) -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], Any] | None = ...) -> Any: ...
    def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool: ...
    def set_keymap(self, keymap: dict[str, str]) -> None: ...


class Persistence:
    """The saves, statistics and settings of one app window.

    ``resume``: a save id to open once mounted; ``store``: where games are saved
    (by default the user's, made on first use). Autosave failures and
    statistics notices may come from the autosave's writer thread: they reach
    the app on its own loop without waiting (``call_soon_threadsafe``), the app's own thread being the one
    that called :meth:`mount` (Textual 8.2 has no public way to ask).
    """

    def __init__(self, app: PersistenceHost, resume: str | None = None, store: SaveStore | None = None) -> None:
        self.app = app
        self.resume_id = resume
        self.settings_notice: str | None = None  # why the settings file was not used (read_settings)
        self._store = store
        self._autosavers: dict[int, Autosaver] = {}  # by id(session): the games this window has open
        self._app_thread = threading.get_ident()
        self._app_loop: asyncio.AbstractEventLoop | None = None  # the app's loop, from mount()

    def read_settings(self) -> TuiSettings:
        """The preferences of the settings file (or the defaults; ``settings_notice`` says why)."""
        path = paths.settings_path()
        try:
            if what_is_there(path) is None:  # the defaults, no notice: as load_settings() would say
                return DEFAULT_TUI_SETTINGS
        except OSError:  # (a folder, a FIFO, a loop there: load_settings() says so)
            pass
        values = read_if_valid(path)
        if values is not None:  # what load_settings() would give, without pydantic
            return tui_settings_of(values)
        loaded = load_settings()
        self.settings_notice = loaded.notice
        return tui_settings(loaded.settings)

    @property
    def store(self) -> SaveStore:
        """Where games are saved: the store given, else the user's (created on first use)."""
        if self._store is None:
            from ..storage.saves import SaveStore

            self._store = SaveStore()
        return self._store

    @store.setter
    def store(self, store: SaveStore) -> None:
        self._store = store

    # -- the hooks ---------------------------------------------------------------------------
    def mount(self) -> None:
        """In ``on_mount``, after the menu is pushed: the settings notice, and ``resume``;
        what a crash left behind is cleared once the first screen is drawn."""
        self._app_thread = threading.get_ident()
        self._app_loop = asyncio.get_running_loop()
        self.app.call_after_refresh(self._tidy_up)
        if self.settings_notice:
            self.app.notify(self.settings_notice, title="Settings", severity="warning", timeout=15, markup=False)
        if self.resume_id:
            self.resume_game(self.resume_id)

    def _tidy_up(self) -> None:
        from ..storage.tidy import tidy_up

        try:
            tidy_up()  # (light: no pydantic)
        except OSError:
            pass

    def menu_pick(self, item: str) -> bool:
        """The menu's Resume, Statistics and Settings items (True if ``item`` is one)."""
        actions = {"resume": self.show_resume, "stats": self.show_statistics, "settings": self.show_settings}
        if item not in actions:
            return False
        actions[item]()
        return True

    def attach_autosave(self, session: Session, **kwargs: Any) -> Autosaver:
        """On a new session: saved after every move from now on."""
        from ..storage.autosave import Autosaver

        kwargs.setdefault("background", True)  # written by a thread: the event loop only copies the moves
        kwargs.setdefault("on_finish", self._game_filed)
        saver = Autosaver(session, self.store, on_error=self._autosave_failed, **kwargs).attach()
        self._autosavers[id(session)] = saver
        return saver

    def saver_of(self, session: Session) -> Autosaver | None:
        """The autosave of ``session``, if this window saves it."""
        return self._autosavers.get(id(session))

    def release_game(self, session: Session) -> None:
        """The table of ``session`` closed: stop saving it, and let another window open it."""
        saver = self._autosavers.pop(id(session), None)
        if saver is not None:
            saver.release()

    # -- notices, from any thread ----------------------------------------------------------------
    def _notify(self, message: str, **kwargs: Any) -> None:
        if threading.get_ident() != self._app_thread:  # the autosave's writer thread
            # Handed to the app's loop without waiting for it: the app's thread may itself be
            # waiting for this writer (Autosaver.flush), and call_from_thread would wait forever.
            if self._app_loop is None:
                return
            try:
                self._app_loop.call_soon_threadsafe(functools.partial(self.app.notify, message, markup=False, **kwargs))
            except RuntimeError:  # the app has closed: the reason stays in saver.error
                pass
            return
        self.app.notify(message, markup=False, **kwargs)

    def _autosave_failed(self, message: str) -> None:
        self._notify(message, title="Game not saved", severity="error", timeout=10)

    def _game_filed(self, result: FinishResult) -> None:
        """A finished game was filed: say so if the statistics database had a problem."""
        if result.stats_notice:
            self._notify(result.stats_notice, title="Statistics", severity="warning", timeout=15)

    # -- the screens -------------------------------------------------------------------------------
    def show_resume(self) -> None:
        from .screens.resume import ResumeScreen

        def chosen(save_id: str | None) -> None:
            if save_id:
                self.resume_game(save_id)

        self.app.push_screen(ResumeScreen(self.store), chosen)

    def resume_game(self, save_id: str) -> bool:
        """Open the saved game ``save_id`` at the table (the driver starts behind the
        curtain of the player to act when the curtain mode asks for one)."""
        from ..storage.autosave import Autosaver
        from ..storage.saves import SaveError
        from .presenters import get_presenter
        from .screens.table import TableScreen
        from .setup import GameSetup

        try:
            saver = Autosaver.resume(
                save_id, self.store, on_error=self._autosave_failed, on_finish=self._game_filed, background=True
            ).attach()
        except SaveError as exc:
            self.app.notify(self._for_people(exc), title="Cannot resume", severity="error", timeout=15, markup=False)
            return False
        session = saver.session
        self._autosavers[id(session)] = saver
        setup = GameSetup(session.game.id, session.seats, session.options, session.seed)
        self.app.last_setup = setup
        self.app.push_screen(TableScreen(setup, session, get_presenter(setup.game_id), self.app.settings))
        return True

    def _for_people(self, exc) -> str:
        """A save's problem as this user sees it: in a browser, a game open elsewhere is in
        another tab (or a terminal), not "another window (process N)"."""
        from ..core.names import visible
        from ..storage.saves.errors import SaveInUse

        if isinstance(exc, SaveInUse) and self.app.is_web:
            return f"{visible(exc.name)}: open in another browser tab or in a terminal; close it there to play it here"
        return exc.message

    def show_statistics(self) -> None:
        from .screens.stats import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    def show_settings(self) -> None:
        from .screens.settings import SettingsScreen

        loaded = load_settings()
        self.app.push_screen(SettingsScreen(loaded.settings, loaded.notice, loaded.path), self.apply_settings)

    def save_theme(self, theme: str) -> None:
        """Store ``theme`` in the settings file, the rest as it is (a broken file is
        left alone: the Settings screen says why and replaces it)."""
        from ..storage.settings import Settings, save_settings

        loaded = load_settings()
        if loaded.broken:
            self.app.notify(
                "Theme in use, but not saved: the settings file is broken (Settings shows why).",
                title="Settings",
                severity="warning",
                markup=False,
            )
            return
        try:
            save_settings(Settings.model_validate({**loaded.settings.model_dump(), "theme": theme}), loaded.path)
        except (OSError, ValueError) as exc:
            self.app.notify(
                f"Theme in use, but not saved: {getattr(exc, 'strerror', None) or exc}",
                title="Settings",
                severity="error",
                markup=False,
            )

    def apply_settings(self, settings: Settings | None) -> None:
        """Use newly saved settings (from the next table on; the theme at once)."""
        if settings is None:
            return
        self.app.settings = tui_settings(settings)
        self.app.theme = settings.theme
        self.app.set_keymap(dict(self.app.settings.keymap))
