"""The replay viewer: a recorded game, read-only, move by move.

Privacy is judged on the rendered screen: the public view by default (no hand,
no private log line), every hand face up only once the game is over (and the
screen says so), never reachable while a game is in progress.
"""

from __future__ import annotations

import random

from tui_helpers import make_app, ready, run_async, screen_text, wait_until

from cardtable.core.record import replay
from cardtable.games import get_game
from cardtable.session import Seat, Session
from cardtable.storage.saves import SaveStore
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardfaces import face
from cardtable.tui.flow.timeline import Timeline
from cardtable.tui.presenters import get_presenter
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.resume import ResumeScreen
from cardtable.tui.settings import TuiSettings

SIZE = (80, 24)
NAMES = ["Ann", "Bob", "Cat"]


def played(
    game_id: str = "one-card", players: int = 3, seed: int = 4, options=None, moves: int | None = None
) -> Session:
    """A game played by seeded random moves, to its end (or ``moves`` moves)."""
    session = Session.start(game_id, [Seat(n) for n in NAMES[:players]], options, seed)
    rng = random.Random(seed)
    while not session.is_over and (moves is None or len(session.moves) < moves):
        seat = session.to_act[0]
        session.apply(seat, rng.choice(session.legal_moves(seat)))
    return session


def finished_record():
    return played(options={"target": 200}).record()  # three hands, 726 moves


def replay_app(record, **settings) -> CardtableApp:
    class ReplayApp(CardtableApp):
        def on_mount(self) -> None:  # (after CardtableApp.on_mount, which Textual runs too)
            self.call_later(self.open_replay, record)

    return ReplayApp(settings=TuiSettings(speed="instant", **settings))


async def opened(pilot) -> ReplayScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
    await pilot.pause()
    return pilot.app.screen


def test_timeline_is_the_replay_move_by_move():
    record = finished_record()
    timeline = Timeline.of(record)
    replayed = replay(record, get_game)
    assert timeline.moves == len(record.moves) and len(timeline.states) == timeline.moves + 1
    assert timeline.states[-1] == replayed.state and timeline.over
    assert timeline.events_until(timeline.moves) == [e for _, e in replayed.events]
    k = timeline.moves // 2
    assert timeline.states[k] == replay(record, get_game, upto=k).state
    parts = timeline.parts(get_presenter("one-card").heading)
    assert parts[0] == (0, "Hand 1") and [title for _, title in parts] == [
        f"Hand {i}" for i in range(1, len(parts) + 1)
    ]
    assert len(parts) >= 2
    for start, title in parts[1:]:  # each hand starts just after the move that dealt it
        assert any(e.kind == "deal" and f"Hand {e.get('hand')}" == title for e in timeline.events[start - 1])


@run_async
async def test_public_view_by_default_and_face_up_only_once_over():
    record = finished_record()
    timeline = Timeline.of(record)
    # a move after which the mover drew a card only they saw
    k = next(
        i + 1
        for i, events in enumerate(timeline.events)
        if any(e.visible_to for e in events)
        and any(e.render(NAMES).endswith("draws a card.") for e in events)
        and max(timeline.view(i + 1).hand_sizes) <= 8
    )  # (each hand on one line)
    secret = next(e for e in timeline.events[k - 1] if e.visible_to).render(NAMES)
    public = next(e for e in timeline.events[k - 1] if e.visible(None)).render(NAMES)
    async with replay_app(record).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        text = screen_text(pilot.app)
        assert "Move 0 of" in text and "Public view: what everyone at the table saw" in text
        screen.go(k)
        await pilot.pause()
        text = screen_text(pilot.app)
        assert f"Move {k} of {timeline.moves}" in text
        assert public in text and secret not in text
        assert "Hand:" not in text and "face up:" not in text.lower()
        await pilot.press("f")
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "All hands face up: the game is over" in text
        for seat, name in enumerate(NAMES):
            hand = timeline.game.zones(timeline.states[k])[f"hand{seat}"]
            line = next(line for line in text.splitlines() if line.strip().startswith(f"{name}  Hand: "))
            shown = line.split("Hand: ", 1)[1].split("│")[0].split()
            assert sorted(shown) == sorted(face(card) for card in hand)
        assert secret in text  # every seat's own lines too, now
        await pilot.press("f")
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Hand:" not in text and secret not in text and "Public view" in text


@run_async
async def test_a_game_in_progress_shows_only_the_public_view():
    session = played(moves=40)
    assert not session.is_over
    async with replay_app(session.record()).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert not screen.can_face_up
        await pilot.press("end", "f")
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Move 40 of 40" in text and "Public view only: this game is not over" in text
        assert "Hand:" not in text and "face up" not in text.lower() and not screen.face_up
        try:
            screen.timeline.hidden_cards(40)
        except ValueError:
            pass
        else:
            raise AssertionError("the hidden cards of a game not over were given")
        shown = set(screen.query_one("#log").source)
        assert not {e.render(NAMES) for e in session.events if e.visible_to} & shown


@run_async
async def test_keys_step_jump_and_close():
    record = finished_record()
    timeline = Timeline.of(record)
    parts = timeline.parts(get_presenter("one-card").heading)
    n = timeline.moves
    async with replay_app(record).run_test(size=SIZE) as pilot:
        screen = await opened(pilot)

        async def at() -> str:
            await pilot.pause()
            return screen_text(pilot.app)

        await pilot.press("right", "right", "right")
        assert f"Move 3 of {n} · Hand 1" in await at()
        await pilot.press("left")
        assert f"Move 2 of {n}" in await at()
        await pilot.press("end")
        assert f"Move {n} of {n}" in await at() and screen.at == n
        await pilot.press("right")
        assert screen.at == n
        await pilot.press("home")
        assert f"Move 0 of {n}" in await at()
        await pilot.press("right_square_bracket")
        text = await at()
        assert f"Move {parts[1][0]} of {n} · Hand 2" in text and "hand 2" in text.splitlines()[0]
        await pilot.press("pagedown")
        assert screen.at == (parts[2][0] if len(parts) > 2 else n)
        await pilot.press("left_square_bracket")
        assert screen.at == parts[1][0]
        await pilot.press("pageup", "pageup")
        assert screen.at == 0
        # the slider: a click at its right end goes to the end
        slider = screen.query_one("#replay-slider")
        await pilot.click("#replay-slider", offset=(slider.content_size.width - 1, 0))
        assert f"Move {n} of {n}" in await at()
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(pilot.app.screen, ReplayScreen))


@run_async
async def test_never_during_a_game_in_progress():
    app = make_app("one-card", 2, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert app.open_replay(finished_record()) is False
        await pilot.pause()
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)


@run_async
async def test_resume_r_replays_a_saved_game_in_the_public_view():
    session = played(moves=30)
    store = SaveStore()
    store.write(store.new_id(session.game.id), session)
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_resume()
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.pause()
        resume = app.screen
        await pilot.press("r")
        screen = await opened(pilot)
        assert screen.timeline.moves == 30 and not screen.can_face_up
        assert "Public view only" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is resume)


def test_replay_viewer_snapshot(snap_compare):
    async def second_hand_face_up(pilot):
        await opened(pilot)
        await pilot.press("right_square_bracket", "right", "right", "f")
        await pilot.pause()

    assert snap_compare(replay_app(finished_record()), terminal_size=SIZE, run_before=second_hand_face_up)


@run_async
async def test_face_up_in_one_too_many_adds_no_empty_rows():
    """One Too Many hides no card in a seat: face up shows the same table, no rows of names or blanks."""
    record = played("one-too-many", 3, seed=2).record()
    app = replay_app(record)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("end")
        await pilot.pause()
        public = screen_text(app).splitlines()
        await pilot.press("f")
        await pilot.pause()
        assert screen.face_up
        face_up = screen_text(app).splitlines()
        table_rows = slice(0, len(public) - 3)  # above the mode line, the move bar and the footer
        assert [line[:50] for line in face_up[table_rows]] == [line[:50] for line in public[table_rows]]
