"""SVG snapshots (pytest-textual-snapshot) at 80x24 with fixed seeds.

Update after a deliberate change of looks: ``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import pytest
from test_full_games import sensible
from tui_helpers import make_app, play_to_game_over, press_for_prompt, ready, wait_until

from cardtable.games.one_too_many import Ask
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.interlude import RevealScreen
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.settings import TuiSettings

SIZE = (80, 24)


def menu_app() -> CardtableApp:
    return CardtableApp(settings=TuiSettings(speed="instant"))


async def at_human_turn(pilot) -> None:
    app = pilot.app
    await wait_until(pilot, lambda: ready(app))
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app) and not isinstance(app.screen, CurtainScreen))


async def steady_prompt(pilot) -> None:
    """The secret prompt mounted, its number field focused and its cursor steady (a blinking
    cursor is drawn or not depending on when the picture is taken: on a busy machine, either)."""
    from textual.widgets import Input

    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and app.screen.is_mounted)
    field = app.screen.query_one(Input)
    await wait_until(pilot, lambda: field.has_focus)
    field.cursor_blink = False  # (shows the cursor, and keeps it shown)
    await pilot.pause()


def test_menu(snap_compare):
    assert snap_compare(menu_app(), terminal_size=SIZE)


def test_new_game_screen(snap_compare):
    async def open_shed(pilot):
        await pilot.press("down", "down", "enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))

    assert snap_compare(menu_app(), terminal_size=SIZE, run_before=open_shed)


def test_curtain(snap_compare):
    async def first_curtain(pilot):
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))

    assert snap_compare(
        make_app("shed", 2, options={"short_game": True}, seed=2), terminal_size=SIZE, run_before=first_curtain
    )


def test_one_card_table(snap_compare):
    assert snap_compare(make_app("one-card", 3, seed=2), terminal_size=SIZE, run_before=at_human_turn)


def test_shed_table(snap_compare):
    async def after_exchange(pilot):
        await at_human_turn(pilot)
        await pilot.press("f", "enter")  # Ann finishes exchanging; Bob's turn to exchange
        await at_human_turn(pilot)
        await pilot.press("f", "enter")
        await at_human_turn(pilot)

    assert snap_compare(make_app("shed", 2, seed=2), terminal_size=SIZE, run_before=after_exchange)


def test_secret_prompt(snap_compare):
    async def first_prompt(pilot):
        await at_human_turn(pilot)
        assert isinstance(pilot.app.screen, SecretPromptScreen)
        await steady_prompt(pilot)

    assert snap_compare(make_app("one-too-many", 3, seed=2), terminal_size=SIZE, run_before=first_prompt)


def test_reveal(snap_compare):
    async def to_reveal(pilot):
        for count in (4, 0, 7):
            await at_human_turn(pilot)
            await press_for_prompt(pilot, pilot.app.screen, Ask(count))
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, RevealScreen))

    assert snap_compare(make_app("one-too-many", 3, seed=2), terminal_size=SIZE, run_before=to_reveal)


def test_one_too_many_table(snap_compare):
    """Turn 2 of a lone human against a computer: the prompt over the table after the draws."""

    async def second_turn(pilot):
        app = pilot.app
        await at_human_turn(pilot)
        await press_for_prompt(pilot, app.screen, Ask(3))
        await wait_until(pilot, lambda: isinstance(app.screen, RevealScreen))
        await pilot.press("enter")
        await steady_prompt(pilot)

    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=2)
    assert snap_compare(app, terminal_size=SIZE, run_before=second_turn)


@pytest.mark.slow
def test_game_over(snap_compare):
    async def to_the_end(pilot):
        await play_to_game_over(pilot, sensible, seed=1)

    app = make_app("one-card", 2, options={"target": 1, "hand_size": 2}, seed=1)
    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_end)


def test_table_at_a_larger_size(snap_compare):
    assert snap_compare(make_app("one-card", 4, seed=3), terminal_size=(120, 36), run_before=at_human_turn)
