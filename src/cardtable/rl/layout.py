"""A flat observation vector's layout: named parts, each a slice with its bounds.

An encoder declares its parts once (``Layout.part``), then writes each seat's
observation into a fresh vector by those slices. The same table gives the
observation space's bounds (``low``, ``high``) and the layout docs/research.md
shows (``rows``).

Seats are *relative* in every per-seat part: entry 0 is the observing seat,
entry 1 the next seat in seat order, and so on round the table, so a policy
learnt in one seat plays in any other. (The public view, which has no seat,
keeps seat order.)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Part:
    name: str
    at: slice
    low: float
    high: float
    text: str

    @property
    def size(self) -> int:
        return self.at.stop - self.at.start


class Layout:
    """The parts of one game's observation vector, in order."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.size = 0

    def part(self, name: str, size: int, high: float, text: str, low: float = 0.0) -> slice:
        """Add a part of ``size`` entries in ``[low, high]``; return its slice."""
        at = slice(self.size, self.size + size)
        self.parts.append(Part(name, at, float(low), float(high), text))
        self.size += size
        return at

    @property
    def low(self) -> np.ndarray:
        low = np.zeros(self.size, np.float32)
        for part in self.parts:
            low[part.at] = part.low
        return low

    @property
    def high(self) -> np.ndarray:
        high = np.zeros(self.size, np.float32)
        for part in self.parts:
            high[part.at] = part.high
        return high

    def named(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """``vector`` cut into its named parts (views of it, not copies)."""
        return {part.name: vector[part.at] for part in self.parts}

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(entries, name, range, meaning) per part: the table of docs/research.md."""
        return [
            (
                f"{p.at.start}-{p.at.stop - 1}" if p.size > 1 else str(p.at.start),
                p.name,
                f"{p.low:g}..{p.high:g}",
                p.text,
            )
            for p in self.parts
        ]


def relative(player: int | None, players: int) -> list[int]:
    """The seats in the order a per-seat part lists them: from ``player`` round the table."""
    start = 0 if player is None else player
    return [(start + k) % players for k in range(players)]


def place(player: int | None, players: int, seat: int) -> int:
    """Where ``seat`` sits in a per-seat part seen by ``player``."""
    return seat if player is None else (seat - player) % players
