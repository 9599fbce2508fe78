"""The stand-in and the turn clock over real sockets: a seat away too long (or never joined)
is played by a computer from its own view, marked on every screen and in the record, until
its player joins again; a clock at zero makes one move for the seat; both off by default."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import aiohttp
import pytest
from net_helpers import Seat, hosted, run_async, seat_addresses

from cardtable.core.record import GameRecord
from cardtable.net.protocol import dumps, message
from cardtable.net.standin import StandInRules
from cardtable.session import Session


class Player:
    """A raw client that keeps every message and answers a request only when told to."""

    def __init__(self, address: str, seed: int = 0, limit: int | None = None) -> None:
        self.address = address
        self.rng = random.Random(seed)
        self.seen: list[dict[str, Any]] = []
        self.moves = 0  # moves this client sent (each one legal: from the host's own list)
        self.limit = limit  # (``run``: gone at the request after this many moves)
        self.hold: Any = None  # (``run``: a request for which this holds is left unanswered)
        self.held: list[dict[str, Any]] = []
        self.arrived = asyncio.Condition()

    async def __aenter__(self) -> Player:
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(self.address, max_msg_size=16 << 20)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.ws.close()
        await self.http.close()

    async def next(self, kind: str | None = None, timeout: float = 20.0) -> dict[str, Any]:
        while True:
            received = await self.ws.receive(timeout)
            if received.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"the host closed the connection ({received.type.name})")
            data = json.loads(received.data)
            self.seen.append(data)
            async with self.arrived:
                self.arrived.notify_all()
            if kind is None or data["type"] == kind:
                return data

    async def run(self) -> dict[str, Any] | None:
        """Answer every request (reading all the while) to the game's end, or to ``limit`` moves."""
        while True:
            data = await self.next()
            if over(data):
                return data
            if data["type"] == "request":
                if self.limit is not None and self.moves >= self.limit:
                    return None
                if self.hold is not None and self.hold(data):
                    self.held.append(data)
                    continue
                await self.answer(data)

    async def wait_for(self, found, timeout: float = 20.0) -> dict[str, Any]:
        """The first message seen (by ``run``, in another task) for which ``found`` holds."""
        async with self.arrived:
            await asyncio.wait_for(self.arrived.wait_for(lambda: any(found(m) for m in self.seen)), timeout)
        return next(m for m in self.seen if found(m))

    async def answer(self, request: dict[str, Any]) -> None:
        move = self.rng.choice(request["legal"])
        await self.ws.send_str(dumps(message("move", id=request["id"], move=move)))
        self.moves += 1


def over(data: dict[str, Any]) -> bool:
    return data["type"] in ("moved", "table") and data["over"]


def replays(session: Session) -> None:
    """The record (stand-in marks and all) is valid JSON that replays to the same position."""
    record = GameRecord.model_validate_json(session.record().model_dump_json())
    again = Session.from_record(record)
    assert again.game.digest(again.state) == session.game.digest(session.state)
    assert again.standins == session.standins


@run_async
async def test_a_seat_never_joined_is_played_by_the_stand_in_marked_everywhere_and_in_the_statistics():
    from cardtable.storage.stats import StatsStore

    table = await hosted("one-card", ["remote", "remote"], seed=5, rules=StandInRules("easy", away_after=0.2))
    try:
        here = Seat(seat_addresses(table)[0], random.Random(1))
        results = await asyncio.wait_for(asyncio.gather(table.run_headless(), here.play()), 120)
        session = table.session
        by_absent = [i for i, (seat, _) in enumerate(session.moves) if seat == 1]
        assert by_absent and [(m.at, m.player) for m in session.standins] == [(i, 1) for i in by_absent]
        replays(session)  # (every stand-in move was legal: the engine applied it and replays it)
        messages = here.messages
        notices = [m["text"] for m in messages if m["type"] == "notice"]
        assert any("P1 has been away" in text and "easy computer plays for them" in text for text in notices)
        moved = [m for m in messages if m["type"] == "moved"]
        assert all(m["standins"] == [1] for m in moved) and all(m["stand_in"] == (m["mover"] == 1) for m in moved)
        assert results[1] is not None
        report = StatsStore().report()
        assert [g.stand_in for g in report.games] == [True]
        assert report.games[0].as_json()["stand_in"] is True
    finally:
        await table.close()


@run_async
async def test_a_player_who_left_is_stood_in_for_and_takes_the_seat_back_on_rejoining():
    table = await hosted("one-card", ["remote", "remote"], seed=8, rules=StandInRules("normal", away_after=0.2))
    driver = asyncio.ensure_future(table.run_headless())
    try:
        first, second = seat_addresses(table)
        async with Player(first, 1) as stays:
            staying = asyncio.ensure_future(stays.run())
            async with Player(second, 2, limit=2) as leaves:  # two moves, then gone
                await leaves.run()
            stood_in = await stays.wait_for(lambda m: m["type"] == "moved" and m["mover"] == 1 and m["stand_in"])
            assert stood_in["standins"] == [1] and not over(stood_in)
            async with Player(second, 3) as back:
                assert (await back.next("table"))["standins"] == [1]  # (still stood in for, until this join is told)
                assert (await back.next("clock"))["standins"] == []  # back: the mark is gone on every screen
                await asyncio.wait_for(asyncio.gather(staying, back.run()), 120)
        await asyncio.wait_for(driver, 30)
        session = table.session
        marks = [m.at for m in session.standins]
        assert marks and all(session.moves[at][0] == 1 for at in marks)
        after = [i for i, (seat, _) in enumerate(session.moves) if seat == 1 and i > max(marks)]
        assert len(after) == back.moves >= 1  # (from the rejoin on, every move of that seat was its player's)
        assert leaves.moves + len(marks) + back.moves == sum(1 for seat, _ in session.moves if seat == 1)
        notices = [m["text"] for m in stays.seen if m["type"] == "notice"]
        assert any("P1 is back and plays again" in text for text in notices)
        replays(session)
    finally:
        driver.cancel()
        await table.close()


@pytest.mark.parametrize("game_id", ["one-card", "shed"])
@run_async
async def test_the_clock_at_zero_makes_exactly_one_move_and_the_next_turn_is_the_players_again(game_id):
    table = await hosted(game_id, ["remote", "remote"], seed=4, rules=StandInRules("easy", turn_time=0.5))
    driver = asyncio.ensure_future(table.run_headless())
    try:
        first, second = seat_addresses(table)
        async with Player(first, 1) as quick, Player(second, 2) as slow:
            watcher = asyncio.ensure_future(quick.run())
            request = await slow.next("request")  # (not answered)
            clock = [m for m in slow.seen if "clocks" in m][-1]  # (what the screens show now)
            clocked = [seat for seat, _ in clock["clocks"]]  # (both, in Shed's opening swap: a choice of each)
            assert 1 in clocked and set(clocked) <= set(table.session.to_act)
            assert all(0 < left <= 0.5 for _, left in clock["clocks"])
            moved = await slow.next("moved")
            while moved["mover"] != 1:
                moved = await slow.next("moved")
            assert moved["stand_in"] is True and moved["standins"] == []
            assert [(m.player) for m in table.session.standins] == [1]
            again = await slow.next("request")
            assert again["id"] != request["id"]  # the player's own decision again
            await slow.answer(again)
            mine = await slow.next("moved")
            while mine["mover"] != 1:
                mine = await slow.next("moved")
            assert mine["stand_in"] is False and len(table.session.standins) == 1
            notices = [m["text"] for m in slow.seen if m["type"] == "notice"]
            assert any("P1's time ran out" in text for text in notices)
            watcher.cancel()
        replays(table.session)
    finally:
        driver.cancel()
        await table.close()


@run_async
async def test_one_too_many_asks_every_seat_of_a_secret_choice_at_once_each_with_its_clock():
    table = await hosted(
        "one-too-many", ["remote", "remote", "remote"], seed=2, rules=StandInRules("easy", turn_time=1.0)
    )
    driver = asyncio.ensure_future(table.run_headless())
    players = [Player(a, i) for i, a in enumerate(seat_addresses(table))]
    try:
        for player in players:
            await player.__aenter__()
            player.hold = lambda data: len(table.session.to_act) > 1  # (nobody answers a secret choice)
        tasks = [asyncio.ensure_future(player.run()) for player in players]
        await players[0].wait_for(lambda m: "clocks" in m and len(m["clocks"]) > 1)
        secret = set(table.session.to_act)
        assert len(secret) > 1 and table.session.standins == []
        for seat in secret:  # every seat asked at once, each with its clock, before any has chosen
            request = await players[seat].wait_for(lambda m, p=players[seat]: m["type"] == "request" and bool(p.held))
            assert request in players[seat].held
        clocks = [m["clocks"] for m in players[0].seen if "clocks" in m and len(m["clocks"]) > 1][0]
        assert {seat for seat, _ in clocks} == secret and all(0 < left <= 1.0 for _, left in clocks)
        for seat in secret:  # nobody chose: each clock ran out, and the stand-in chose for each
            await players[0].wait_for(lambda m, s=seat: m["type"] == "moved" and m["mover"] == s and m["stand_in"])
        first = sorted(m.player for m in table.session.standins[: len(secret)])
        assert first == sorted(secret)
        for task in tasks:
            task.cancel()
        replays(table.session)
    finally:
        driver.cancel()
        for player in players:
            await player.__aexit__(None, None, None)
        await table.close()


@run_async
async def test_the_stand_in_sees_only_its_seats_view_and_events(monkeypatch):
    import cardtable.net.standin as standin

    seen: list[tuple[Any, Any, list]] = []
    made = standin.make_bot

    def spying(game, level, seed):
        bot = made(game, level, seed=seed)
        session = table.session
        seat = session.to_act[0]
        expected = (session.view(seat), [e for e in session.events if e.visible(seat)])

        class Spy:
            def choose(self, view, events):
                seen.append((view, events, expected))
                return bot.choose(view, events)

        return Spy()

    monkeypatch.setattr(standin, "make_bot", spying)
    table = await hosted("shed", ["remote", "remote"], seed=6, rules=StandInRules("easy", away_after=0.2))
    try:
        here = Seat(seat_addresses(table)[0], random.Random(2))
        await asyncio.wait_for(asyncio.gather(table.run_headless(), here.play()), 120)
        state_type = type(table.session.state)
        assert len(seen) == len(table.session.standins) > 0
        for view, events, (expected_view, expected_events) in seen:
            assert not isinstance(view, state_type) and view == expected_view
            assert events == expected_events
    finally:
        await table.close()


@run_async
async def test_off_by_default_nothing_changes_an_absent_seat_is_waited_for_and_no_field_is_added():
    table = await hosted("one-card", ["remote", "remote"], seed=5)
    driver = asyncio.ensure_future(table.run_headless())
    try:
        first, second = seat_addresses(table)
        async with Player(first, 1) as here:
            waiting = asyncio.ensure_future(here.run())
            done, _ = await asyncio.wait([waiting], timeout=1.0)  # (the other seat's turn never comes to an end)
            assert not done and table.session.standins == []
            assert all(seat == 0 for seat, _ in table.session.moves)
            waiting.cancel()
        for data in here.seen:
            assert data["type"] != "clock"
            assert not {"standins", "clocks", "stand_in"} & set(data)
    finally:
        driver.cancel()
        await table.close()


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--away-after", "0"], "--away-after: must be a positive number of seconds"),
        (["--away-after", "soon"], "expected a number of seconds, got 'soon'"),
        (["--turn-time", "nan"], "--turn-time: must be a positive number of seconds"),
        (["--turn-time", "1e9"], "up to 86400"),
        (["--stand-in", "wizard", "--away-after", "5"], "--stand-in: unknown level 'wizard'"),
    ],
)
def test_bad_stand_in_and_clock_options_give_one_line_and_start_nothing(capsys, argv, needle):
    from cardtable import cli
    from cardtable.storage.saves import SaveStore

    assert cli.main(["host", "one-card", "--seats", "remote,easy", *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
    assert SaveStore().list_saves().saves == []  # (no table was dealt)


def test_host_help_explains_the_stand_in_and_the_clock(capsys):
    from cardtable import cli

    try:
        cli.main(["host", "--help"])
    except SystemExit as exc:  # (argparse's own exit, if the command line lets it through)
        assert exc.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--away-after SECONDS" in out and "--turn-time SECONDS" in out and "--stand-in LEVEL" in out
    assert "takes the seat back by joining again with the same address" in out
    assert "at zero the stand-in makes that one move" in out
