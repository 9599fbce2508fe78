"""Resume: the saved games (game, players, when, whose turn); Enter opens one, r replays it.

Damaged saves found while listing are named with the reason (they have been
set aside, see :mod:`cardtable.storage.saves`); the screen dismisses with the
chosen save's id, or ``None``.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...storage.saves import DamagedSave, Listing, SaveStore
from ..save_text import describe_time, players_text, turn_text
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


def problem_lines(listing: Listing) -> list[str]:
    lines = []
    for problem in listing.problems:
        label = "Damaged save" if isinstance(problem, DamagedSave) else "Cannot open"
        lines.append(f"{label} {problem.message}")
    return lines


class ResumeScreen(Screen[str | None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("enter", "open", "Resume", priority=True, id="resume.open", tooltip="Resume the highlighted game"),
        Binding("r", "replay", "Replay", id="resume.replay", tooltip="Replay the highlighted game, read-only"),
        Binding("escape,q", "close", "Back", id="resume.close"),
    ]

    def __init__(self, store: SaveStore | None = None) -> None:
        super().__init__(classes="resume-screen")
        self.store = store or SaveStore()
        self.listing = Listing()

    def compose(self) -> ComposeResult:
        with Vertical(id="resume"):
            yield Static("Resume a game", id="resume-title")
            yield Static("No saved games.", id="resume-empty")
            yield DataTable(id="resume-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="resume-problems")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.listing = self.store.list_saves()
        table = self.query_one(DataTable)
        table.add_columns("Game", "Players", "Last played", "To act", "Moves")
        elsewhere = "tab or terminal" if self.app.is_web else "window"
        for info in self.listing.saves:
            table.add_row(
                Text(info.game_name),
                Text(players_text(info.seats)),
                describe_time(info.updated),
                Text(turn_text(info) + (f" (open in another {elsewhere})" if info.id in self.listing.in_use else "")),
                str(info.moves),
                key=info.id,
            )
        has_saves = bool(self.listing.saves)
        table.display = has_saves
        self.query_one("#resume-empty").display = not has_saves
        problems = problem_lines(self.listing)
        self.query_one("#resume-problems", Static).update(Content("\n".join(problems)))
        for line in problems:
            self.notify(line, title="Saved games", severity="warning", timeout=10, markup=False)
        if has_saves:
            table.focus()
        self.refresh_bindings()

    @property
    def selected(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.listing.saves or table.cursor_row is None:
            return None
        return self.listing.saves[table.cursor_row].id

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "replay"):
            return bool(self.listing.saves)
        return True

    def action_open(self) -> None:
        if self.selected is not None:
            self.dismiss(self.selected)

    def action_replay(self) -> None:
        """The selected game in the replay viewer, read-only (in progress: the public view only)."""
        from ...storage.saves import SaveError

        if self.selected is None:
            return
        try:
            loaded = self.store.load(self.selected)
        except SaveError as exc:
            self.notify(exc.message, title="Cannot replay", severity="error", timeout=15, markup=False)
            return
        self.app.open_replay(loaded.file.record, seats=loaded.session.seats)  # type: ignore[attr-defined]  # (the app is CardtableApp; Textual's screens know only App)

    def action_close(self) -> None:
        self.dismiss(None)
