"""The curtain's "Since your last turn" (issue 23): the newest events in sight without a key,
the box as tall as the screen allows, nothing of the curtain cut at the smallest size."""

from __future__ import annotations

from tui_helpers import run_async, screen_text, wait_until

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.settings import TuiSettings

RECAP = [f"Event number {n} of the recap" for n in range(1, 41)]


async def curtain_at(size, recap=RECAP):
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=size) as pilot:
        app.push_screen(CurtainScreen("Ann", recap))
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.pause()
        await pilot.pause()
        yield pilot, app


@run_async
async def test_the_newest_events_are_in_sight_and_the_box_takes_the_room():
    heights = {}
    for size in ((64, 20), (80, 24), (120, 40)):
        async for pilot, app in curtain_at(size):
            text = screen_text(app)
            # the newest line is on screen without a key, the curtain's title, button and footer too
            assert "Event number 40 of" in text and "Pass to Ann" in text and "I am Ann" in text, (size, text)
            assert "Enter" in text.splitlines()[-1] or "I have the keyboard" in text.splitlines()[-1], text
            box = app.screen.query_one("#recap")
            heights[size] = box.outer_size.height
            assert box.region.bottom <= size[1] - 1, (size, box.region)  # above the footer
            # the earlier lines are a scroll away: up shows them
            for _ in range(40):
                await pilot.press("up")
            await pilot.pause()
            assert "Event number 1 of" in screen_text(app), screen_text(app)
    # at 120x40 the box is taller than the 12 rows it was held to, and grows with the screen
    assert heights[(120, 40)] > 12 and heights[(120, 40)] > heights[(80, 24)] > heights[(64, 20)], heights


@run_async
async def test_a_short_recap_keeps_a_small_box():
    async for _pilot, app in curtain_at((120, 40), ["Bob plays 7♥"]):
        assert app.screen.query_one("#recap").outer_size.height <= 4  # the title, one line and the border
        assert "Bob plays 7♥" in screen_text(app)


@run_async
async def test_since_your_last_turn_is_kept_across_a_resume(user_dirs):
    """A hot-seat One-Card game (Ann and Bob at the keyboard, Cat a computer) saved well into
    the game and resumed: the curtain tells what happened since the player to act last moved
    (Cat's and the other human's moves), not the whole game's events."""
    from tui_helpers import random_session, table_of

    from cardtable.storage.autosave import Autosaver
    from cardtable.tui.presenters import get_presenter

    presenter = get_presenter("one-card")

    def since_last_turn(session) -> int | None:
        """Where the recap of the seat to act starts: after its last move (None: no such state)."""
        seat = session.to_act[0]
        mine = [i for i, (player, _) in enumerate(session.moves) if player == seat]
        if not session.seats[seat].is_human or not mine:
            return None
        events = session.move_events(mine[-1])
        if presenter.summary(events, session.view(None), session.names) is not None:
            return None  # (a hand's end: the recap starts with it; not this test's case)
        return session.event_ends()[mine[-1]]

    def far_enough(session) -> bool:
        if len(session.moves) < 30 or since_last_turn(session) is None:
            return False
        missed = [e for e in session.events[since_last_turn(session) :] if e.visible(None)]
        return 2 <= len(missed) <= 10

    session = random_session("one-card", ["human", "human", "normal"], seed=4, stop=far_enough)
    since = since_last_turn(session)
    expected = [e.render(session.names) for e in session.events[since:] if e.visible(None)]
    earlier = [e for e in session.events[:since] if e.visible(None)]
    assert len(earlier) > 30  # the whole game would not fit: "… N earlier events"
    saver = Autosaver(session, save_id="midgame")
    assert saver.save() and saver.error is None  # saved mid-game, as after every move
    saver.release()

    app = CardtableApp(settings=TuiSettings(speed="instant"), resume="midgame")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.is_mounted)
        await pilot.pause()
        curtain = app.screen
        name = session.names[session.to_act[0]]
        assert curtain.recap == expected
        text = screen_text(app)
        assert f"Pass to {name}" in text and "Since your last turn" in text
        assert "earlier events" not in text and expected[-1] in text, text
        assert len(table_of(app).session.moves) == len(session.moves)
