"""One Too Many's action space: 55 codes.

=========  ===========================================================
code       action
=========  ===========================================================
0-52       ask for that many cards (0 is a pass); the turn's limit and
           the rule for a player alone say which are legal
53         use the Redo (choose again, after the numbers are shown)
54         keep the Redo for a later turn
=========  ===========================================================
"""

from __future__ import annotations

from typing import Any

from .legality import ASKING
from .moves import ASKS, REDOS, Ask, Redo
from .state import OVER, REDO, OneTooManyState
from .transitions import record

USE_REDO = len(ASKS)  # 53
KEEP_REDO = USE_REDO + 1
ACTION_COUNT = KEEP_REDO + 1

#: ``CODES[alone][limit]``: the numbers a seat may ask for, as codes
CODES = tuple(tuple(bytes(move.count for move in moves) for moves in by_limit) for by_limit in ASKING)
REDO_CODES = bytes((USE_REDO, KEEP_REDO))
MOVES: tuple[Ask | Redo, ...] = (*ASKS, *REDOS)  # the move of each code


def legal_actions(game: Any, state: OneTooManyState, seat: int) -> bytes:
    """``legality.legal_moves`` as codes, in the same order (shared bytes),
    remembered for ``step``. (``OneTooMany.legal_actions``: a method written
    here, one call a step, as ``step``.)"""
    phase = state.phase
    secret = state.secret
    values = secret.values  # (sorted by seat: one whose seat is past the last chosen has not chosen)
    if phase is OVER or seat not in secret.waiting or (values and values[-1][0] >= seat and secret.has_chosen(seat)):
        codes = b""
    elif phase is REDO:
        codes = REDO_CODES
    else:
        options = state.options
        limit = options.first_turn_limit if state.turn == 1 else options.later_turn_limit
        codes = CODES[state.in_round.count(True) == 1][limit]
    game._codes = (state, seat, codes)
    return codes


def step(game: Any, state: OneTooManyState, seat: int, action: object) -> OneTooManyState:
    """``OneTooMany.step``: a code ``legal_actions`` just listed for this very
    state and seat is played at once; any other is checked by ``Game.step``'s
    path (``checked_move``), refused with the reason if it is not legal."""
    listed, listed_seat, codes = game._codes
    if (
        listed is state
        and listed_seat == seat
        and type(action) is int
        and 0 <= action < ACTION_COUNT
        and action in codes
    ):
        return record(state, seat, action if action < USE_REDO else action == USE_REDO)
    new: OneTooManyState = game.apply(state, seat, game.checked_move(state, seat, action))[0]
    return new


def action_of(move: object) -> int:
    """The code of ``move`` (``ValueError`` if it is not a move of One Too Many)."""
    if type(move) is Redo:
        return USE_REDO if move.use else KEEP_REDO
    if type(move) is Ask and type(move.count) is int and 0 <= move.count < USE_REDO:
        return move.count
    raise ValueError(f"{move!r} is not a move of One Too Many with a code")
