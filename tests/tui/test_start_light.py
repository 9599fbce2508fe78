"""The app starts light: the menu knows the games without their engines, and
opening the app imports no engine, no game screen and no heavy library."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.games import GAME_IDS, GAME_INFO, available_game_info, get_game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info_matches_the_engine(game_id):
    try:
        game = get_game(game_id)
    except ModuleNotFoundError:
        pytest.skip(f"{game_id}'s engine is not present")
    info = GAME_INFO[game_id]
    assert info.id == game.id
    assert info.name == game.name
    assert info.summary == game.summary
    assert (info.min_players, info.max_players) == (game.min_players, game.max_players)
    assert info.blurb and "\n" not in info.blurb and len(info.blurb) <= 70


def test_available_game_info_lists_every_present_engine():
    assert [info.id for info in available_game_info()] == [g for g in GAME_IDS if g in GAME_INFO]


def test_importing_the_app_and_the_menu_lines_imports_nothing_heavy():
    code = (
        "import sys\n"
        "from cardtable.tui.app import CardtableApp\n"
        "from cardtable.games import available_game_info\n"
        "from cardtable.tui.screens.menu import game_prompt\n"
        "[game_prompt(info) for info in available_game_info()]\n"
        "heavy = [m for m in sys.modules if m.startswith(('cardtable.bots', 'cardtable.core.record',"
        " 'cardtable.session', 'cardtable.storage.saves', 'cardtable.tui.screens.table', 'cardtable.tui.presenters',"
        " 'cardtable.tui.setup', 'pygments', 'markdown_it'))]\n"
        "engines = [m for m in sys.modules if m.startswith('cardtable.games.') and m.count('.') >= 3]\n"
        "print(heavy + engines)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_menu_is_the_first_screen_and_only_its_styles_are_read():
    import asyncio

    asyncio.run(_menu_first())


async def _menu_first():
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.menu import MenuScreen
    from cardtable.tui.settings import TuiSettings

    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert len(app.screen_stack) == 1 and isinstance(app.screen, MenuScreen)
        sources = {path for path, _ in app.stylesheet.source}
        assert not any(path.endswith(("forms.tcss", "pages.tcss", "table.tcss", "dialogs.tcss")) for path in sources)


def test_the_default_preferences_are_those_of_the_default_settings():
    from cardtable.storage.settings import Settings
    from cardtable.tui.persistence import DEFAULT_TUI_SETTINGS, tui_settings

    assert DEFAULT_TUI_SETTINGS == tui_settings(Settings())


def test_without_a_settings_file_the_app_starts_with_the_defaults(tmp_path, monkeypatch):
    from cardtable.storage import paths
    from cardtable.storage.settings import load_settings
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.persistence import tui_settings

    monkeypatch.setattr(paths, "settings_path", lambda: tmp_path / "settings.json")
    app = CardtableApp()
    loaded = load_settings(tmp_path / "settings.json")
    assert app.settings == tui_settings(loaded.settings) and app.settings_notice is None and loaded.notice is None
