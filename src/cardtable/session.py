"""The one mutable holder of a game in progress: its state, seats and log.

Everything else (engines, views, bots) is immutable; the TUI and the saved
games work through a Session, so the flow of a game lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.cards import Card
from .core.codec import move_from_json
from .core.engine import Event, Game
from .core.record import GameRecord, HintMark, StandInMark, UndoMark, make_record, parse_deck, replay
from .games import SEAT_KINDS as SEAT_KINDS  # re-exported: saves and the CLI check seats against it
from .games import get_game


class UndoRefused(ValueError):
    """An undo that may not be done now; the message says why in one line."""


@dataclass(frozen=True)
class UndoPlan:
    """What an undo by ``player`` takes back: the moves from index ``at`` on (``taken`` of them),
    made by the seats in ``movers`` (the player's own seat among them)."""

    player: int
    at: int
    taken: int
    movers: tuple[int, ...]

    def others(self) -> tuple[int, ...]:
        """The seats, other than the player's, whose moves the undo takes back."""
        return tuple(seat for seat in self.movers if seat != self.player)


#: Given the events of one move: why that move may not be taken back (a secret choice
#: made public), or None. The undo never crosses such a move.
Barrier = Callable[[Sequence[Event]], str | None]


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or a computer level

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class Session:
    game: Game
    seats: tuple[Seat, ...]
    options: Any
    seed: int
    state: Any
    deck: tuple[Card, ...] | None = None
    moves: list[tuple[int, Any]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: undos and hints used so far (saved in the record; counted in the statistics)
    undos: list[UndoMark] = field(default_factory=list)
    hints: list[HintMark] = field(default_factory=list)
    #: the moves a computer made standing in for a seat's player (a table server's; in the record)
    standins: list[StandInMark] = field(default_factory=list)
    #: called after every applied move with (session, player, move, events): autosave, stats;
    #: after an undo or a hint with ``move`` None and no events (the record changed all the same)
    listeners: list[Callable[[Session, int, Any, tuple[Event, ...]], None]] = field(
        default_factory=list, repr=False, compare=False
    )
    #: per move: how many of ``events`` there are once it is applied (where each move's events end)
    ends: list[int] = field(default_factory=list, repr=False, compare=False)
    #: how many of ``events`` come before the first move (the deal's)
    opening: int = 0

    @classmethod
    def start(
        cls,
        game_id: str,
        seats: Sequence[Seat],
        options: Any = None,
        seed: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> Session:
        game = get_game(game_id)
        game.check_players(len(seats))
        opts = game.make_options(options)
        state, events = game.start(len(seats), opts, seed=seed, deck=deck)
        deck = None if deck is None else tuple(deck)
        return cls(game, tuple(seats), opts, seed, state, deck, events=list(events), opening=len(events))

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def view(self, player: int | None):
        return self.game.view(self.state, player)

    def legal_moves(self, player: int) -> list:
        return self.game.legal_moves(self.state, player)

    def why_not(self, player: int, move: Any) -> str | None:
        """The engine's reason why ``player`` may not make ``move`` now (None if it may)."""
        return self.game.check_move(self.state, player, move)

    def outcome(self):
        """The final places, points and reasons (once the game is over)."""
        return self.game.outcome(self.state)

    def apply(self, player: int, move: Any) -> tuple[Event, ...]:
        """Apply a move (raises IllegalMove with the reason; nothing changes then)."""
        state, events = self.game.apply(self.state, player, move)
        self.state = state
        self.moves.append((player, move))
        self.events.extend(events)
        self.ends.append(len(self.events))
        self._tell(player, move, events)
        return events

    def _tell(self, player: int, move: Any, events: tuple[Event, ...]) -> None:
        for listener in tuple(self.listeners):
            listener(self, player, move, events)

    # -- undo and hints ---------------------------------------------------------------------
    def move_events(self, index: int) -> list[Event]:
        """The events move ``index`` made."""
        ends = self.event_ends()
        return self.events[ends[index - 1] if index else self.opening : ends[index]]

    def event_ends(self) -> list[int]:
        """Per move, how many events there are once it is applied (``ends``, counted again if missing)."""
        if len(self.ends) != len(self.moves):  # a session built by hand: count again
            self.ends = []
            state, opening = self._start()
            count = len(opening)
            for player, move in self.moves:
                state, events = self.game.apply(state, player, move)
                count += len(events)
                self.ends.append(count)
        return self.ends

    def _start(self) -> tuple[Any, tuple[Event, ...]]:
        """The first state and the events of the deal."""
        return self.game.start(len(self.seats), self.options, seed=self.seed, deck=self.deck)

    def plan_undo(self, player: int, barrier: Barrier | None = None) -> UndoPlan:
        """Back to ``player``'s own previous decision: the moves taken back with it.

        Raises :class:`UndoRefused` (nothing changes) once the game is over, before the
        player's first move, or when ``barrier`` names a move in between that may not be
        taken back."""
        if self.is_over:
            raise UndoRefused("The game is over: nothing can be undone.")
        own = [i for i, (seat, _) in enumerate(self.moves) if seat == player]
        if not own:
            raise UndoRefused(f"Nothing to undo: {self.seats[player].name} has not made a move yet.")
        at = own[-1]
        if barrier is not None:
            for index in range(at, len(self.moves)):
                reason = barrier(self.move_events(index))
                if reason is not None:
                    raise UndoRefused(reason)
        movers = tuple(sorted({seat for seat, _ in self.moves[at:]}))
        return UndoPlan(player, at, len(self.moves) - at, movers)

    def undo(self, plan: UndoPlan) -> None:
        """Take back the plan's moves: the state is rebuilt by replaying the moves kept
        through the engine, the record notes the undo, and the listeners are told."""
        if plan.at + plan.taken != len(self.moves) or self.moves[plan.at][0] != plan.player:
            raise UndoRefused("The game has moved on since the undo was asked for: nothing was undone.")
        seen_by = self._seen_by(self.events[self.event_ends()[plan.at - 1] if plan.at else 0 :], plan.player)
        state, opening = self._start()
        events: list[Event] = list(opening)
        ends: list[int] = []
        for player, move in self.moves[: plan.at]:
            state, made = self.game.apply(state, player, move)
            events.extend(made)
            ends.append(len(events))
        self.state = state
        del self.moves[plan.at :]
        self.standins[:] = [mark for mark in self.standins if mark.at < plan.at]
        self.events[:] = events
        self.ends = ends
        self.undos.append(UndoMark(at=plan.at, taken=plan.taken, player=plan.player, seen_by=seen_by))
        self._tell(plan.player, None, ())

    def _seen_by(self, taken: Sequence[Event], player: int) -> list[int] | None:
        """Who saw something of the events of moves taken back (and the player who takes
        them back): None if one of them was public."""
        if any(event.visible(None) for event in taken):
            return None
        return [s for s in range(len(self.seats)) if s == player or any(event.visible(s) for event in taken)]

    def note_hint(self, player: int) -> None:
        """``player`` was given a hint: the record counts it (and the listeners are told)."""
        self.hints.append(HintMark(at=len(self.moves), player=player))
        self._tell(player, None, ())

    def note_standin(self, player: int) -> None:
        """The next move, ``player``'s, is a computer's standing in for their absent human (the
        record says so; the caller applies that move at once)."""
        self.standins.append(StandInMark(at=len(self.moves), player=player))

    def record(self) -> GameRecord:
        return make_record(
            self.game, len(self.seats), self.options, self.seed, self.moves, self.deck, self.names
        ).model_copy(update={"undos": list(self.undos), "hints": list(self.hints), "standins": list(self.standins)})

    @classmethod
    def from_record(cls, record: GameRecord, seats: Sequence[Seat] | None = None) -> Session:
        replayed = replay(record, get_game)
        game = replayed.game
        if seats is None:
            names = record.names or [f"Player {i + 1}" for i in range(record.players)]
            seats = [Seat(name) for name in names]
        moves = [(m.player, move_from_json(m.move, game.move_types)) for m in record.moves]
        opening = sum(1 for index, _ in replayed.events if index < 0)  # (the deal's events come first)
        ends = [opening] * len(moves)
        for count, (index, _) in enumerate(replayed.events, 1):
            if index >= 0:
                ends[index] = count
        for index in range(1, len(ends)):  # (a move that made no event ends where the one before did)
            ends[index] = max(ends[index], ends[index - 1])
        return cls(
            game,
            tuple(seats),
            game.make_options(record.options),
            record.seed,
            replayed.state,
            parse_deck(record.deck),
            moves,
            [e for _, e in replayed.events],
            list(record.undos),
            list(record.hints),
            list(record.standins),
            ends=ends,
            opening=opening,
        )
