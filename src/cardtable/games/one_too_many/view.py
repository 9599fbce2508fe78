"""What one seat may see of a game of One Too Many.

Everything is face up except the order of the deck and the numbers chosen in
secret that are not yet shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.rng import Rng
from ...core.secret import CHOSEN, SecretChoices
from .options import Options
from .runs import longest_run, rank_mask
from .state import OVER, REDO, OneTooManyState, Phase


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
        return self.phase is OVER


def make_view(state: OneTooManyState, player: int | None) -> OneTooManyView:
    over = state.phase is OVER
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


def determinize(view: OneTooManyView, rng: random.Random) -> OneTooManyState:
    on_table = set(view.center)
    for pile in view.piles:
        on_table.update(pile)
    deck = [card for card in view.card_set if card not in on_table]
    rng.shuffle(deck)
    phase = view.phase
    waiting = frozenset(view.to_act).union(seat for seat, _ in view.choices)
    alone = sum(view.in_round) == 1
    numbers = [k for k in range(view.limit + 1) if not (k == 1 and alone)]
    values: list[tuple[int, Any]] = []  # (a number, or a Redo decision: True or False)
    for seat, value in view.choices:
        if value is CHOSEN:
            value = rng.choice((True, False)) if phase is REDO else rng.choice(numbers)
        values.append((seat, value))
    return OneTooManyState(
        players=view.players,
        options=view.options,
        cards=view.card_set,
        rng=Rng(rng.getrandbits(64)),
        round=view.round,
        turn=view.turn,
        first=view.first,
        phase=phase,
        deck=tuple(deck),
        center=view.center,
        piles=view.piles,
        scores=view.scores,
        in_round=view.in_round,
        redo=view.redo,
        kept=view.kept,
        passed_on=view.passed_on,
        round_points=view.round_points,
        secret=SecretChoices(waiting, tuple(sorted(values))),
        last_reveal=view.last_reveal,
    )


View = OneTooManyView  # the name before it matched the other games'
