"""The move log: event lines with names, card faces coloured by suit.

The table gives it the lines its current viewer may see (``set_lines``), or
adds new ones (``add_lines``); it keeps the source lines so it can redraw on a
resize or a change of theme.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ..cardfaces import CardStyle, colour_suits

MAX_LINES = 150


class MoveLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=MAX_LINES, min_width=1, **kwargs)
        self.source: list[str] = []
        self.card_style = CardStyle()
        self.can_focus = False

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._redraw, init=False)

    def set_lines(self, lines: list[str]) -> None:
        self.source = list(lines[-MAX_LINES:])
        self._redraw()

    def add_lines(self, lines: list[str]) -> None:
        self.source.extend(lines)
        del self.source[:-MAX_LINES]
        for line in lines:
            self.write(self._text(line))
        # in sight now, not after the next refresh: the table drawn next must not be ahead of it
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def _redraw(self, *_args) -> None:
        self.clear()
        for line in self.source:
            self.write(self._text(line))

    def _text(self, line: str) -> Text:
        return log_text(line, self.card_style, getattr(self.app, "theme_variables", {}))


def log_text(line: str, card_style: CardStyle, variables: dict[str, str]) -> Text:
    """A log line as Rich text, card faces coloured, the suits' CSS variables resolved
    from ``variables`` (the app's ``theme_variables``, for the current theme)."""
    content = colour_suits(line, card_style)
    text = Text(content.plain)
    for span in content.spans:
        style = str(span.style)
        colour = next((variables.get(part[1:]) for part in style.split() if part.startswith("$")), None)
        text.stylize(Style(bold="bold" in style, color=colour), span.start, span.end)
    return text
