"""The stand-in and the clock on the real screens (Textual Pilot, real sockets): a joined
app and the host's own table show the seat stood in for, marked by name, and the clock of
the seat to act; at zero the stand-in moves for the player at the host's keyboard too."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import hosted, seat_addresses
from tui_helpers import screen_text

from cardtable.net.apps import HostApp, JoinApp
from cardtable.net.client import first_messages
from cardtable.net.hosting import HostedTable
from cardtable.net.standin import StandInRules
from cardtable.tui.settings import TuiSettings

pytestmark = pytest.mark.slow


async def until(pilot, found, what: str, timeout: float = 30.0) -> str:
    """The screen's text once ``found`` holds of it (a wait for an event, never a timing claim)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        text = screen_text(pilot.app)
        if found(text):
            return text
        await pilot.pause(0.05)
    raise AssertionError(f"never shown: {what}\n{screen_text(pilot.app)}")


def test_a_joined_screen_shows_the_stand_in_mark_and_its_own_clock():
    asyncio.run(asyncio.wait_for(joined(), 300))


async def joined():
    rules = StandInRules("easy", away_after=0.3, turn_time=0.8)
    table = await hosted("one-card", ["remote", "remote"], seed=5, rules=rules)
    driver = asyncio.ensure_future(table.run_headless())
    try:
        address = seat_addresses(table)[0]  # (seat 1 never joins)
        welcome, first = await first_messages(address)
        app = JoinApp(address, welcome, first, settings=TuiSettings(speed="instant"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda t: "P1 (stand-in)" in t, "the absent seat marked in the players' table")
            await until(pilot, lambda t: "Clock: you 0:01" in t, "this seat's clock, before the headline")
            await until(pilot, lambda t: "A computer made that move for you" in t, "the move made at zero")
            assert any(mark.player == 0 for mark in table.session.standins)
    finally:
        driver.cancel()
        await table.close()


def test_the_hosts_screen_shows_the_marks_and_the_clock_and_at_zero_the_stand_in_moves_for_its_human():
    asyncio.run(asyncio.wait_for(at_the_host(), 300))


async def at_the_host():
    rules = StandInRules("easy", away_after=0.3, turn_time=0.8)
    table = HostedTable.new("one-card", ["Ann", "Bob"], ["human", "remote"], None, 5, rules=rules)
    table.bind(0)
    app = HostApp(table, ["(addresses)"], codes=False, settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda t: "Bob (stand-in)" in t, "the absent remote seat marked")
        await until(pilot, lambda t: "Clock: Ann" in t, "the clock of the human at this keyboard")
        for _ in range(600):  # (nobody presses a key: the clock runs out)
            if any(mark.player == 0 for mark in table.session.standins):
                break
            await pilot.pause(0.05)
        session = table.session
        assert {mark.player for mark in session.standins} == {0, 1}
        assert all(session.moves[mark.at][0] == mark.player for mark in session.standins)
