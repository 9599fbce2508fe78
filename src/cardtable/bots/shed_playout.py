"""Shed's normal rules as the search's playout policy, on the sampled state itself.

``playout(state, seat, moves, rng)`` makes exactly the move ``shed.normal``
makes from the seat's view (a test checks it on thousands of positions): both
call the one copy of the rules, ``shed.play_rules``, which needs only the
stack, who is still in, the deck's size and the hand sizes. Those are read
straight from the state, so a playout step builds no view (building one sorts
every hand and copies twenty fields: over half the cost of the rules' whole
decision). Used only inside the search, on states the search sampled itself;
its decisions still start from the seat's view.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..games.shed.state import PLAY
from .shed import best_exchange, play_rules


def playout(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    if state.phase is not PLAY:
        return best_exchange(None, moves)  # (the exchange reads only its moves)
    return play_rules(
        moves, state.stack, state.options.four_of_a_kind_burns, seat, state.places,
        len(state.deck), state.hand_count,
    )  # fmt: skip
