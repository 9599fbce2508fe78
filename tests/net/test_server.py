"""The table server over real sockets: tokens (403, one seat per token), moves checked by
the engine (an illegal one refused with the reason and asked again), spectators, whole games."""

from __future__ import annotations

import json
import random

import aiohttp
import pytest
from net_helpers import Seat, hosted, next_of, play_all, run_async, seat_addresses

from cardtable.games import get_game
from cardtable.net.protocol import dumps, message


@pytest.mark.parametrize("game_id", ["one-card", "shed", "one-too-many"])
@run_async
async def test_two_remote_seats_and_a_computer_play_a_game_to_its_end(game_id):
    table = await hosted(game_id, ["remote", "remote", "easy"], seed=3)
    try:
        first, second = (Seat(a, random.Random(i)) for i, a in enumerate(seat_addresses(table)))
        results = await play_all(table, [first, second])
        outcome = table.session.outcome()
        assert results[0] == results[1] == json.loads(json.dumps(outcome_json(outcome)))
        assert table.session.is_over and table.saver.finished is not None  # (filed in the statistics)
        assert first.messages[0]["type"] == "welcome" and first.messages[0]["seat"] == 0
        assert second.messages[0]["seat"] == 1
        assert all(m["protocol"] == 1 for m in first.messages + second.messages)
    finally:
        await table.close()


def outcome_json(outcome):
    from cardtable.net.codec import outcome_to_json

    return outcome_to_json(outcome)


@pytest.mark.parametrize("token", [None, "", "nope", "x" * 24])
@run_async
async def test_without_a_valid_token_the_websocket_is_refused_and_nothing_starts(token):
    table = await hosted("one-card", ["remote", "remote"], seed=1)
    try:
        base = seat_addresses(table)[0].split("?")[0]
        address = base if token is None else f"{base}?token={token}"
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(address)
            assert refused.value.status == 403
            async with http.get(address.replace("ws://", "http://")) as response:
                assert response.status == 403
        assert table.hub.connections == [] and table.session.moves == []
    finally:
        await table.close()


@run_async
async def test_an_illegal_or_garbled_move_is_refused_with_the_reason_and_asked_again():
    table = await hosted("one-card", ["remote", "remote"], seed=2)
    driver = None
    try:
        import asyncio

        driver = asyncio.ensure_future(table.run_headless())
        game = get_game("one-card")
        to_act = table.session.to_act[0]
        address = seat_addresses(table)[to_act]
        async with aiohttp.ClientSession() as http, http.ws_connect(address) as ws:
            request = await next_of(ws, "request")
            legal = [json.dumps(m, sort_keys=True) for m in request["legal"]]
            view = table.session.view(to_act)
            wrong = next(
                {"type": "Play", "card": c.code, "suit": None}
                for c in view.hand
                if json.dumps({"type": "Play", "card": c.code, "suit": None}, sort_keys=True) not in legal
            )
            for bad in (wrong, {"type": "Fly"}, {"card": 1}):
                await ws.send_str(dumps(message("move", id=request["id"], move=bad)))
                refused = await next_of(ws, "refused")
                assert refused["id"] == request["id"] and refused["reason"]
                again = await next_of(ws, "request")
                assert again["id"] != request["id"] and again["legal"] == request["legal"]
                assert again["note"].startswith("Refused: ")
                request = again
            await ws.send_str(dumps({"protocol": 2, "type": "move", "id": request["id"], "move": request["legal"][0]}))
            assert "protocol 1" in (await next_of(ws, "error"))["reason"]
            await ws.send_str("x" * 100)
            assert (await next_of(ws, "error"))["reason"] == "not JSON"
            await ws.send_str(dumps(message("move", id=request["id"] + 99, move=request["legal"][0])))
            assert "nothing is asked" in (await next_of(ws, "error"))["reason"]
            assert table.session.moves == []  # nothing refused was played
            await ws.send_str(dumps(message("move", id=request["id"], move=request["legal"][0])))
            moved = await next_of(ws, "moved")
            assert moved["mover"] == to_act and len(table.session.moves) == 1
            assert game.move_types  # (the move was decoded by the game's own types)
    finally:
        if driver is not None:
            driver.cancel()
        await table.close()


@run_async
async def test_a_token_plays_only_its_own_seat_and_a_spectator_none():
    import asyncio

    table = await hosted("one-card", ["remote", "remote"], seed=5)
    driver = asyncio.ensure_future(table.run_headless())
    try:
        to_act = table.session.to_act[0]
        addresses = seat_addresses(table)
        other = addresses[1 - to_act]
        spectator = table.addresses()[-1][1]
        async with aiohttp.ClientSession() as http:
            mover = await http.ws_connect(addresses[to_act])
            request = await next_of(mover, "request")
            for address in (other, spectator):
                async with http.ws_connect(address) as ws:
                    kinds = []
                    await ws.send_str(dumps(message("move", id=request["id"], move=request["legal"][0])))
                    while "error" not in kinds:
                        data = json.loads((await ws.receive(10)).data)
                        kinds.append(data["type"])
                        if data["type"] == "table":
                            view = data["view"]
                            assert view is None if address == spectator else view["player"] == 1 - to_act
            assert table.session.moves == []
            await mover.close()
    finally:
        driver.cancel()
        await table.close()
