"""The menu and the new-game screen: choices by keys, inline problems that block the start."""

from __future__ import annotations

from textual.widgets import Button, Input, Select

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.new_game import NewGameScreen, check_names, check_seed
from cardtable.tui.screens.rules import RulesScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from tui_helpers import run_async, screen_text, wait_until


def app() -> CardtableApp:
    return CardtableApp(settings=TuiSettings(speed="instant"))


def test_name_and_seed_checks():
    assert check_names(["Ann", "Bob"]) == {}
    assert 1 in check_names(["Ann", "ann"])
    assert 0 in check_names(["", "Bob"])
    assert 0 in check_names(["x" * 40, "Bob"])
    assert check_seed("") is None and check_seed("42") is None
    assert check_seed("4.2") is not None


@run_async
async def test_menu_lists_games_with_player_ranges():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        text = screen_text(cardtable)
        for line in ("One Too Many", "2–6 players", "One-Card", "2–8 players", "Shed", "2–4 players", "Rules", "Quit"):
            assert line in text


@run_async
async def test_new_game_by_keys_starts_the_table():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "down", "enter")  # Shed
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#kind-1", Select).value = "human"
        screen.query_one("#seed", Input).value = "12"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, CurtainScreen))
        table = next(s for s in cardtable.screen_stack if isinstance(s, TableScreen))
        assert table.session.seed == 12 and table.session.game.id == "shed"
        assert [seat.kind for seat in table.session.seats] == ["human", "human"]


@run_async
async def test_invalid_input_is_shown_inline_and_blocks_the_start():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "enter")  # One-Card
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#name-1", Input).value = "player 1"
        screen.query_one("#opt-target", Input).value = "0"
        await pilot.pause()
        assert screen.query_one("#start", Button).disabled
        text = screen_text(cardtable)
        assert "Same name as seat 1" in text
        assert "problems to fix" in text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(cardtable.screen, NewGameScreen)
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#opt-target", Input).value = "50"
        await pilot.pause()
        assert not screen.query_one("#start", Button).disabled


@run_async
async def test_players_count_shows_the_seats():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#players", Select).value = 5
        await pilot.pause()
        assert [screen.query_one(f"#seat-{i}").display for i in range(5)] == [True] * 5
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert [line.display for line in screen.query(".seat-line")] == [True] * 3 + [False] * 2
        assert not screen.query("#seat-5")  # a seat never shown is not built


@run_async
async def test_rules_from_the_menu_and_f1():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "down", "f1")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, RulesScreen))
        assert cardtable.screen.game_id == "shed"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
