"""The ``served`` fixture: a ``cardtable serve`` on a free loopback port (see webtab.py)."""

from __future__ import annotations

import pytest

from webtab import start_server


@pytest.fixture
def served():
    server = start_server()
    yield server
    try:
        server.stop()
    finally:
        server.kill()
    print(f"server output:\n{server.out}\n{server.err}")  # shown when a test fails
