"""The Statistics screen with Pilot: the players (streaks, the chart of recent
results), head to head, the recent games and a replay from there; and its snapshot."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from textual.widgets import DataTable, Sparkline
from tui_helpers import run_async, screen_text, wait_until

from cardtable.core.engine import Outcome
from cardtable.session import Seat, Session
from cardtable.storage.stats import StatsStore
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.stats import StatisticsScreen
from cardtable.tui.settings import TuiSettings

T0 = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


class OneCard:
    id = "one-card"


def finished_session(seed: int) -> Session:
    session = Session.start("one-card", [Seat("Ann"), Seat("Bob", "easy")], {"target": 30}, seed=seed)
    rng = random.Random(seed)
    while not session.is_over:
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    return session


def record_results() -> None:
    """Ann and Bob at One-Card: Ann wins, loses, wins, wins (low points win)."""
    stats = StatsStore()
    for n, (ann, bob) in enumerate(((10, 80), (90, 20), (0, 60), (30, 70))):
        places = (1, 2) if ann < bob else (2, 1)
        stats.record_game(f"g{n}", OneCard, ["Ann", "Bob"], Outcome(places, (ann, bob)), when=T0 + timedelta(minutes=n))
    stats.record_game("c", OneCard, ["Cleo", "Ann"], Outcome((1, 2), (5, 50)), when=T0 + timedelta(minutes=9))


async def open_statistics(pilot) -> StatisticsScreen:
    pilot.app.push_screen(StatisticsScreen())
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, StatisticsScreen) and pilot.app.screen.is_mounted)
    await pilot.pause()
    return pilot.app.screen


@run_async
async def test_players_head_to_head_and_the_chart():
    record_results()
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_statistics(pilot)
        text = screen_text(app)
        for expected in ("Players", "Head to head", "Recent games", "Streak", "Longest", "Recent"):
            assert expected in text, expected
        ann = screen.rows[0]
        assert (ann.player, ann.played, ann.wins, ann.best, ann.worst) == ("Ann", 5, 3, 0, 90)
        assert (ann.current_streak, ann.longest_streak) == (-1, 2)
        # the chart: the highlighted player's results and points, oldest first
        assert "Ann, last 5: WLWWL" in screen_text(app)
        assert screen.query_one(Sparkline).data == [10.0, 90.0, 0.0, 30.0, 50.0]
        await pilot.press("down")
        await wait_until(pilot, lambda: "Cleo, last 1: W" in screen_text(app))
        assert screen.query_one(Sparkline).data == [5.0]
        await pilot.press("v")
        await wait_until(pilot, lambda: screen.section == "versus")
        table = screen.query_one("#stats-versus", DataTable)
        rows = {
            (str(r[0]), str(r[4])): [str(c) for c in r[1:4]] + [str(r[5])]
            for r in map(table.get_row_at, range(table.row_count))
        }
        assert rows == {("Ann", "Bob"): ["3", "0", "1", "4"], ("Ann", "Cleo"): ["0", "0", "1", "1"]}
        await pilot.press("right")  # One Too Many: nothing yet
        await wait_until(pilot, lambda: screen.game_id == "one-too-many")
        assert "No two players have met at One Too Many yet." in screen_text(app)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.section == "players")
        assert "No games of One Too Many recorded yet." in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, StatisticsScreen))


@run_async
async def test_enter_on_a_recent_game_opens_its_replay():
    sessions = [finished_session(seed) for seed in (1, 2)]
    stats = StatsStore()
    for n, session in enumerate(sessions):
        stats.record_game(
            f"s{n}",
            session.game,
            session.names,
            session.outcome(),
            when=T0 + timedelta(hours=n),
            kinds=[s.kind for s in session.seats],
            record=session.record(),
        )
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_statistics(pilot)
        assert "Replay" not in screen_text(app).splitlines()[-1]  # only on the list of games
        await pilot.press("g")
        await wait_until(pilot, lambda: screen.section == "games")
        text = screen_text(app)
        assert "Replay" in text.splitlines()[-1]
        table = screen.query_one("#stats-games", DataTable)
        assert table.row_count == 2 and str(sessions[1].moves.__len__()) in [str(c) for c in table.get_row_at(0)]
        await pilot.press("down", "enter")  # the older game, in the app's replay viewer
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.timeline.record == sessions[0].record()
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)


def test_statistics_snapshot(snap_compare):
    record_results()

    async def statistics(pilot):
        await open_statistics(pilot)

    assert snap_compare(
        CardtableApp(settings=TuiSettings(speed="instant")), terminal_size=(80, 24), run_before=statistics
    )


@run_async
async def test_at_80_columns_every_column_is_reached_and_the_footer_says_how():
    record_results()
    stats = StatsStore()
    stats.record_game(
        "cpu",
        OneCard,
        ["Ann", "Bob"],
        Outcome((2, 1), (40, 9)),
        when=T0 + timedelta(hours=1),
        kinds=["human", "normal"],
    )
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(pilot)
        for section, last in (("p", "Longest"), ("g", "Hints")):
            await pilot.press(section)
            await pilot.pause()
            text = screen_text(app)
            footer = text.splitlines()[-1]
            assert last not in text and "More columns" in footer, (text, footer)
            for _ in range(12):  # shift+right until the last column is in sight
                await pilot.press("shift+right")
                await pilot.pause()
                if last in screen_text(app):
                    break
            text = screen_text(app)
            assert last in text, text
            # the first column stays where it was: the players (or the dates) are still there
            assert ("Bob (normal computer)" in text) if section == "p" else ("2025-06-01" in text), text
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(160, 30)) as pilot:
        await open_statistics(pilot)
        assert "More columns" not in screen_text(app).splitlines()[-1]  # nothing to scroll: not shown
