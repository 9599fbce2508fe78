"""The keys screen (`?`) is written from the live bindings, centred like the other
dialogs; every binding has an id, and the settings file's keymap changes keys."""

from __future__ import annotations

import json

import pytest
from textual.binding import Binding
from tui_helpers import make_app, ready, run_async, screen_text, table_of, wait_until

from cardtable.storage.settings import Settings, load_settings
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.keys import (
    SECTIONS,
    KeysScreen,
    bindings_of,
    id_family,
    key_label,
    key_rows,
    keys_markdown,
    section_classes,
)
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.footer import KeysFooter


def every_binding(app):
    return [(cls, b) for _, names in SECTIONS for cls in section_classes(app, names) for b in bindings_of(cls)]


def test_every_binding_has_an_id_and_one_id_means_one_thing():
    app = CardtableApp(settings=TuiSettings())
    found = every_binding(app)
    assert len(found) > 40
    assert [f"{cls.__name__} {b.key} {b.action}" for cls, b in found if not b.id] == []
    meaning: dict[str, set[str]] = {}
    for _cls, binding in found:
        meaning.setdefault(binding.id, set()).add(binding.action.split("(")[0].removeprefix("app."))
    assert {ident: actions for ident, actions in meaning.items() if len(actions) > 1} == {}
    assert meaning["app.rules"] == {"rules"}  # F1 is one id on every screen that binds it


def test_the_text_lists_every_live_binding_with_its_keys_and_id():
    app = CardtableApp(settings=TuiSettings())
    sections = dict(key_rows(app))
    for title, names in SECTIONS:
        for cls in section_classes(app, names):
            for binding in bindings_of(cls):
                row = next(row for row in sections[title] if binding.id in row.ids)
                assert row.what == (binding.tooltip or binding.description), binding
                assert all(key_label(key) in row.keys for key in binding.key.split(",")), binding
    text = keys_markdown(app)
    for title, section in sections.items():
        assert f"| {title} | | id |" in text
        for row in section:
            assert "| {} | {} | {} |".format(*row.cells()) in text


def test_a_binding_added_to_a_screen_shows_up_without_editing_the_keys_screen(monkeypatch):
    added = Binding("u", "undo", "Undo", id="table.undo", tooltip="Take back your last move")
    monkeypatch.setattr(TableScreen, "BINDINGS", [*TableScreen.BINDINGS, added])
    text = keys_markdown(CardtableApp(settings=TuiSettings()))
    assert "| u | Take back your last move | table.undo |" in text


def test_id_families():
    assert id_family(["app.quit"]) == "app.quit"
    assert id_family(["cards.left", "cards.right"]) == "cards.{left,right}"
    assert id_family([f"cards.number_{k}" for k in "1234567890"]) == "cards.number_{1…0}"


def test_key_labels():
    assert [key_label(k) for k in ("ctrl+q", "question_mark", "left", "escape", "f1", "ctrl+s", "d", "1")] == [
        "Ctrl+Q",
        "?",
        "←",
        "Esc",
        "F1",
        "Ctrl+S",
        "d",
        "1",
    ]


@run_async
async def test_question_mark_opens_it_centred_and_with_the_table_keys():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        await pilot.pause()
        dialog = app.screen.query_one("#keys").region
        screen = app.screen.region
        assert abs(dialog.x - (screen.width - dialog.right)) <= 1, dialog  # centred across
        assert dialog.y == 0 and dialog.bottom == screen.height - 1, (
            dialog
        )  # (a long list: all the height above the footer)
        assert len(app.screen.query(KeysFooter)) == 1
        text = screen_text(app)
        assert "Keys" in text and "Ctrl+Q" in text and "app.quit" in text


@run_async
async def test_a_keymap_in_the_settings_file_changes_the_keys(user_dirs):
    path = user_dirs["XDG_CONFIG_HOME"] / "cardtable" / "settings.json"
    path.parent.mkdir(parents=True)
    keymap = {"app.keys": "f2", "table.draw": "g", "no.such_binding": "z"}
    path.write_text(json.dumps({"keymap": keymap, "computer_speed": "instant", "curtain": "never"}))
    app = CardtableApp(start=dict(game_id="one-card", names=["Ann", "Bob"], kinds=["human", "normal"], seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        footer = screen_text(app).splitlines()[-1]
        assert " g Draw" in footer and " d Draw" not in footer, footer
        # the status line under the hand names the key in effect too
        assert "press g to draw a card" in table._status and "press d" not in table._status, table._status
        await pilot.press("question_mark")  # no longer the keys
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        text = keys_markdown(app)
        assert "| F2 | These keys | app.keys |" in text and "| g | Draw (shown when it applies) | table.draw |" in text
        assert "no.such_binding" in text.split("Not used from your keymap")[1]
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        moves = len(table.session.moves)
        await pilot.press("g")  # draws
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(table.session.moves) > moves)
        assert table.session.moves[moves][0] == 0 and type(table.session.moves[moves][1]).__name__ == "Draw"


def test_the_keymap_is_checked_and_an_old_file_without_one_still_loads(tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"schema_version": 1, "theme": "nord", "curtain": "never"}))
    loaded = load_settings(old)
    assert not loaded.broken and loaded.settings.keymap == {} and loaded.settings.theme == "nord"
    for keymap, words in [
        ({"draw": "g"}, "is not a binding id"),
        ({"table.draw": "g h"}, "key names separated by commas"),
        ({"table.draw": ""}, "key names separated by commas"),
        ({"table.draw": 7}, "keymap"),
        ([["table.draw", "g"]], "keymap"),
    ]:
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({"keymap": keymap}))
        loaded = load_settings(bad)
        assert loaded.broken and words in loaded.notice and "\n" not in loaded.notice, (keymap, loaded.notice)
        assert loaded.settings == Settings()


@run_async
async def test_saving_the_settings_screen_keeps_the_keymap(user_dirs):
    from cardtable.tui.screens.settings import SettingsScreen

    path = user_dirs["XDG_CONFIG_HOME"] / "cardtable" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"keymap": {"app.keys": "f2"}}))
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_settings()
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        assert app.settings.keymap == (("app.keys", "f2"),)
    assert json.loads(path.read_text())["keymap"] == {"app.keys": "f2"}


@pytest.mark.parametrize("screen", ["settings", "resume", "stats"])
def test_one_footer_everywhere(screen):
    """Every screen's footer is cardtable's KeysFooter (no screen uses Textual's Footer)."""
    import asyncio

    async def check():
        app = CardtableApp(settings=TuiSettings())
        async with app.run_test(size=(100, 30)) as pilot:
            {"settings": app.show_settings, "resume": app.show_resume, "stats": app.show_statistics}[screen]()
            await wait_until(pilot, lambda: len(app.screen_stack) > 1 and app.screen.is_mounted)
            await pilot.pause()
            from textual.widgets import Footer

            assert len(app.screen.query(KeysFooter)) == 1 and len(app.screen.query(Footer)) == 0
            assert "Back" in screen_text(app).splitlines()[-1] or "Save" in screen_text(app).splitlines()[-1]

    asyncio.run(check())


@run_async
async def test_no_key_wraps_in_its_column_at_80_columns():
    """Each row's keys (up to "1 2 3 4 5 6 7 8 9 0") and id stay whole on their line; only what
    a key does wraps (the Markdown tables squeezed the first column: "close / tab")."""
    from cardtable.tui.screens.keys import KeysText

    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        text = app.screen.query_one(KeysText)
        await wait_until(pilot, lambda: "Anywhere" in str(text.content))
        lines = str(text.content).splitlines()
        for _title, section in key_rows(app):
            for row in section:
                keys, _what, ident = row.cells()
                assert any(line.startswith(keys + " ") and line.rstrip().endswith(ident) for line in lines), (
                    keys,
                    ident,
                )
