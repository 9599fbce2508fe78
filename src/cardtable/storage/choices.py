"""The settings' choices and their defaults, defined once.

The stored settings (:mod:`.settings`, pydantic) and the app's preferences
(:mod:`cardtable.tui.settings`) both take them from here. Standard library
only: the app reads the defaults at start without importing pydantic.
"""

from __future__ import annotations

from typing import Literal, get_args

CurtainMode = Literal["auto", "always", "never"]
ComputerSpeed = Literal["instant", "fast", "normal", "slow"]  # fastest first
CardStyle = Literal["unicode", "ascii"]

CURTAIN_MODES: tuple[str, ...] = get_args(CurtainMode)
COMPUTER_SPEEDS: tuple[str, ...] = get_args(ComputerSpeed)
CARD_STYLES: tuple[str, ...] = get_args(CardStyle)

DEFAULT_THEME = "textual-dark"
#: The themes cardtable registers besides Textual's built-in ones (defined in
#: cardtable/tui/themes.py; the settings accept these names and Textual's).
OWN_THEMES: tuple[str, ...] = ("cardtable",)
DEFAULT_CURTAIN: CurtainMode = "auto"
DEFAULT_SPEED: ComputerSpeed = "normal"
DEFAULT_CARD_STYLE: CardStyle = "unicode"
DEFAULT_FOUR_COLOUR = False

#: The keymap: a binding id (``table.draw``; the keys screen lists them) to its keys
#: (``g``, or several: ``f2,question_mark``). Checked for form here; ids no binding
#: has are named on the keys screen.
KEYMAP_ID = r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$"
KEYMAP_KEYS = r"^[^\s,]{1,40}(,[^\s,]{1,40}){0,7}$"
MAX_KEYMAP = 200
