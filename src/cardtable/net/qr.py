"""Join by code: a seat's browser address as a QR code drawn in the terminal.

The code is made by segno (:func:`matrix`); it is drawn with half blocks, two rows of
modules to a line of text (a terminal's cell is about twice as tall as it is wide, so the
modules come out square): ``█`` both dark, ``▀`` the upper one, ``▄`` the lower one, a
space neither, inside a light border (:data:`BORDER` modules; a reader wants a quiet zone).
A dark module is the ink, so on a terminal the code is drawn black on white (:func:`ansi`,
:func:`rich_code`) whatever the terminal's own colours: a phone's camera reads it as it
would on paper.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The light margin around the code, in modules (the standard asks for 4; 2 reads well on a screen).
BORDER = 2
#: Black on white: the escape codes around each line written to a terminal.
ON_WHITE, RESET = "\x1b[30;107m", "\x1b[0m"
BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def matrix(address: str) -> list[list[bool]]:
    """The code's modules (True: dark), row by row, without the border."""
    import segno

    code = segno.make(address, error="l", micro=False)  # (segno raises the level when the size allows)
    return [[bool(module) for module in row] for row in code.matrix]


def bordered(modules: Sequence[Sequence[bool]], border: int = BORDER) -> list[list[bool]]:
    width = len(modules[0]) + 2 * border
    blank = [[False] * width for _ in range(border)]
    rows = [[False] * border + list(row) + [False] * border for row in modules]
    return blank + rows + blank


def draw(modules: Sequence[Sequence[bool]], border: int = BORDER) -> list[str]:
    """The code as lines of half blocks (an odd last row of modules is paired with a light one)."""
    rows = bordered(modules, border)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def lines(address: str) -> list[str]:
    """``address`` as a QR code: lines of text, all the same width."""
    return draw(matrix(address))


def ansi(code: Sequence[str]) -> list[str]:
    """The lines of a code with the escape codes that draw them black on white."""
    return [f"{ON_WHITE}{line}{RESET}" for line in code]


def beside(code: Sequence[str], text: Sequence[str], gap: int = 2, colour: bool = False) -> list[str]:
    """The code's lines with ``text`` to the right of them, line by line (from the top)."""
    drawn = ansi(code) if colour else list(code)
    width = len(code[0]) if code else 0
    out = []
    for i in range(max(len(code), len(text))):
        left = drawn[i] if i < len(code) else " " * width
        right = text[i] if i < len(text) else ""
        out.append((left + " " * gap + right).rstrip() if right else left)
    return out


def wrapped(text: str, width: int) -> list[str]:
    """An address cut into lines of ``width`` characters (an address has no spaces to break at)."""
    width = max(width, 10)
    return [text[i : i + width] for i in range(0, len(text), width)] or [""]


def rich_code(address: str):
    """The code as a Rich :class:`~rich.text.Text`, black on white, for a Textual widget."""
    from rich.text import Text

    return Text("\n".join(lines(address)), style="#000000 on #ffffff", no_wrap=True, overflow="crop")
