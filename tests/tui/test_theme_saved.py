"""A theme chosen from the command palette is saved as one chosen in Settings;
cardtable registers a theme of its own, and the settings accept it."""

from __future__ import annotations

import json

from textual.command import CommandPalette
from tui_helpers import run_async, wait_until

from cardtable.storage.choices import OWN_THEMES
from cardtable.storage.settings import Settings, load_settings, theme_names
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.themes import THEMES


async def choose_theme_from_the_palette(pilot, name: str) -> None:
    app = pilot.app
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
    await pilot.press(*"theme")
    await pilot.pause(0.3)
    await pilot.press("enter")
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, CommandPalette) and "themes" in str(app.screen.query_one("Input").placeholder),
    )
    await pilot.press(*name)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await wait_until(pilot, lambda: app.theme == name)
    await wait_until(pilot, lambda: not isinstance(app.screen, CommandPalette))


def settings_file(user_dirs):
    return user_dirs["XDG_CONFIG_HOME"] / "cardtable" / "settings.json"


@run_async
async def test_a_theme_chosen_from_the_palette_is_there_after_a_restart(user_dirs):
    path = settings_file(user_dirs)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"curtain": "never", "keymap": {"app.keys": "f2"}}))
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await choose_theme_from_the_palette(pilot, "nord")
        await pilot.pause()
    saved = json.loads(path.read_text())
    assert saved["theme"] == "nord"
    assert saved["curtain"] == "never" and saved["keymap"] == {"app.keys": "f2"}  # the rest as it was
    again = CardtableApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


@run_async
async def test_without_a_settings_file_the_palette_writes_one(user_dirs):
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await choose_theme_from_the_palette(pilot, "cardtable")
        await pilot.pause()
        assert app.current_theme.name == "cardtable" and app.current_theme.dark
    assert load_settings(settings_file(user_dirs)).settings == Settings(theme="cardtable")


@run_async
async def test_the_settings_screens_preview_is_not_saved_and_a_broken_file_is_left_alone(user_dirs):
    path = settings_file(user_dirs)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"theme": "gruvbox"}))
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == "gruvbox"
        app.show_settings()
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        app.screen.query_one("#theme").value = "nord"  # previewed
        await wait_until(pilot, lambda: app.theme == "nord")
        await pilot.press("escape")  # Cancel: the theme goes back, nothing saved
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.theme == "gruvbox"
        assert json.loads(path.read_text()) == {"theme": "gruvbox"}
    path.write_text("{not json")
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await choose_theme_from_the_palette(pilot, "nord")
        await pilot.pause()
        assert any("not saved" in n.message for n in app._notifications)
    assert path.read_text() == "{not json"


def test_cardtables_theme_is_registered_and_accepted_by_the_settings():
    app = CardtableApp()
    assert {theme.name for theme in THEMES} == set(OWN_THEMES) == {"cardtable"}
    assert set(app.available_themes) == set(theme_names())  # the settings accept exactly the app's themes
    assert Settings(theme="cardtable").theme == "cardtable"


@run_async
async def test_the_settings_screen_offers_cardtables_theme(user_dirs):
    from textual.widgets import Select

    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_settings()
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        select = app.screen.query_one("#theme", Select)
        select.value = "cardtable"
        await pilot.pause()
        assert app.theme == "cardtable"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert load_settings(settings_file(user_dirs)).settings.theme == "cardtable"
