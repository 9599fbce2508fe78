"""The footer shows the keys that apply now, and keeps them through a resize (issue 11, Screens)."""

from __future__ import annotations

from tui_helpers import make_app, ready, run_async, screen_text, table_of, wait_until


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@run_async
async def test_keys_that_do_not_apply_are_not_in_the_footer():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        assert table.area.action("pass").move is None  # passing is not a move now
        line = footer(app)
        assert " d Draw" in line and "Pass" not in line, line


@run_async
async def test_undo_is_offered_only_once_there_is_a_move_of_ones_own_to_take_back():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.pause()
        first = footer(app)
        assert "Undo" not in first and "Hint" in first, first  # nothing of theirs to take back yet
        table = table_of(app)
        moves = len(table.source.session.moves)
        await pilot.press("d")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app) and len(table.source.session.moves) >= moves + 2)
        await pilot.pause()
        assert " u Undo" in footer(app), footer(app)  # their draw can be taken back now


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


@run_async
async def test_a_narrow_footer_drops_the_apps_keys_first_and_keeps_the_keys_screen():
    app = make_app("shed", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(130, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.pause()
        wide = footer(app)
        assert "Quit" in wide and "Rules" in wide and "palette" in wide, wide
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        narrow = footer(app).rstrip()
        # Before: the line was cut mid-item ("... ^q Quit  f1"), losing "? Keys".
        assert narrow.endswith("? Keys"), narrow
        assert "palette" not in narrow and "Rules" not in narrow, narrow
        for label in ("Choose", "Menu", "Hint", "History"):
            assert label in narrow, (label, narrow)
