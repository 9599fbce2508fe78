"""``cardtable serve`` without a browser: the server, its token, its websocket, its processes.

The tests talk to a real server (``python -m cardtable serve --port 0``) over
its websocket as the page's script does, and read the screen through a
terminal emulator (see conftest.py).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

import aiohttp
import pytest
from webtab import children, group_members, open_tab, start_server, wait_until

from cardtable import cli
from cardtable.commands.serve import is_loopback


def run(coroutine):
    return asyncio.run(coroutine)


def test_menu_then_a_one_card_game_against_a_computer_then_quit(served, user_dirs):
    def saves():
        return [
            p
            for p in (user_dirs["XDG_STATE_HOME"] / "cardtable" / "saves").glob("*.json")
            if '"one-card"' in p.read_text()
        ]

    async def play():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served)
            screen = await tab.wait_for("One Too Many", "One-Card", "Shed", "Quit")
            assert "cardtable" in screen
            [app_pid] = wait_until(lambda: children(served.process.pid))
            await tab.press("down", "enter")
            screen = await tab.wait_for("New game: One-Card", "Normal bot")
            await tab.press("ctrl+s")
            screen = await tab.wait_for("Discard", "Draw pile", "Hand (")
            assert "Player 2" in screen  # the computer's seat, in the scores
            # A move is saved in this user's folders: the computer's, or else ours (draw or pass).
            for _ in range(200):
                if saves():
                    break
                status = (await tab.wait_for("Player")).splitlines()[-2]  # the line above the footer
                if "Player 1 to play" in tab.text and ("press d to" in status or "press p to" in status):
                    await tab.press("d" if "press d to" in status else "p")
                    await tab.wait_for("Enter yes")  # "Draw a card?", "Draw 2?", "Lose the turn?"
                    await tab.press("enter")
                    await tab.wait_gone("Enter yes")
                await tab.pump(0.1)
            assert saves(), f"no save; the screen:\n{tab.text}"
            await tab.press("ctrl+q")
            await tab.wait_for("Close cardtable in this browser tab?")
            await tab.press("y")
            assert await tab.wait_closed(), f"quitting the app did not end the tab: {served.out}"
            await tab.ws.close()
            return app_pid

    app_pid = run(play())
    assert wait_until(lambda: not group_members(app_pid)), "the app's process outlived its quit"
    assert children(served.process.pid) == []
    assert saves(), "the game is saved in the serving user's folders, as in the terminal"


def test_closing_the_tab_ends_its_process(served):
    async def open_then_close():
        async with aiohttp.ClientSession() as session:
            tabs = [await open_tab(session, served) for _ in range(2)]
            for tab in tabs:
                await tab.wait_for("One Too Many")
            pids = wait_until(lambda: len(children(served.process.pid)) == 2 and children(served.process.pid))
            assert len(pids) == 2, "each tab runs its own app process"
            await tabs[0].ws.close()
            return pids, tabs[1]

    pids, _ = run(open_then_close())
    # Both tabs are closed by now (the session ended): no process left, in any group.
    assert wait_until(lambda: not any(group_members(p) for p in pids)), "an app process outlived its tab"
    assert children(served.process.pid) == []


def test_requests_without_the_token_are_refused_and_start_nothing(served):
    async def knock():
        statuses = []
        async with aiohttp.ClientSession() as session:
            for url in (f"{served.base}/", f"{served.base}/?token=wrong", f"{served.base}/static/js/textual.js"):
                async with session.get(url) as response:
                    statuses.append(response.status)
            for token in (None, "wrong", served.token[:-1]):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(served.ws_url(token=token))
                statuses.append(refused.value.status)
            async with session.get(served.url) as response:  # the right token: the page, and a cookie
                statuses.append(response.status)
                page = await response.text()
        return statuses, page

    statuses, page = run(knock())
    assert statuses == [403] * 6 + [200]
    assert 'data-session-websocket-url="ws://127.0.0.1:' in page
    assert children(served.process.pid) == [], "a refused request started an app process"


def test_the_cookie_from_the_page_opens_the_websocket(served):
    """The page's script opens ``/ws?width=..`` without the token: the cookie carries it."""

    async def as_the_page():
        # (unsafe=True: aiohttp's client keeps no cookies for an IP address otherwise; browsers do)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(served.url) as response:
                assert response.status == 200
            ws = await session.ws_connect(served.ws_url())
            message = await ws.receive(timeout=20)
            await ws.close()
            return message.type

    assert run(as_the_page()) == aiohttp.WSMsgType.BINARY


def test_ctrl_c_stops_the_server_and_every_app():
    server = start_server()

    async def two_tabs_then_ctrl_c():
        async with aiohttp.ClientSession() as session:
            tabs = [await open_tab(session, server) for _ in range(2)]
            for tab in tabs:
                await tab.wait_for("One Too Many")
            pids = wait_until(lambda: len(children(server.process.pid)) == 2 and children(server.process.pid))
            assert len(pids) == 2
            status = await asyncio.to_thread(server.stop)
            closed = await asyncio.gather(*(t.wait_closed(5) for t in tabs))
            return pids, status, closed

    try:
        pids, status, closed = run(two_tabs_then_ctrl_c())
    finally:
        server.kill()
    assert status == 0 and "stopped" in server.out
    assert not any(group_members(p) for p in pids), "an app process outlived the server"
    assert all(closed), "a tab's websocket stayed open after the server stopped"


def test_a_non_loopback_host_warns_in_one_line():
    server = start_server("--host", "0.0.0.0")
    try:
        assert server.stop() == 0
    finally:
        server.kill()
    lines = server.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("warning: listening on 0.0.0.0") and "saved games" in lines[0]


def test_loopback_host_gives_no_warning(served):
    assert served.stop() == 0
    assert served.err == ""


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
    ],
)
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_without_the_web_extra_serve_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if not installed
    assert cli.main(["serve"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "pip install 'cardtable[web]'" in err


@pytest.mark.parametrize("args", [["--port", "70000"], ["--public-url", "example.org"], ["--port", "x"]])
def test_bad_arguments_one_line_exit_2(args, capsys):
    assert cli.main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable: error:")


def test_a_port_in_use_is_one_line(served):
    port = served.base.rsplit(":", 1)[1]
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", "--port", port], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "cannot listen on 127.0.0.1:" in result.stderr
    assert "cardtable is served" not in result.stdout


STUBBORN_APP = """
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # a child of its own
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
time.sleep(60)  # never reads the quit request
"""


def test_an_app_that_does_not_quit_is_killed_with_its_children(monkeypatch):
    from cardtable.web import server as web_server

    monkeypatch.setattr(web_server, "QUIT_GRACE", 0.5)
    server = web_server.CardtableServer("127.0.0.1", 0, "tok", command=[sys.executable, "-c", STUBBORN_APP])

    async def open_and_close():
        runner, port = await server.start()
        try:
            async with aiohttp.ClientSession() as session:
                ws = await session.ws_connect(f"ws://127.0.0.1:{port}/ws?token=tok")
                app_pid = await asyncio.to_thread(wait_until, lambda: children(os.getpid()))
                group = await asyncio.to_thread(wait_until, lambda: len(group_members(app_pid[0])) == 2)
                assert group, "the stub app did not start its own child"
                await ws.close()
                gone = await asyncio.to_thread(wait_until, lambda: not group_members(app_pid[0]), 5)
                return gone
        finally:
            await runner.cleanup()

    assert run(open_and_close()), "the app's process group outlived its tab"


def test_an_app_whose_server_is_killed_exits(served):
    async def open_then_kill():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served)
            await tab.wait_for("One Too Many")
            [app_pid] = wait_until(lambda: children(served.process.pid))
            served.process.send_signal(signal.SIGKILL)  # no chance to stop anything
            served.stop()
            return app_pid

    app_pid = run(open_then_kill())
    assert wait_until(lambda: not group_members(app_pid), 10), "the app outlived its killed server"


def test_the_keys_screen_says_what_to_do_about_keys_a_browser_keeps(served):
    async def keys():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served, height=50)
            await tab.wait_for("One Too Many")
            await tab.press("?")
            return await tab.wait_for("Browser", "a key in the footer presses it")

    screen = run(keys())
    assert "Firefox" in screen and "Quit and Rules do what Ctrl+Q and F1 do" in screen


def test_the_terminal_keys_screen_has_no_browser_section():
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.keys import BROWSER_KEYS, keys_markdown
    from cardtable.tui.settings import TuiSettings

    app = CardtableApp(settings=TuiSettings())
    assert "| Browser |" in BROWSER_KEYS and "Browser" in keys_markdown(app, browser=True)
    assert "Browser" not in keys_markdown(app)


def test_themes_change_the_colours_in_the_browser(served):
    """The command palette's theme picker works as in the terminal, in true colour."""

    def brightness(tab) -> int:
        background = tab.screen.buffer[0][0].bg  # the top-left cell, "rrggbb"
        return sum(int(background[i : i + 2], 16) for i in (0, 2, 4))

    async def switch():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served)
            await tab.wait_for("One Too Many")
            dark = brightness(tab)
            await tab.press("\x10")  # Ctrl+P
            await tab.wait_for("Search for commands")
            await tab.press("theme")
            await tab.wait_for("Change the current theme")
            await tab.press("enter")
            await tab.wait_for("Search for themes", "cardtable")  # (the app's own theme, among Textual's)
            await tab.press("textual-light")
            # (on a loaded machine the list filters late: Enter must not pick the theme still highlighted)
            for other in ("ansi-dark", "dracula", "nord"):
                await tab.wait_gone(other)
            await tab.pump(0.5)
            await tab.press("enter")
            await tab.wait_gone("Search for themes")
            deadline = time.monotonic() + 10
            while brightness(tab) == dark and time.monotonic() < deadline:
                await tab.pump(0.1)
            return dark, brightness(tab)

    dark, light = run(switch())
    assert dark < 3 * 0x40 < light, (dark, light)


def test_the_page_sends_its_websocket_back_to_the_address_the_browser_used(served):
    """From another machine the page must not point at 127.0.0.1 (textual-serve's default)."""

    async def page(host: str) -> str:
        async with aiohttp.ClientSession() as session:
            async with session.get(served.url, headers={"Host": host}) as response:
                return await response.text()

    assert 'data-session-websocket-url="ws://192.168.1.20:8000/ws"' in run(page("192.168.1.20:8000"))


def test_a_public_url_is_printed_and_used_by_the_page():
    import socket

    with socket.socket() as probe:  # a free port, to reach the server behind its public URL
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start_server("--public-url", "https://cards.example.org", "--port", str(port))

    async def page() -> str:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/?token={server.token}") as response:
                return await response.text()

    try:
        assert server.url.startswith("https://cards.example.org/?token=")
        assert 'data-session-websocket-url="wss://cards.example.org/ws"' in run(page())
    finally:
        server.kill()
