"""The state of a game of One Too Many: flat, frozen, tuples only."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...core.cards import Card
from ...core.evolve import make_builder, make_evolve, make_new, slot_init
from ...core.rng import Rng
from ...core.secret import SecretChoices
from .options import Options


class Phase(StrEnum):
    CHOOSE = "choose"  # everyone still in the round picks a number in secret
    REDO = "redo"  # Redo holders decide, having seen the numbers
    RECHOOSE = "rechoose"  # those who used their Redo pick a new number in secret
    OVER = "over"


# The phases as plain module names: on Python 3.11 ``Phase.OVER`` goes through
# the enum's metaclass, 15 times the cost of a global, and a step tests the
# phase four or five times (``is_over``, ``to_act`` and ``legal_moves`` each
# 1.4 to 2 times faster with them, by timeit).
CHOOSE, REDO, RECHOOSE, OVER = Phase.CHOOSE, Phase.REDO, Phase.RECHOOSE, Phase.OVER


@slot_init  # built at every turn's end: 4.3 -> 1.5 us (dataclass's own __init__ sets frozen fields by name)
@dataclass(frozen=True, slots=True)
class OneTooManyState:
    """A game in progress. Per-seat fields are tuples indexed by seat.

    ``deck`` is top card first; ``center`` (the Diamonds) is kept sorted by
    rank; ``piles`` are face up, oldest card first, so a pile's top card is
    its last. ``secret`` holds the current phase's simultaneous choices: the
    numbers (phases CHOOSE and RECHOOSE) or the Redo decisions (phase REDO).
    """

    players: int
    options: Options
    cards: tuple[Card, ...]  # every card of this game, sorted
    rng: Rng
    round: int  # 1, 2, ...
    turn: int  # turn within the round, 1, 2, ...
    first: int  # the round's first seat (draws first)
    phase: Phase
    deck: tuple[Card, ...]
    center: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]  # banked points
    in_round: tuple[bool, ...]
    redo: tuple[bool, ...]  # holds an unused Redo this round
    kept: tuple[Card | None, ...]  # the card kept from a bust, at the bottom of the pile
    passed_on: tuple[int, ...]  # the turn of this round on which the seat passed; 0 = has not
    round_points: tuple[int, ...]  # points banked this round
    secret: SecretChoices[int]
    last_reveal: tuple[int | None, ...]  # the numbers last shown (None: not asked)

    @property
    def limit(self) -> int:
        """The most cards one may ask for this turn."""
        if self.turn == 1:
            return self.options.first_turn_limit
        return self.options.later_turn_limit

    @property
    def bust_length(self) -> int:
        """A run of this many consecutive Diamond values busts the round."""
        return self.players + 1

    @property
    def alone(self) -> bool:
        """Whether a single player is left in the round."""
        return sum(self.in_round) == 1


evolve = make_evolve(OneTooManyState)
#: ``with_secret(state, secret)``: a choice recorded (most steps), ``evolve`` without its test per field
with_secret = make_builder(OneTooManyState, "secret")
#: the numbers shown and the Redo decisions opened; those who use their Redo choosing again
to_redo = make_builder(OneTooManyState, "phase", "secret", "last_reveal")
to_rechoose = make_builder(OneTooManyState, "phase", "secret", "redo")
#: ``new_state(players, options, ...)``: all the fields in order, half the cost of the class's own call
#: (a turn's end builds one: 1.5 -> 0.8 us)
new_state = make_new(OneTooManyState)
State = OneTooManyState  # the name before it matched the other games'
