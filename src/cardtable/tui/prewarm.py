"""Imports done in the background once the first screen is drawn.

The menu shows without pydantic, the game options or the Markdown renderer;
the new-game form and the rules need them on their first showing (about a
third of the time to open the form). A daemon thread imports them while the
player reads the menu. Only modules that import nothing of the app above them
are listed (pydantic, the options, Rich's Markdown), so the thread and the
event loop never wait on each other's imports; the engines are imported when a
game starts, not here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from importlib import import_module

from ..games import ROWS


def modules() -> list[str]:
    """What to import: the options of every game (with pydantic and ``core.engine``), the rules' renderer."""
    return [f"{row.engine}.options" for row in ROWS.values()] + ["rich.markdown"]


def _import_all(names: Iterable[str]) -> None:
    for name in names:
        try:
            import_module(name)
        except BaseException:  # noqa: BLE001 (a missing module is imported, and reported, when it is used)
            pass


def start(names: Iterable[str] | None = None) -> threading.Thread:
    """Import ``names`` (default :func:`modules`) in a daemon thread; returns the thread."""
    thread = threading.Thread(
        target=_import_all, args=(list(modules() if names is None else names),), name="cardtable-prewarm", daemon=True
    )
    thread.start()
    return thread
