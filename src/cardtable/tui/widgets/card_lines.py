"""The lines :class:`~.card_rows.CardRows` draws: a row of card chips under their marks
(the number that chooses a card, ✓ when selected, "hint", • when the others know it).

A row goes on one line while there is room: beside its title, or under it (the title on a
line of its own) when that keeps the cards on one line; only then does it wrap. ``big``:
each card drawn as a card (:func:`~..cardfaces.big_card`), for a hand with the room.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.style import Style

from ..cardfaces import BIG_HEIGHT, BIG_WIDTH, CHIP_WIDTH, CardStyle, big_card, chip
from ..presenters.base import KNOWN_MARK, CardItem, CardRow, PrivateArea

GAP = 1
NUMBER_KEYS = "1234567890"
KNOWN_LEGEND = f"{KNOWN_MARK} known"


def card_number(index: int, count: int) -> str:
    """The number shown over the card at ``index`` of a row of ``count`` (and typed to choose it)."""
    if index == 9 and count <= 10:
        return "0"
    return str(index + 1)


def typed_index(typed: str, count: int) -> tuple[int | None, bool]:
    """The card the digits ``typed`` name in a row of ``count`` (None: none), and whether
    a longer number could still follow them."""
    if typed == "0":
        return (9 if count >= 10 else None), False
    number = int(typed)
    longer = any(len(str(n)) > len(typed) and str(n).startswith(typed) for n in range(11, count + 1))
    return (number - 1 if 1 <= number <= count else None), longer


def fit(usable: int, card_width: int = CHIP_WIDTH) -> int:
    """How many cards ``card_width`` wide go on a line ``usable`` cells wide (at least one)."""
    return max(1, (usable + GAP) // (card_width + GAP))


@dataclass(frozen=True)
class Drawing:
    """What the rows look like now: the area, the cursor, the selected and hinted items."""

    area: PrivateArea
    cursor: tuple[int, int]
    selected: frozenset[str]
    hinted: frozenset[str]
    focused: bool
    style: CardStyle
    big: bool = False

    @property
    def card_width(self) -> int:
        return BIG_WIDTH if self.big else CHIP_WIDTH

    @property
    def card_lines(self) -> int:
        """The lines a line of cards takes: its marks, then the cards."""
        return 1 + (BIG_HEIGHT if self.big else 1)

    def one_line_each(self, width: int) -> bool:
        """Whether every row's cards go on one line at ``width``."""
        return all(len(row.items) <= self.layout(row, width)[1] for row in self.area.rows)

    @property
    def title_width(self) -> int:
        return max((len(row.title) for row in self.area.rows), default=0) + 2

    def layout(self, row: CardRow, width: int) -> tuple[bool, int]:
        """Whether ``row``'s title goes on a line of its own above its cards (they would wrap
        beside it but fit under it), and how many cards go on a line."""
        beside = fit(width - self.title_width, self.card_width)
        if len(row.items) <= beside:
            return False, beside
        under = fit(width, self.card_width)
        return (True, under) if len(row.items) <= under else (False, beside)

    def row_height(self, row: CardRow, width: int) -> int:
        if not row.items:
            return 2
        above, per_line = self.layout(row, width)
        return int(above) + self.card_lines * -(-len(row.items) // per_line)

    def cursor_line(self, width: int) -> int:
        """The line (from the top) of the marks above the cursor's card."""
        rows = self.area.rows
        r, i = self.cursor
        line = sum(self.row_height(row, width) for row in rows[:r])
        if r >= len(rows) or not rows[r].items:
            return line
        above, per_line = self.layout(rows[r], width)
        return line + int(above) + self.card_lines * (i // per_line)

    def lines(self, width: int) -> list[Content]:
        """Two lines per line of cards: the marks above the chips; the row's title left of its
        first line of chips (or above them, if that keeps them on one line)."""
        lines: list[Content] = []
        for r, row in enumerate(self.area.rows):
            current = r == self.cursor[0] and self.area.active
            title = Content.styled(row.title.ljust(self.title_width), "bold" if current else "$text-muted")
            if not row.items:
                lines += [Content(""), Content.assemble(title, Content.styled("none", "$text-muted"))]
                continue
            above, per_line = self.layout(row, width)
            if above:
                known = any(item.known for item in row.items)
                heading = Content.assemble(title, Content.styled(KNOWN_LEGEND, "$warning")) if known else title
                lines.append(heading.rstrip())
            lines += self.row_lines(r, row, per_line, None if above else title)
        return lines

    def row_lines(self, r: int, row: CardRow, per_line: int, title: Content | None) -> list[Content]:
        """A row's cards, ``per_line`` a line, each under its mark; ``title`` left of the first line."""
        indent = self.title_width if title is not None else 0
        blank = Content(" " * indent)
        lines: list[Content] = []
        for start in range(0, len(row.items), per_line):
            marks: list[Content | str] = [blank]
            if start == 0 and title is not None and any(item.known for item in row.items):  # the marks' legend
                marks = [Content.styled(KNOWN_LEGEND.ljust(indent), "$warning")]
            faces = [
                self.face(r, index, row.items[index]) for index in range(start, min(start + per_line, len(row.items)))
            ]
            pad = " " * ((self.card_width - CHIP_WIDTH) // 2)
            for index in range(start, start + len(faces)):
                marks += [" " * GAP] if index > start else []
                marks += [pad, self.mark(r, index, row), pad]
            lines.append(Content.assemble(*marks).rstrip())
            for height in range(self.card_lines - 1):
                middle = height == (self.card_lines - 1) // 2  # (the title beside the cards' middle line)
                first = title if start == 0 and title is not None and middle else blank
                lines.append(Content.assemble(first, Content(" " * GAP).join(face[height] for face in faces)))
        return lines

    def face(self, r: int, index: int, item: CardItem) -> list[Content]:
        """The card's lines: one chip, or a big card's :data:`BIG_HEIGHT` lines."""
        if not self.big:
            return [self.chip(r, index, item)]
        meta = Style.from_meta({"card": (r, index)})
        return [line.stylize(meta) for line in big_card(item.card, self.style, state=self.state(r, index, item))]

    def state(self, r: int, index: int, item: CardItem) -> str:
        state = "dim" if self.area.active and not item.playable else "normal"
        if self.focused and self.area.active and (r, index) == self.cursor:
            state = "cursor"
        return state

    def chip(self, r: int, index: int, item: CardItem) -> Content:
        return chip(item.card, self.style, self.state(r, index, item)).stylize(Style.from_meta({"card": (r, index)}))

    def mark(self, r: int, index: int, row: CardRow) -> Content:
        item = row.items[index]
        if item.key in self.hinted:  # (a hinted card's mark says so, in place of the known mark)
            return Content.styled("✓hint" if item.key in self.selected else "hint ", "bold $accent")
        if item.key in self.selected:
            mark = Content.styled("  ✓  ", "bold $success")
        elif self.area.active and r == self.cursor[0]:
            number = card_number(index, len(row.items))
            mark = Content.styled(f"  {number}  " if len(number) == 1 else f" {number:>2}  ", "$text-muted")
        else:
            mark = Content(" " * CHIP_WIDTH)
        if item.known:  # "•" right of the number: the other players know this card
            mark = Content.assemble(mark[:3], Content.styled(KNOWN_MARK, "bold $warning"), mark[4:])
        return mark
