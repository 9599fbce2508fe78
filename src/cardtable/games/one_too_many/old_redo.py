"""Games played before the Redo ruling (RULINGS.md, One Too Many, Redo), read by today's rules.

Before it, every Redo holder still in the round decided after each reveal
(while two or more had chosen); now a holder who sees only passes gets no Redo
step. A game saved under the old ruling can therefore hold Redo decisions that
no longer exist, or end waiting for one: its moves no longer replay to its
digest. :func:`upgraded_moves` checks the game against the old ruling (its
digest must be the old ruling's state, rebuilt here) and gives its moves
without those decisions, so the game goes on under today's rules. A decision
that *used* such a Redo changed the game; it cannot be dropped, and such a
game is not read (None).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.secret import SecretChoices
from .legality import redo_deciders
from .moves import Ask, Move, Redo
from .state import CHOOSE, REDO, OneTooManyState, evolve

Moves = Sequence[tuple[int, Move]]
Apply = Callable[[OneTooManyState, int, Move], OneTooManyState]


def old_deciders(state: OneTooManyState, asks: tuple[int | None, ...]) -> frozenset[int]:
    """Who decided on their Redo after the reveal of ``asks`` under the old ruling."""
    if sum(count is not None for count in asks) < 2:
        return frozenset()
    return frozenset(seat for seat, held in enumerate(state.redo) if held and state.in_round[seat])


def completed_asks(state: OneTooManyState, player: int, move: Move) -> tuple[int | None, ...] | None:
    """The numbers shown if ``move`` completes the choosing of ``state`` (else None)."""
    secret = state.secret
    if state.phase is not CHOOSE or not isinstance(move, Ask) or len(secret.values) + 1 != len(secret.waiting):
        return None
    asks: list[int | None] = [None] * state.players
    for seat, count in (*secret.values, (player, move.count)):
        asks[seat] = count
    return tuple(asks)


def upgraded_moves(
    start: OneTooManyState, moves: Moves, digest: str, apply: Apply, digest_of: Callable[[OneTooManyState], str]
) -> list[int]:
    """The indexes of ``moves`` to keep, if they are a game played under the old
    Redo ruling that ends at ``digest`` and differs from today's; else []."""
    state = start
    keep: list[int] = []
    step: tuple[OneTooManyState, tuple[int | None, ...], frozenset[int], dict[int, bool]] | None = None
    for index, (player, move) in enumerate(moves):
        if step is not None:
            _, _, waiting, decided = step
            if isinstance(move, Redo) and player in waiting and player not in decided:
                decided[player] = move.use
                if len(decided) == len(waiting):
                    step = None
                today = state.phase is REDO and player in state.secret.waiting
                if not today and move.use:
                    return []  # a Redo used that today's rules never offered: the game is another one
                if not today:
                    continue  # the decision that no longer exists is dropped
            else:
                return []  # not the old Redo step's moves: not such a game
        shown = completed_asks(state, player, move)
        try:
            after = apply(state, player, move)
        except ValueError:
            return []
        if shown is not None:
            old = old_deciders(state, shown)
            if old != frozenset(redo_deciders(shown, state.redo)):
                step = (state, shown, old, {})
        state = after
        keep.append(index)
    if step is not None:  # the game ends waiting in the old Redo step: its state as the old ruling had it
        before, asks, waiting, decided = step
        secret = SecretChoices(waiting, tuple(sorted(decided.items())))
        state = evolve(before, phase=REDO, secret=secret, last_reveal=asks)
    if len(keep) == len(moves) and step is None:
        return []  # nothing the old ruling did differently
    return keep if digest_of(state) == digest else []
