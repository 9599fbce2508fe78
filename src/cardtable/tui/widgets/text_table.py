"""A small aligned table as styled text (summaries, rankings, reveals)."""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from textual.content import Content


def text_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    align: str = "",
    highlight: Sequence[int] = (),
) -> Content:
    """Columns padded to their widest cell; ``align`` holds one of "l"/"r" per column
    (default: first column left, the rest right); ``highlight`` rows are bold."""
    columns = len(headers)
    align = align or "l" + "r" * (columns - 1)
    widths = [max([cell_len(str(h))] + [cell_len(str(r[c])) for r in rows]) for c, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for c, cell in enumerate(cells):
            pad = " " * (widths[c] - cell_len(str(cell)))
            parts.append(f"{cell}{pad}" if align[c] == "l" else f"{pad}{cell}")
        return "  ".join(parts).rstrip()

    lines: list[Content] = [Content.styled(line(headers), "bold $text-muted")]
    for index, row in enumerate(rows):
        text = line([str(cell) for cell in row])
        lines.append(Content.styled(text, "bold") if index in highlight else Content(text))
    return Content("\n").join(lines)
