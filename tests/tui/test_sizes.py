"""Small terminals get a notice instead of a broken layout, and recover when enlarged."""

from __future__ import annotations

from tui_helpers import at_the_table, make_app, ready, run_async, screen_text, wait_until

from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card_rows import CardRows
from cardtable.tui.widgets.size_notice import MIN_HEIGHT, MIN_WIDTH


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
        for width, height in [
            (40, 10),
            (200, 60),
            (MIN_WIDTH, MIN_HEIGHT),
            (MIN_WIDTH - 1, MIN_HEIGHT),
            (79, 23),
            (120, 40),
            (80, 24),
        ]:
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


@run_async
async def test_a_tall_screen_shows_the_whole_table_and_draws_the_hand_as_cards():
    # Before: at 120x40 the table drawn first (small) kept its height once redrawn with card
    # faces, so the players' table under the piles was cut off; and the hand stayed chips.
    for game, kinds in (("one-card", ["human", "normal", "normal", "normal"]), ("shed", ["human", "normal"])):
        app = make_app(game, len(kinds), kinds=kinds, seed=11)
        async with app.run_test(size=(120, 40)) as pilot:
            await at_the_table(pilot, app)
            text = screen_text(app)
            table = app.screen.query_one("#public-table")
            assert table.virtual_size.height <= table.size.height + 1, (game, text)  # nothing of it out of sight
            assert "Player" in text and "Ann" in text, (game, text)
            rows = app.screen.query_one(CardRows)
            hand_lines = [line.plain for line in rows._lines(rows.content_region.width)]
            area = rows.area
            cards = len(area.rows[0].items)
            top = next(line for line in hand_lines if "┌" in line)
            assert top.count("┌─────┐") == cards, (game, hand_lines)  # every card of the hand drawn as a card
            # and the hand sits above the prompt, all of it in sight
            hand_scroll = app.screen.query_one("#hand-scroll")
            assert hand_scroll.max_scroll_y == 0, (game, text)


@run_async
async def test_the_hand_goes_back_to_chips_where_the_cards_would_not_fit():
    app = make_app("one-card", 4, kinds=["human", "normal", "normal", "normal"], seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await at_the_table(pilot, app)
        rows = app.screen.query_one(CardRows)
        assert "┌─────┐" in "".join(line.plain for line in rows._lines(rows.content_region.width))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Hand (5)" in text and "┌─────┐" not in "".join(line.plain for line in rows._lines(78)), text
