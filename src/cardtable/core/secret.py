"""Commit, then reveal: secret simultaneous choices.

Each seat in ``waiting`` commits a value; nobody's value is shown to anyone
else until every one of them has committed. A view built with
:meth:`SecretChoices.masked` shows a seat its own value and the others only
whether they have chosen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .evolve import slot_init

T = TypeVar("T")


class _Chosen:
    """Shown in place of another seat's committed value."""

    _instance: _Chosen | None = None

    def __new__(cls) -> _Chosen:  # a singleton, so views compare equal
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHOSEN"

    def __reduce__(self) -> tuple[type[_Chosen], tuple[()]]:
        return (_Chosen, ())


CHOSEN = _Chosen()


@slot_init  # one is built at every choice
@dataclass(frozen=True, slots=True)
class SecretChoices(Generic[T]):
    waiting: frozenset[int]
    values: tuple[tuple[int, T], ...] = ()

    @classmethod
    def open(cls, seats: Iterable[int]) -> SecretChoices[T]:
        return cls(frozenset(seats))

    def commit(self, seat: int, value: T) -> SecretChoices[T]:
        if seat not in self.waiting:
            raise ValueError(f"seat {seat} is not choosing")
        if self.has_chosen(seat):
            raise ValueError(f"seat {seat} has already chosen")
        values = self.values
        if not values or values[-1][0] < seat:  # (choices mostly come in seat order: no sort)
            return SecretChoices(self.waiting, (*values, (seat, value)))
        return SecretChoices(self.waiting, tuple(sorted((*values, (seat, value)))))

    def has_chosen(self, seat: int) -> bool:
        for chooser, _ in self.values:  # (a loop: any() over a generator costs twice as much)
            if chooser == seat:
                return True
        return False

    @property
    def pending(self) -> tuple[int, ...]:
        if not self.values:
            return tuple(sorted(self.waiting))
        return tuple(sorted(self.waiting.difference([s for s, _ in self.values])))

    @property
    def complete(self) -> bool:
        return len(self.values) == len(self.waiting)

    def revealed(self) -> dict[int, T]:
        if not self.complete:
            raise ValueError("not every seat has chosen yet")
        return dict(self.values)

    def masked(self, viewer: int | None) -> tuple[tuple[int, object], ...]:
        """What ``viewer`` may see: its own value, ``CHOSEN`` for the others."""
        if self.complete:
            return self.values
        return tuple((s, v if s == viewer else CHOSEN) for s, v in self.values)
