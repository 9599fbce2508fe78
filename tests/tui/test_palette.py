"""The command palette offers Resume, Statistics, Settings, the current game's
rules, and Undo, Hint and History where the screen has them and they apply."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import make_app, ready, run_async, table_of, wait_until

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.resume import ResumeScreen
from cardtable.tui.screens.rules import RulesScreen
from cardtable.tui.screens.stats import StatisticsScreen
from cardtable.tui.settings import TuiSettings


class GameLikeScreen(Screen[None]):
    """A screen with undo and hint (hint not possible now), and no history."""

    def __init__(self) -> None:
        super().__init__()
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("a table")

    def action_undo(self) -> None:
        self.done.append("undo")

    def action_hint(self) -> None:
        self.done.append("hint")

    def check_action(self, action: str, parameters) -> bool | None:
        return None if action == "hint" else True


def titles(app, screen=None) -> list[str]:
    return [command.title for command in app.get_system_commands(screen or app.screen)]


async def run_command(pilot, title: str) -> None:
    app = pilot.app
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
    await pilot.press(*title)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await wait_until(pilot, lambda: not isinstance(app.screen, CommandPalette))


@run_async
async def test_undo_and_hint_are_offered_where_the_screen_has_them_and_they_apply():
    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(100, 30)) as pilot:
        menu_titles = titles(app)
        for absent in ("Undo", "Hint", "History", "Rules of this game", "Menu"):
            assert absent not in menu_titles
        for present in ("Resume", "Statistics", "Settings", "New game: Shed", "Rules: Shed", "Theme"):
            assert present in menu_titles
        await run_command(pilot, "Keys")  # cardtable's keys screen, not Textual's key panel
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        stub = GameLikeScreen()
        await app.push_screen(stub)
        offered = titles(app)
        assert "Undo" in offered and "Hint" not in offered and "History" not in offered
        await run_command(pilot, "Undo")
        await wait_until(pilot, lambda: stub.done == ["undo"])


@run_async
async def test_rules_of_this_game_from_the_table():
    app = make_app("shed", 2, kinds=["human", "normal"], seed=1, curtain="never")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        offered = titles(app)
        assert "Rules of this game" in offered and "Menu" in offered
        await run_command(pilot, "Rules of this game")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game_id == "shed"


@run_async
async def test_statistics_from_the_palette_over_the_table_and_back():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5, curtain="never")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        await run_command(pilot, "Statistics")
        await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)


@run_async
async def test_resume_from_a_game_asks_first_then_opens_the_saved_games_over_the_menu():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5, curtain="never")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        await run_command(pilot, "Resume")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # stay
        await wait_until(pilot, lambda: app.screen is table)
        await run_command(pilot, "Resume")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        assert [type(s) for s in app.screen_stack] == [MenuScreen, ResumeScreen]
        assert app.save_store.ids()  # the game left is there to resume


@run_async
async def test_at_the_table_undo_hint_and_history_are_offered_and_history_opens():
    from cardtable.tui.screens.curtain import CurtainScreen
    from cardtable.tui.screens.history import HistoryScreen

    app = make_app("one-card", 2, kinds=["human", "human"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.is_mounted)
        behind = titles(app)  # behind the curtain: nothing of a player's
        assert "Undo" not in behind and "Hint" not in behind and "History" not in behind
        await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app) and app.screen is table_of(app))
        offered = titles(app)
        assert {"Hint", "History"} <= set(offered)
        assert "Undo" not in offered  # the first move: nothing of theirs to take back yet
        await run_command(pilot, "History")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
