"""The ASCII card setting applies wherever cards are named (issue 11, Screens)."""

from __future__ import annotations

import pytest
from test_full_games import sensible
from tui_helpers import (
    make_app,
    play_to_game_over,
    random_session,
    ready,
    run_async,
    screen_text,
    table_app,
    wait_until,
)

from cardtable.tui.cardfaces import CardStyle, colour_suits, plain_cards
from cardtable.tui.screens.picker import PickerScreen

SYMBOLS = set("♠♥♦♣★")


def test_plain_cards_and_jokers():
    ascii_ = CardStyle(ascii=True)
    assert plain_cards("Play 10♥ and RJ★ on A♠?", ascii_) == "Play 10H and RJ* on AS?"
    assert plain_cards("Play 10♥", CardStyle()) == "Play 10♥"
    assert colour_suits("Black Joker BJ★", ascii_).plain == "Black Joker BJ*"


@pytest.mark.slow
@run_async
async def test_no_suit_symbol_on_any_screen_of_a_game_with_ascii_cards():
    app = make_app("one-card", 2, options={"target": 40, "hand_size": 4}, seed=5, ascii_cards=True)
    screens: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, sensible, seed=5, on_step=lambda app, name: screens.append(screen_text(app)))
        screens.append(screen_text(app))
    shown = [text for text in screens if SYMBOLS & set(text)]
    assert not shown, shown[0]


@run_async
async def test_confirm_bar_hint_and_picker_use_ascii_cards():
    session = random_session("shed", ["human", "human"], 3, lambda s: s.view(None).phase == "exchange")
    app = table_app(session, curtain="never", ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("1")  # a hand card to swap: which face-up card? (a picker), then the confirm bar
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) or app.screen.confirming)
        assert not SYMBOLS & set(screen_text(app)), screen_text(app)
        if isinstance(app.screen, PickerScreen):
            await pilot.press("enter")
            await wait_until(pilot, lambda: not isinstance(app.screen, PickerScreen) and app.screen.confirming)
        text = screen_text(app)
        assert "face up and take" in text and not SYMBOLS & set(text), text
