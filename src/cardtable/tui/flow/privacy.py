"""Whose private information the screen may show, and when the curtain falls.

The screen shows at most one seat's private view at a time (``shown``), or
only the public view (``None``). Before a human's private view is shown, a
hand-off curtain is needed unless that seat's view is already on screen.

Curtain modes: ``auto`` shields only when two or more humans share the
keyboard; ``always`` shields even a lone human (against onlookers); ``never``
trusts the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...session import Seat


@dataclass(frozen=True)
class Privacy:
    seats: tuple[Seat, ...]
    mode: str = "auto"

    @classmethod
    def for_seats(cls, seats: Sequence[Seat], mode: str) -> Privacy:
        return cls(tuple(seats), mode)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def shielded(self) -> bool:
        """Whether a human's private view must be hidden whenever they are not acting."""
        if self.mode == "always":
            return bool(self.humans)
        if self.mode == "never":
            return False
        return len(self.humans) >= 2

    def resting_view(self) -> int | None:
        """The view to show while no human acts (computers playing, summaries)."""
        if not self.shielded and len(self.humans) == 1:
            return self.humans[0]
        return None

    def needs_curtain(self, seat: int, shown: int | None) -> bool:
        """Whether a curtain must fall before ``seat``'s private view is shown."""
        return self.shielded and shown != seat
