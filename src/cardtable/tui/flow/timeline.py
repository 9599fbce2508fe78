"""A recorded game move by move, for the replay viewer (no Textual).

The record is replayed once through the engine (``core.record.replay``), keeping
the state at the start and after every move, so stepping back and forth, or
jumping to a round, is a look-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.engine import Event, Game
from ...core.record import GameRecord, replay
from ...games import get_game


@dataclass(frozen=True)
class Timeline:
    game: Game
    record: GameRecord
    names: tuple[str, ...]
    #: states[k]: the state after the first k moves (states[0]: the deal)
    states: tuple[Any, ...]
    #: events[k]: the events of move k (between states[k] and states[k + 1])
    events: tuple[tuple[Event, ...], ...]
    #: the events of the deal, before the first move
    opening: tuple[Event, ...] = ()

    @classmethod
    def of(cls, record: GameRecord, names: Sequence[str] | None = None) -> Timeline:
        """Replays ``record`` (RecordError, with the move and the reason, if it cannot be)."""
        states: list[Any] = []
        replayed = replay(record, get_game, states=states)
        events: list[list[Event]] = [[] for _ in record.moves]
        opening = tuple(event for index, event in replayed.events if index < 0)
        for index, event in replayed.events:
            if index >= 0:
                events[index].append(event)
        names = list(names or record.names or [f"Player {i + 1}" for i in range(record.players)])
        return cls(replayed.game, record, tuple(names), tuple(states), tuple(tuple(e) for e in events), opening)

    @property
    def moves(self) -> int:
        return len(self.events)

    @property
    def over(self) -> bool:
        """Whether the recorded game is finished (only then may its hands be shown face up)."""
        return self.game.is_over(self.states[-1])

    def view(self, k: int, seat: int | None = None) -> Any:
        return self.game.view(self.states[k], seat)

    def hidden_cards(self, k: int) -> list[list[tuple[str, tuple[Card, ...]]]]:
        """Per seat, the cards of their zones the public may not see at move ``k`` (a hand,
        face-down cards), as (zone, cards): only once the game is over, when nothing is secret."""
        if not self.over:
            raise ValueError("the hands of a game not over stay hidden")
        state = self.states[k]
        hidden = set(self.game.hidden_zones(state, None))
        seats: list[list[tuple[str, tuple[Card, ...]]]] = [[] for _ in self.names]
        for zone, cards in self.game.zones(state).items():
            own = re.fullmatch(r"(\D+?)(\d+)", zone)  # "hand0": seat 0's hand
            if zone in hidden and own and int(own.group(2)) < len(seats):
                seats[int(own.group(2))].append((own.group(1), tuple(cards)))
        return seats

    def events_until(self, k: int) -> list[Event]:
        """The events of the deal and of the first ``k`` moves, in order."""
        return [*self.opening, *(event for move in self.events[:k] for event in move)]

    def parts(self, heading: Callable[[Event | None], str | None]) -> list[tuple[int, str]]:
        """Where each round, hand or phase starts, as (moves made, heading), in order:
        ``heading`` as a presenter's ``heading`` (public events only are asked)."""
        parts: list[tuple[int, str]] = []
        first = heading(None)
        if first is not None:
            parts.append((0, first))
        for index, events in enumerate(self.events):
            for event in events:
                title = heading(event) if event.visible(None) else None
                if title is not None:
                    if parts and parts[-1][0] == index + 1:
                        parts[-1] = (index + 1, title)  # (one move ends a part and starts another)
                    else:
                        parts.append((index + 1, title))
        return parts
