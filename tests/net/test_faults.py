"""Faults over real sockets: a player who drops and rejoins (the table waits, the others
are told, nothing is lost), and a client that never reads (dropped; the table goes on)."""

from __future__ import annotations

import asyncio
import random
import socket

import aiohttp
from net_helpers import Seat, hosted, next_of, run_async, seat_addresses

from cardtable.net.protocol import dumps, message


@run_async
async def test_a_player_who_drops_mid_turn_rejoins_with_the_same_address_and_nothing_is_lost():
    table = await hosted("one-card", ["remote", "remote"], seed=8, options={"target": 40, "hand_size": 4})
    driver = asyncio.ensure_future(table.run_headless())
    try:
        first = table.session.to_act[0]
        addresses = seat_addresses(table)
        async with aiohttp.ClientSession() as http:
            other = await http.ws_connect(addresses[1 - first])
            mover = await http.ws_connect(addresses[first])
            request = await next_of(mover, "request")
            await mover.close()  # gone mid-turn, the request unanswered
            away = await next_of(other, "notice")
            assert away["text"] == f"P{first} is away." and away["away"] == [first]
            await asyncio.sleep(0.3)
            assert table.session.moves == []  # the table waits
            mover = await http.ws_connect(addresses[first])  # the same address
            welcome = await next_of(mover, "welcome")
            assert welcome["seat"] == first
            again = await next_of(mover, "request")
            assert again["id"] == request["id"] and again["legal"] == request["legal"]
            assert (await next_of(other, "notice"))["text"] == f"P{first} is back."
            await mover.send_str(dumps(message("move", id=again["id"], move=again["legal"][0])))
            await next_of(other, "moved")
            # now the other seat moves while this one is away: on its return it is sent what it missed
            await mover.close()
            request = await next_of(other, "request")
            await other.send_str(dumps(message("move", id=request["id"], move=request["legal"][0])))
            while len(table.session.moves) < 2:
                await asyncio.sleep(0.01)
            mover = await http.ws_connect(addresses[first])
            snapshot = await next_of(mover, "table")
            session = table.session
            assert snapshot["event_count"] == len(session.events)
            assert [at for at, _ in snapshot["events"]] == [i for i, e in enumerate(session.events) if e.visible(first)]
            await mover.close()
            await other.close()
    finally:
        driver.cancel()
        await table.close()


def never_reading_client(address: str) -> socket.socket:
    """A WebSocket handshake over a socket that then reads nothing (its window kept small)."""
    host_port, _, path = address.removeprefix("ws://").partition("/")
    host, _, port = host_port.rpartition(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect((host, int(port)))
    sock.sendall(
        (
            f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    return sock


@run_async
async def test_a_client_that_never_reads_is_dropped_and_never_stalls_the_table():
    table = await hosted("one-card", ["remote", "easy", "easy"], seed=4, queue_limit=8)
    try:
        stuck = [never_reading_client(table.addresses()[-1][1]) for _ in range(3)]
        player = Seat(seat_addresses(table)[0], random.Random(0))
        driver = asyncio.ensure_future(table.run_headless())
        outcome = await asyncio.wait_for(player.play(), 240)
        await driver
        assert outcome is not None and table.session.is_over  # the game went on to its end
        assert table.hub.drops >= 3  # each stuck spectator was cut
        assert [c.viewer for c in table.hub.connections] in ([0], [])
        for sock in stuck:
            sock.close()
    finally:
        await table.close()
