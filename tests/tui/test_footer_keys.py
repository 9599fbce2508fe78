"""The footer shows the keys that apply now, and keeps them through a resize (issue 11, Screens)."""

from __future__ import annotations

from cardtable.tui.screens.table import TableScreen
from tui_helpers import make_app, ready, run_async, screen_text, table_of, wait_until


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@run_async
async def test_keys_that_do_not_apply_are_not_in_the_footer():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        assert table._area.action("pass").move is None  # passing is not a move now
        line = footer(app)
        assert " d Draw" in line and "Pass" not in line, line


@run_async
async def test_the_footer_keeps_its_keys_after_narrowing_and_widening():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.pause()
        before = footer(app)
        assert "Draw" in before
        await pilot.resize_terminal(50, 24)
        await pilot.pause()
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        await pilot.pause()
        assert footer(app) == before
