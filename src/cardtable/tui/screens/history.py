"""History (``l`` at the table): the whole log of the game so far, searchable.

The table gives it the events its log may show the seat on screen (or only the
public ones when no hand is on screen), every one of them, where the table's
log keeps the last 150 lines. Rounds, hands and phases are headings, as the
game's presenter names them (``Presenter.heading``). Typing in the search box
keeps the lines that contain the text (a heading that matches keeps its whole
part); card faces match as drawn or as letters (``kc`` finds ``K♣``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static

from ...core.engine import Event
from ..cardfaces import CardStyle, plain_cards
from ..widgets.footer import KeysFooter
from ..widgets.move_log import log_text
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


@dataclass(frozen=True)
class Entry:
    text: str
    heading: bool = False


def history_entries(
    events: Sequence[Event],
    names: Sequence[str],
    heading: Callable[[Event | None], str | None],
    notes: Sequence[tuple[int, str]] = (),
) -> list[Entry]:
    """The events as lines, a heading before each round, hand or phase that has lines
    (``heading(None)``: the game's first; ``heading(event)``: the one ``event`` starts);
    ``notes`` (the "undone" lines) as (how many of ``events`` come before it, line)."""
    entries: list[Entry] = []
    pending = heading(None)
    waiting = sorted(notes, key=lambda note: note[0])
    for index, event in enumerate(events):
        while waiting and waiting[0][0] <= index:
            entries.append(Entry(waiting.pop(0)[1]))
        pending = heading(event) or pending
        if pending is not None:
            entries.append(Entry(pending, heading=True))
            pending = None
        entries.append(Entry(event.render(list(names))))
    entries.extend(Entry(line) for _, line in waiting)
    return entries


def matches(text: str, query: str) -> bool:
    """Whether ``text`` holds ``query`` (any case; card faces as drawn or in letters: ``10h``)."""
    query = query.casefold()
    return query in text.casefold() or query in plain_cards(text, CardStyle(ascii=True)).casefold()


def search(entries: Sequence[Entry], query: str) -> list[Entry]:
    """The lines that hold ``query``, each under its heading; a matching heading keeps its part."""
    query = query.strip()
    if not query:
        return list(entries)
    found: list[Entry] = []
    heading: Entry | None = None
    whole = shown = False
    for entry in entries:
        if entry.heading:
            heading, whole, shown = entry, matches(entry.text, query), False
            if whole:
                found.append(entry)
                shown = True
        elif whole or matches(entry.text, query):
            if heading is not None and not shown:
                found.append(heading)
                shown = True
            found.append(entry)
    return found


class HistoryLog(RichLog):
    """Every line, no limit; headings in bold."""

    def __init__(self, card_style: CardStyle, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=None, min_width=1, **kwargs)
        self.card_style = card_style
        self.entries: list[Entry] = []

    def show(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.clear()
        variables = getattr(self.app, "theme_variables", {})
        for entry in entries:
            if entry.heading:
                self.write(Text(f"── {entry.text} ──", style="bold"))
            else:
                self.write(log_text(entry.text, self.card_style, variables))
        self.scroll_end(animate=False, immediate=True)


class HistoryScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("escape", "close", "Back", id="history.close"),
        Binding("up", "scroll('up')", "Scroll", show=False, id="history.up", tooltip="Scroll the log"),
        Binding("down", "scroll('down')", "Scroll", show=False, id="history.down", tooltip="Scroll the log"),
        Binding("pageup", "scroll('page_up')", "Scroll", show=False, id="history.page_up", tooltip="Scroll the log"),
        Binding(
            "pagedown", "scroll('page_down')", "Scroll", show=False, id="history.page_down", tooltip="Scroll the log"
        ),
        Binding(
            "ctrl+home", "scroll('home')", "Top", show=False, id="history.top", tooltip="The start, the end of the log"
        ),
        Binding(
            "ctrl+end",
            "scroll('end')",
            "Bottom",
            show=False,
            id="history.bottom",
            tooltip="The start, the end of the log",
        ),
    ]

    def __init__(
        self,
        events: Sequence[Event],
        names: Sequence[str],
        heading: Callable[[Event | None], str | None],
        seen_by: str | None,
        card_style: CardStyle = CardStyle(),
        notes: Sequence[tuple[int, str]] = (),
    ) -> None:
        """``events``: those the table's log may show; ``seen_by``: whose they are (None: public
        only); ``notes``: the "undone" lines, each after that many of ``events``."""
        super().__init__(classes="history-screen")
        self.entries = history_entries(events, names, heading, notes)
        self.lines = sum(not e.heading for e in self.entries)
        self.seen_by = seen_by
        self.card_style = card_style

    def compose(self) -> ComposeResult:
        whose = f"as {self.seen_by} saw it" if self.seen_by else "public events only (no hand is on screen)"
        yield Static(f"History · {whose}", id="history-title", markup=False)
        yield Input(placeholder="Search: a name, a card (10h, K♣), a round…", id="history-search")
        yield HistoryLog(self.card_style, id="history-log")
        yield Static("", id="history-count", markup=False)
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.show("")
        self.query_one(Input).focus()

    def show(self, query: str) -> None:
        found = search(self.entries, query)
        self.query_one(HistoryLog).show(found)
        count = sum(not e.heading for e in found)
        if query.strip():
            text = (
                f"{count} of {self.lines} lines hold {query.strip()!r}" if count else f"No line holds {query.strip()!r}"
            )
        else:
            text = f"{self.lines} line{'s' if self.lines != 1 else ''} · ↑ ↓ PgUp PgDn scroll · Esc back"
        self.query_one("#history-count", Static).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(HistoryLog).focus()

    def action_scroll(self, where: str) -> None:
        log = self.query_one(HistoryLog)
        getattr(log, f"scroll_{where}" if where in ("up", "down", "home", "end") else f"action_{where}")()

    def action_close(self) -> None:
        search_box = self.query_one(Input)
        if search_box.value:
            search_box.value = ""  # Esc first clears the search
            search_box.focus()
        else:
            self.dismiss(None)
