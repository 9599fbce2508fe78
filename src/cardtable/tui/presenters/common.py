"""Drawing helpers shared by the presenters' table widgets."""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.widgets import Static

from ..cardfaces import CardStyle
from ..widgets.text_table import table_lines
from .base import TableWidget


def players_table(
    names: Sequence[str],
    headers: Sequence[str],
    rows: Sequence[Sequence[str | Content]],
    acting: Sequence[int] = (),
    out: Sequence[int] = (),
    width: int = 0,
) -> Content:
    """One line per seat: a marker for whoever acts now, the name, then the cells.

    Cells may be Content (card chips); columns are padded to their widest cell,
    two spaces apart, or one when that is too wide for ``width`` (if given).
    """
    table = [["", "Player", *headers]] + [
        ["▶" if seat in acting else " ", names[seat], *rows[seat]] for seat in range(len(names))
    ]
    lines, gap = table_lines(table, "ll" + "r" * len(headers), width)
    for index, line in enumerate(lines):
        seat = index - 1
        if index == 0:
            line = line.stylize("bold $text-muted")
        elif seat in acting:
            start = 1 + len(gap)
            line = line.stylize("bold $accent", 0, 1).stylize("bold", start, start + len(names[seat]))
        elif seat in out:
            line = line.stylize("$text-muted")
        lines[index] = line
    return Content("\n").join(lines)


def label(text: str) -> Content:
    return Content.styled(text, "$text-muted")


class ContentTable(Static, TableWidget):
    """A table widget that redraws itself from (view, names, style) via ``draw``
    (again when its width changes: ``fit_width`` is the width to fit)."""

    _shown: tuple | None = None

    @property
    def fit_width(self) -> int:
        return self.content_region.width

    def show(self, view, names: Sequence[str], style: CardStyle) -> None:
        self._shown = (view, list(names), style)
        self.update(self.draw(view, list(names), style))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.update(self.draw(*self._shown))

    def draw(self, view, names: list[str], style: CardStyle) -> Content:  # pragma: no cover
        raise NotImplementedError
