"""Browser seats over real sockets: the pages, the token rules, and one app process per tab.

A tab is the page's websocket as textual-serve's script opens it, its screen drawn by a
terminal emulator (tests/web/webtab.py): what the browser would draw. The browser itself
(Chromium) plays in tests/web/test_browser_seats.py."""

from __future__ import annotations

import asyncio
import os

import aiohttp
from net_helpers import hosted, run_async
from webtab import Tab, children, group_members, wait_until

from cardtable.net.browser import JOIN_ENV, MAX_TABS
from cardtable.tui.cardfaces import face


def parts(address: str) -> tuple[str, str]:
    """(the websocket base, the token) of a browser address."""
    base, token = address.split("/play?token=")
    return base.replace("http://", "ws://"), token


async def open_tab(http, address: str, width: int = 90, height: int = 28) -> Tab:
    base, token = parts(address)
    ws = await http.ws_connect(f"{base}/play/ws/{token}?width={width}&height={height}")
    await ws.send_json(["resize", {"width": width, "height": height}])
    return Tab(ws, width, height)


def hand_row(text: str) -> str:
    [row] = [line for line in text.splitlines() if "Hand (" in line]
    return row.split("│")[0]  # (the log's column on the right)


@run_async
async def test_without_a_seat_token_a_browser_gets_403_and_starts_nothing():
    table = await hosted("one-card", ["remote", "remote"], seed=3)
    try:
        seat_address = table.browser_addresses()[0][1]
        base = seat_address.split("/play?")[0]
        # (unsafe: keep cookies for an IP address, as a browser does)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            for url in (f"{base}/play", f"{base}/play?token=", f"{base}/play?token=nope", f"{base}/play?token=%00"):
                async with http.get(url) as response:
                    assert response.status == 403, url
            for path in ("nope", "", table.tokens.spectator + "x"):
                async with http.get(f"{base}/play/ws/{path}?width=80&height=24") as response:
                    assert response.status in (403, 404), path  # ("": no such route)
            # the script and styles only for a browser that loaded a page of this table
            async with http.get(f"{base}/play/static/js/textual.js") as response:
                assert response.status == 403
            assert children(os.getpid()) == [], "a refused browser started a process"
            async with http.get(seat_address) as response:  # a good one: the page, and the cookie
                assert response.status == 200
                page = await response.text()
                assert f"/play/ws/{parts(seat_address)[1]}" in page and "P0" in page
                assert response.headers["Referrer-Policy"] == "no-referrer"
            async with http.get(f"{base}/play/static/js/textual.js") as response:
                assert response.status == 200
            for path in ("js", "../server.py", "%2e%2e/server.py", "js/"):
                async with http.get(f"{base}/play/static/{path}") as response:
                    assert response.status == 404, path  # only files, only under static
    finally:
        await table.close()


@run_async
async def test_each_tab_shows_its_own_seat_and_ends_with_its_tab():
    table = await hosted("one-card", ["remote", "remote", "remote"], seed=8, options={"hand_size": 5})
    driver = asyncio.ensure_future(table.run_headless())
    try:
        addresses = dict(table.browser_addresses())
        async with aiohttp.ClientSession() as http:
            tabs = {seat: await open_tab(http, addresses[f"P{seat}"]) for seat in (0, 1)}
            watcher = await open_tab(http, addresses["spectators"])
            for seat, tab in tabs.items():
                text = await tab.wait_for("Hand (5)", f"P{seat}", timeout=60)
                hand = [face(card) for card in table.session.view(seat).hand]
                row = hand_row(text)
                assert sorted(row.split()[2:]) == sorted(hand), row  # its own five cards
                others = {face(c) for s in (0, 1, 2) if s != seat for c in table.session.view(s).hand}
                mine = {face(c) for c in table.session.view(seat).hand} | {face(table.session.view(seat).discard[-1])}
                for label in others - mine:
                    assert label not in text, f"seat {seat}'s browser shows {label}, another's card"
            watching = await watcher.wait_for("P2", "Discard", timeout=60)
            assert "Hand (" not in watching
            # (in a thread: the host's event loop, this one, goes on serving meanwhile)
            pids = await asyncio.to_thread(
                wait_until, lambda: len(children(os.getpid())) == 3 and children(os.getpid()), 10
            )
            assert len(pids) == 3, "each tab runs its own app process"
            for pid in pids:  # the join address is in the environment, not on the command line
                with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                    assert b"token" not in cmdline.read()
                with open(f"/proc/{pid}/environ", "rb") as environ:
                    assert f"{JOIN_ENV}=ws://127.0.0.1:{table.port}/table?token=".encode() in environ.read()
            for _ in range(100):
                if [table.hub.present(s) for s in (0, 1, 2)] == [True, True, False]:
                    break
                await asyncio.sleep(0.1)
            assert [table.hub.present(s) for s in (0, 1, 2)] == [True, True, False]
            await tabs[0].ws.close()
            gone = await asyncio.to_thread(wait_until, lambda: not group_members(pids[0]) or None, 15)
            assert gone, "the app process outlived its tab"
            assert await asyncio.to_thread(wait_until, lambda: not table.hub.present(0), 10)
    finally:
        driver.cancel()
        await table.close()
    assert await asyncio.to_thread(wait_until, lambda: children(os.getpid()) == [], 15), "the host left a tab's process"


@run_async
async def test_a_seat_opens_so_many_tabs_and_no_more():
    table = await hosted("shed", ["remote", "easy"], seed=4, options={"short_game": True})
    try:
        address = table.browser_addresses()[0][1]
        base, token = parts(address)
        async with aiohttp.ClientSession() as http:
            tabs = [await open_tab(http, address) for _ in range(MAX_TABS["seat"])]
            async with http.get(f"{base}/play/ws/{token}?width=80&height=24") as response:
                assert response.status == 429
            await tabs[0].ws.close()
            for _ in range(100):  # once its process has stopped, a tab closed leaves room for another
                if table.browser.tabs[0] < MAX_TABS["seat"]:
                    break
                await asyncio.sleep(0.1)
            again = await open_tab(http, address)
            await again.ws.close()
            for tab in tabs[1:]:
                await tab.ws.close()
    finally:
        await table.close()
