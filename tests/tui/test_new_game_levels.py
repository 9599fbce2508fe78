"""The new-game form offers the expert level only in a game whose registry row
offers it (issue 15), and a remembered expert seat falls back to normal elsewhere."""

from __future__ import annotations

import pytest
from textual.widgets import Select
from tui_helpers import run_async, wait_until

from cardtable import games
from cardtable.games import GAME_INFO, get_row
from cardtable.session import Seat
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.setup import GameSetup


def _kinds(select: Select) -> list[str]:
    return [value for _, value in select._options if value is not Select.BLANK]


@pytest.mark.parametrize("offered", [True, False])
def test_the_seat_choices_follow_the_games_row(offered, monkeypatch):
    monkeypatch.setitem(games.ROWS, "shed", get_row("shed")._replace(expert=offered))
    previous = GameSetup("shed", (Seat("Ann", "human"), Seat("Bob", "expert")), None, None)

    @run_async
    async def check():
        app = CardtableApp(settings=TuiSettings(speed="instant"))
        async with app.run_test(size=(100, 40)) as pilot:
            app.push_screen(NewGameScreen(GAME_INFO["shed"], previous))
            await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
            await pilot.pause()
            select = app.screen.query_one("#kind-1", Select)
            kinds = _kinds(select)
            assert kinds[:5] == ["human", "random", "easy", "normal", "hard"]
            assert ("expert" in kinds) == offered
            # the remembered expert seat: kept where offered, normal where not
            assert select.value == ("expert" if offered else "normal")

    check()
