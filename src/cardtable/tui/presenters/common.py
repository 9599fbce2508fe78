"""Drawing helpers shared by the presenters' table widgets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.content import Content
from textual.widgets import Static

from ...core.engine import Event
from ..cardfaces import CardStyle, colour_suits
from ..widgets.text_table import table_lines
from .base import TableWidget

#: The room a table needs to draw cards as cards (:mod:`~cardtable.tui.cardfaces`' big faces):
#: a screen this tall, and the table this wide.
ROOMY_HEIGHT = 34
ROOMY_WIDTH = 60
TIGHT_WIDTH, TIGHT_HEIGHT = 64, 30  # a narrow screen this short: no blank line before the players


def players_table(
    names: Sequence[str],
    headers: Sequence[str],
    rows: Sequence[Sequence[str | Content]],
    acting: Sequence[int] = (),
    out: Sequence[int] = (),
    width: int = 0,
    align: str = "",
    min_widths: Sequence[int] = (),
) -> Content:
    """One line per seat: a marker for whoever acts now, the name, then the cells.

    Cells may be Content (card chips); columns are padded to their widest cell
    (at least ``min_widths``, one per header), two spaces apart, or one when that is
    too wide for ``width`` (if given). ``align``: "l" or "r" per header (default: "r").
    """
    table = [["", "Player", *headers]] + [
        ["▶" if seat in acting else " ", names[seat], *rows[seat]] for seat in range(len(names))
    ]
    lines, gap = table_lines(table, "ll" + (align or "r" * len(headers)), width, (0, 0, *min_widths))
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


def last_move(events: Sequence[Event], starts: Iterable[str], within: int = 40) -> list[Event]:
    """The events of the last move the log has shown: from the last event of a kind in ``starts``
    (a play, a draw...) to the end (looked for among the last ``within``)."""
    starts = set(starts)
    for back, event in enumerate(reversed(events[-within:])):
        if event.kind in starts:
            return list(events[len(events) - back - 1 :])
    return []


def caption(events: Sequence[Event], names: Sequence[str], style: CardStyle) -> Content:
    """The last move in words, over the table ("Last: Bob plays 8♠"): its first event and, for a
    longer one, its latest ("Numbers shown: …; … Bob draws 5♦ into the center")."""
    if not events:
        return Content("")
    shown = [events[0].render(names).rstrip(".")] + ([f"… {events[-1].render(names)}"] if len(events) > 1 else [])
    return Content.assemble(label("Last: "), colour_suits("; ".join(shown), style))


class ContentTable(Static, TableWidget):
    """A table widget that redraws itself from (view, names, style, events) via ``draw``
    (again when its size changes: ``fit_width`` is the width to fit, ``roomy`` whether
    cards may be drawn as cards); ``events``: the public events the log has shown."""

    _shown: tuple | None = None
    events: Sequence[Event] = ()

    @property
    def fit_width(self) -> int:
        return self.content_region.width

    @property
    def roomy(self) -> bool:
        """Whether there is room for bigger card faces: a tall screen and a wide table."""
        if not self.is_attached:
            return False
        return self.app.size.height >= ROOMY_HEIGHT and self.fit_width >= ROOMY_WIDTH

    @property
    def gap(self) -> list[Content]:
        """The blank line before the players' table, left out on a narrow, short screen (a phone's)."""
        if self.is_attached and self.app.size.width < TIGHT_WIDTH and self.app.size.height < TIGHT_HEIGHT:
            return []
        return [Content("")]

    def show(self, view, names: Sequence[str], style: CardStyle, events: Sequence[Event] = ()) -> None:
        self.events = events
        self._shown = (view, list(names), style)
        self.update(self.draw(view, list(names), style))

    def on_resize(self) -> None:
        # (after this layout pass: an update made during it would keep the height of the old drawing)
        self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self._shown is not None:
            self.update(self.draw(*self._shown))

    def draw(self, view, names: list[str], style: CardStyle) -> Content:  # pragma: no cover
        raise NotImplementedError
