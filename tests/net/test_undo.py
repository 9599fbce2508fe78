"""An undo over the network: a seat asks, the host plans it, and the player whose move it would
take back is asked on their own screen (a refusal changes nothing; a yes takes both moves back
and every screen gets the table again)."""

from __future__ import annotations

import asyncio

import aiohttp
from net_helpers import hosted, next_of, run_async, seat_addresses

from cardtable.net.protocol import dumps, message


@run_async
async def test_an_undo_that_takes_back_another_players_move_asks_that_player():
    table = await hosted("one-card", ["remote", "remote"], seed=2)
    driver = asyncio.ensure_future(table.run_headless())
    try:
        first = table.session.to_act[0]
        addresses = seat_addresses(table)
        async with aiohttp.ClientSession() as http:
            mine = await http.ws_connect(addresses[first])
            theirs = await http.ws_connect(addresses[1 - first])
            request = await next_of(mine, "request")
            await mine.send_str(dumps(message("move", id=request["id"], move=request["legal"][-1])))
            other = await next_of(theirs, "request")
            await theirs.send_str(dumps(message("move", id=other["id"], move=other["legal"][-1])))
            request = await next_of(mine, "request")
            assert len(table.session.moves) == 2
            plan = request["undo"]["plan"]
            assert plan["player"] == first and plan["taken"] == 2 and 1 - first in plan["movers"]

            # Refused by the other player: nothing is taken back, the request comes again.
            await mine.send_str(dumps(message("undo", id=request["id"])))
            consent = await next_of(theirs, "consent")
            assert consent["title"] and consent["detail"]
            await theirs.send_str(dumps(message("consent", id=consent["id"], yes=False)))
            again = await next_of(mine, "request")
            assert len(table.session.moves) == 2 and table.session.undos == []

            # Allowed: both moves go, and both screens get the table again.
            await mine.send_str(dumps(message("undo", id=again["id"])))
            consent = await next_of(theirs, "consent")
            await theirs.send_str(dumps(message("consent", id=consent["id"], yes=True)))
            for ws in (mine, theirs):
                table_message = await next_of(ws, "table")
                assert table_message["why"] == "undo" and "2 moves" in table_message["line"]
            assert table.session.moves == [] and len(table.session.undos) == 1
            await next_of(mine, "request")  # the first decision is asked again
            await mine.close()
            await theirs.close()
    finally:
        driver.cancel()
        await table.close()
