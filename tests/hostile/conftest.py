"""The hostile-input probes (probing.py and probe_*.py) are imported by the tests here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def _memory_bound():
    import probing

    old = probing.limit_memory(3)  # a file read without bound fails the test instead of the machine
    yield
    probing.restore_memory(old)  # later tests (Chromium's) must not inherit the cap
