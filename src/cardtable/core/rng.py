"""Seeded randomness that lives in the game state.

``Rng`` is an immutable value (a SplitMix64 generator state). Every draw
returns the result together with the next ``Rng``, so applying a move is a pure
function and the same seed and moves replay the same game on any machine and
any Python version: nothing here depends on Python's hash seed, the global
``random`` module or its algorithms.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# A shuffle computes the mixes of all its draws side by side, as the 128-bit
# lanes of one big integer, and its swaps' places too (each lane's draw times
# its bound, one masked addition per bit of the bounds), then reads them as one
# byte a lane: a dozen operations on the big integer instead of a dozen per
# card. A 52-card shuffle takes 6.6 us (19 us card by card, 8.6 us with the
# places multiplied card by card); One-Card's 162 cards 18.8 us.

#: the most items whose swap places fit a byte (larger shuffles multiply card by card)
_BYTE_PLACES = 256


class _Lanes(NamedTuple):
    """The constants of a shuffle with ``count`` draws (``count + 1`` items;
    lane ``k`` swaps place ``count - k``, bounded by that place plus one)."""

    steps: int  # (k + 1) * _GAMMA (mod 2**64) in lane k
    ones: int  # a 1 in each lane
    low: int  # each lane's low 64 bits set
    bits: tuple[tuple[int, int], ...]  # for each bit b of the bounds, (b, the lanes whose bound has it)
    places: range  # the places swapped, in lane order


@lru_cache(maxsize=256)  # one per deck size: One-Card's 162 cards the most
def _lanes(count: int) -> _Lanes:
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(count))
    bits = tuple(
        (b, sum(_MASK << (128 * k) for k in range(count) if (count + 1 - k) >> b & 1))
        for b in range((count + 1).bit_length())
    )
    return _Lanes(steps, ones, _MASK * ones, bits, range(count, 0, -1))


def _mixes(state: int, count: int) -> int:
    """``_mix`` of each of the ``count`` states that follow ``state``, lane
    ``k`` holding the ``k``-th. A lane holds a 64-bit value with 64 free bits
    above it, room for the product of a multiplication; ``& low`` drops what a
    shift brings down from the lane above."""
    steps, ones, low, _, _ = _lanes(count)
    z = (state * ones + steps) & low
    z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    return z ^ ((z >> 31) & low)


def _places(state: int, count: int) -> bytes:
    """The swap places of a shuffle of ``count + 1`` items (at most
    ``_BYTE_PLACES``) drawn from ``state``: lane ``k``'s draw ``z`` times its
    bound ``m`` (below ``2**73``: the lane has room), as the sum over the bits
    of ``m`` of the masked lanes shifted; ``z * m >> 64`` is then the lane's
    ninth byte (below ``m``, so it fits)."""
    z = _mixes(state, count)
    product = 0
    for b, mask in _lanes(count).bits:
        product += (z & mask) << b
    return product.to_bytes(16 * count, "little")[8::16]


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
        """A Fisher-Yates shuffle of ``items``, returned as a new tuple: from
        the last card down, the card at ``i`` swaps with the one at
        ``next64() * (i + 1) >> 64``."""
        out = list(items)
        n = len(out)
        if n < 2:
            return tuple(out), self
        count = n - 1
        if n <= _BYTE_PLACES:
            for i, j in zip(_lanes(count).places, _places(self.state, count), strict=True):
                out[i], out[j] = out[j], out[i]
        else:
            draws = struct.iter_unpack("<Q8x", _mixes(self.state, count).to_bytes(16 * count, "little"))
            for i, (z,) in zip(range(count, 0, -1), draws, strict=True):
                j = (z * (i + 1)) >> 64
                out[i], out[j] = out[j], out[i]
        return tuple(out), Rng((self.state + count * _GAMMA) & _MASK)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng
