"""Smaller things from issue 11 (Screens): grammar, labels, help text, checkboxes,
the Settings drop-downs, a stale status line, the Shed rules' wording, F1 at the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_full_games import sensible
from textual.widgets import Select
from textual.widgets._select import SelectOverlay
from tui_helpers import (
    make_app,
    play_to_game_over,
    ready,
    run_async,
    screen_text,
    table_of,
    wait_until,
)

import cardtable
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.rules import RulesScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.options_form import TickBox


@run_async
async def test_settings_drop_downs_stay_inside_the_screen():
    for width, height in [(80, 24), (64, 20)]:
        app = CardtableApp(settings=TuiSettings())
        async with app.run_test(size=(width, height)) as pilot:
            app.push_screen(SettingsScreen())
            await wait_until(
                pilot, lambda app=app: isinstance(app.screen, SettingsScreen) and app.screen.query("#curtain")
            )
            await pilot.pause()
            for name in ("theme", "card_style", "computer_speed", "curtain"):
                select = app.screen.query_one(f"#{name}", Select)
                select.focus()
                await pilot.press("enter")
                await pilot.pause()
                overlay = select.query_one(SelectOverlay).region
                assert select.expanded and overlay.right <= width and overlay.bottom <= height - 1, (name, overlay)
                await pilot.press("escape")
                await pilot.pause()


@run_async
async def test_checkboxes_look_different_on_and_off():
    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(100, 40)) as pilot:
        from cardtable.games import get_game

        app.push_screen(NewGameScreen(get_game("one-card")))
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        box = app.screen.query(TickBox).first()
        before = box.render().plain
        box.toggle()
        await pilot.pause()
        assert box.render().plain != before


@run_async
async def test_the_hand_size_help_matches_the_empty_field():
    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(100, 40)) as pilot:
        from cardtable.games import get_game

        app.push_screen(NewGameScreen(get_game("one-card")))
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "None deals" not in text
        assert "empty (automatic) deals 7" in text


@pytest.mark.slow
@run_async
async def test_no_status_line_outlives_its_hand():
    app = make_app("one-card", 2, kinds=["human", "normal"], options={"target": 100, "hand_size": 3}, seed=4)
    stale: list[str] = []

    def look(app, name):
        if name == "SummaryScreen" and table_of(app)._status:
            stale.append(table_of(app)._status)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, sensible, seed=4, on_step=look)
    assert not stale, stale


def test_shed_rules_speak_to_players():
    text = (Path(cardtable.__file__).parent / "rules" / "shed.md").read_text(encoding="utf-8")
    assert "seed" not in text.lower().replace("the game's seed", "").replace("seeded", "")
    assert "in spirit" not in text


@run_async
async def test_f1_at_the_table_shows_this_games_options():
    app = make_app("one-card", 2, kinds=["human", "normal"], options={"target": 150}, seed=4)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "This game" in text and "150" in text, text


def test_one_point_is_singular():
    from cardtable.session import Seat, Session
    from cardtable.tui.presenters import get_presenter
    from cardtable.tui.screens.game_over import with_names

    session = Session.start("one-too-many", [Seat("Ann"), Seat("Bob")], {"target": 1}, 4)
    headline = get_presenter("one-too-many").headline(session.view(None), session.names)
    assert "1 points" not in headline and "1 point" in headline, headline
    assert with_names("2nd with 1 points; seat 1 had 11 points", ["Ann"]) == "2nd with 1 point; Ann had 11 points"


def test_the_tui_offers_exactly_the_stored_settings_modes_and_seat_kinds():
    """Each mode is defined once (storage/choices.py): the stored settings accept
    exactly those, and the TUI labels and offers exactly those, in that order."""
    import pydantic

    from cardtable.games import SEAT_KINDS
    from cardtable.storage.choices import COMPUTER_SPEEDS, CURTAIN_MODES
    from cardtable.storage.settings import Settings
    from cardtable.tui.screens.settings import CURTAIN_CHOICES, SPEED_CHOICES
    from cardtable.tui.settings import (
        CURTAIN_LABELS,
        EVENT_PAUSE,
        MOVE_PAUSE,
        SPEED_LABELS,
        TuiSettings,
    )
    from cardtable.tui.setup import SEAT_CHOICES

    assert tuple(SPEED_LABELS) == COMPUTER_SPEEDS and tuple(CURTAIN_LABELS) == CURTAIN_MODES
    assert [value for _, value in SPEED_CHOICES] == list(COMPUTER_SPEEDS)
    assert [value for _, value in CURTAIN_CHOICES] == list(CURTAIN_MODES)
    assert set(MOVE_PAUSE) == set(EVENT_PAUSE) == set(COMPUTER_SPEEDS)
    assert tuple(kind for _, kind in SEAT_CHOICES) == SEAT_KINDS
    for mode in CURTAIN_MODES:
        assert Settings(curtain=mode).curtain == TuiSettings(curtain=mode).curtain == mode
    for speed in COMPUTER_SPEEDS:
        assert Settings(computer_speed=speed).computer_speed == TuiSettings(speed=speed).speed == speed
    with pytest.raises(pydantic.ValidationError):
        Settings(curtain="sometimes")
    with pytest.raises(ValueError):
        TuiSettings(curtain="sometimes")


def test_every_table_pads_its_columns_the_same_way():
    """table_lines is the one column padder (reveals, summaries, rankings, the game tables)."""
    from textual.content import Content

    from cardtable.tui.widgets.text_table import table_lines, text_table

    lines, gap = table_lines([["a", "Pts"], ["bb", 7]], "lr")
    assert [line.plain for line in lines] == ["a   Pts", "bb    7"] and gap == "  "
    lines, gap = table_lines([["a", "Pts"], ["bb", 7]], "lr", width=5)
    assert [line.plain for line in lines] == ["a  Pts", "bb   7"] and gap == " "
    lines, _ = table_lines([["x", "Card"], ["y", Content("A♠")]], "lr")  # card chips stay left
    assert [line.plain for line in lines] == ["x  Card", "y  A♠"]
    assert text_table(("Player", "Points"), [("Ann", "3")]).plain == "Player  Points\nAnn          3"
