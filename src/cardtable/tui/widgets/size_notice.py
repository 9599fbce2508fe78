"""Shown instead of a screen's content when the terminal is too small.

Every screen yields a :class:`SizeNotice` last; the app's breakpoints give the
screen the class ``-too-narrow`` or ``-too-short`` below the minimum size (or
``-narrow`` with ``-fits-height``: a narrow screen, a phone's, needs more lines), and
``app.tcss`` then hides the screen's other widgets and shows the notice. The
screen's state is untouched, so enlarging the terminal brings it all back.
"""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 64
MIN_HEIGHT = 20
#: The narrow layout's minimum (a phone held upright): one column, the log under the hand.
NARROW_WIDTH = 40
NARROW_HEIGHT = 25
#: The app's breakpoints: the class a screen gets for its width and for its height. A
#: ``-narrow`` screen is one column (a phone's layout); it needs ``-fits-narrow``'s lines, or
#: the notice shows; ``-fits-phone``: a narrow screen this tall has a longer log.
WIDTHS = [(0, "-too-narrow"), (NARROW_WIDTH, "-narrow"), (MIN_WIDTH, "-fits-width"), (110, "-wide")]
HEIGHTS = [
    (0, "-too-short"),
    (MIN_HEIGHT, "-fits-height"),
    (NARROW_HEIGHT, "-fits-narrow"),
    (30, "-fits-phone"),
    (34, "-tall"),
]


def notice_text(web: bool) -> str:
    size = f"at least {MIN_WIDTH} columns by {MIN_HEIGHT} lines (or, narrower, {NARROW_WIDTH} by {NARROW_HEIGHT})"
    if web:
        return (
            "This page is too small for cardtable.\n\n"
            f"Please make the browser window larger, or zoom out (Ctrl+-), to {size}."
        )
    return f"The terminal is too small for cardtable.\n\nPlease make it {size}."


class SizeNotice(Static):
    """The app records the widget that lost the focus when the screen became too small
    (``screen._focus_before_notice``); once the notice hides again, that widget gets it back
    (so the footer shows its keys again)."""

    def __init__(self) -> None:
        super().__init__(notice_text(web=False), classes="size-notice")

    def on_mount(self) -> None:
        if self.app.is_web:  # (a browser user has a page, not a terminal)
            self.update(notice_text(web=True))

    def on_hide(self) -> None:
        screen = self.screen
        widget = getattr(screen, "_focus_before_notice", None)
        if widget is None:
            return
        screen._focus_before_notice = None  # type: ignore[attr-defined]
        if screen.focused is None and widget.is_attached:
            widget.focus()
