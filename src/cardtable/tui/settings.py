"""The app's preferences, as one small immutable object.

The saved settings (:mod:`cardtable.storage.settings`, edited on the Settings
screen) become a :class:`TuiSettings` through
:func:`cardtable.tui.persistence.tui_settings`. Tests pass
``TuiSettings(speed="instant")`` so computer moves need no waiting.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..storage.choices import (
    COMPUTER_SPEEDS,
    CURTAIN_MODES,
    DEFAULT_CARD_STYLE,
    DEFAULT_CURTAIN,
    DEFAULT_FOUR_COLOUR,
    DEFAULT_SPEED,
)

#: The label of each curtain mode on the Settings screen (the modes: storage/choices.py).
CURTAIN_LABELS = {"auto": "Auto (two or more humans)", "always": "Always (every human turn)", "never": "Never"}
#: The label of each computer speed on the Settings screen.
SPEED_LABELS = {"instant": "Instant", "fast": "Fast", "normal": "Normal", "slow": "Slow"}

#: Seconds a computer's move stays in view before play goes on (skippable).
MOVE_PAUSE = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}
#: Seconds between the lines of one move's events (the draws card by card).
EVENT_PAUSE = {"slow": 0.5, "normal": 0.25, "fast": 0.08, "instant": 0.0}


@dataclass(frozen=True, slots=True)
class TuiSettings:
    curtain: str = DEFAULT_CURTAIN  # auto: only with two or more human seats; always; never
    speed: str = DEFAULT_SPEED  # how long a computer's move stays in view
    ascii_cards: bool = DEFAULT_CARD_STYLE == "ascii"  # 10H instead of 10♥ (for fonts without the suits)
    four_colours: bool = DEFAULT_FOUR_COLOUR  # clubs green and diamonds blue, as in a four-colour deck
    theme: str | None = None  # a Textual theme name; None keeps Textual's default
    keymap: tuple[tuple[str, str], ...] = ()  # (binding id, keys): other keys (App.set_keymap)

    def __post_init__(self) -> None:
        if self.curtain not in CURTAIN_MODES:
            raise ValueError(f"curtain mode must be one of {', '.join(CURTAIN_MODES)}")
        if self.speed not in COMPUTER_SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(COMPUTER_SPEEDS)}")

    @property
    def move_pause(self) -> float:
        return MOVE_PAUSE[self.speed]

    @property
    def event_pause(self) -> float:
        return EVENT_PAUSE[self.speed]
