"""The one mutable holder of a game in progress: its state, seats and log.

Everything else (engines, views, bots) is immutable; the TUI and the saved
games work through a Session, so the flow of a game lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .core.cards import Card
from .core.engine import Event, Game
from .core.codec import move_from_json
from .core.record import GameRecord, HintMark, UndoMark, make_record, parse_deck, replay
from .games import SEAT_KINDS as SEAT_KINDS  # re-exported: saves and the CLI check seats against it
from .games import get_game



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
    #: called after every applied move with (session, player, move, events): autosave, stats
    listeners: list[Callable[[Session, int, Any, tuple[Event, ...]], None]] = field(
        default_factory=list, repr=False, compare=False
    )

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
        state = game.new(len(seats), opts, seed=seed, deck=deck)
        return cls(game, tuple(seats), opts, seed, state, None if deck is None else tuple(deck))

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
        for listener in tuple(self.listeners):
            listener(self, player, move, events)
        return events

    def record(self) -> GameRecord:
        return make_record(
            self.game, len(self.seats), self.options, self.seed, self.moves, self.deck, self.names
        ).model_copy(update={"undos": list(self.undos), "hints": list(self.hints)})

    @classmethod
    def from_record(cls, record: GameRecord, seats: Sequence[Seat] | None = None) -> Session:
        replayed = replay(record, get_game)
        game = replayed.game
        if seats is None:
            names = record.names or [f"Player {i + 1}" for i in range(record.players)]
            seats = [Seat(name) for name in names]
        moves = [(m.player, move_from_json(m.move, game.move_types)) for m in record.moves]
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
        )
