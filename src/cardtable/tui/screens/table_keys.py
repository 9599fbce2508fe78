"""The table's keys (:class:`~.table.TableScreen`): the moves' keys, undo, hint, the history, the menu.

Each has an id (the settings file's keymap names keys by it) and a tooltip (the keys screen
shows it). A key that cannot act now is left out of the footer by the screen's
``check_action`` (or ``footer_hides``), not here.
"""

from __future__ import annotations

from textual.binding import Binding

from ..presenters.base import ACTION_KEYS

TABLE_BINDINGS = [
    Binding("enter,y", "confirm(True)", "Yes", id="table.yes", tooltip="Yes: make the move chosen"),
    Binding("escape,n", "confirm(False)", "No", id="table.no", tooltip="No: choose again"),
    *(
        Binding(key, f"act('{action}')", label, id=f"table.{action}", tooltip=f"{label} (shown when it applies)")
        for action, key, label in ACTION_KEYS
    ),
    Binding("space", "skip", "Skip", id="table.skip", tooltip="Skip a computer's pause"),
    Binding(
        "x",
        "auto_finish",
        "Auto-finish",
        id="table.auto_finish",
        tooltip="Auto-finish: only computers are left, play the rest at once",
    ),
    Binding(
        "u",
        "undo",
        "Undo",
        id="table.undo",
        tooltip="Undo: back to your own last decision (the computers' moves since go too; another player's, only with their consent)",
    ),
    Binding(
        "h",
        "hint",
        "Hint",
        id="table.hint",
        tooltip="Hint: the move the normal computer player would make, marked on your hand, with its reason",
    ),
    Binding("o", "results", "Results", id="table.results", tooltip="After the game: the final ranking again"),
    Binding("l", "history", "History", id="table.history", tooltip="History: the whole log so far, searchable"),
    Binding(
        "escape",
        "menu",
        "Menu",
        id="table.menu",
        tooltip="Back to the menu (the game is saved: Resume picks it up)",
    ),
]
