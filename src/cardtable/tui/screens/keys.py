"""The keys, in one place (`?`), written from the live bindings.

Each section lists the ``BINDINGS`` of some screens and widgets (``SECTIONS``),
with the keys they have now: the settings file's ``keymap`` (binding id to
keys, applied with Textual's ``App.set_keymap``) changes them, and a binding
added to a screen shows up here without an edit. Every binding has an id,
shown in the last column: the name to use in the keymap.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module

from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.keys import format_key
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built

#: The sections of the keys screen: a title, and the classes whose bindings it lists
#: (``module:Class`` under ``cardtable.tui``, imported when the screen opens;
#: ``app`` is the running app's class).
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Anywhere", ("app",)),
    ("At the table", ("screens.table:TableScreen", "widgets.card_rows:CardRows")),
    ("Hand-off curtain", ("screens.curtain:CurtainScreen",)),
    ("Secret numbers", ("screens.secret:SecretPromptScreen",)),
    ("Between rounds", ("screens.interlude:InterludeScreen",)),
    ("Game over", ("screens.game_over:GameOverScreen",)),
    ("History (l at the table)", ("screens.history:HistoryScreen",)),
    ("Replay viewer (r in Resume)", ("screens.replay:ReplayScreen",)),
    ("Questions", ("screens.confirm:ConfirmScreen", "screens.picker:PickerScreen")),
    ("New game", ("screens.new_game:NewGameScreen", "widgets.field_input:FieldInput")),
    ("Rules", ("screens.rules:RulesScreen",)),
    ("Resume", ("screens.resume:ResumeScreen",)),
    ("Statistics", ("screens.stats:StatisticsScreen",)),
    ("Settings", ("screens.settings:SettingsScreen",)),
    ("This list", ("screens.keys:KeysScreen",)),
)

#: Below the sections.
KEYS_NOTE = """\
The footer always shows the keys that work now. ↑ ↓ scroll this list.

To use other keys, add a `keymap` to the settings file (`{path}`), binding ids to
keys, e.g. `"keymap": {{"table.draw": "g", "app.keys": "f2,question_mark"}}`.
"""

#: Keys a browser keeps for itself (its tabs and windows): no page receives them, so no footer
#: relies on them (tests/web/test_serve_tab.py). Ctrl+Q reaches the page in Chromium; Firefox on
#: Linux keeps it (it quits Firefox): the menu's Quit, or a click on the footer's key, does it there.
BROWSER_KEEPS = frozenset(
    {"ctrl+w", "ctrl+t", "ctrl+n", "ctrl+shift+w", "ctrl+shift+t", "ctrl+shift+n", "ctrl+tab", "ctrl+shift+tab"}
    | {"ctrl+pageup", "ctrl+pagedown", "alt+f4", "f11"}
)

#: Added in a web browser (``cardtable serve``), where some keys never reach the app.
BROWSER_KEYS = """\

| Browser | |
|---|---|
| click | a key in the footer presses it: for keys the browser keeps (Ctrl+W, Ctrl+T, Ctrl+N; Ctrl+Q in Firefox on Linux) |
| menu | Quit and Rules do what Ctrl+Q and F1 do |
| close tab | ends this table; the game is saved (Resume) |
"""

#: How a key is written on this screen (other keys: Textual's display, capitalised).
KEY_NAMES = {"escape": "Esc", "enter": "Enter", "space": "Space", "home": "Home", "end": "End", "tab": "Tab"}


def key_label(key: str) -> str:
    """``ctrl+q`` as ``Ctrl+Q``, ``question_mark`` as ``?``, ``left`` as ``←``."""
    *modifiers, name = key.split("+")
    shown = KEY_NAMES.get(name) or (name.upper() if name[:1] == "f" and name[1:].isdigit() else format_key(name))
    if modifiers and len(shown) == 1:
        shown = shown.upper()
    return "+".join([m.capitalize() for m in modifiers] + [shown])


def section_classes(app: App, names: Iterable[str]) -> list[type]:
    return [
        type(app)
        if name == "app"
        else getattr(import_module(f"cardtable.tui.{name.partition(':')[0]}"), name.partition(":")[2])
        for name in names
    ]


def bindings_of(cls: type) -> list[Binding]:
    """The bindings ``cls`` declares (its own ``BINDINGS`` or its parent's; not Textual's)."""
    return list(Binding.make_bindings(getattr(cls, "BINDINGS", [])))


def effective_keys(binding: Binding, keymap: Mapping[str, str]) -> list[str]:
    """The keys that trigger ``binding`` with this keymap (Textual's normalised keymap)."""
    keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
    return [key.strip() for key in keys.split(",") if key.strip()]


@dataclass
class KeyRow:
    """One line of the keys screen: the keys (as shown), what they do, the bindings' ids."""

    keys: list[str]
    what: str
    ids: list[str]

    def cells(self) -> tuple[str, str, str]:
        return " ".join(self.keys) or "(none)", self.what, id_family(list(dict.fromkeys(self.ids)))


def id_family(ids: list[str]) -> str:
    """``cards.left`` and ``cards.right`` as ``cards.{left,right}``; ten number keys as ``cards.number_{1…0}``."""
    if len(ids) == 1:
        return ids[0]
    stem = os.path.commonprefix(ids)
    stem = stem[: max(stem.rfind("."), stem.rfind("_")) + 1]
    rest = [i[len(stem) :] for i in ids]
    return stem + "{" + (",".join(rest) if len(rest) <= 3 else f"{rest[0]}…{rest[-1]}") + "}"


def rows(bindings: Iterable[Binding], keymap: Mapping[str, str]) -> list[KeyRow]:
    """A row per binding; neighbours that do the same (← →, the number keys) share one."""
    out: list[KeyRow] = []
    for binding in bindings:
        what = binding.tooltip or binding.description or binding.action
        keys = [key_label(key) for key in effective_keys(binding, keymap)]
        if out and out[-1].what == what:
            out[-1].keys.extend(k for k in keys if k not in out[-1].keys)
            out[-1].ids.append(binding.id or "")
        else:
            out.append(KeyRow(keys, what, [binding.id or ""]))
    return out


def key_rows(app: App) -> list[tuple[str, list[KeyRow]]]:
    """Each section's title and rows, with the app's keymap (Textual's own, normalised:
    ``?`` is ``question_mark``)."""
    return [
        (title, [row for cls in section_classes(app, names) for row in rows(bindings_of(cls), app._keymap)])
        for title, names in SECTIONS
    ]


def binding_ids(app: App) -> set[str]:
    """Every binding id the keys screen knows (the ids a keymap may use)."""
    return {b.id for _, names in SECTIONS for cls in section_classes(app, names) for b in bindings_of(cls) if b.id}


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("`", "\\`")


def keys_markdown(app: App, browser: bool = False) -> str:
    """The keys screen's text, from the live bindings and the app's keymap."""
    parts = ["# Keys\n", BROWSER_KEYS if browser else ""]
    for title, section in key_rows(app):
        parts.append(f"\n| {title} | | id |\n|---|---|---|\n")
        parts.extend("| {} | {} | {} |\n".format(*map(_cell, row.cells())) for row in section)
    unknown = sorted(set(app._keymap) - binding_ids(app))
    if unknown:
        parts.append(f"\nNot used from your keymap (no binding has these ids): {_cell(', '.join(unknown))}.\n")
    from ...core.names import visible
    from ...storage.paths import settings_path

    parts.append("\n" + KEYS_NOTE.format(path=visible(str(settings_path()))))
    return "".join(parts)


#: The browser's rows (keys, what they do), as :data:`BROWSER_KEYS` says them.
BROWSER_ROWS = [
    tuple(cell.strip() for cell in line.strip("|").split("|")) for line in BROWSER_KEYS.strip().splitlines()[2:]
]


def aligned(
    rows: list[tuple[str, str, str]], width: int, header: tuple[str, str, str], widths: tuple[int, int]
) -> Content:
    """A table as text: the keys and the ids never wrap; what a key does wraps in its column.
    ``widths``: the keys' and the ids' columns (the same in every section)."""
    key_width, id_width = widths
    what_width = width - key_width - id_width - 4
    if what_width < 16:  # too narrow for three columns: the id goes under what the key does
        what_width, id_width = width - key_width - 2, 0
    lines = []
    for index, (keys, what, ident) in enumerate([header, *rows]):
        wrapped = textwrap.wrap(what, max(what_width, 8)) or [""]
        if not id_width and ident and index:
            wrapped.append(ident)
        for n, part in enumerate(wrapped):
            line = f"{keys if n == 0 else '':<{key_width}}  {part:<{what_width}}"
            if id_width:
                line += f"  {ident if n == 0 else ''}"
            styled = Content(line.rstrip())
            if index == 0:
                styled = styled.stylize("bold $text-accent")
            elif n == 0:
                styled = styled.stylize("bold", 0, key_width)
            lines.append(styled)
    return Content("\n").join(lines)


def keys_content(app: App, width: int, browser: bool = False) -> Content:
    """The keys screen as drawn: each section a table ``width`` cells wide."""
    sections = [(title, [row.cells() for row in section]) for title, section in key_rows(app)]
    if browser:
        sections.insert(0, ("Browser", [(keys, what, "") for keys, what in BROWSER_ROWS]))
    every = [row for _, rows in sections for row in rows]
    widths = (max(cell_len(row[0]) for row in every), max(cell_len(row[2]) for row in every))
    parts = [aligned(rows, width, (title, "", "id" if title != "Browser" else ""), widths) for title, rows in sections]
    unknown = sorted(set(app._keymap) - binding_ids(app))
    if unknown:
        parts.append(Content(f"Not used from your keymap (no binding has these ids): {', '.join(unknown)}."))
    from ...core.names import visible
    from ...storage.paths import settings_path

    note = KEYS_NOTE.format(path=visible(str(settings_path()))).replace("`", "")
    parts.append(Content("\n".join(textwrap.fill(p, width) for p in note.split("\n\n"))))
    return Content("\n\n").join(parts)


class KeysText(Static):
    """The keys, laid out again for its width (a table per section)."""

    def __init__(self) -> None:
        super().__init__()
        self._laid_out_for = 0

    def on_resize(self) -> None:
        width = max(self.size.width, 30)
        if width != self._laid_out_for:
            self._laid_out_for = width
            self.call_later(self.update, keys_content(self.app, width, browser=self.app.is_web))


class KeysScreen(ModalScreen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="keys.close")]

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="keys"):
            yield Static("Keys", classes="dialog-title")
            # (in a browser, its section comes first, where it is seen without scrolling)
            yield KeysText()
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one("#keys").focus()  # ↑ ↓ PgUp PgDn scroll it

    def action_close(self) -> None:
        self.dismiss(None)
