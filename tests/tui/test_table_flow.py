"""The table as a new user found it (issue 11, Screens): recaps around a Redo, the number
prompt beside the log, revealed numbers during the draws, a face-down card seen by its
player, a resumed game's log, the end of a game, and the way back to the menu."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest
from flow_helpers import FakeUI
from test_full_games import sensible
from tui_helpers import (
    make_app,
    play_to_game_over,
    press_for_prompt,
    random_session,
    ready,
    run_async,
    screen_text,
    table_app,
    table_of,
    wait_until,
)

from cardtable.games.one_too_many import Ask
from cardtable.games.shed.moves import PlayFaceDown
from cardtable.session import Seat, Session
from cardtable.tui.app import CardtableApp
from cardtable.tui.flow.driver import GameDriver
from cardtable.tui.presenters import get_presenter
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.interlude import RevealScreen, SummaryScreen
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.move_log import MoveLog

REDO_GAME = dict(
    game_id="one-too-many",
    names=["Ann", "Ben", "Cal"],
    kinds=["human", "human", "normal"],
    options={"target": 10},
    seed=861472688,
)
#: the numbers of the issue's report: round 1 Ann 3 / Ben 3, 5 / 1, 5 / 0; round 2 Ann 3, Ben 2
REDO_PLAN = {0: [3, 5, 5, 3, 1], 1: [3, 1, 0, 2, 1]}


async def play_redo_game(pilot, until_curtains: int):
    """Play the reported game by keys; returns what was seen in order: ("curtain", name, recap)
    and ("redo", the status line while a Redo is decided)."""
    app = pilot.app
    plan = {seat: list(numbers) for seat, numbers in REDO_PLAN.items()}
    seen: list[tuple] = []
    while sum(entry[0] == "curtain" for entry in seen) < until_curtains:
        await wait_until(pilot, lambda: ready(app))
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            seen.append(("curtain", screen.player_name, list(screen.recap)))
        if isinstance(screen, (CurtainScreen, RevealScreen, SummaryScreen)):
            await pilot.press("enter")
            await wait_until(pilot, lambda screen=screen: app.screen is not screen)
            continue
        assert isinstance(screen, SecretPromptScreen)
        table = table_of(app)
        seat = table.viewer
        if screen.prompt.numbers:
            move = Ask(plan[seat].pop(0))
        else:
            seen.append(("redo", table._status))
            move = next(m for m in table.session.legal_moves(seat) if not m.use)
        before = len(table.session.moves)
        await press_for_prompt(pilot, screen, move)
        await wait_until(pilot, lambda table=table, before=before: len(table.session.moves) > before)
    return seen


@run_async
async def test_the_recap_after_a_redo_tells_the_draws():
    app = CardtableApp(start=REDO_GAME, settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_redo_game(pilot, until_curtains=12)
    # Ann kept her Redo in round 2; her next curtain tells the draws that followed
    redo = next(i for i, entry in enumerate(seen) if entry[0] == "redo")
    after_redo = next(entry[2] for entry in seen[redo:] if entry[0] == "curtain" and entry[1] == "Ann")
    assert any(" draws " in line for line in after_redo), after_redo
    curtains = [entry for entry in seen if entry[0] == "curtain"]
    assert all(entry[2] for entry in curtains[1:]), "an empty recap after the first turn"
    redo_statuses = [entry[1] for entry in seen if entry[0] == "redo"]
    # while Ann decides on her Redo, the status does not say she is choosing a number
    assert redo_statuses and all("Redo" in s and "choosing" not in s for s in redo_statuses), redo_statuses


@run_async
async def test_the_number_prompt_leaves_the_log_in_view():
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        prompt = app.screen.query_one("#secret").region
        log = table_of(app).query_one(MoveLog).region
        assert not prompt.overlaps(log), (prompt, log)
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        prompt = app.screen.query_one("#secret").region
        log = table_of(app).query_one(MoveLog).region
        assert not prompt.overlaps(log), (prompt, log)


@run_async
async def test_the_table_shows_the_revealed_numbers_until_the_draws_are_done():
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        await press_for_prompt(pilot, app.screen, Ask(4))
        await wait_until(pilot, lambda: isinstance(app.screen, RevealScreen))
        await pilot.press("enter")
        table = table_of(app)
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.pause(0.2)  # a draw or two in, the draws go on card by card
        text = screen_text(app)
        assert "asks for 4" in text, text
        assert "choosing" not in text


def test_the_round_summary_names_the_greediest_and_the_redo():
    session = random_session(
        "one-too-many",
        ["human", "human", "human"],
        2,
        lambda s: any(e.kind == "greediest" for e in s.events),
        prefer="Ask",
    )
    presenter = get_presenter("one-too-many")
    last_move_events = session.events[-40:]
    summary = presenter.summary(last_move_events, session.view(None), session.names)
    greedy = next(e for e in session.events if e.kind == "greediest")
    name = session.names[greedy.get("seat")]
    assert summary is not None
    assert f"{name} asked for the most" in summary.note and "holds a Redo" in summary.note
    if not session.is_over:
        assert f"Holding a Redo in round {session.view(None).round}: " in summary.note and name in summary.note


class MovesUI(FakeUI):
    """FakeUI that also records each human move and each reveal's title."""

    async def choose(self, request):
        move = await super().choose(request)
        self.log.append(("move", request.seat, move))
        return move

    async def reveal(self, reveal):
        self.log.append(("reveal", reveal.title, reveal.note))


def test_a_face_down_card_is_seen_by_its_player_before_the_curtain():
    session = Session.start("shed", [Seat("P1"), Seat("P2")], {"short_game": True}, 3)
    ui = MovesUI(session)
    ui.rng = random.Random(5)
    asyncio.run(GameDriver(session, get_presenter("shed"), TuiSettings(speed="instant"), ui).run())
    flips = [i for i, entry in enumerate(ui.log) if entry[0] == "move" and isinstance(entry[2], PlayFaceDown)]
    assert flips, "no face-down card was played"
    checked = 0
    for index in flips:
        later = ui.log[index + 1 :]
        nxt = next((e for e in later if e[0] in ("curtain", "ask")), None)
        if nxt is None or nxt[0] != "curtain" or nxt[1] == ui.log[index][1]:
            continue  # the game ended, or the same player goes on
        before_curtain = later[: later.index(nxt)]
        reveals = [e for e in before_curtain if e[0] == "reveal"]
        assert reveals and "face-down card" in reveals[0][2], before_curtain
        checked += 1
    assert checked


@run_async
async def test_a_resumed_game_shows_the_game_so_far_in_the_log():
    session = random_session("one-card", ["human", "normal"], 5, lambda s: len(s.moves) >= 6 and s.to_act == (0,))
    last_public = [e.render(session.names) for e in session.events if e.visible(None)][-1]
    app = table_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        log = app.screen.query_one(MoveLog)
        assert last_public in log.source
        assert len(log.source) > 5


@pytest.mark.slow
@run_async
async def test_the_end_of_a_game_shows_the_last_summary_then_the_table_on_request():
    app = make_app("one-too-many", 2, seed=11)
    order: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, sensible, seed=11, on_step=lambda app, name: order.append(name))
        assert order[-2] == "SummaryScreen", order[-6:]
        # the table and its log, behind the ranking, on request; and the ranking again
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert table.session.is_over and len(table.query_one(MoveLog).source) > 5
        assert "Results" in screen_text(app)
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))


@pytest.mark.slow
@run_async
async def test_the_last_summary_button_says_what_comes_next():
    app = make_app("one-card", 2, options={"target": 1, "hand_size": 2}, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        seen: list[str] = []

        def look(app, name):
            if name == "SummaryScreen":
                seen.append(screen_text(app))

        await play_to_game_over(pilot, sensible, seed=1, on_step=look)
        assert seen and "Final ranking" in seen[-1] and "Next round" not in seen[-1]


@run_async
async def test_auto_finish_when_only_computers_are_left():
    app = make_app("one-too-many", 3, kinds=["normal", "normal", "normal"], seed=2, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.1)
        assert "Auto-finish" in screen_text(app)
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=60)


@run_async
async def test_no_auto_finish_while_a_human_plays():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert "Auto-finish" not in screen_text(app)
        await pilot.press("x")
        assert not table_of(app).driver.fast


@run_async
async def test_escape_leaves_the_table_for_the_menu_and_the_game_is_saved():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        await pilot.press("d")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("escape")  # Esc first takes back the confirmation
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and not table.session.moves
        await pilot.press("d")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")  # a move: saved
        await wait_until(pilot, lambda: ready(app) and table.session.moves)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.save_store.ids()


@run_async
async def test_escape_from_the_curtain_and_the_prompt_leads_to_the_menu():
    app = make_app("one-too-many", 2, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")  # stay
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        await pilot.press("2", "enter")
        await wait_until(pilot, lambda: app.screen.pending is not None)
        await pilot.press("escape")  # first, Esc changes the number
        await pilot.pause()
        assert isinstance(app.screen, SecretPromptScreen) and app.screen.pending is None
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))


def test_auto_finish_once_the_humans_are_out_of_a_shed_game():
    session = random_session("shed", ["human", "normal", "normal"], 2, lambda s: s.view(None).places[0] != 0)
    driver = GameDriver(session, get_presenter("shed"), TuiSettings(speed="instant"), FakeUI(session))
    assert session.view(None).places[0] and not session.is_over
    assert driver.only_computers_left()
    fresh = Session.start("shed", [Seat("A"), Seat("B", "normal"), Seat("C", "normal")], None, 2)
    assert not GameDriver(fresh, get_presenter("shed"), TuiSettings(), FakeUI(fresh)).only_computers_left()


@run_async
async def test_the_palette_offers_the_menu_and_settings_during_a_game():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Menu" in titles and "Settings" in titles


@run_async
async def test_a_new_card_style_applies_to_the_table_at_once():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert set("♠♥♦♣") & set(screen_text(app))
        app.settings = replace(app.settings, ascii_cards=True)  # as saving the Settings screen does
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: not isinstance(app.screen, TableScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert not set("♠♥♦♣") & set(screen_text(app)), screen_text(app)
