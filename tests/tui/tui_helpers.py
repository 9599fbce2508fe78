"""Driving the app with key presses, and reading what is on screen."""

from __future__ import annotations

import asyncio
import functools
import random
import threading
from collections.abc import Callable
from typing import Any

from cardtable.tui.app import CardtableApp
from cardtable.tui.presenters.base import ACTION_KEYS
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.interlude import RevealScreen, SummaryScreen
from cardtable.tui.screens.picker import PickerScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.card_rows import NUMBER_KEYS, CardRows


def run_async(test):
    """Run an ``async def`` test with asyncio (the project has no async pytest plugin)."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


def gate_thinking(monkeypatch) -> threading.Event:
    """Make every computer wait, before it thinks, until the returned event is set."""
    import cardtable.table.seats as table_module

    gate = threading.Event()
    real_think = table_module.think

    def slow_think(bot, view, events):
        gate.wait(10)
        return real_think(bot, view, events)

    monkeypatch.setattr(table_module, "think", slow_think)
    return gate


def make_app(game_id: str, players: int = 2, kinds=None, options=None, seed: int = 7, **settings) -> CardtableApp:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    settings.setdefault("speed", "instant")
    return CardtableApp(
        start=dict(game_id=game_id, names=names, kinds=kinds or ["human"] * players, options=options, seed=seed),
        settings=TuiSettings(**settings),
    )


def screen_text(app) -> str:
    """The characters on the screen now, one line per row."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def wait_until(pilot, predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    waited = 0.0
    while not predicate():
        await pilot.pause(0.01)
        waited += 0.01
        if waited > timeout:
            raise AssertionError(f"timed out waiting; top screen is {pilot.app.screen!r}")


def ready(app) -> bool:
    """Whether the app waits for a key: a curtain, a prompt, an interlude, game over, or a human's turn."""
    screen = app.screen
    if isinstance(screen, (CurtainScreen, SecretPromptScreen, RevealScreen, SummaryScreen, GameOverScreen)):
        return screen.is_mounted
    if isinstance(screen, TableScreen):
        return screen.request is not None and screen.query_one(CardRows).area is not None
    return False


async def at_the_table(pilot, app) -> None:
    """Wait for the table (a human's turn), passing the hand-off curtains on the way."""
    for _ in range(20):
        await wait_until(pilot, lambda: ready(app) or isinstance(app.screen, CurtainScreen))
        if not isinstance(app.screen, CurtainScreen):
            break
        await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def press_for_table_move(pilot, table: TableScreen, move: Any) -> None:
    """The keys a player presses to make ``move`` at the table (then confirm it)."""
    area = table.area
    assert area is not None and area.active
    for spec in area.actions:
        if spec.move == move:
            key = next(k for a, k, _ in ACTION_KEYS if a == spec.action)
            await pilot.press(key)
            await wait_until(pilot, lambda: table.confirming)
            await pilot.press("enter")
            return
    view = table.source.view(table.viewer)
    # find the items this move plays: try each playable item (and groups of them)
    rows = area.rows
    target = None
    for r, row in enumerate(rows):
        for i, item in enumerate(row.items):
            if not item.playable:
                continue
            moves = table.presenter.moves_for(view, table.request.legal, (item.key,))
            if move in moves:
                target = (r, [i])
                break
            if row.multi:
                group = [j for j, other in enumerate(row.items) if other.group == item.group and other.playable]
                keys = tuple(row.items[j].key for j in group)
                for size in range(2, len(group) + 1):
                    subset = keys[:size]
                    if move in table.presenter.moves_for(view, table.request.legal, subset):
                        target = (r, group[:size])
                        break
            if target:
                break
        if target:
            break
    assert target is not None, f"no item plays {move}"
    r, indices = target
    cards = table.query_one(CardRows)
    while cards.cursor[0] != r:
        await pilot.press("down" if cards.cursor[0] < r else "up")
    for index in indices[:-1]:
        while cards.cursor[1] != index:
            await pilot.press("right")
        await pilot.press("space")
    last = indices[-1]
    if last < len(NUMBER_KEYS) and len(indices) == 1:
        await pilot.press(NUMBER_KEYS[last])
    else:
        while cards.cursor[1] != last:
            await pilot.press("right")
        await pilot.press("enter")
    await wait_until(pilot, lambda: table.confirming or isinstance(pilot.app.screen, PickerScreen))
    if isinstance(pilot.app.screen, PickerScreen):
        picker = pilot.app.screen
        index = next(i for i, c in enumerate(picker.picker.choices) if c.move == move)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.confirming)
    await pilot.press("enter")


async def press_for_prompt(pilot, screen: SecretPromptScreen, move: Any) -> None:
    if screen.prompt.numbers:
        await pilot.press(*str(move.count))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.pending is not None)
        await pilot.press("enter")
    else:
        index = next(i for i, c in enumerate(screen.prompt.choices) if c.move == move)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.pending is not None)
        await pilot.press("enter")


Chooser = Callable[[Any, int, list, random.Random], Any]


def random_chooser(session, seat: int, legal: list, rng: random.Random) -> Any:
    return rng.choice(legal)


async def play_to_game_over(
    pilot,
    choose: Chooser = random_chooser,
    seed: int = 0,
    max_steps: int = 5000,
    on_step: Callable[[Any, str], None] | None = None,
) -> GameOverScreen:
    """Play every human decision by key presses until the game-over screen."""
    app = pilot.app
    rng = random.Random(seed)
    for _ in range(max_steps):
        await wait_until(pilot, lambda: ready(app))
        screen = app.screen
        if on_step is not None:
            on_step(app, type(screen).__name__)
        if isinstance(screen, GameOverScreen):
            return screen
        if isinstance(screen, (CurtainScreen, RevealScreen, SummaryScreen)):
            await pilot.press("enter")
            await wait_until(pilot, lambda screen=screen: app.screen is not screen)
            continue
        table = table_of(app)
        seat = table.viewer
        before = len(table.session.moves)
        legal = table.session.legal_moves(seat)
        move = choose(table.session, seat, legal, rng)
        if isinstance(screen, SecretPromptScreen):
            await press_for_prompt(pilot, screen, move)
        else:
            await press_for_table_move(pilot, screen, move)
        await wait_until(pilot, lambda table=table, before=before: len(table.session.moves) > before)
    raise AssertionError("the game did not end")


def random_session(
    game_id: str,
    kinds,
    seed: int,
    stop: Callable[[Any], bool],
    options=None,
    max_steps: int = 2000,
    names=None,
    prefer: str = "Play",
):
    """A session played by seeded random moves (moves named ``prefer`` first) until ``stop(session)`` holds."""
    from cardtable.session import Seat, Session

    names = names or ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][: len(kinds)]
    session = Session.start(game_id, [Seat(n, k) for n, k in zip(names, kinds, strict=False)], options, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if stop(session):
            return session
        assert not session.is_over, "the game ended first"
        seat = session.to_act[0]
        legal = session.legal_moves(seat)
        plays = [m for m in legal if type(m).__name__ == prefer]
        session.apply(seat, rng.choice(plays or legal))
    raise AssertionError("no such state")


def table_app(session, **settings) -> CardtableApp:
    """An app that opens the table of an existing session (as resuming a game does)."""
    from cardtable.tui.presenters import get_presenter
    from cardtable.tui.setup import GameSetup

    settings.setdefault("speed", "instant")
    tui_settings = TuiSettings(**settings)

    class TableApp(CardtableApp):
        def on_mount(self) -> None:
            setup = GameSetup(session.game.id, session.seats, session.options, session.seed)
            self.push_screen(TableScreen(setup, session, get_presenter(setup.game_id), self.settings))

    return TableApp(settings=tui_settings)
