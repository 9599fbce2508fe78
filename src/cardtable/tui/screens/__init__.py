"""The app's screens: one module each.

The app parses only its own and the menu's styles at start (``CardtableApp.CSS_PATH``);
every other screen names the rest in its ``CSS_PATH``, read by Textual when such a
screen is first shown. All four files are listed, in the same order everywhere, so
that the cascade is the same whichever screen comes first.
"""

from pathlib import Path, PurePath

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
