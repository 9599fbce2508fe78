"""The rules screen builds each game's rules when its tab is first shown (F1 stays quick)."""

from __future__ import annotations

from tui_helpers import make_app, ready, run_async, screen_text, wait_until

from cardtable.tui.screens.rules import RulesScreen, RulesViewer


def built(screen: RulesScreen) -> set[str]:
    return {viewer.parent.id for viewer in screen.query(RulesViewer)}


@run_async
async def test_only_the_shown_tab_is_built_and_each_other_when_first_shown():
    app = make_app("one-card", 2, kinds=["human", "normal"], options={"target": 150}, seed=4)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        await pilot.pause()
        assert built(screen) == {"one-card"}
        await pilot.press("right")
        await wait_until(pilot, lambda: len(built(screen)) == 2)
        other = (built(screen) - {"one-card"}).pop()
        assert screen.focused is not None and screen.focused.parent.id == other
        await pilot.press("left")
        await pilot.pause(0.3)
        assert len(built(screen)) == 2  # not built twice
        assert len(screen.query_one("#one-card").query(RulesViewer)) == 1
        text = screen_text(app)
        assert "This game" in text and "150" in text, text  # this game's options, on its tab
