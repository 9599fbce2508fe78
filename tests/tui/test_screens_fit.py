"""At 80x24 (and the 64x20 minimum) nothing that matters is cut off (issue 11, Screens)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tui_helpers import random_session, ready, run_async, screen_text, table_app, wait_until

from cardtable.core.cards import parse_card
from cardtable.core.engine import Outcome
from cardtable.games.one_card import Play
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardfaces import CardStyle
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.card_rows import CardRows


def _attacked(session) -> bool:
    """Ann (seat 0) must answer a long attack and no card of hers answers it."""
    if session.to_act != (0,):
        return False
    view = session.view(0)
    return view.pending >= 10 and not any(isinstance(m, Play) for m in session.legal_moves(0))


LONG_NAMES = ["Player 1", "Player 2"]


@run_async
async def test_one_card_headline_keeps_whose_turn():
    session = random_session("one-card", ["human", "human"], 5, lambda s: s.to_act == (1,), names=LONG_NAMES)
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        headline = screen_text(app).splitlines()[0]
        assert "Player 2 to play" in headline, headline


@run_async
async def test_shed_headline_keeps_whose_turn():
    session = random_session(
        "shed", ["human", "human"], 3, lambda s: s.view(None).phase != "exchange" and s.to_act == (1,), names=LONG_NAMES
    )
    app = table_app(session, curtain="never")
    async with app.run_test(size=(64, 20)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        headline = screen_text(app).splitlines()[0]
        assert "Player 2 to play" in headline, headline


@run_async
async def test_the_prompts_last_line_is_visible_under_an_attack():
    session = random_session("one-card", ["human", "human"], 8, _attacked)
    pending = session.view(0).pending
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.pause()
        text = screen_text(app)
        assert "Not playable" in text  # the cursor is on a card that does not answer
        assert f"press d to draw {pending}" in text, text


def _big_shed_hand(session) -> bool:
    view = session.view(0)
    return view.phase != "exchange" and session.to_act == (0,) and len(view.hand) >= 20 and view.face_down[0] > 0


@run_async
async def test_shed_big_hand_leaves_every_row_reachable_and_the_cursor_in_sight():
    session = random_session("shed", ["human", "human"], 1, _big_shed_hand, prefer="PickUp")
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        screen = app.screen
        rows = screen.query_one(CardRows)
        scroll = screen.query_one("#hand-scroll")

        def cursor_in_sight() -> bool:
            top, line = scroll.scroll_offset.y, rows.cursor_line()
            return top <= line and line + 1 < top + scroll.scrollable_content_region.height

        for key in ["down", "down", "up", "up", "down", "down"]:
            await pilot.press(key)
            await wait_until(pilot, cursor_in_sight, timeout=2)
        assert rows.cursor[0] == 2  # the face-down row was reached
        assert "Face down" in screen_text(app)
        for _ in range(8):
            await pilot.press("up")
        assert rows.cursor[0] == 0
        for _ in range(25):
            await pilot.press("right")
            await wait_until(pilot, cursor_in_sight, timeout=2)


@run_async
async def test_game_over_buttons_visible_with_long_reasons():
    names = ["Ann", "Bob", "Cat", "Dan"]
    reasons = tuple(
        f"{n} tied on points with someone else; the tie-break by the last round's pile decides it" for n in names
    )
    outcome = Outcome(places=(1, 2, 3, 4), points=(30, 20, 10, 0), reasons=reasons)
    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen("One Too Many", outcome, names))
        await pilot.pause()
        text = screen_text(app)
        assert "Play again (a)" in text and "Menu (m)" in text, text


@pytest.mark.slow  # (hundreds of key presses, each waited for: about a minute)
@run_async
async def test_keys_screen_scrolls_to_its_end():
    for size in [(80, 24), (100, 50)]:
        app = CardtableApp(settings=TuiSettings())
        async with app.run_test(size=size) as pilot:
            await pilot.press("question_mark")
            await wait_until(pilot, lambda app=app: isinstance(app.screen, KeysScreen))
            await pilot.pause()
            for _ in range(400):  # ↓ reaches the end of the list
                await pilot.press("down")
                if "The footer always shows" in screen_text(app):
                    break
            assert "The footer always shows" in screen_text(app), size


@run_async
async def test_shed_players_table_keeps_its_columns_at_the_minimum_size():
    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    session = random_session("shed", ["human"] * 4, 6, lambda s: s.view(None).phase != "exchange", names=names)
    app = table_app(session, curtain="never")
    async with app.run_test(size=(64, 20)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        # the widest cells a table can have: three tens face up, and someone out
        tens = tuple(parse_card(code) for code in ("10S", "10H", "10D"))
        view = replace(session.view(None), face_up=(tens,) * 4, places=(0, 1, 0, 0))
        app.screen.query_one("#public-table").show(view, names, CardStyle())
        await pilot.pause()
        lines = screen_text(app).splitlines()
        header = next(i for i, line in enumerate(lines) if "Player " in line and "Hand" in line)
        # the header and one line per player, none wrapped
        for offset, name in enumerate(names, start=1):
            assert name in lines[header + offset], lines[header : header + 6]
        assert "1st" in lines[header + 2] and "…" not in lines[header + 2]
