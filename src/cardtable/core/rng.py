"""Seeded randomness that lives in the game state.

``Rng`` is an immutable value (a SplitMix64 generator state). Every draw
returns the result together with the next ``Rng``, so applying a move is a pure
function and the same seed and moves replay the same game on any machine and
any Python version: nothing here depends on Python's hash seed, the global
``random`` module or its algorithms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(_mix((seed * _GAMMA) & _MASK))

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        value, rng = self.next64()
        return (value * n) >> 64, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of ``items``, returned as a new tuple."""
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            state = (state + _GAMMA) & _MASK
            # _mix(state), written out: a call per card was a third of the shuffle's cost
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng
