"""The viewer's own cards as rows of card chips: choose with the arrows and
Enter, the number keys, or the mouse; select several of one group with Space.

Attributes down: the table sets :attr:`CardRows.area` (a
:class:`~cardtable.tui.presenters.base.PrivateArea`) and :attr:`style`.
Messages up: :class:`CardRows.Chosen` with the chosen items' keys, and
:class:`CardRows.Inspected` when the cursor lands on an item.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from ..cardfaces import CHIP_WIDTH, CardStyle, chip
from ..presenters.base import KNOWN_MARK, CardItem, PrivateArea

GAP = 1
NUMBER_KEYS = "1234567890"


class CardRows(Widget, can_focus=True):
    BINDINGS = [
        Binding("left", "move(-1)", "Move", show=False, id="cards.left", tooltip="Move along your cards"),
        Binding("right", "move(1)", "Move", show=False, id="cards.right", tooltip="Move along your cards"),
        Binding("up", "row(-1)", "Row", show=False, id="cards.up", tooltip="Another row (Shed: hand, face-up, face-down)"),
        Binding("down", "row(1)", "Row", show=False, id="cards.down", tooltip="Another row (Shed: hand, face-up, face-down)"),
        Binding("home", "edge(0)", "First", show=False, id="cards.first", tooltip="The first or last card"),
        Binding("end", "edge(1)", "Last", show=False, id="cards.last", tooltip="The first or last card"),
        Binding("enter", "choose", "Choose", id="cards.choose", tooltip="Choose the card (or click it); then confirm with Enter, Esc to cancel"),
        Binding("space", "toggle", "Select", id="cards.select", tooltip="Select several cards of one rank (Shed)"),
        Binding("escape", "clear", "Clear", show=False, id="cards.clear", tooltip="Clear the selection"),
        Binding("w", "why", "Why not?", id="cards.why", tooltip="Why a dimmed card cannot be played"),
        *(Binding(key, f"number({i})", show=False, id=f"cards.number_{key}", tooltip="Choose the card with that number") for i, key in enumerate(NUMBER_KEYS)),
    ]

    area: reactive[PrivateArea | None] = reactive(None, layout=True, bindings=True)
    style: reactive[CardStyle] = reactive(CardStyle(), layout=True)
    cursor: reactive[tuple[int, int]] = reactive((0, 0))
    selected: reactive[frozenset[str]] = reactive(frozenset(), bindings=True)
    locked: reactive[bool] = reactive(False, bindings=True)  # a move awaits confirmation
    hinted: reactive[frozenset[str]] = reactive(frozenset())  # the items of a hint's move (marked "hint")

    class Chosen(Message):
        """The player chose these items (the cursor's, plus any selected)."""

        def __init__(self, keys: tuple[str, ...]) -> None:
            super().__init__()
            self.keys = keys

    class Inspected(Message):
        """The cursor is on an item (the table may show why it cannot be played)."""

        def __init__(self, item: CardItem | None, why: bool = False) -> None:
            super().__init__()
            self.item = item
            self.why = why

    # -- the model -------------------------------------------------------------------
    def watch_area(self, old: PrivateArea | None, new: PrivateArea | None) -> None:
        if new is None:
            self.selected = frozenset()
            self.hinted = frozenset()
            return
        if old is None or [r.key for r in old.rows] != [r.key for r in new.rows] or not new.active:
            self.selected = frozenset()
            self.hinted = frozenset()
        keys = {item.key for row in new.rows for item in row.items}
        self.selected = frozenset(k for k in self.selected if k in keys)
        self.cursor = self._clamped(self.cursor, prefer_playable=old is None or not (old.active))
        self._inspect()
        self.call_after_refresh(self.keep_cursor_in_sight)

    def watch_cursor(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        # the footer's keys change only if the card under the cursor changes playability or row
        if self._footer_state(old) != self._footer_state(new):
            self.refresh_bindings()
        self.keep_cursor_in_sight()
        # and again once the lines under the cards (the hint, a reason) have taken their room
        self.call_after_refresh(self.keep_cursor_in_sight)

    def _width(self) -> int:
        return max(self.content_region.width or self.size.width, CHIP_WIDTH)

    def cursor_line(self) -> int:
        """The line (from the top of this widget) of the number marks above the cursor's card."""
        per_line = self._per_line(self._width())
        rows = self._rows()
        r, i = self.cursor
        line = 0
        for row in rows[:r]:
            line += 2 * max(1, -(-len(row.items) // per_line))
        return line + 2 * (i // per_line)

    def keep_cursor_in_sight(self) -> None:
        """Scroll the hand's container so the cursor's card (and its row's first line) shows."""
        parent = self.parent
        if not self.is_attached or parent is None or not self._rows():
            return
        line = self.cursor_line()
        parent.scroll_to_region(Region(0, self.virtual_region.y + line, 1, 2), animate=False, immediate=True)

    def _footer_state(self, cursor: tuple[int, int]) -> tuple:
        rows = self._rows()
        r, i = cursor
        if r >= len(rows) or i >= len(rows[r].items):
            return (None, None)
        return (rows[r].multi, rows[r].items[i].playable)

    def _rows(self):
        return self.area.rows if self.area else ()

    def _clamped(self, cursor: tuple[int, int], prefer_playable: bool = False) -> tuple[int, int]:
        rows = self._rows()
        nonempty = [i for i, row in enumerate(rows) if row.items]
        if not nonempty:
            return (0, 0)
        if prefer_playable and self.area and self.area.active:
            for r in nonempty:
                for i, item in enumerate(rows[r].items):
                    if item.playable:
                        return (r, i)
        r, i = cursor
        if r not in nonempty:
            r = min(nonempty, key=lambda n: abs(n - r))
        return (r, max(0, min(i, len(rows[r].items) - 1)))

    @property
    def current(self) -> CardItem | None:
        rows = self._rows()
        r, i = self.cursor
        if r < len(rows) and i < len(rows[r].items):
            return rows[r].items[i]
        return None

    def _row_of(self, key: str):
        for row in self._rows():
            if any(item.key == key for item in row.items):
                return row
        return None

    def _inspect(self, why: bool = False) -> None:
        if self.area is not None and self.area.active:
            self.post_message(self.Inspected(self.current, why))

    def show_hint(self, keys: tuple[str, ...]) -> None:
        """Mark a hint's items, put the cursor on the first and select the rest with it
        (Enter then makes the hinted move); () clears the mark."""
        self.hinted = frozenset(keys)
        where = [(r, i) for r, row in enumerate(self._rows()) for i, item in enumerate(row.items) if item.key in keys]
        if not where:
            return
        self.cursor = where[0]
        row = self._rows()[where[0][0]]
        self.selected = frozenset(keys) if row.multi and len(keys) > 1 else frozenset()

    # -- actions -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        active = self.area is not None and self.area.active and not self.locked
        if self.locked and action != "pick":
            return False
        if action in ("choose", "why", "toggle", "clear", "number"):
            if not active:
                return False
            if action == "toggle":
                row = self._current_row()
                return True if row is not None and row.multi else False
            if action == "why":
                item = self.current
                return item is not None and not item.playable
            if action == "clear":
                return bool(self.selected)
        return True

    def _current_row(self):
        rows = self._rows()
        r = self.cursor[0]
        return rows[r] if r < len(rows) else None

    def action_move(self, step: int) -> None:
        row = self._current_row()
        if row is None or not row.items:
            return
        r, i = self.cursor
        self.cursor = (r, (i + step) % len(row.items))
        self._inspect()

    def action_row(self, step: int) -> None:
        rows = self._rows()
        r, i = self.cursor
        candidates = [n for n in range(len(rows)) if rows[n].items]
        if not candidates:
            return
        later = [n for n in candidates if (n - r) * step > 0]
        if not later:
            return
        target = min(later, key=lambda n: abs(n - r))
        self.cursor = self._clamped((target, i))
        self._inspect()

    def action_edge(self, end: int) -> None:
        row = self._current_row()
        if row and row.items:
            self.cursor = (self.cursor[0], len(row.items) - 1 if end else 0)
            self._inspect()

    def action_choose(self) -> None:
        item = self.current
        if item is None:
            return
        if not item.playable:
            self._inspect()  # the table says why, under the cards
            return
        row = self._current_row()
        keys = set(self.selected) if row is not None and row.multi else set()
        keys.add(item.key)
        self.post_message(self.Chosen(tuple(k for r in self._rows() for k in (it.key for it in r.items) if k in keys)))

    def action_toggle(self) -> None:
        item, row = self.current, self._current_row()
        if item is None or row is None or not row.multi:
            return
        if item.key in self.selected:
            self.selected = self.selected - {item.key}
            return
        same = [k for k in self.selected if self._group(k) == item.group and self._row_of(k) is row]
        self.selected = frozenset(same) | {item.key}

    def _group(self, key: str):
        for row in self._rows():
            for item in row.items:
                if item.key == key:
                    return item.group
        return None

    def action_clear(self) -> None:
        self.selected = frozenset()

    def action_why(self) -> None:
        self._inspect(why=True)

    def action_number(self, index: int) -> None:
        """Number keys: the n-th card of the row under the cursor (1-9, then 0 for the 10th)."""
        row = self._current_row()
        if row is None or index >= len(row.items):
            return
        self.cursor = (self.cursor[0], index)
        self.action_choose()

    def on_click(self, event: events.Click) -> None:
        where = event.style.meta.get("card")
        if where is not None:
            event.stop()
            self.action_pick(*where)

    def action_pick(self, row: int, index: int) -> None:
        """A mouse click on a card."""
        rows = self._rows()
        if row < len(rows) and index < len(rows[row].items):
            self.focus()
            self.cursor = (row, index)
            if self.area is not None and self.area.active and not self.locked:
                self.action_choose()

    # -- drawing ------------------------------------------------------------------------
    def _title_width(self) -> int:
        rows = self._rows()
        return max((len(row.title) for row in rows), default=0) + 2

    def _per_line(self, width: int) -> int:
        usable = width - self._title_width()
        return max(1, (usable + GAP) // (CHIP_WIDTH + GAP))

    def _lines(self, width: int) -> list[Content]:
        """Two lines per line of cards: number keys (or ✓ for selected cards) above the chips;
        the row's title left of its first line of chips."""
        area = self.area
        if area is None:
            return []
        lines: list[Content] = []
        per_line = self._per_line(width)
        title_width = self._title_width()
        focused = self.has_focus and area.active
        for r, row in enumerate(area.rows):
            current = r == self.cursor[0] and area.active
            title = Content.styled(row.title.ljust(title_width), "bold" if current else "$text-muted")
            blank = Content(" " * title_width)
            if not row.items:
                lines.append(Content(""))
                lines.append(Content.assemble(title, Content.styled("none", "$text-muted")))
                continue
            for start in range(0, len(row.items), per_line):
                chunk = row.items[start : start + per_line]
                marks: list[Content | str] = [blank]
                if start == 0 and any(item.known for item in row.items):  # the legend of the marks
                    marks = [Content.styled(f"{KNOWN_MARK} known".ljust(title_width), "$warning")]
                chips: list[Content | str] = [title if start == 0 else blank]
                for offset, item in enumerate(chunk):
                    index = start + offset
                    if offset:
                        marks.append(" " * GAP)
                        chips.append(" " * GAP)
                    marks.append(self._mark(r, index, item, area.active))
                    state = "normal"
                    if area.active and not item.playable:
                        state = "dim"
                    if focused and (r, index) == self.cursor:
                        state = "cursor"
                    chips.append(chip(item.card, self.style, state).stylize(Style.from_meta({"card": (r, index)})))
                lines.append(Content.assemble(*marks).rstrip())
                lines.append(Content.assemble(*chips))
        return lines

    def _mark(self, r: int, index: int, item: CardItem, active: bool) -> Content:
        if item.key in self.hinted:  # (a hinted card's mark says so, in place of the known mark)
            return Content.styled("✓hint" if item.key in self.selected else "hint ", "bold $accent")
        if item.key in self.selected:
            mark = Content.styled("  ✓  ", "bold $success")
        elif active and r == self.cursor[0] and index < len(NUMBER_KEYS):
            mark = Content.styled(f"  {NUMBER_KEYS[index]}  ", "$text-muted")
        else:
            mark = Content(" " * CHIP_WIDTH)
        if item.known:  # "•" right of the key: the other players know this card
            mark = Content.assemble(mark[:3], Content.styled(KNOWN_MARK, "bold $warning"), mark[4:])
        return mark

    def render(self) -> Content:
        return Content("\n").join(self._lines(self._width()))

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(max(width, CHIP_WIDTH))))


class CardScroll(VerticalScroll):
    """Holds a :class:`CardRows` taller than the room left for it: the cursor's card stays in sight,
    also when the lines under the cards grow (a reason, a hint) and this gets shorter."""

    def on_resize(self, event: events.Resize) -> None:
        for rows in self.query_children(CardRows):
            self.call_after_refresh(rows.keep_cursor_in_sight)
