"""The app quitting (or a screen dismissed) just as a screen is pushed: no traceback.

Textual mounts none of a screen's widgets once it is being pruned, and still sends it its
``Mount``; a screen's ``on_mount`` that reads its widgets then failed (a CI run caught the
secret prompt so, as a test ended with the prompt just pushed)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from textual.screen import Screen
from tui_helpers import make_app, run_async, wait_until

import cardtable.tui.screens as screens
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen


@pytest.mark.parametrize(
    "game_id, curtain, screen_type",
    [
        ("one-too-many", "never", SecretPromptScreen),
        ("shed", "always", CurtainScreen),
        ("one-card", "never", TableScreen),
    ],
)
@run_async
async def test_quitting_as_the_game_pushes_a_screen(monkeypatch, game_id, curtain, screen_type):
    """The app told to quit in the same moment the game pushes the screen: it closes cleanly."""
    real_push = CardtableApp.push_screen
    pushed = []

    def push_then_quit(self, screen, *args, **kwargs):
        result = real_push(self, screen, *args, **kwargs)
        if isinstance(screen, screen_type) and not pushed:
            pushed.append(screen)
            self.exit()
        return result

    monkeypatch.setattr(CardtableApp, "push_screen", push_then_quit)
    app = make_app(game_id, 2, seed=3, curtain=curtain)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(pushed) and not app.is_running)
    assert pushed and app._exception is None, app._exception


@pytest.mark.parametrize("make_screen", [KeysScreen, MenuScreen, lambda: ConfirmScreen("Leave?", "Leave", "Stay")])
@run_async
async def test_quitting_as_a_dialog_is_pushed(make_screen):
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.screen.is_mounted)
        app.push_screen(make_screen())
        app.exit()
    assert app._exception is None, app._exception


def test_every_screen_that_sets_itself_up_waits_for_its_widgets():
    """Each of the app's screens with an ``on_mount`` has it ``once_built`` (the guard above)."""
    found = []
    for module_info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{module_info.name}")
        for cls in vars(module).values():
            if inspect.isclass(cls) and issubclass(cls, Screen) and cls.__module__ == module.__name__:
                if "on_mount" in vars(cls):
                    found.append(cls)
                    assert getattr(cls.on_mount, "once_built", False), f"{cls.__name__}.on_mount is not once_built"
    assert SecretPromptScreen in found and TableScreen in found and len(found) >= 10
