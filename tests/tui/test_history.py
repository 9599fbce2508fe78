"""History (`l` at the table): the whole log, as the seat on screen may see it, searchable.

Privacy is judged on the rendered screen: another player's private line (a card
they drew) is never there, not even when searched for, while the viewer's own are.
"""

from __future__ import annotations

import threading

from textual.widgets import Input
from tui_helpers import random_session, ready, run_async, screen_text, table_app, wait_until

from cardtable.core.engine import Event
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.history import Entry, HistoryScreen, history_entries, search
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.move_log import MAX_LINES, MoveLog

SIZE = (80, 24)


def long_hot_seat_game(kinds=("human", "human"), seed: int = 5, stop=None):
    """A One-Card game with well over 150 log lines, private draws for every seat, a human to act."""

    def far_enough(session) -> bool:
        private = {seat for e in session.events if e.visible_to for seat in e.visible_to}
        return len(session.events) > 220 and private == {0, 1} and session.seats[session.to_act[0]].is_human

    return random_session("one-card", list(kinds), seed, stop or far_enough, prefer="Draw")


def private_lines(session, seat: int) -> list[str]:
    return [e.render(session.names) for e in session.events if e.visible_to == frozenset({seat})]


async def open_history_at_turn(pilot) -> tuple[TableScreen, HistoryScreen]:
    app = pilot.app
    await wait_until(pilot, lambda: ready(app))
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app) and isinstance(app.screen, TableScreen))
    table = app.screen
    await pilot.press("l")
    await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
    await pilot.pause()
    return table, app.screen


async def search_for(pilot, history: HistoryScreen, text: str) -> str:
    """What the screen shows between the search box and the count line (which says
    "No line holds" when nothing is found) once ``text`` is searched for."""
    history.query_one(Input).value = text
    await pilot.pause()
    await pilot.pause()
    lines = screen_text(pilot.app).splitlines()
    box_end = max(i for i, line in enumerate(lines) if "▁▁▁" in line)
    log, count = lines[box_end + 1 : -2], lines[-2]
    return "\n".join(log) + ("\nNo line holds" if "No line holds" in count else "")


@run_async
async def test_history_shows_own_private_lines_never_another_players():
    session = long_hot_seat_game()
    app = table_app(session)
    async with app.run_test(size=SIZE) as pilot:
        table, history = await open_history_at_turn(pilot)
        me = table.viewer
        other = 1 - me
        assert me is not None and f"History · as {session.names[me]} saw it" in screen_text(app)
        mine, theirs = private_lines(session, me), private_lines(session, other)
        assert mine and theirs
        shown = [e.text for e in history.entries if not e.heading]
        assert not set(theirs) & set(shown)
        # searched for, another player's drawn cards are not found, on the rendered screen
        for line in theirs[:4]:
            text = await search_for(pilot, history, line)
            assert "No line holds" in text and line not in text
        # the viewer's own are
        text = await search_for(pilot, history, mine[0])
        assert mine[0] in text and "No line holds" not in text


@run_async
async def test_history_keeps_the_lines_the_log_panel_drops():
    session = long_hot_seat_game()
    app = table_app(session)
    async with app.run_test(size=SIZE) as pilot:
        table, history = await open_history_at_turn(pilot)
        expected = [
            e.render(session.names) for e in session.events if e.visible(table.viewer) and table.presenter.loggable(e)
        ]
        assert len(expected) > MAX_LINES
        panel = table.query_one(MoveLog).source
        assert len(panel) == MAX_LINES  # the table's log keeps the last 150
        # an early line (the first said only once) that the table's log no longer holds
        first = next(line for line in expected[:20] if expected.count(line) == 1)
        assert first not in panel
        assert f"{len(expected)} lines" in screen_text(app)
        assert first not in screen_text(app)  # (the end is in view at first)
        await pilot.press("ctrl+home")
        await pilot.pause()
        text = screen_text(app)
        assert "── Hand 1 ──" in text and first in text
        # typed search: card faces in letters find the suits; Esc clears, then closes
        await pilot.press("d", "r", "a", "w", "s")
        await pilot.pause()
        assert "lines hold 'draws'" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert history.query_one(Input).value == "" and app.screen is history
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)


@run_async
async def test_history_is_public_only_while_no_hand_is_on_screen(monkeypatch):
    """Two humans and a computer: while the computer thinks, no hand is shown, and the
    history holds only public lines (no curtain can fall on one player's history)."""
    gate = threading.Event()
    import cardtable.table.seats as table_module

    real_think = table_module.think
    monkeypatch.setattr(
        table_module, "think", lambda bot, view, events: (gate.wait(10), real_think(bot, view, events))[1]
    )

    def computer_to_act(session) -> bool:
        private = {seat for e in session.events if e.visible_to for seat in e.visible_to}
        return len(session.events) > 60 and {0, 1} <= private and session.to_act == (2,)

    session = long_hot_seat_game(("human", "human", "random"), seed=3, stop=computer_to_act)
    app = table_app(session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and "thinking" in screen_text(app))
            assert app.screen.viewer is None
            await pilot.press("l")
            await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
            history = app.screen
            assert "public events only" in screen_text(app)
            shown = {e.text for e in history.entries if not e.heading}
            public = {e.render(session.names) for e in session.events if e.visible(None)}
            assert shown and shown <= public
            for seat in (0, 1):
                line = private_lines(session, seat)[0]
                text = await search_for(pilot, history, line)
                assert line not in text and "No line holds" in text
    finally:
        gate.set()


def test_headings_and_search():
    deal = Event("deal", "Hand 2: {p1} deals 5 cards to each player; {p0} leads.", data=(("hand", 2),))
    events = [Event("play", "{p0} plays K♣."), Event("play", "{p1} plays 7♥."), deal, Event("play", "{p0} plays 2♠.")]

    def heading(event):
        if event is None:
            return "Hand 1"
        return f"Hand {event.get('hand')}" if event.kind == "deal" else None

    entries = history_entries(events, ["Ann", "Bob"], heading)
    assert [e.text for e in entries] == [
        "Hand 1",
        "Ann plays K♣.",
        "Bob plays 7♥.",
        "Hand 2",
        "Hand 2: Bob deals 5 cards to each player; Ann leads.",
        "Ann plays 2♠.",
    ]
    assert [e.heading for e in entries] == [True, False, False, True, False, False]
    # a line found is shown under its heading; card faces match in letters; a heading keeps its part
    assert search(entries, "kc") == [Entry("Hand 1", True), Entry("Ann plays K♣.")]
    assert search(entries, "ANN PLAYS") == [
        Entry("Hand 1", True),
        Entry("Ann plays K♣."),
        Entry("Hand 2", True),
        Entry("Ann plays 2♠."),
    ]
    assert search(entries, "hand 2") == entries[3:]
    assert search(entries, "queen") == []
    assert search(entries, "  ") == entries
    # a part without lines has no heading
    assert history_entries([deal], ["Ann", "Bob"], heading)[0] == Entry("Hand 2", True)


def test_history_snapshot(snap_compare):
    def hand_two_begun(session) -> bool:
        hand_two = any(e.kind == "deal" and e.get("hand") == 2 for e in session.events[-6:])
        return hand_two and session.seats[session.to_act[0]].is_human

    session = random_session("one-card", ["human", "human"], 2, hand_two_begun)

    async def open_it(pilot):
        await open_history_at_turn(pilot)

    assert snap_compare(table_app(session), terminal_size=SIZE, run_before=open_it)


@run_async
async def test_history_keys_and_the_palette_work_while_the_number_prompt_is_open():
    """One Too Many is played in a prompt whose field takes the digits: there ``l`` opens the
    history, ``?`` the keys, the palette offers History, and digits still go in the field."""
    from textual.command import CommandPalette
    from tui_helpers import make_app, press_for_prompt

    from cardtable.games.one_too_many import Ask
    from cardtable.tui.screens.keys import KeysScreen
    from cardtable.tui.screens.secret import SecretPromptScreen

    app = make_app("one-too-many", 2, curtain="never")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and app.screen.is_mounted)
        await pilot.pause()
        await press_for_prompt(pilot, app.screen, Ask(3))  # Ann's number; then Bob's prompt
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and "Bob" in app.screen.prompt.title)
        prompt = app.screen
        await pilot.pause()
        assert "l History" in screen_text(app).splitlines()[-1]
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.is_mounted)
        await pilot.pause()
        text = screen_text(app)
        assert "History · as Bob saw it" in text and "Ann has chosen a number" in text
        assert "3" not in text.replace("Esc", "")  # (Ann's number stays secret)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is prompt)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.is_mounted)
        await wait_until(pilot, lambda: "app.keys" in screen_text(app))  # (the keys, once drawn)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is prompt)
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"History")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.is_mounted)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is prompt)
        await pilot.press("2", "l")
        await pilot.pause()
        assert prompt.query_one(Input).value == "2"
        assert isinstance(app.screen, HistoryScreen)
