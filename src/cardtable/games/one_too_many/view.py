"""What one seat may see of a game of One Too Many.

Everything is face up except the order of the deck and the numbers chosen in
secret that are not yet shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from .options import Options
from .runs import longest_run, rank_mask
from .state import Phase, OneTooManyState


@dataclass(frozen=True, slots=True)
class OneTooManyView:
    player: int | None  # the viewer; None = the public view
    players: int
    options: Options
    card_set: tuple[Card, ...]  # every card of the game (the deck holds those not on the table)
    round: int
    turn: int  # turn within the round
    first: int  # the round's first seat
    phase: Phase
    limit: int  # the most cards one may ask for this turn
    target: int
    center: tuple[Card, ...]  # the Diamonds, sorted by rank
    longest_run: int
    bust_length: int  # players + 1
    piles: tuple[tuple[Card, ...], ...]  # face up, oldest first
    scores: tuple[int, ...]
    in_round: tuple[bool, ...]
    redo: tuple[bool, ...]
    kept: tuple[Card | None, ...]  # card kept from the last bust (the bottom of that pile)
    passed_on: tuple[int, ...]  # turn of this round the seat passed on; 0 = not passed
    round_points: tuple[int, ...]  # points banked this round
    choices: tuple[tuple[int, object], ...]  # committed secret choices: own value, CHOSEN for others
    last_reveal: tuple[int | None, ...]  # the numbers last shown, per seat
    deck_size: int
    to_act: tuple[int, ...]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


def make_view(state: OneTooManyState, player: int | None) -> OneTooManyView:
    over = state.phase is Phase.OVER
    return OneTooManyView(
        player=player,
        players=state.players,
        options=state.options,
        card_set=state.cards,
        round=state.round,
        turn=state.turn,
        first=state.first,
        phase=state.phase,
        limit=state.limit,
        target=state.options.target,
        center=state.center,
        longest_run=longest_run(rank_mask(state.center)),
        bust_length=state.bust_length,
        piles=state.piles,
        scores=state.scores,
        in_round=state.in_round,
        redo=state.redo,
        kept=state.kept,
        passed_on=state.passed_on,
        round_points=state.round_points,
        choices=state.secret.masked(player),
        last_reveal=state.last_reveal,
        deck_size=len(state.deck),
        to_act=() if over else state.secret.pending,
    )
