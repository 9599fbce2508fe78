"""A narrow screen (a phone's, 45x30 and 40x25): one column, the log under the hand, nothing of
the turn cut off, and the number prompt answered by taps (issue 28, a layout for a phone)."""

from __future__ import annotations

import pytest
from test_full_games import GAMES, sensible
from tui_helpers import at_the_table, make_app, play_to_game_over, ready, run_async, screen_text, table_of, wait_until

from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.widgets.card_rows import CardRows

SIZES = [(45, 30), (40, 25)]


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["one-card", "shed"])
@run_async
async def test_the_table_is_one_column_with_the_whole_hand_and_the_hint_in_sight(game, size):
    app = make_app(game, 2, kinds=["human", "normal"], seed=11)
    async with app.run_test(size=size) as pilot:
        await at_the_table(pilot, app)
        table = table_of(app)
        text = screen_text(app)
        assert "too small" not in text, text
        log, main = table.query_one("#log"), table.query_one("#table-main")
        assert log.region.y >= main.region.bottom and log.region.width == size[0], text  # the log under it all
        assert all(len(line.rstrip()) <= size[0] for line in text.splitlines())
        rows = table.query_one(CardRows)
        scroll = table.query_one("#hand-scroll")
        assert scroll.max_scroll_y == 0 and rows.area is not None, text  # every card of the hand in sight
        for row in rows.area.rows:
            assert row.title in text, (row.title, text)
        assert _words(table._status) in _words(text), (table._status, text)  # what to do now, whole
        headline = text.splitlines()[0]
        assert ("Ann to play" in headline) or ("exchange" in headline), headline


@pytest.mark.parametrize("size", SIZES)
@run_async
async def test_one_too_many_numbers_are_tapped_and_confirmed_by_taps(size):
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=7)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and app.screen.is_mounted)
        prompt = app.screen
        await pilot.pause()
        text = screen_text(app)
        assert "too small" not in text and "how many cards" in text, text
        session = table_of(app).session
        moves = len(session.moves)
        pad = prompt.query_one("#secret-pad")
        assert " 0 " in pad.render().plain and " 3 " in pad.render().plain
        await pilot.click(pad, offset=(3 * 4 + 1, 0))  # the fourth button: " 3 "
        await wait_until(pilot, lambda: prompt.pending is not None)
        assert getattr(prompt.pending, "count", None) == 3
        assert len(session.moves) == moves  # not made before it is confirmed
        confirm = prompt.query_one("#secret-confirm")
        line = confirm.render().plain
        await pilot.click(confirm, offset=(line.index("Enter") + 1, 0))
        await wait_until(pilot, lambda: len(session.moves) > moves)
        assert session.moves[moves] == (0, prompt.prompt.number_move(3))


@pytest.mark.parametrize("size", [(40, 24), (39, 30)])
@run_async
async def test_narrower_or_shorter_still_shows_the_notice(size):
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: ready(app))
        text = screen_text(app)
        assert "too small" in text and "40 by 25" in text, text
        assert "Discard" not in text


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, options, seed", GAMES, ids=[g[0] for g in GAMES])
@run_async
async def test_a_whole_game_at_40x25_never_shows_the_notice_and_ends_on_its_results(game_id, players, options, seed):
    app = make_app(game_id, players, options=options, seed=seed)
    seen: dict[str, str] = {}

    def look(app, name: str) -> None:
        text = screen_text(app)
        assert "too small" not in text, (name, text)
        seen.setdefault(name, text)

    async with app.run_test(size=(40, 25)) as pilot:
        over = await play_to_game_over(pilot, sensible, seed=seed, on_step=look)
        text = screen_text(app)
        session = table_of(app).session
        winner = session.names[session.game.outcome(session.state).winners()[0]]
        assert "game over" in text and winner in text, text
        for button in over.query("Button"):  # every button of the results in sight, whole
            assert button.region.right <= 40 and button.region.bottom <= 25 and str(button.label) in text, text
    assert "CurtainScreen" in seen and "Pass to" in seen["CurtainScreen"], seen.get("CurtainScreen")


@run_async
async def test_the_number_prompt_never_cuts_its_last_lines_under_a_refusal_and_a_note():
    """At 80x24 a refusal and a note pushed "change it)." under the prompt's border."""
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and app.screen.is_mounted)
        prompt = app.screen
        prompt._error("Alone in the round you may not ask for exactly 1 card: pass (0) or ask for 2 to 5.")
        prompt.say("Cannot undo: the secret numbers have been revealed, and a reveal cannot be taken back.")
        await pilot.pause()
        await pilot.pause()
        box = prompt.query_one("#secret")
        # all of it is in the box, or the box scrolls to it
        assert box.virtual_size.height <= box.scrollable_content_region.height or box.allow_vertical_scroll


@run_async
async def test_a_phone_held_upright_draws_the_hand_as_cards_large_enough_to_tap():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=11)
    async with app.run_test(size=(47, 45)) as pilot:  # (412x915 in a phone's browser)
        await at_the_table(pilot, app)
        rows = app.screen.query_one(CardRows)
        lines = [line.plain for line in rows._lines(rows.content_region.width)]
        cards = len(rows.area.rows[0].items)
        assert sum(line.count("┌─────┐") for line in lines) == cards, lines  # wrapped, every card a card
        assert app.screen.query_one("#hand-scroll").max_scroll_y == 0
