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


#: Run in a fresh process: ``cardtable`` (its command line, no arguments, the headless
#: driver) until the menu's first frame; prints the modules imported by then, the theme
#: and the keys of the "Keys" binding.
FIRST_FRAME = r"""
import json, os, sys
os.environ["TEXTUAL_DRIVER"] = "textual.drivers.headless_driver:HeadlessDriver"
os.environ["CARDTABLE_NO_TTY_CHECK"] = "1"
from textual.app import App
shown = App._display
def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None and type(screen).__name__ == "MenuScreen":
        keys = [key for key, bindings in screen.active_bindings.items() if bindings.binding.id == "app.keys"]
        # (os.write: Textual captures print(), and its buffer would be lost to os._exit
        # where PYTHONUNBUFFERED is not set, as in a user's shell)
        os.write(1, (json.dumps({"modules": sorted(sys.modules), "theme": self.theme, "keys": keys}) + "\n").encode())
        os._exit(0)
App._display = display
from cardtable.cli import main
main([])
"""
#: What the menu's first frame must not wait for: the engines, the bots, the saves and
#: the statistics (sqlite3), the game record, pydantic, the commands' modules, the
#: rules' renderer, the other screens, and the tidying of a crash's leftovers.
NOT_AT_START = ("pydantic", "sqlite3", "cardtable.bots", "cardtable.session", "cardtable.core.record",
                "cardtable.storage.saves", "cardtable.storage.stats", "cardtable.storage.settings.",
                "cardtable.storage.tidy", "cardtable.storage.atomic", "cardtable.tui.presenters",
                "cardtable.tui.setup", "cardtable.commands.play", "cardtable.commands.simulate",
                "rich.markdown", "markdown_it")  # fmt: skip


def _first_frame(tmp_path, settings: dict | None) -> dict:
    import json
    import os

    env = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    if settings is not None:
        folder = tmp_path / "xdg_config_home" / "cardtable"
        folder.mkdir(parents=True)
        (folder / "settings.json").write_text(json.dumps(settings))
    proc = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME], check=False, capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def _heavy(modules: list[str]) -> list[str]:
    heavy = [m for m in modules if m.startswith(NOT_AT_START) or m == "cardtable.storage.settings"]
    heavy += [m for m in modules if m.startswith("cardtable.tui.screens.") and m != "cardtable.tui.screens.menu"]
    return heavy + [m for m in modules if m.startswith("cardtable.games.") and m.count(".") >= 3]


def test_the_menus_first_frame_waits_for_nothing_heavy(tmp_path):
    shown = _first_frame(tmp_path, None)
    assert "cardtable.tui.screens.menu" in shown["modules"]  # (the probe saw the menu)
    assert _heavy(shown["modules"]) == []
    assert shown["theme"] == "textual-dark" and shown["keys"] == ["question_mark"]


def test_with_a_settings_file_its_theme_and_keys_apply_from_the_first_frame_without_pydantic(tmp_path):
    shown = _first_frame(tmp_path, {"theme": "cardtable", "curtain": "never", "keymap": {"app.keys": "f2"}})
    assert _heavy(shown["modules"]) == []
    assert shown["theme"] == "cardtable" and shown["keys"] == ["f2"]


def test_a_broken_settings_file_is_read_by_the_model_which_says_why(tmp_path):
    shown = _first_frame(tmp_path, {"theme": "cardtable", "curtain": "sometimes"})
    assert "cardtable.storage.settings" in shown["modules"]  # the model words the notice
    assert shown["theme"] == "textual-dark" and shown["keys"] == ["question_mark"]
