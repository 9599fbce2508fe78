"""Small terminals get a notice instead of a broken layout, and recover when enlarged."""

from __future__ import annotations

from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card_rows import CardRows
from cardtable.tui.widgets.size_notice import MIN_HEIGHT, MIN_WIDTH
from tui_helpers import make_app, ready, run_async, screen_text, wait_until


@run_async
async def test_small_terminal_shows_a_notice_then_recovers():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(MIN_WIDTH - 10, MIN_HEIGHT - 4)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert "too small" in screen_text(app)
        assert "Discard" not in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = screen_text(app)
        assert "too small" not in text and "Discard" in text and "Hand" in text
        # the game goes on from where it was
        assert isinstance(app.screen, TableScreen) and app.screen.query_one(CardRows).area.active


@run_async
async def test_resizing_back_and_forth_never_crashes():
    app = make_app("shed", 2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        for width, height in [(40, 10), (200, 60), (MIN_WIDTH, MIN_HEIGHT), (MIN_WIDTH - 1, MIN_HEIGHT),
                              (79, 23), (120, 40), (80, 24)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            small = width < MIN_WIDTH or height < MIN_HEIGHT
            assert ("too small" in screen_text(app)) == small
        await pilot.press("enter")  # the curtain still works
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


@run_async
async def test_larger_terminal_uses_the_room():
    app = make_app("one-card", 4, seed=3)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and ready(app))
        log = app.screen.query_one("#log")
        assert log.outer_size.width >= 38
        assert app.screen.query_one("#table-main").size.width > 80
