"""The end of a game: places, points, reasons and who won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a place per seat (1 is best; ties share a place),
    points per seat (the game's own scoring), a reason per seat, and who won."""

    places: tuple[int, ...]
    points: tuple[int, ...]
    reasons: tuple[str, ...] = field(default=())
    #: which seats won, for games where more than the first place wins (Shed:
    #: everyone who got rid of all their cards); empty means "the seats in first place"
    won: tuple[bool, ...] = field(default=())

    def winners(self) -> tuple[int, ...]:
        if self.won:
            return tuple(i for i, won in enumerate(self.won) if won)
        return tuple(i for i, place in enumerate(self.places) if place == 1)


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking ("1224") from sort keys where a larger key is better."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)
