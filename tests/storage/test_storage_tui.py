"""Resume, Statistics and Settings in the app (``cardtable.tui.persistence``), through Pilot."""

from __future__ import annotations

import asyncio
import functools
import json
import random

import pytest
from storage_helpers import play, start

from cardtable.core.engine import Outcome
from cardtable.session import Seat, Session
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore
from cardtable.storage.settings import Settings, load_settings, save_settings
from cardtable.storage.stats import StatsStore
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.resume import ResumeScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.stats import StatisticsScreen
from cardtable.tui.settings import TuiSettings

SIZE = (120, 40)


def sync(test):
    """Run an async test with asyncio (no pytest plugin needed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run


GAME = "one-too-many"  # short games


@pytest.fixture
def engine():
    from storage_helpers import game_or_skip

    return game_or_skip(GAME)


def screen_text(app) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def wait_for(pilot, predicate, timeout: float = 20.0) -> None:
    waited = 0.0
    while not predicate():
        await pilot.pause(0.02)
        waited += 0.02
        if waited > timeout:
            raise AssertionError(f"timed out; the screen is {pilot.app.screen!r}:\n{screen_text(pilot.app)}")


async def pick_from_menu(pilot, item: str) -> None:
    from textual.widgets import OptionList

    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
    menu = pilot.app.screen.query_one(OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == item:
            break
        await pilot.press("down")
    await pilot.press("enter")


def table_session(app) -> Session:
    from cardtable.tui.screens.table import TableScreen

    return next(s for s in app.screen_stack if isinstance(s, TableScreen)).session


# -- resume ------------------------------------------------------------------------------------


def _hot_seat_save(engine) -> tuple[str, Session]:
    session = start(GAME, 2, seed=21)
    saver = Autosaver(session, save_id="ann-and-bob").attach()
    rng = random.Random(3)
    play(session, 3, rng)
    assert not session.is_over
    return saver.save_id, session


@sync
async def test_resume_from_the_menu_opens_behind_the_curtain(engine):
    from cardtable.tui.screens.curtain import CurtainScreen

    save_id, original = _hot_seat_save(engine)
    broken = SaveStore().path_of("broken-game")
    broken.write_text('{"format": "cardtable-save", "sche')
    to_act = original.names[original.to_act[0]]
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_from_menu(pilot, "resume")
        await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen) and app.screen.is_mounted)
        text = screen_text(app)
        for expected in ("Resume a game", engine.name, "Ann, Bob", "just now", "Damaged save broken-game: truncated"):
            assert expected in text, expected
        assert not broken.exists()  # set aside
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert f"Pass to {to_act}" in screen_text(app)
        resumed = table_session(app)
        assert resumed.state == original.state and resumed.moves == original.moves


@sync
async def test_the_resume_list_shows_every_column_of_a_long_row(engine):
    """Six long names, at 142x38 (a 1280x800 browser window): the last column (Moves) is
    not cut off (the list was 110 cells wide whatever the room)."""
    from textual.widgets import DataTable

    names = [f"Maximiliana {n}" for n in range(2, 8)]
    session = Session.start(GAME, [Seat(name, "human") for name in names], None, seed=4)
    saver = Autosaver(session, save_id="six-long-names").attach()
    play(session, 12, random.Random(1))
    assert saver.save()
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(142, 38)) as pilot:
        await pick_from_menu(pilot, "resume")
        await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen) and app.screen.is_mounted)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.display, screen_text(app)
        assert table.virtual_size.width <= table.scrollable_content_region.width, (table.virtual_size, table.region)
        assert "Moves" in screen_text(app)


@sync
async def test_resume_screen_without_saves_and_back(engine):
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_from_menu(pilot, "resume")
        await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen) and app.screen.is_mounted)
        assert "No saved games." in screen_text(app)
        await pilot.press("enter")  # nothing to open
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))


@sync
async def test_resume_id_at_start_and_autosave_after_each_move(engine):
    """`cardtable resume ID`: the app opens at the game; the computers' moves are saved."""
    session = Session.start(GAME, [Seat("Ann", "random"), Seat("Bob", "random")], seed=5)
    Autosaver(session, save_id="computers").attach()  # (the session holds it)
    play(session, 2, random.Random(0))
    app = CardtableApp(settings=TuiSettings(speed="instant"), resume="computers")
    async with app.run_test(size=SIZE) as pilot:
        from cardtable.tui.screens.game_over import GameOverScreen

        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        final = table_session(app)
        assert final.is_over and final.moves[:2] == session.moves
    store = SaveStore()
    assert store.ids() == [] and store.ids(history=True) == ["computers"]
    filed = store.load("computers", history=True)
    assert filed.session.state == final.state
    rows, _ = StatsStore().rows(GAME)
    assert sorted((r.player, r.played) for r in rows) == [("Ann (random computer)", 1), ("Bob (random computer)", 1)]


@sync
async def test_a_new_game_is_saved_as_it_is_played(engine):
    from cardtable.tui.screens.game_over import GameOverScreen

    app = CardtableApp(
        start=dict(game_id=GAME, names=["Cleo", "Dev"], kinds=["random", "random"], options=None, seed=8),
        settings=TuiSettings(speed="instant"),
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
    (finished,) = SaveStore().list_history().saves
    assert finished.names == ["Cleo", "Dev"] and finished.over


@sync
async def test_a_save_failing_in_the_writer_thread_is_told_on_the_apps_thread(engine, monkeypatch):
    """The autosave writes from its own thread; its failure reaches ``app.notify`` on the app's thread."""
    import threading

    from cardtable.tui.screens.game_over import GameOverScreen

    failed_in: set[int] = set()

    def full_disk(*args, **kwargs):
        failed_in.add(threading.get_ident())
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("cardtable.storage.saves.files.atomic_write_text", full_disk)
    told: list[tuple[int, str]] = []
    app = CardtableApp(
        start=dict(game_id=GAME, names=["Cleo", "Dev"], kinds=["random", "random"], options=None, seed=8),
        settings=TuiSettings(speed="instant"),
    )
    app.notify = lambda message, **kw: told.append((threading.get_ident(), kw.get("title", "")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        app_thread = threading.get_ident()
    assert failed_in - {app_thread}, "no write failed in the writer thread"
    assert told and {title for _, title in told} == {"Game not saved"}
    assert {thread for thread, _ in told} == {app_thread}


def test_a_save_failing_while_the_app_waits_for_the_writer_does_not_hang_the_app(engine, monkeypatch):
    """The app's thread waits for the writer (Autosaver.flush, at the game's end) while the
    writer's failure is being told: the notice must not wait for the app's thread (it did:
    call_from_thread, a deadlock that hung the suite)."""
    import threading

    from cardtable.storage.autosave import Autosaver
    from cardtable.tui.screens.game_over import GameOverScreen

    flushing = threading.Event()
    original_flush = Autosaver.flush

    def flush(self):
        flushing.set()
        original_flush(self)

    def full_disk(*args, **kwargs):
        if threading.current_thread().name.startswith("autosave"):  # the writer: fail once the app waits
            flushing.wait(5)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Autosaver, "flush", flush)
    monkeypatch.setattr("cardtable.storage.saves.files.atomic_write_text", full_disk)
    told: list[str] = []

    async def play() -> None:
        app = CardtableApp(
            start=dict(game_id=GAME, names=["Cleo", "Dev"], kinds=["random", "random"], options=None, seed=8),
            settings=TuiSettings(speed="instant"),
        )
        app.notify = lambda message, **kw: told.append(kw.get("title", ""))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await wait_for(pilot, lambda: bool(told))

    # The app runs in the main thread's stead in a thread of its own, so that a hang fails the test.
    runner = threading.Thread(target=asyncio.run, args=(play(),), daemon=True)
    runner.start()
    runner.join(120)
    assert not runner.is_alive(), "the app hung waiting for the autosave's writer"
    assert told and set(told) == {"Game not saved"}


@sync
async def test_resuming_a_damaged_save_says_why(engine):
    save_id, _ = _hot_seat_save(engine)
    path = SaveStore().path_of(save_id)
    data = json.loads(path.read_text())
    data["digest"] = "0000000000000000"
    path.write_text(json.dumps(data))
    path.with_name(path.name + ".bak").unlink()
    app = CardtableApp(settings=TuiSettings(speed="instant"), resume=save_id)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any("digest mismatch" in n.message for n in app._notifications))
        assert isinstance(app.screen, MenuScreen)
    assert path.with_name(path.name + ".damaged").exists()


# -- statistics ----------------------------------------------------------------------------------


def _record_some_results():
    class G:
        id = GAME

    stats = StatsStore()
    stats.record_game("a", G, ["Ann", "Bob"], Outcome((1, 2), (21, 8)))
    stats.record_game("b", G, ["Ann", "Bob"], Outcome((2, 1), (12, 23)))
    stats.record_game("c", G, ["Ann", "Cleo"], Outcome((1, 2), (25, 3)))


@sync
async def test_statistics_screen(engine):
    from textual.widgets import DataTable

    _record_some_results()
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_from_menu(pilot, "stats")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen) and app.screen.is_mounted)
        screen = app.screen
        text = screen_text(app)
        for expected in ("Statistics", "All games", "Played", "Wins", "Best", "Worst", "Ann", "Bob", "Cleo"):
            assert expected in text, expected
        table = screen.query_one("#stats-table", DataTable)
        ann = next(table.get_row_at(i) for i in range(table.row_count) if str(table.get_row_at(i)[0]) == "Ann")
        # played, wins, win %, points, mean, best, worst, streak (the last one won), longest, recent
        assert [str(c) for c in ann[2:]] == ["3", "2", "67", "58", "19.3", "25", "12", "W1", "1", "WLW"]
        await pilot.press("right")  # the first game's tab
        await wait_for(pilot, lambda: screen.game_id is not None)
        assert screen.game_id == "one-too-many" and table.row_count == 3
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.game_id == "one-card")
        assert "No games of" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))


@sync
async def test_statistics_screen_with_a_broken_file(engine):
    path = StatsStore().path
    path.parent.mkdir(parents=True)
    path.write_text("{{{")
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_from_menu(pilot, "stats")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen) and app.screen.is_mounted)
        text = " ".join(screen_text(app).split())
        assert "statistics database stats.sqlite3 is damaged (not an SQLite database)" in text
        assert "No games recorded yet." in text
    assert path.with_name("stats.sqlite3.damaged").read_text() == "{{{"


# -- settings ---------------------------------------------------------------------------------------


@sync
async def test_settings_screen_saves(engine):
    from textual.widgets import Select, Switch

    app = CardtableApp()  # preferences from the (missing) settings file: the defaults
    async with app.run_test(size=SIZE) as pilot:
        assert app.settings == TuiSettings(theme="textual-dark")
        await pick_from_menu(pilot, "settings")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.is_mounted)
        screen = app.screen
        for expected in ("Settings", "Theme", "Cards", "Four-colour deck", "Computer speed", "Curtain"):
            assert expected in screen_text(app)
        # the keyboard: Tab to the four-colour switch, Space turns it on
        for _ in range(2):
            await pilot.press("tab")
        assert app.focused is screen.query_one("#four_colour", Switch)
        await pilot.press("space")
        # the theme select by keys: open, down, choose (previewed at once)
        screen.query_one("#theme", Select).focus()
        await pilot.press("enter")
        await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.theme != "textual-dark")
        chosen_theme = app.theme
        screen.query_one("#card_style", Select).value = "ascii"
        screen.query_one("#computer_speed", Select).value = "fast"
        screen.query_one("#curtain", Select).value = "always"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        expected = Settings(
            theme=chosen_theme, card_style="ascii", four_colour=True, computer_speed="fast", curtain="always"
        )
        assert load_settings().settings == expected
        assert app.settings == TuiSettings(
            curtain="always", speed="fast", ascii_cards=True, four_colours=True, theme=chosen_theme
        )
        assert app.theme == chosen_theme


@sync
async def test_settings_cancel_changes_nothing(engine):
    from textual.widgets import Select

    save_settings(Settings(theme="nord"))
    before = load_settings().path.read_bytes()
    app = CardtableApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "nord" and app.settings.theme == "nord"
        await pick_from_menu(pilot, "settings")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.is_mounted)
        app.screen.query_one("#theme", Select).value = "dracula"
        await wait_for(pilot, lambda: app.theme == "dracula")  # previewed
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.theme == "nord"
    assert load_settings().path.read_bytes() == before


@sync
async def test_a_broken_settings_file_gives_defaults_and_a_notice(engine):
    path = load_settings().path
    path.parent.mkdir(parents=True)
    path.write_text('{"theme": "nord", "curtain": "sometimes"}')
    app = CardtableApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any("broken" in n.message for n in app._notifications))
        assert app.settings == TuiSettings(theme="textual-dark")
        await pick_from_menu(pilot, "settings")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.is_mounted)
        assert "is broken (curtain:" in screen_text(app)
        assert path.read_text() == '{"theme": "nord", "curtain": "sometimes"}'  # kept...
        await pilot.press("ctrl+s")  # ...until new settings are saved
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert not load_settings().broken
    assert path.with_name("settings.json.bak").read_text() == '{"theme": "nord", "curtain": "sometimes"}'
