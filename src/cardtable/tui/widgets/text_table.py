"""Aligned tables as styled text: summaries, rankings, reveals and the game tables' players.

:func:`table_lines` pads the columns (the one place that does); :func:`text_table`
adds a muted bold header and bold rows, and the presenters'
:func:`~cardtable.tui.presenters.common.players_table` its own marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content

Cell = object  # a string, a number, or Content (card chips)


def _width(cell: Cell) -> int:
    return cell.cell_length if isinstance(cell, Content) else cell_len(str(cell))


def table_lines(
    rows: Sequence[Sequence[Cell]], align: str, width: int = 0, min_widths: Sequence[int] = ()
) -> tuple[list[Content], str]:
    """Each row as one line, columns padded to their widest cell, and the gap used.

    ``align`` holds "l" or "r" per column; Content cells (card chips) are always
    left-aligned. Columns are two spaces apart, or one when that is too wide for
    ``width`` (if given). ``min_widths``: the least width of each column (a column
    whose cells change, kept as wide as its widest possible cell, moves nothing).
    """
    columns = len(rows[0]) if rows else 0
    least = list(min_widths) + [0] * (columns - len(min_widths))
    widths = [max([least[c]] + [_width(row[c]) for row in rows]) for c in range(columns)]
    gap = " " if width and sum(widths) + 2 * (columns - 1) > width else "  "
    lines = []
    for row in rows:
        parts: list[Content | str] = []
        for c, cell in enumerate(row):
            if c:
                parts.append(gap)
            pad = " " * (widths[c] - _width(cell))
            content = cell if isinstance(cell, Content) else Content(str(cell))
            parts.extend([pad, content] if align[c] == "r" and not isinstance(cell, Content) else [content, pad])
        lines.append(Content.assemble(*parts).rstrip())
    return lines, gap


def text_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    align: str = "",
    highlight: Sequence[int] = (),
) -> Content:
    """Columns padded to their widest cell; ``align`` holds one of "l"/"r" per column
    (default: first column left, the rest right); ``highlight`` rows are bold."""
    align = align or "l" + "r" * (len(headers) - 1)
    lines, _gap = table_lines([list(headers), *rows], align)
    lines[0] = lines[0].stylize("bold $text-muted")
    for index in highlight:
        lines[index + 1] = lines[index + 1].stylize("bold")
    return Content("\n").join(lines)
