"""The viewer's own cards as rows of card chips: choose with the arrows and
Enter, the number keys, or the mouse; select several of one group with Space.

Every card of a row has a number over it: 1 to 9, 0 for the tenth; in a row of more
than ten, the tenth is 10 and the next 11, 12...: a digit that may begin a longer
number waits a moment for the next (Enter, or the pause, takes the card it names).
The drawing is ``card_lines.py``'s.

Attributes down: the table sets :attr:`CardRows.area` (a
:class:`~cardtable.tui.presenters.base.PrivateArea`) and :attr:`style`.
Messages up: :class:`CardRows.Chosen` with the chosen items' keys, and
:class:`CardRows.Inspected` when the cursor lands on an item.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..cardfaces import CHIP_WIDTH, CardStyle
from ..presenters.base import CardItem, PrivateArea
from ..presenters.common import ROOMY_HEIGHT
from .card_lines import NUMBER_KEYS, Drawing, typed_index
from .size_notice import MIN_WIDTH

#: How long a digit that may begin a longer card number waits for the next one.
TYPING_PAUSE = 0.8


class CardRows(Widget, can_focus=True):
    BINDINGS = [
        Binding("left", "move(-1)", "Move", show=False, id="cards.left", tooltip="Move along your cards"),
        Binding("right", "move(1)", "Move", show=False, id="cards.right", tooltip="Move along your cards"),
        Binding(
            "up", "row(-1)", "Row", show=False, id="cards.up", tooltip="Another row (Shed: hand, face-up, face-down)"
        ),
        Binding(
            "down", "row(1)", "Row", show=False, id="cards.down", tooltip="Another row (Shed: hand, face-up, face-down)"
        ),
        Binding("home", "edge(0)", "First", show=False, id="cards.first", tooltip="The first or last card"),
        Binding("end", "edge(1)", "Last", show=False, id="cards.last", tooltip="The first or last card"),
        Binding(
            "enter",
            "choose",
            "Choose",
            id="cards.choose",
            tooltip="Choose the card (or click it); then confirm with Enter, Esc to cancel",
        ),
        Binding("space", "toggle", "Select", id="cards.select", tooltip="Select several cards of one rank (Shed)"),
        Binding("escape", "clear", "Clear", show=False, id="cards.clear", tooltip="Clear the selection"),
        Binding("w", "why", "Why not?", id="cards.why", tooltip="Why a dimmed card cannot be played"),
        *(
            Binding(
                key, f"number({i})", show=False, id=f"cards.number_{key}", tooltip="Choose the card with that number"
            )
            for i, key in enumerate(NUMBER_KEYS)
        ),
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
        drawing = self._drawing()
        return drawing.cursor_line(self._width()) if drawing is not None else 0

    def keep_cursor_in_sight(self) -> None:
        """Scroll the hand's container so the cursor's card (and its row's first line) shows."""
        parent = self.parent
        if not self.is_attached or not isinstance(parent, Widget) or not self._rows():
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
        self._stop_typing()
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

    def action_toggle(self) -> None:  # type: ignore[override]  # (the hand's own key; DOMNode's toggles an attribute named)
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

    _typed = ""  # the digits of a card number being typed
    _typing_timer = None

    def action_number(self, index: int) -> None:
        """Number keys: the card with that number in the row under the cursor (1-9, then 0 for
        the 10th; 11, 12... typed as two digits in a longer row)."""
        row = self._current_row()
        if row is None:
            return
        digit = NUMBER_KEYS[index]
        count = len(row.items)
        if self._typed:
            at, longer = typed_index(self._typed + digit, count)
            self._stop_typing()
            if at is not None:
                self._take(at, wait=longer)
                return
        at, longer = typed_index(digit, count)
        if at is not None:
            self._take(at, wait=longer, typed=digit)

    def _take(self, at: int, wait: bool, typed: str = "") -> None:
        """The cursor to card ``at``; chosen now, or after a pause if a longer number may follow."""
        self.cursor = (self.cursor[0], at)
        if not wait:
            self.action_choose()
            return
        self._typed = typed or self._typed
        self._inspect()
        self._typing_timer = self.set_timer(TYPING_PAUSE, self._typing_paused)

    def _typing_paused(self) -> None:
        self._typing_timer = None
        if self._typed:
            self._typed = ""
            self.action_choose()

    def _stop_typing(self) -> None:
        self._typed = ""
        if self._typing_timer is not None:
            self._typing_timer.stop()
            self._typing_timer = None

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

    # -- drawing (widgets/card_lines.py) ------------------------------------------------------
    def _drawing(self, width: int | None = None) -> Drawing | None:
        if self.area is None:
            return None
        drawing = Drawing(self.area, self.cursor, self.selected, self.hinted, self.has_focus, self.style)
        big = replace(drawing, big=True)
        return big if self._room_for(big, self._width() if width is None else width) else drawing

    def _room_for(self, big: Drawing, width: int) -> bool:
        """Whether the cards may be drawn as cards: a tall screen, every row on one line (on a
        wide one), and all of them in the room the hand has (without scrolling)."""
        parent = self.parent
        if not self.is_attached or self.app.size.height < ROOMY_HEIGHT or not isinstance(parent, Widget):
            return False
        # (a narrow screen, a phone's, has the height: its cards may wrap, to be large enough to tap)
        one_line = big.one_line_each(width) or self.app.size.width < MIN_WIDTH
        return one_line and len(big.lines(width)) <= parent.content_region.height

    def _lines(self, width: int) -> list[Content]:
        drawing = self._drawing(width)
        return drawing.lines(width) if drawing is not None else []

    def render(self) -> Content:
        return Content("\n").join(self._lines(self._width()))

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(max(width, CHIP_WIDTH))))


class CardScroll(VerticalScroll, can_focus=False):
    """Holds a :class:`CardRows` taller than the room left for it: the cursor's card stays in sight,
    also when the lines under the cards grow (a reason, a hint) and this gets shorter. It never
    takes the focus (Tab to it left Home and End scrolling it, not moving the card cursor)."""

    def on_resize(self, event: events.Resize) -> None:
        for rows in self.query_children(CardRows):
            rows.refresh(layout=True)  # (the cards may be drawn bigger, or smaller, in the new room)
            self.call_after_refresh(rows.keep_cursor_in_sight)
