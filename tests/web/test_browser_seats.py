"""Browser seats in a real headless Chromium: two browsers and a terminal play a game of each
to its end at one hosted table.

Seat 0 is a phone (touch, ``is_mobile``, device pixel ratio 2.625), seat 1 a desktop browser,
seat 2 a real ``cardtable join`` in a pseudo-terminal. Each plays by keys from what its
screen shows (:class:`~seat_players.HintPlayer`); at every turn its screen is checked for
the cards hidden from it, and each browser's screen is kept as a screenshot in
``test-artifacts/``. A browser without a token, or with a wrong one, gets 403.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from seat_players import HintPlayer, HostThread, PageKeys, PtyScreen
from webtab import PageScreen

from cardtable.storage.settings import Settings, save_settings

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
pytestmark = pytest.mark.slow

#: The phone, held upright: 412x915 CSS pixels (the app gets the narrow, one-column layout).
PHONE_VIEWPORT = {"width": 412, "height": 915}
PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2.625}
DESKTOP_VIEWPORT = {"width": 1100, "height": 720}
#: The most a game may take (one takes about 3 minutes on 2 busy cores).
GAME_SECONDS = 600

GAMES = [
    ("one-too-many", {"target": 1}),
    ("one-card", {"target": 1, "hand_size": 3}),
    ("shed", {"short_game": True}),
]


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("game_id, options", GAMES, ids=[g[0] for g in GAMES])
def test_two_browsers_and_a_terminal_play_to_the_end(browser, game_id, options):
    from cardtable.net.hosting import HostedTable

    save_settings(Settings(computer_speed="instant"))  # (the tabs and the terminal read this user's settings)
    names = ["Phone", "Desk", "Term"]
    host = HostThread(lambda: HostedTable.new(game_id, names, ["remote"] * 3, options, seed=20261202))
    table = host.table
    addresses = [address for _, address in table.browser_addresses()]
    base = addresses[0].split("/play?")[0]
    players = []
    terminal = None
    try:
        for url in (f"{base}/play", f"{base}/play?token=wrong", f"{base}/play/ws/wrong?width=80&height=24"):
            assert status_of(url) == 403, url
        phone = browser.new_context(viewport=PHONE_VIEWPORT, **PHONE)
        desk = browser.new_context(viewport=DESKTOP_VIEWPORT)
        pages = []
        for seat, context in enumerate((phone, desk)):
            page = context.new_page()
            screen = PageScreen(page)
            page.goto(addresses[seat])
            screen.wait_for(names[seat], timeout=60)
            pages.append((page, screen))
            players.append(HintPlayer(names[seat], seat, PageKeys(page, screen), host))
        assert page.evaluate("window.devicePixelRatio") == 1
        assert pages[0][0].evaluate("window.devicePixelRatio") == 2.625
        terminal = PtyScreen(table.addresses()[2][1])
        players.append(HintPlayer("Term", 2, terminal, host))
        # (a game that stops moving fails here, in minutes, rather than turn after turn for hours)
        deadline = time.monotonic() + GAME_SECONDS
        while not host.done.is_set() and time.monotonic() < deadline:
            if not any(player.turn() for player in players):
                players[0].screen.wait(0.05)
        for player in players:
            print(f"{player.name}: {player.moves} moves; keys and seconds per turn: {player.steps}")
        if not host.done.is_set():  # (what each seat's screen showed, and whether the terminal's app still runs)
            for player in players:
                print(
                    f"--- {player.name}'s screen (the host asks it: {host.pending(player.seat)}):\n{player.screen.text}"
                )
            print(f"the terminal's cardtable join: exit code {terminal.process.poll()} (None: running)")
        assert host.done.is_set(), f"the game did not end in {GAME_SECONDS} s"
        assert host.error is None, host.error
        session = table.session
        assert session.is_over
        winner = session.names[session.outcome().winners()[0]]
        for player in players:
            over = player.wait_for(lambda p=player: "game over" in p.screen.text.lower(), 30)
            assert over and winner in player.screen.text, f"{player.name}:\n{player.screen.text}"
            assert player.moves > 0 and player.checked > 0
        ARTIFACTS.mkdir(exist_ok=True)
        for (page, _screen), who in zip(pages, ("phone", "desktop"), strict=True):
            page.wait_for_timeout(300)
            shot = ARTIFACTS / f"browser-seat-{game_id}-{who}.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
    finally:
        if terminal is not None:
            terminal.close()
        host.close()
