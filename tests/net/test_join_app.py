"""The real app as the clients: two ``cardtable join`` apps (Textual Pilot, keys pressed)
play a game of each to its end at a headless host, over real sockets; each shows its own
seat's view and nothing of the other's hand."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_helpers import hosted, seat_addresses
from tui_helpers import press_for_prompt, press_for_table_move, screen_text

from cardtable.net.apps import JoinApp
from cardtable.net.client import first_messages
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.interlude import RevealScreen, SummaryScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings

pytestmark = pytest.mark.slow

GAMES = [
    ("one-too-many", None, 11),
    ("one-card", {"target": 40, "hand_size": 4}, 5),
    ("shed", {"short_game": True}, 3),
]


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


def choose(game_id: str, legal: list, rng: random.Random):
    """A quick player (short games), whose moves the key-press driver can make."""
    if game_id == "shed":
        done = [m for m in legal if type(m).__name__ == "Done"]
        single = [m for m in legal if type(m).__name__ == "Play" and len(m.cards) == 1]
        return (done or sorted(single, key=lambda m: m.cards[0].rank) or legal)[0]
    return rng.choice(legal)


async def step(pilot, rng: random.Random, host_session) -> bool:
    """One thing for this app's player to do, if any: True once its game-over screen is up."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, GameOverScreen):
        return True
    assert not isinstance(screen, CurtainScreen)  # (their own screen: never a curtain)
    if isinstance(screen, (RevealScreen, SummaryScreen)):
        await pilot.press("enter")
        return False
    table = table_of(app)
    request = table.request
    if request is None or request.done:
        return False
    seat = table.source.seat
    assert table.viewer == seat
    assert table.source.view(seat) == host_session.view(seat)  # its own view, as the host has it
    move = choose(table.source.game.id, request.legal, rng)
    if isinstance(screen, SecretPromptScreen):
        await press_for_prompt(pilot, screen, move)
    elif table.area is not None and table.area.active:
        await press_for_table_move(pilot, table, move)
    else:
        return False
    for _ in range(2000):  # until the host has it (the request answered and gone)
        if table.request is not request:
            break
        await pilot.pause(0.01)
    return False


@pytest.mark.parametrize("game_id, options, seed", GAMES, ids=[g[0] for g in GAMES])
def test_two_joined_apps_play_a_game_to_its_end(game_id, options, seed):
    asyncio.run(asyncio.wait_for(play(game_id, options, seed), 600))


async def play(game_id, options, seed):
    table = await hosted(game_id, ["remote", "remote"], seed=seed, options=options)
    driver = asyncio.ensure_future(table.run_headless())
    try:
        apps = []
        for address in seat_addresses(table):
            welcome, first = await first_messages(address)
            apps.append(JoinApp(address, welcome, first, settings=TuiSettings(speed="instant")))
        rngs = [random.Random(seed + i) for i in range(2)]
        async with apps[0].run_test(size=(80, 24)) as one, apps[1].run_test(size=(80, 24)) as two:
            done = [False, False]
            for _ in range(20000):
                for i, pilot in enumerate((one, two)):
                    if not done[i]:
                        done[i] = await step(pilot, rngs[i], table.session)
                if all(done):
                    break
                await one.pause(0.005)
            assert all(done) and table.session.is_over
            winner = table.session.names[table.session.outcome().winners()[0]]
            for app in apps:
                # one game-over screen (the app's own "play again" is not offered over the network)
                assert sum(isinstance(s, GameOverScreen) for s in app.screen_stack) == 1
                assert "game over" in screen_text(app).lower() and winner in screen_text(app)
                source = table_of(app).source
                assert source.is_over and source.seed_told == seed
        await driver
    finally:
        driver.cancel()
        await table.close()
