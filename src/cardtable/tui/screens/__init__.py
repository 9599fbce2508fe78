"""The app's screens: one module each.

The app parses only its own and the menu's styles at start (``CardtableApp.CSS_PATH``);
every other screen names the rest in its ``CSS_PATH``, read by Textual when such a
screen is first shown. All four files are listed, in the same order everywhere, so
that the cascade is the same whichever screen comes first.
"""

from collections.abc import Callable
from functools import wraps
from pathlib import Path, PurePath
from typing import Any, TypeVar

from textual.screen import Screen

S = TypeVar("S", bound=Screen[Any])

STYLES = Path(__file__).resolve().parent.parent / "styles"
#: The styles of the forms, the pages, the table and the dialogs (every screen but the menu).
SCREEN_CSS: list[str | PurePath] = [
    STYLES / name for name in ("forms.tcss", "pages.tcss", "table.tcss", "dialogs.tcss")
]


def size_classes() -> str:
    """The app's breakpoint classes (``-fits-width -tall`` ...) for its size now, for a new
    screen's ``classes``: Textual adds them when the screen first learns its size, and a
    change of classes then restyles the whole screen; born with them, it is not restyled."""
    from textual._context import active_app

    try:
        app = active_app.get()
    except LookupError:
        return ""
    found = []
    for size, breakpoints in (
        (app.size.width, app.HORIZONTAL_BREAKPOINTS),
        (app.size.height, app.VERTICAL_BREAKPOINTS),
    ):
        passed = [name for at, name in sorted(breakpoints or []) if size >= at]
        found += passed[-1:]
    return " ".join(found)


def once_built(on_mount: Callable[[S], None]) -> Callable[[S], None]:
    """A screen's ``on_mount`` that reads its own widgets, run only if they were mounted.

    A screen pushed as the app quits (or as it is dismissed) is composed but, being pruned,
    gets none of its widgets (Textual's ``mount`` mounts nothing then), and its ``Mount``
    still comes: a query there would fail and print a traceback on the way out. Such a screen
    has no children, or is losing them (Textual's ``display`` is False for a node being
    pruned or closed), and nothing to set up."""

    @wraps(on_mount)
    def when_built(screen: S) -> None:
        if screen.children and screen.display:
            on_mount(screen)

    when_built.once_built = True  # type: ignore[attr-defined]
    return when_built
