"""Smaller behaviours: card faces, inline refusals, playing again."""

from __future__ import annotations

import pytest
from test_full_games import sensible
from tui_helpers import make_app, play_to_game_over, ready, run_async, screen_text, wait_until

from cardtable.core.cards import parse_card
from cardtable.tui.cardfaces import CardStyle, chip, colour_suits, face
from cardtable.tui.screens.game_over import GameOverScreen, with_names
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen


def test_card_faces_unicode_and_ascii():
    ten, joker = parse_card("10H"), parse_card("RJ")
    assert face(ten) == "10♥" and face(ten, CardStyle(ascii=True)) == "10H"
    assert face(joker).startswith("RJ")
    assert chip(ten).plain == " 10♥ " and chip(None).plain.strip()
    assert colour_suits("Ann plays 7♠ on 10♦").plain == "Ann plays 7♠ on 10♦"
    assert colour_suits("Ann plays 7♠", CardStyle(ascii=True)).plain == "Ann plays 7S"


def test_reasons_name_the_players():
    assert (
        with_names("seat 2 passed on turn 1; seat 10 did not", ["Ann", "Bob"])
        == "Bob passed on turn 1; seat 10 did not"
    )


@run_async
async def test_a_refused_number_shows_the_engines_reason_inline():
    app = make_app("one-too-many", 2, kinds=["human", "normal"], options={"first_turn_limit": 3}, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        await pilot.press("7", "enter")
        await pilot.pause()
        assert "at most 3" in screen_text(app)
        assert app.screen.pending is None  # nothing to confirm
        await pilot.press("backspace", "2", "enter")
        await wait_until(pilot, lambda: app.screen.pending is not None)
        assert "Ask for 2 cards?" in screen_text(app)


@pytest.mark.slow
@run_async
async def test_play_again_keeps_the_seats_and_moves_to_the_next_seed():
    app = make_app("one-card", 2, options={"target": 1, "hand_size": 2}, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, sensible, seed=1)
        first = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await pilot.press("a")
        await wait_until(pilot, lambda: ready(app) and not isinstance(app.screen, GameOverScreen))
        again = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert again is not first
        assert again.session.seats == first.session.seats and again.session.seed == first.session.seed + 1
        assert sum(isinstance(s, TableScreen) for s in app.screen_stack) == 1


@run_async
async def test_computers_alone_play_to_the_end_without_a_key():
    app = make_app("one-too-many", 3, kinds=["normal", "normal", "normal"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=240)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.is_over and table.viewer is None
