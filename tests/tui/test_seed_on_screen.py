"""The seed on screen: never while the game is played (it deals every hidden card again,
in another terminal), shown once it is over (the game-over screen and the end of the log)."""

from __future__ import annotations

import pytest
from test_full_games import sensible
from tui_helpers import make_app, play_to_game_over, run_async, screen_text, table_of

from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.widgets.move_log import MoveLog

SECRET = 918273645


@pytest.mark.slow
@run_async
async def test_the_seed_is_not_on_screen_until_the_game_is_over():
    app = make_app("shed", 2, options={"short_game": True}, seed=SECRET)
    steps = []

    def check(app, screen_name: str) -> None:
        if screen_name == "GameOverScreen" or table_of(app).session.is_over:
            return  # over: the final summary and the ranking may tell the seed
        steps.append(screen_name)
        assert str(SECRET) not in screen_text(app), f"the seed shows on the {screen_name}"
        log = table_of(app).query_one(MoveLog)
        assert not any(str(SECRET) in line for line in log.source), "the seed is in the log"

    async with app.run_test(size=(100, 30)) as pilot:
        over = await play_to_game_over(pilot, sensible, seed=3, on_step=check)
        assert {"CurtainScreen", "TableScreen"} <= set(steps)
        await pilot.pause()
        assert isinstance(over, GameOverScreen)
        text = " ".join(screen_text(app).replace("█", " ").split())
        assert f"Dealt from seed {SECRET}: the same seed deals this game again." in text
        log = table_of(app).query_one(MoveLog)
        assert log.source[0] == "Shed: Ann, Bob"
        assert str(SECRET) in log.source[-1]
