"""The keys, in one place (`?`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS

KEYS_MARKDOWN = """\
# Keys

| Anywhere | |
|---|---|
| F1 | the rules of the game |
| ? | these keys |
| Ctrl+P | command palette: games, rules, menu, settings, themes |
| Ctrl+Q | quit (asks first during a game) |

| At the table | |
|---|---|
| ← → | move along your cards |
| ↑ ↓ | another row (Shed: hand, face-up, face-down) |
| Enter, 1–9, 0, click | choose the card (confirm with Enter, Esc to cancel) |
| Space | select several cards of one rank (Shed) |
| w | why a dimmed card cannot be played |
| d, p, t, f | draw, pass, pick up (take the stack), finish exchanging (shown when they apply) |
| u | undo: back to your own last decision (the computers' moves since go too; another player's, only with their consent) |
| h | hint: the move the normal computer player would make, marked on your hand, with its reason |
| Space | skip a computer's pause |
| x | auto-finish: only computers are left, play the rest at once |
| Esc | back to the menu (the game is saved: Resume picks it up) |
| l | history: the whole log so far, searchable (Esc back) |
| o | after the game: the final ranking again |

| Game over | |
|---|---|
| a, m | play again, menu |
| t | look at the final table and log |

| Replay viewer (Resume: r) | |
|---|---|
| ← → | one move back, on |
| Home, End | the deal, the end |
| [ ], PgUp PgDn | a round or hand back, on |
| f | all hands face up (a finished game only) |
| Esc | close |

| Secret numbers | |
|---|---|
| digits, ↑ ↓ | choose the number |
| Enter | enter it, then Enter again to confirm (Esc to change) |

| Statistics (menu) | |
|---|---|
| ← → | the game (All games, then each game) |
| p, v, g | players (streaks, a chart of recent results), head to head, recent games |
| ↑ ↓ | the player whose chart is shown; the game to replay |
| Enter | replay the highlighted recent game |
| Shift+← → | see the columns of a table wider than the screen |

The footer always shows the keys that work now. ↑ ↓ scroll this list.
"""

#: Added in a web browser (``cardtable serve``), where some keys never reach the app.
BROWSER_KEYS = """\

| Browser | |
|---|---|
| click | a key in the footer presses it: for keys the browser keeps (Ctrl+W, Ctrl+T, Ctrl+N; Ctrl+Q in Firefox on Linux) |
| menu | Quit and Rules do what Ctrl+Q and F1 do |
| close tab | ends this table; the game is saved (Resume) |
"""


class KeysScreen(ModalScreen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="keys"):
            # (in a browser, its section comes first, where it is seen without scrolling)
            yield Markdown(KEYS_MARKDOWN.replace("# Keys\n", f"# Keys\n{BROWSER_KEYS}", 1) if self.app.is_web else KEYS_MARKDOWN)
        yield KeysFooter()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#keys").focus()  # ↑ ↓ PgUp PgDn scroll it

    def action_close(self) -> None:
        self.dismiss(None)
