"""Which moves of One Too Many are legal now, and whose move it is.

``why_illegal`` is the rule; ``legal_moves`` lists the same moves directly
(a test checks that both agree over many random games).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .moves import ASKS, REDOS, Ask, Move, Redo
from .state import CHOOSE, OVER, REDO, OneTooManyState


def to_act(state: OneTooManyState) -> tuple[int, ...]:
    """``state.secret.pending``. The values are sorted by seat, so when the
    last of the ``k`` chosen is the ``k``-th seat in order, the first ``k``
    have chosen and the rest are pending (choices mostly come in seat order:
    a slice of the seats in order, remembered per set of seats; else
    remembered by who is choosing and who has chosen)."""
    if state.phase is OVER:
        return ()
    secret = state.secret
    values = secret.values
    seats = _in_order(secret.waiting)
    if not values:
        return seats
    chosen = len(values)
    if values[-1][0] == seats[chosen - 1]:
        return seats[chosen:]
    return _pending(secret.waiting, tuple([seat for seat, _ in values]))


@lru_cache(maxsize=256)
def _in_order(waiting: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(waiting))


@lru_cache(maxsize=1024)
def _pending(waiting: frozenset[int], chosen: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(waiting.difference(chosen)))


def candidate_moves(state: OneTooManyState, player: int) -> Iterable[Move]:
    if state.phase is REDO:
        return REDOS
    if state.phase is OVER:
        return ()
    return ASKS[: state.limit + 1]


def legal_moves(state: OneTooManyState, player: int) -> tuple[Move, ...]:
    """The generic ``candidate_moves`` filtered by ``why_illegal``, built directly.

    A seat still to choose may decide on its Redo either way (phase REDO),
    or ask for any number up to the turn's limit but 1 when alone in the
    round. Same moves, same order; a test checks the agreement over many
    random games. A shared tuple (``Game.remember_legal`` gives the caller
    a list).
    """
    phase = state.phase
    secret = state.secret
    if phase is OVER or player not in secret.waiting or secret.has_chosen(player):
        return ()
    if phase is REDO:
        return REDOS
    options = state.options  # (state.limit and state.alone, written out: this runs at every step)
    limit = options.first_turn_limit if state.turn == 1 else options.later_turn_limit
    return ASKING[state.in_round.count(True) == 1][limit]


ASKING = tuple(tuple(ASKS[: limit + 1] if limit < 1 or not alone else ASKS[:1] + ASKS[2 : limit + 1]
                     for limit in range(len(ASKS))) for alone in (False, True))  # fmt: skip
"""``ASKING[alone][limit]``: the numbers a seat may ask for (alone in the round: not 1)."""


def why_illegal(state: OneTooManyState, player: int, move: Move) -> str | None:
    phase = state.phase
    if phase is OVER:
        return "the game is over"
    if player not in state.secret.waiting:
        if phase is CHOOSE:
            return f"seat {player + 1} is out of this round and chooses no number"
        if phase is REDO:
            return f"seat {player + 1} holds no Redo to decide on now"
        return f"seat {player + 1} did not use a Redo and keeps the number shown"
    if state.secret.has_chosen(player):
        if phase is REDO:
            return f"seat {player + 1} has already decided about the Redo this turn"
        return f"seat {player + 1} has already chosen a number this turn"
    if isinstance(move, Redo):
        if phase is not REDO:
            return "a Redo is decided only after the numbers are shown"
        if not isinstance(move.use, bool):
            return "use the Redo or not: true or false"
        return None
    if not isinstance(move, Ask):
        return f"{type(move).__name__} is not a move of One Too Many"
    if phase is REDO:
        return "first decide whether to use the Redo (use it, or keep it)"
    count = move.count
    if isinstance(count, bool) or not isinstance(count, int):
        return "the number of cards must be a whole number"
    if count < 0:
        return "you cannot ask for fewer than 0 cards (0 is a pass)"
    limit = state.limit
    if count > limit:
        when = "on the first turn of a round" if state.turn == 1 else "after the first turn of a round"
        return f"you may ask for at most {limit} cards {when}, not {count}"
    if count == 1 and state.alone:
        return f"alone in the round you may not ask for exactly 1 card: pass (0) or ask for 2 to {limit}"
    return None


def redo_deciders(asks: tuple[int | None, ...], redo: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats that decide on their Redo after the numbers ``asks`` are shown
    (``None``: out of the round): each holder still in the round while another
    player still in it asked for cards. One who revealed 0 is leaving the round
    and does not count, so a holder who sees only passes gets no Redo step (it
    would let them ask for the single card a player alone may not ask for)."""
    asking = [seat for seat, count in enumerate(asks) if count]
    return tuple(
        [
            seat
            for seat, held in enumerate(redo)
            if held and asks[seat] is not None and (len(asking) > 1 or (asking and asking[0] != seat))
        ]
    )
