"""A secret choice in a dialog over the public table: One Too Many's number, or the Redo.

The table behind shows only public information (the others' choices as "has
chosen"). The prompt shows the allowed range; the number typed is checked by the engine
(through ``check``) and shown inline if refused; once confirmed the screen
closes and the number is nowhere on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..cardfaces import colour_suits, style_of
from ..presenters.base import Prompt
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


class NumberField(Input):
    """The number's field: it takes digits only, so the screen's other keys (u, h, l, ?) still work."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not (event.character or "").isdigit():
            # not for the field (an Input would swallow it): on to the screen's keys (l, ?)
            event.prevent_default()


#: A number prompt of fewer choices than this shows them as buttons too (a phone has no keys).
PAD_LIMIT = 21
#: Under a number chosen: what confirms it and what changes it (keys, and taps).
ANSWERS = Content.from_markup(
    "[@click=screen.answer(True)][b $accent]Enter[/] to confirm[/], [@click=screen.answer(False)][b $accent]Esc[/] to change[/]."
)


def number_pad(low: int, high: int) -> Content:
    """The numbers from ``low`` to ``high`` as buttons, for a tap (or a click)."""
    buttons = [f"[@click=screen.pick_number({n})][reverse] {n} [/][/]" for n in range(low, high + 1)]
    return Content.from_markup(" ".join(buttons))


class SecretPromptScreen(ModalScreen[Any]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("f1", "app.rules", "Rules", id="app.rules", tooltip="The rules of the game"),
        Binding("up", "step(1)", "More", show=False, id="secret.more", tooltip="A higher number (or type the digits)"),
        Binding("down", "step(-1)", "Fewer", show=False, id="secret.fewer", tooltip="A lower number"),
        Binding(
            "escape",
            "back",
            "Change",
            show=False,
            id="secret.change",
            tooltip="Change the number entered, before confirming it",
        ),
        Binding("escape", "menu", "Menu", id="secret.menu", tooltip="Back to the menu (the game is saved)"),
        # (priority: before the number field sees them; the table's ids: one keymap entry moves both)
        Binding("u", "undo", "Undo", priority=True, id="table.undo", tooltip="Undo: back to your own last decision"),
        Binding(
            "h",
            "hint",
            "Hint",
            priority=True,
            id="table.hint",
            tooltip="Hint: the number the normal computer player would ask for, with its reason",
        ),
        # (the field takes only digits: the table's history and the app's keys work here too,
        # which a modal screen's bindings must say again)
        Binding("l", "history", "History", id="table.history", tooltip="History: the whole log so far, searchable"),
        Binding("question_mark", "app.keys", "Keys", id="app.keys", tooltip="These keys"),
    ]

    def __init__(
        self, prompt: Prompt, check: Callable[[Any], str | None], describe: Callable[[Any], str], helper: Any = None
    ) -> None:
        super().__init__(classes="secret-screen")
        self.prompt = prompt
        self.check = check
        self.describe = describe
        #: the table behind, which answers undo and hint (``action_undo``, ``action_hint``)
        self.helper = helper
        self.pending: Any = None  # the move awaiting confirmation

    def compose(self) -> ComposeResult:
        with Vertical(id="secret"):
            yield Static(self.prompt.title, id="secret-title", markup=False)
            for line in self.prompt.lines:
                yield Static(
                    colour_suits(line, style_of(self.app)) if isinstance(line, str) else line, classes="secret-line"
                )
            if self.prompt.numbers:
                low, high = self.prompt.low_high
                yield NumberField(placeholder=f"{low}–{high}", restrict=r"\d{0,2}", id="secret-number", compact=True)
                if high - low < PAD_LIMIT:
                    yield Static(number_pad(low, high), id="secret-pad")
            else:
                yield OptionList(
                    *(Option(choice.label, id=str(i)) for i, choice in enumerate(self.prompt.choices)),
                    id="secret-choices",
                )
            yield Static("", id="secret-error", markup=False)
            yield Static("", id="secret-note", markup=False)
            yield Static("", id="secret-confirm", markup=False)
            if self.prompt.numbers:
                yield Static("Type the number (or tap it), then Enter (↑ ↓ change it).", classes="secret-line")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self._error("")
        self.say("")
        self.query_one("#secret-confirm").display = False
        if self.prompt.numbers:
            self.query_one(Input).focus()
        else:
            options = self.query_one(OptionList)
            options.highlighted = 0
            options.focus()

    # -- choosing ----------------------------------------------------------------------
    @on(Input.Submitted, "#secret-number")
    def number_entered(self, event: Input.Submitted) -> None:
        event.stop()
        if self.pending is not None:
            self._confirm()
            return
        text = event.value.strip()
        if not text:
            self._error("Type a number first.")
            return
        self._propose(self.prompt.number_move(int(text)))

    @on(OptionList.OptionSelected, "#secret-choices")
    def choice_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.pending is not None:
            self._confirm()
            return
        self._propose(self.prompt.choices[int(event.option.id or 0)].move)

    def _propose(self, move: Any) -> None:
        reason = self.check(move)
        if reason is not None:
            self._error(reason[:1].upper() + reason[1:] + ".")
            return
        self._error("")
        self.pending = move
        text = self.describe(move)
        confirm = self.query_one("#secret-confirm", Static)
        confirm.update(Content.assemble(f"{text[:1].upper() + text[1:]}? ", ANSWERS))
        confirm.display = True
        self.add_class("-confirming")
        self.refresh_bindings()

    def action_pick_number(self, number: int) -> None:
        """A number of the pad tapped (or clicked): as if typed, then Enter."""
        if self.pending is None:
            field = self.query_one(Input)
            field.value = str(number)
            self._propose(self.prompt.number_move(number))

    def action_answer(self, yes: bool) -> None:
        """Confirm or Change tapped (or clicked): as Enter, or Esc."""
        if self.pending is not None:
            self._confirm() if yes else self.action_back()

    def _confirm(self) -> None:
        move, self.pending = self.pending, None
        if self.prompt.numbers:
            self.query_one(Input).value = ""
        self.dismiss(move)

    def _error(self, text: str) -> None:
        error = self.query_one("#secret-error", Static)
        error.update(text)
        error.display = bool(text)

    # -- undo, hints and the history: answered by the table -----------------------------------
    def action_undo(self) -> None:
        if self.helper is not None:
            self.helper.action_undo()

    def action_hint(self) -> None:
        if self.helper is not None:
            self.helper.action_hint()

    def action_history(self) -> None:
        if self.helper is not None:
            self.helper.action_history()

    def say(self, text: str) -> None:
        """A line under the choice: a hint, or why an undo is refused."""
        note = self.query_one("#secret-note", Static)
        note.update(colour_suits(text, style_of(self.app)))
        note.display = bool(text)

    def show_hint(self, move: Any, line: str) -> None:
        """The hinted choice put in place (not made: Enter makes it), with its reason."""
        if self.pending is None:
            if self.prompt.numbers and hasattr(move, "count"):
                field = self.query_one(Input)
                field.value = str(move.count)
                field.cursor_position = len(field.value)
            elif not self.prompt.numbers:
                index = next((i for i, choice in enumerate(self.prompt.choices) if choice.move == move), None)
                if index is not None:
                    self.query_one(OptionList).highlighted = index
        self.say(line)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.pending is not None
        if action == "menu":
            return self.pending is None
        return True

    def footer_hides(self, action: str) -> bool:
        """As the table's footer: no Undo key while there is nothing to take back."""
        hides = getattr(self.helper, "footer_hides", None)
        return hides is not None and hides(action)

    def action_menu(self) -> None:
        """Back to the menu (asks first; the game is saved)."""
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            leave()

    def action_back(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.remove_class("-confirming")
            self.query_one("#secret-confirm", Static).display = False
            self.refresh_bindings()

    def action_step(self, step: int) -> None:
        if not self.prompt.numbers or self.pending is not None:
            return
        field = self.query_one(Input)
        allowed = sorted(self.prompt.numbers)
        current = int(field.value) if field.value.isdigit() else None
        if current is None:
            value = allowed[0] if step > 0 else allowed[-1]
        else:
            later = [n for n in allowed if (n - current) * step > 0]
            value = (min if step > 0 else max)(later) if later else current
        field.value = str(value)
        field.cursor_position = len(field.value)
