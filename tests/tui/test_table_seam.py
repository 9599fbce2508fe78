"""The table's seam: one awaitable per decision, and a screen that reads its game only
through its source (so a seat played on another screen is the same screen, another source)."""

from __future__ import annotations

import asyncio

from tui_helpers import random_session, ready, run_async, table_app, table_of, wait_until

from cardtable.session import Seat, Session, UndoPlan, UndoRefused
from cardtable.table.request import MoveRequest, UndoRequest
from cardtable.table.source import SessionSource
from cardtable.tui.app import CardtableApp
from cardtable.tui.flow.driver import GameDriver
from cardtable.tui.presenters import get_presenter
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.interlude import SummaryScreen
from cardtable.tui.screens.picker import PickerScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.setup import GameSetup


def test_a_move_request_takes_its_first_answer():
    async def scenario():
        plan = UndoPlan(player=0, at=3, taken=2, movers=(0, 1))
        request = MoveRequest(0, ["a", "b"], note="Undone: 2 moves")
        assert not request.done and request.legal == ["a", "b"] and request.note == "Undone: 2 moves"
        assert request.answer("a")
        assert request.done and not request.answer("b") and not request.undo(plan)
        assert await request == "a"
        undo = MoveRequest(1, ["c"])
        assert undo.undo(plan) and not undo.answer("c")
        assert await undo == UndoRequest(plan)

    asyncio.run(scenario())


def test_the_session_source_tells_a_seat_only_what_it_may_see():
    def drawn(s: Session) -> bool:  # (a drawn card is told only to its drawer)
        return len(s.moves) >= 12 and {0, 1} <= {seat for e in s.events if e.visible_to for seat in e.visible_to}

    session = random_session("one-card", ["human", "human"], 4, drawn, {"target": 20})
    source = SessionSource(session, get_presenter("one-card").irreversible)
    events = session.events
    for seat in (0, 1, None):
        seen = source.events(seat)
        assert [e for _, e in seen] == [e for e in events if e.visible(seat)]
        assert all(events[i] is e for i, e in seen)
    assert source.events(0, 5, 9) == [(i, e) for i, e in source.events(0) if 5 <= i < 9]
    assert source.event_count == len(events) and source.seed_told is None  # (not while the game lasts)
    assert source.view(1) == session.view(1) and source.legal_moves(1) == session.legal_moves(1)
    seat = session.to_act[0]
    assert source.why_not(seat, None) == "that is not a move of this game"
    assert source.why_not(1 - seat, source.legal_moves(seat)[0]) is not None
    hint = source.hint(seat)
    assert hint.move in session.legal_moves(seat) and len(session.hints) == 1
    source.hint(seat)  # asked again at the same decision: counted once
    assert len(session.hints) == 1
    assert source.plan_undo(seat).player == seat
    fresh = SessionSource(Session.start("one-card", [Seat("A"), Seat("B")], None, 1))
    try:
        fresh.plan_undo(0)
    except UndoRefused as exc:
        assert "has not made a move yet" in str(exc)
    else:
        raise AssertionError("an undo before any move was planned")


class SeatSource(SessionSource):
    """A source that answers only for one seat and the public (as a client of a table server
    would); it fails the test if the screen asks about anyone else."""

    def __init__(self, session: Session, seat: int, barrier=None) -> None:
        super().__init__(session, barrier)
        self.seat = seat
        self.asked: set[int | None] = set()

    def _check(self, seat: int | None) -> None:
        self.asked.add(seat)
        assert seat in (self.seat, None), f"the screen asked about seat {seat}"

    def view(self, seat):
        self._check(seat)
        return super().view(seat)

    def events(self, seat, start=0, stop=None):
        self._check(seat)
        return super().events(seat, start, stop)

    def legal_moves(self, seat):
        self._check(seat)
        return super().legal_moves(seat)

    def why_not(self, seat, move):
        self._check(seat)
        return super().why_not(seat, move)


@run_async
async def test_a_table_without_a_session_plays_from_its_source_alone():
    session = Session.start("one-card", [Seat("Ann"), Seat("Bob", "normal")], {"target": 20}, 6)
    presenter = get_presenter("one-card")
    settings = TuiSettings(speed="instant")
    source = SeatSource(session, 0, presenter.irreversible)

    class SourceApp(CardtableApp):
        def on_mount(self) -> None:
            setup = GameSetup(session.game.id, session.seats, session.options, session.seed)
            self.push_screen(
                TableScreen(
                    setup,
                    None,
                    presenter,
                    settings,
                    source=source,
                    flow=lambda ui: GameDriver(session, presenter, settings, ui),
                )
            )

    app = SourceApp(settings=settings)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):
            await wait_until(pilot, lambda: ready(app))
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, SummaryScreen):  # (between hands)
                screen = app.screen
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen)  # noqa: B023
                continue
            table = table_of(app)
            assert table.session is None and table.request is not None and table.request.seat == 0
            before = len(session.moves)
            table.request.answer(table.request.legal[0])  # (as a move arriving from the keys would)
            await wait_until(pilot, lambda: len(session.moves) > before)  # noqa: B023
        assert isinstance(app.screen, GameOverScreen) and session.is_over
        assert source.asked == {0, None}


def _picker_card(session: Session):
    """A hand card with several swaps (the picker asks which face-up card)."""
    from cardtable.games.shed.moves import Exchange

    swaps: dict = {}
    for move in session.legal_moves(0):
        if isinstance(move, Exchange):
            swaps.setdefault(move.hand_card, []).append(move)
    return next(card for card, moves in swaps.items() if len(moves) > 1)


@run_async
async def test_an_undo_while_the_picker_is_open_answers_the_one_request_and_closes_it():
    session = Session.start("shed", [Seat("Ann"), Seat("Bob", "normal")], {"short_game": True}, 3)
    session.apply(0, next(m for m in session.legal_moves(0) if type(m).__name__ == "Exchange"))
    card = _picker_card(session)
    app = table_app(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        moves = list(session.moves)
        area = table.area
        row, index = next(
            (r, i) for r, line in enumerate(area.rows) for i, item in enumerate(line.items) if item.card == card
        )
        table.chooser.cards_chosen((area.rows[row].items[index].key,))
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        request = table.request
        table.action_undo()  # (the palette's Undo, which reaches the table under the picker)
        await wait_until(pilot, lambda: len(session.moves) < len(moves))
        assert request.done and session.undos
        await wait_until(pilot, lambda: ready(app))
        assert not any(isinstance(s, PickerScreen) for s in app.screen_stack)
        assert table.request is not None and table.request is not request
        assert "Undone: Ann took back" in table._status
