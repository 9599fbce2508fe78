"""The replay viewer: a recorded game, read-only, move by move.

Opened by ``CardtableApp.open_replay`` (from Resume, Statistics, or
``cardtable replay FILE --watch``), never from the table of a game in
progress. It draws the public view and the public log by default; once the
recorded game is over, ``f`` shows every hand face up (and every seat's
private log lines), and the screen says so. ← → step one move, Home and End
go to the deal and the end, ``[`` ``]`` (PgUp, PgDn) a round or hand back or
on, and the slider under the table jumps where it is clicked.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..cardfaces import CardStyle, inline
from ..flow.timeline import Timeline
from ..presenters.base import Presenter
from ..widgets.footer import KeysFooter
from ..widgets.move_log import MoveLog
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


def _order(card) -> tuple:
    """Cards by suit, then rank (Jokers last)."""
    return (card.suit is None, card.suit if card.suit is not None else 0, card.rank)


class MoveSlider(Widget):
    """The moves as a bar, a knob at the move shown; a click (or drag) jumps there."""

    class Jump(Message):
        def __init__(self, move: int) -> None:
            super().__init__()
            self.move = move

    def __init__(self, moves: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.moves = moves
        self.at = 0

    def show(self, at: int) -> None:
        self.at = at
        self.refresh()

    def render(self) -> Content:
        width = max(self.content_size.width, 2)
        knob = round(self.at / self.moves * (width - 1)) if self.moves else 0
        return Content.assemble(
            ("━" * knob, "$accent"), ("●", "bold $accent"), ("─" * (width - knob - 1), "$text-muted")
        )

    def _jump(self, x: int) -> None:
        width = max(self.content_size.width, 2)
        self.post_message(self.Jump(round(max(0, min(x, width - 1)) / (width - 1) * self.moves)))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.capture_mouse()
        self._jump(event.x)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if event.button:
            self._jump(event.x)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.release_mouse()


class ReplayScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="← →", id="replay.back", tooltip="One move back, on"),
        Binding("right", "step(1)", "Step", show=False, id="replay.on", tooltip="One move back, on"),
        Binding("home", "edge(0)", "Start", show=False, id="replay.start", tooltip="The deal, the end"),
        Binding("end", "edge(1)", "End", show=False, id="replay.end", tooltip="The deal, the end"),
        Binding(
            "left_square_bracket,pageup",
            "part(-1)",
            "Round/hand",
            key_display="[ ]",
            id="replay.part_back",
            tooltip="A round or hand back, on",
        ),
        Binding(
            "right_square_bracket,pagedown",
            "part(1)",
            "Round/hand",
            show=False,
            id="replay.part_on",
            tooltip="A round or hand back, on",
        ),
        Binding("f", "face_up", "Face up", id="replay.face_up", tooltip="All hands face up (a finished game only)"),
        Binding("escape,q", "close", "Close", id="replay.close"),
    ]

    def __init__(
        self,
        timeline: Timeline,
        presenter: Presenter,
        card_style: CardStyle = CardStyle(),
        face_up_allowed: bool = True,
    ) -> None:
        """``face_up_allowed``: whether ``f`` may show every hand (only ever once the game is over)."""
        super().__init__(classes="table-screen replay-screen")
        self.timeline = timeline
        self.presenter = presenter
        self.card_style = card_style
        self.can_face_up = face_up_allowed and timeline.over
        self.face_up = False
        self.at = 0
        self.parts = timeline.parts(presenter.heading)

    @property
    def game_id(self) -> str:  # (F1 shows this game's rules)
        return self.timeline.game.id

    def compose(self) -> ComposeResult:
        yield Static("", id="headline", markup=False)
        with Horizontal(id="table-body"):
            with VerticalScroll(id="table-main", can_focus=False):
                yield self.presenter.make_table()
                yield Static("", id="replay-hands")
            yield MoveLog(id="log")
        yield Static("", id="replay-mode")
        with Horizontal(id="replay-bar"):
            yield Static("", id="replay-where", markup=False)
            yield MoveSlider(self.timeline.moves, id="replay-slider")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one(MoveLog).card_style = self.card_style
        self.redraw()

    # -- drawing --------------------------------------------------------------------------------
    def redraw(self) -> None:
        timeline, k = self.timeline, self.at
        names = list(timeline.names)
        public = timeline.view(k)
        self.query_one("#headline", Static).update(self.presenter.headline(public, names))
        self.query_one("#public-table").show(public, names, self.card_style)  # type: ignore[attr-defined]
        hands = self.query_one("#replay-hands", Static)
        text = self.hands_text(k) if self.face_up else None
        hands.display = bool(text)  # (One Too Many hides no card in a seat: no rows at all)
        if text:
            hands.update(text)
        self.query_one("#replay-mode", Static).update(self.mode_text())
        shown = [e for e in timeline.events_until(k) if self.face_up or self.presenter.logged_for(e, None)]
        intro = f"{timeline.game.name}: {', '.join(names)}"
        self.query_one(MoveLog).set_lines([intro] + [e.render(names) for e in shown])
        part = next((title for start, title in reversed(self.parts) if start <= k), None)
        where = f"Move {k} of {timeline.moves}" + (f" · {part}" if part else "")
        self.query_one("#replay-where", Static).update(where)
        self.query_one(MoveSlider).show(k)
        self.refresh_bindings()

    def hands_text(self, k: int) -> Content | None:
        """Every seat's hidden cards at move ``k`` (hand, face-down cards), face up; a line per
        seat that has some (None if none has)."""
        lines: list[Content] = []
        for name, zones in zip(self.timeline.names, self.timeline.hidden_cards(k), strict=True):
            if not zones:
                continue
            parts: list[Content | str] = [Content.styled(name, "bold")]
            for zone, cards in zones:
                label = zone.replace("_", " ").capitalize()
                parts += [
                    "  ",
                    Content.styled(f"{label}: ", "$text-muted"),
                    inline(sorted(cards, key=_order), self.card_style),
                ]
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines) if lines else None

    def mode_text(self) -> Content:
        if self.face_up:
            return Content.styled("All hands face up: the game is over (f: the public view)", "bold $text-warning")
        if self.can_face_up:
            return Content.styled("Public view: what everyone at the table saw (f: all hands face up)", "$text-muted")
        return Content.styled("Public view only: this game is not over", "$text-muted")

    # -- moving ------------------------------------------------------------------------------------
    def go(self, k: int) -> None:
        k = max(0, min(k, self.timeline.moves))
        if k != self.at:
            self.at = k
            self.redraw()

    def on_move_slider_jump(self, message: MoveSlider.Jump) -> None:
        message.stop()
        self.go(message.move)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "face_up":
            return self.can_face_up
        return True

    def action_step(self, delta: int) -> None:
        self.go(self.at + delta)

    def action_edge(self, end: int) -> None:
        self.go(self.timeline.moves if end else 0)

    def action_part(self, delta: int) -> None:
        starts = [start for start, _ in self.parts]
        if delta < 0:
            self.go(max((s for s in starts if s < self.at), default=0))
        else:
            self.go(min((s for s in starts if s > self.at), default=self.timeline.moves))

    def action_face_up(self) -> None:
        if self.can_face_up:
            self.face_up = not self.face_up
            self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)


def replay_screen(
    record, seats: Sequence | None = None, card_style: CardStyle = CardStyle(), face_up_allowed: bool = True
) -> ReplayScreen:
    """The viewer for a game record (RecordError if it does not replay)."""
    from ..presenters import get_presenter

    names = [seat.name for seat in seats] if seats else None
    timeline = Timeline.of(record, names)
    return ReplayScreen(timeline, get_presenter(timeline.game.id), card_style, face_up_allowed)
