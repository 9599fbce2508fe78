"""The app as a browser tab has it (``cardtable serve``, over the page's websocket): it speaks of
a page and a tab, not a terminal; quitting asks first; Esc comes at once; the page's own files.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
from webtab import children, open_tab, wait_until

from cardtable.tui.screens.keys import BROWSER_KEEPS, SECTIONS, bindings_of, effective_keys, section_classes


def run(coroutine):
    return asyncio.run(coroutine)


def test_a_page_too_small_says_page_not_terminal(served):
    async def small():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served, width=50, height=16)
            return await tab.wait_for("too small")

    screen = run(small())
    assert "This page is too small" in screen and "browser window" in screen
    assert "terminal" not in screen.lower()


def test_quit_from_the_menu_asks_first_in_a_browser(served):
    """The menu's Quit and Ctrl+Q ask before they close the table in this tab (↑ past the
    first game no longer lands on Quit)."""

    async def quit_twice():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served)
            await tab.wait_for("One Too Many", "Quit")
            await tab.press("up", "enter")  # ↑ on the first game stays there: Enter opens it
            await tab.wait_for("New game: One Too Many")
            await tab.press("escape")
            await tab.wait_gone("New game:")
            await tab.press("ctrl+q")
            await tab.wait_for("Close cardtable in this browser tab?")
            await tab.press("escape")  # stay
            await tab.wait_gone("Close cardtable in this browser tab?")
            await tab.press(*["down"] * 7, "enter")  # the menu's Quit
            await tab.wait_for("Close cardtable in this browser tab?")
            assert not tab.closed
            await tab.press("y")
            return await tab.wait_closed()

    assert run(quit_twice()), "a yes to the question did not close the tab"


def test_the_app_gets_the_prompt_escape_driver(served):
    """The app of a tab waits ESCDELAY=5 ms, not Textual's 100, to tell a lone Esc, with the
    driver whose input thread checks every 10 ms (web/driver.py)."""

    async def open_one():
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, served)
            await tab.wait_for("One Too Many")
            [app_pid] = wait_until(lambda: children(served.process.pid))
            environment = dict(
                line.split("=", 1) for line in Path(f"/proc/{app_pid}/environ").read_text().split("\0") if "=" in line
            )
            await tab.press("?")  # and Esc works: the keys screen opens and closes
            await tab.wait_for("a key in the footer presses it")
            await tab.press("escape")
            await tab.wait_gone("a key in the footer presses it")
            return environment

    environment = run(open_one())
    assert environment["ESCDELAY"] == "5"
    assert environment["TEXTUAL_DRIVER"] == "cardtable.web.driver:BrowserDriver"


def test_the_favicon_and_the_symbols_font_are_served_with_the_token_only(served):
    async def fetch():
        async with aiohttp.ClientSession() as session:
            got = {}
            for path in ("/favicon.ico", "/cardtable/fonts/CardtableSymbols.ttf", "/cardtable/", "/cardtable/fonts/"):
                async with session.get(f"{served.base}{path}") as refused:
                    got[path, "no token"] = refused.status
                async with session.get(f"{served.base}{path}?token={served.token}") as response:
                    got[path] = (response.status, response.content_type, len(await response.read()))
            async with session.get(served.url) as page:
                got["page"] = await page.text()
            return got

    got = run(fetch())
    assert got["/favicon.ico"][:2] == (200, "image/x-icon") and got["/favicon.ico"][2] > 100
    assert (
        got["/cardtable/fonts/CardtableSymbols.ttf"][0] == 200
        and got["/cardtable/fonts/CardtableSymbols.ttf"][2] > 10_000
    )
    assert got["/cardtable/"][0] == got["/cardtable/fonts/"][0] == 404  # a folder is not listed
    assert all(status == 403 for key, status in got.items() if key[1:] == ("no token",))
    assert '<link rel="icon" href="http' in got["page"] and "/cardtable/favicon.ico" in got["page"]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1"' in got["page"]


def test_no_footer_key_is_one_a_browser_keeps():
    """Every binding shown in a footer has a key that a browser passes to the page (browsers keep
    Ctrl+W, Ctrl+T, Ctrl+N and their Shift forms, Ctrl+Tab: :data:`BROWSER_KEEPS`)."""
    from cardtable.tui.app import CardtableApp

    app = CardtableApp()
    for title, names in SECTIONS:
        for cls in section_classes(app, names):
            for binding in bindings_of(cls):
                if binding.show:
                    keys = effective_keys(binding, {})
                    assert any(k not in BROWSER_KEEPS for k in keys), f"{title}: {binding.description} needs {keys}"
