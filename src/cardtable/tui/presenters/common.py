"""Drawing helpers shared by the presenters' table widgets."""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from ..cardfaces import CardStyle
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
    widths = [max(_width(row[c]) for row in table) for c in range(len(table[0]))]
    gap = "  "
    if width and sum(widths) + 2 * (len(widths) - 1) > width:
        gap = " "
    lines: list[Content] = []
    for index, row in enumerate(table):
        parts: list[Content | str] = []
        for c, cell in enumerate(row):
            if c:
                parts.append(gap)
            pad = " " * (widths[c] - _width(cell))
            cell_content = cell if isinstance(cell, Content) else Content(str(cell))
            if c >= 2 and not isinstance(cell, Content):
                parts.extend([pad, cell_content])  # numbers to the right
            else:
                parts.extend([cell_content, pad])
        line = Content.assemble(*parts).rstrip()
        seat = index - 1
        if index == 0:
            line = line.stylize("bold $text-muted")
        elif seat in acting:
            start = 1 + len(gap)
            line = line.stylize("bold $accent", 0, 1).stylize("bold", start, start + len(names[seat]))
        elif seat in out:
            line = line.stylize("$text-muted")
        lines.append(line)
    return Content("\n").join(lines)


def _width(cell: str | Content) -> int:
    return cell.cell_length if isinstance(cell, Content) else cell_len(str(cell))


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
