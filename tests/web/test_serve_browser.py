"""``cardtable serve`` in a real headless Chromium (Debian's, driven by Playwright).

Two people play One Too Many's secret numbers through the curtain in one
browser tab, with the keyboard and the mouse; the table is kept as a
screenshot in ``test-artifacts/``. Without Chromium or Playwright the test is
skipped with the reason (``pytest -rs`` prints it); ``.ci/run`` installs
Chromium when it can.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from webtab import PageScreen, children, chromium_missing, group_members, start_server, wait_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.slow
#: The curtain ignores input for its first 0.6 s (so a double Enter lifts nothing): ms to wait.
CURTAIN_ARMS = 800


@pytest.fixture
def server():
    served = start_server()
    yield served
    try:
        served.stop()
    finally:
        served.kill()
    print(f"server output:\n{served.out}\n{served.err}")


def test_two_players_choose_secret_numbers_through_the_curtain(browser, server):
    page = browser.new_page(viewport={"width": 1100, "height": 720})
    screen = PageScreen(page)
    page.goto(server.url)
    screen.wait_for("One Too Many", "One-Card", "Shed")
    [app_pid] = wait_until(lambda: children(server.process.pid))

    # Keys the browser could keep for itself reach the app: F1 (help) and Ctrl+P (print).
    # (Each key waits for the last one's effect, as a person would: a lone Esc
    # followed at once by another key reads as one key sequence, in a terminal too.)
    page.keyboard.press("F1")
    screen.wait_for("esc Close  t Contents")  # the rules screen
    page.keyboard.press("Escape")
    screen.wait_gone("t Contents")
    page.keyboard.press("Control+p")
    screen.wait_for("Search for commands")
    page.keyboard.press("Escape")
    screen.wait_gone("Search for commands")

    # A key the browser might keep has its alternative: clicking it in the footer, listed under "?".
    screen.click("? Keys")
    keys = screen.wait_for("Browser", "a key in the footer presses it")
    assert "Ctrl+W" in keys
    page.keyboard.press("Escape")
    screen.wait_gone("a key in the footer presses it")

    # The menu with the keyboard, the second seat with the mouse.
    page.keyboard.press("Enter")
    screen.wait_for("New game: One Too Many", "Normal bot")
    screen.click("Normal bot")
    screen.wait_for("Random bot")  # the list of seat kinds is open
    screen.click("Human", last=True)  # in the list, below the first seat's "Human"
    screen.wait_gone("Random bot")  # the list closed
    assert "Normal bot" not in screen.text, "the second seat is still a computer"
    page.keyboard.press("Control+s")

    # Player 1 takes the tablet (a click on the curtain's button) and chooses in secret.
    screen.wait_for("Pass to Player 1", "I am Player 1")
    page.wait_for_timeout(CURTAIN_ARMS)
    screen.click("I am Player 1")
    screen.wait_for("Player 1: how many cards do you ask for?")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    screen.wait_for("Ask for 2 cards?")
    page.keyboard.press("Enter")

    # The curtain: Player 2 sees that Player 1 has chosen, never what.
    curtain = screen.wait_for("Pass to Player 2", "Player 1 has chosen")
    assert "Ask for 2" not in curtain and "asks for 2" not in curtain
    page.wait_for_timeout(CURTAIN_ARMS)
    page.keyboard.press("Enter")
    prompt = screen.wait_for("Player 2: how many cards do you ask for?")
    assert "Ask for 2" not in prompt and "asks for 2" not in prompt
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    screen.wait_for("Ask for 3 cards?")
    page.keyboard.press("Enter")

    # Both numbers are shown together, then the table plays them out.
    reveal = screen.wait_for("Numbers shown")
    assert re.search(r"Player 1 +asks for 2", reveal) and re.search(r"Player 2 +asks for 3", reveal), reveal
    ARTIFACTS.mkdir(exist_ok=True)
    shots = [ARTIFACTS / "one-too-many-numbers-in-chromium.png", ARTIFACTS / "one-too-many-table-in-chromium.png"]
    page.wait_for_timeout(300)  # xterm.js paints on the next animation frames
    page.screenshot(path=str(shots[0]))
    page.keyboard.press("Enter")
    # The draws play out; then the next turn starts behind Player 1's curtain.
    recap = screen.wait_for("Pass to Player 1", "Numbers shown: Player 1 asks for 2, Player 2 asks for 3")
    assert "Player 1 draws" in recap and "Player 2 draws" in recap
    page.wait_for_timeout(CURTAIN_ARMS)
    page.keyboard.press("Enter")
    table = screen.wait_for("Player 1: how many cards do you ask for?", "Center", "Longest run")
    assert "turn 2" in table
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots[1]))
    for shot in shots:
        print(f"screenshot: {shot}")
        assert shot.stat().st_size > 10_000

    # Closing the tab ends its app process.
    page.close()
    assert wait_until(lambda: not group_members(app_pid)), "the app's process outlived its tab"


def test_the_browser_benchmark_runs():
    """benchmarks/bench_web.py, with tiny counts, gives every figure (no time is asserted)."""
    import json
    import subprocess
    import sys

    reason = chromium_missing()
    if reason:
        pytest.skip(f"browser test skipped: {reason}")
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--loads", "1", "--keys", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    for figure, count in (("url_to_menu_ms", 1), ("key_to_screen_ms", 3)):
        assert report[figure]["n"] == count
        assert 0 < report[figure]["min"] <= report[figure]["median"] <= report[figure]["p95"] <= report[figure]["max"]
