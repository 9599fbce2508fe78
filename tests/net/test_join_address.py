"""What ``cardtable join`` takes as an address: the one ``cardtable host`` prints for it, or
the seat's browser address (what a phone's code or a message carries), over a real socket."""

from __future__ import annotations

import pytest
from net_helpers import hosted, run_async, seat_addresses

from cardtable.net.client import Refused, first_messages, ws_address


@pytest.mark.parametrize(
    "given, meant",
    [
        ("ws://127.0.0.1:4000/table?token=abc", "ws://127.0.0.1:4000/table?token=abc"),
        ("  127.0.0.1:4000/table?token=abc\n", "ws://127.0.0.1:4000/table?token=abc"),
        ("http://192.168.1.20:4000/table?token=abc", "ws://192.168.1.20:4000/table?token=abc"),
        ("http://192.168.1.20:4000/play?token=abc", "ws://192.168.1.20:4000/table?token=abc"),
        ("https://example.org/play/?token=abc", "wss://example.org/table?token=abc"),
        ("HTTP://[::1]:4000/play?token=a-b_c", "ws://[::1]:4000/table?token=a-b_c"),
        ("ws://127.0.0.1:4000/player?token=abc", "ws://127.0.0.1:4000/player?token=abc"),  # (not a seat's page)
        ("http://[bad/play?token=abc", "ws://[bad/play?token=abc"),  # (no address: left for connecting to refuse)
    ],
)
def test_a_printed_address_or_a_seats_browser_address_is_the_tables_websocket(given, meant):
    assert ws_address(given) == meant


@pytest.mark.parametrize("address", ["ws://[bad", "http://[::1/play?token=x", "http://", "javascript:alert(1)"])
def test_join_with_what_is_not_an_address_says_so_in_one_line(address, capsys, monkeypatch):
    from cardtable import cli

    monkeypatch.setenv("CARDTABLE_NO_TTY_CHECK", "1")
    assert cli.main(["join", address]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardtable join: cannot reach") and err.count("\n") == 1 and "Traceback" not in err


@run_async
async def test_a_seats_browser_address_joins_that_seat_and_a_wrong_token_is_still_refused():
    table = await hosted("one-card", ["remote", "remote"], seed=3, options={"target": 40, "hand_size": 4})
    try:
        for seat, address in enumerate(seat_addresses(table)):
            browser = address.replace("ws://", "http://", 1).replace("/table?", "/play?", 1)
            welcome, first = await first_messages(browser)
            assert welcome["seat"] == seat and first["type"] == "table"
        wrong = seat_addresses(table)[0].replace("ws://", "http://", 1).replace("/table?token=", "/play?token=x", 1)
        with pytest.raises(Refused, match="refused"):
            await first_messages(wrong)
    finally:
        await table.close()
