"""Shown instead of a screen's content when the terminal is too small.

Every screen yields a :class:`SizeNotice` last; the app's breakpoints give the
screen the class ``-too-narrow`` or ``-too-short`` below the minimum size, and
``app.tcss`` then hides the screen's other widgets and shows the notice. The
screen's state is untouched, so enlarging the terminal brings it all back.
"""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 64
MIN_HEIGHT = 20


class SizeNotice(Static):
    """The app records the widget that lost the focus when the screen became too small
    (``screen._focus_before_notice``); once the notice hides again, that widget gets it back
    (so the footer shows its keys again)."""

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is too small for cardtable.\n\n"
            f"Please make it at least {MIN_WIDTH} columns by {MIN_HEIGHT} lines.",
            classes="size-notice",
        )

    def on_hide(self) -> None:
        screen = self.screen
        widget = getattr(screen, "_focus_before_notice", None)
        if widget is None:
            return
        screen._focus_before_notice = None  # type: ignore[attr-defined]
        if screen.focused is None and widget.is_attached:
            widget.focus()
