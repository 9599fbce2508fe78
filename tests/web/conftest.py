"""The ``served`` fixture: a ``cardtable serve`` on a free loopback port (see webtab.py); the
``browser`` fixture: Debian's Chromium through Playwright (skipped, saying why, when missing)."""

from __future__ import annotations

import pytest
from webtab import chromium_missing, launch_chromium, start_server


@pytest.fixture
def served():
    server = start_server()
    yield server
    try:
        server.stop()
    finally:
        server.kill()
    print(f"server output:\n{server.out}\n{server.err}")  # shown when a test fails


@pytest.fixture
def browser():
    reason = chromium_missing()
    if reason:
        pytest.skip(f"browser test skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()
