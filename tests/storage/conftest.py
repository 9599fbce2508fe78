"""Fixtures of the storage tests (the user folders are redirected by tests/conftest.py).

``toy`` registers the small test game as "toy" for the duration of a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture
def toy(monkeypatch):
    import storage_toygame

    from cardtable import games

    monkeypatch.setitem(games.ROWS, storage_toygame.GAME_ID, storage_toygame.ROW)
    monkeypatch.setitem(sys.modules, "storage_toygame", storage_toygame)
    return storage_toygame.GAME
