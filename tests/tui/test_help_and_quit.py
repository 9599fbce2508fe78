"""Keys help, rules during a game, the command palette's commands, and leaving."""

from __future__ import annotations

from tui_helpers import make_app, ready, run_async, screen_text, wait_until

from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.screens.rules import RulesScreen
from cardtable.tui.screens.table import TableScreen


@run_async
async def test_f1_shows_the_current_games_rules_and_question_mark_the_keys():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game_id == "one-card"
        assert "One-Card" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert "Ctrl+P" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


@run_async
async def test_ctrl_q_asks_first_during_a_game():
    app = make_app("shed", 2, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # stay
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.is_running
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


@run_async
async def test_command_palette_offers_games_rules_and_themes():
    app = make_app("shed", 2, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        titles = [command.title for command in app.get_system_commands(app.screen)]
    for title in ("New game: Shed", "New game: One-Card", "Rules: One Too Many", "Theme"):
        assert title in titles


@run_async
async def test_cli_start_with_options_object_and_no_seed():
    from cardtable.games import get_game
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.settings import TuiSettings

    options = get_game("shed").make_options({"short_game": True})
    app = CardtableApp(
        start=dict(game_id="shed", names=["A", "B"], kinds=["human", "normal"], options=options, seed=None),
        settings=TuiSettings(speed="instant"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.options.short_game and table.session.seed > 0


@run_async
async def test_the_menu_does_not_wrap_round_to_quit():
    """↑ on the first game stays there (Textual's list wraps round: one ↑ too many, then
    Enter, quit); ↓ on Quit stays on Quit; in a terminal, Quit from the menu quits at once."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.menu import MenuScreen
    from cardtable.tui.settings import TuiSettings

    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen.query_one("#menu-list")
        await pilot.press("up", "up")
        await pilot.pause()
        assert menu.highlighted == 0
        await pilot.press("end", "down", "down")
        await pilot.pause()
        assert menu.get_option_at_index(menu.highlighted).id == "quit"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0
