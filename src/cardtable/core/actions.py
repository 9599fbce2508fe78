"""The integer action interface of the engine contract: the hot path.

Every game has a fixed *action space*: each action is a small integer code,
``0 <= code < action_count``, documented by the game (its ``actions``
module). The codes are what the computer players' search, ``cardtable
simulate``, the arena and the research environments play with; the move
objects stay what the app, the saves, the records and the descriptions use.

* ``legal_actions(state, seat)``: the codes ``seat`` may play now, in a stable
  order (empty unless the seat is to act). A code may repeat where the state
  holds several copies of the same card (One-Card's three decks); a mask
  ignores the repeats.
* ``step(state, seat, action)``: the new state, and no events. A code just
  listed for this very state and seat is trusted; any other is checked, and
  one that is not legal raises :class:`IllegalMove` with the reason (the old
  state is untouched, as always).
* ``move_of(state, seat, action)`` and ``action_of(state, seat, move)``
  convert. A code names what matters to the rules (One-Card: a card's face,
  not which of its three copies; Shed: a rank, a count and a zone, not which
  suits), so the state says which cards a code plays: the ones ``step``
  plays. ``move_of`` of a listed code is one of ``legal_moves``, and
  ``action_of`` of each legal move is a listed code.
* ``apply(state, seat, move)`` is the same step with its events, for the
  session, the log and the autosave: events are made only when asked.

A game without codes of its own (a toy registered by a test) gets these
defaults: an action is the index of a move in ``legal_moves``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from .event import Event

S = TypeVar("S")
M = TypeVar("M")


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message says why."""


class Actions(Generic[S, M]):
    """The integer action interface, with the defaults of a game without codes."""

    name: ClassVar[str]
    #: how many codes the game's action space has (0: no codes of its own)
    action_count: ClassVar[int] = 0

    #: The last answer of ``legal_actions``: (state, seat, the codes). As
    #: ``Game._verified`` for moves, it only spares ``step`` checking again a
    #: code just listed (one tuple, replaced whole: safe between threads).
    _listed: tuple[S | None, int, Sequence[int]] = (None, -1, ())

    if TYPE_CHECKING:  # what the defaults use of the move interface, which core.engine.Game defines

        def legal_moves(self, state: S, player: int) -> list[M]: ...
        def check_move(self, state: S, player: int, move: M) -> str | None: ...
        def apply(self, state: S, player: int, move: M) -> tuple[S, tuple[Event, ...]]: ...

    def remember_actions(self, state: S, seat: int, codes: Sequence[int]) -> Sequence[int]:
        """Remember ``codes`` (immutable: bytes or a tuple) as ``seat``'s legal
        actions in ``state``, and return them."""
        self._listed = (state, seat, codes)
        return codes

    def listed(self, state: S, seat: int, action: Any) -> bool:
        """Whether ``action`` is one of the codes the last ``legal_actions``
        listed, for this very state (by identity: states are immutable) and seat."""
        last = self._listed
        if last[0] is not state or last[1] != seat or type(action) is not int:
            return False
        try:
            return action in last[2]
        except ValueError:  # (bytes asked about a number past 255)
            return False

    def action_problem(self, action: Any) -> str | None:
        """Why ``action`` is not a code of this game's space at all, or ``None``."""
        if type(action) is not int:
            return f"an action of {self.name} is a whole number, not {type(action).__name__}"
        if self.action_count and not 0 <= action < self.action_count:
            return f"{action} is not an action of {self.name} (its codes are 0 to {self.action_count - 1})"
        return None

    def checked_move(self, state: S, seat: int, action: Any) -> M:
        """The move of ``action``, once it is known to be legal now; else
        :class:`IllegalMove` with the reason (``step``'s path for a code it
        did not just list)."""
        problem = self.action_problem(action)
        if problem is None:
            try:
                move = self.move_of(state, seat, action)
            except (IndexError, ValueError) as exc:  # (the defaults' index: past the legal moves)
                raise IllegalMove(str(exc) or f"{action} is not a legal action now") from None
            problem = self.check_move(state, seat, move)
        if problem is not None:
            raise IllegalMove(problem)
        return move

    # -- the defaults: an action is the index of a legal move -----------------------------
    def legal_actions(self, state: S, seat: int) -> Sequence[int]:
        moves = self.legal_moves(state, seat)
        return self.remember_actions(state, seat, tuple(range(len(moves))))

    def step(self, state: S, seat: int, action: int) -> S:
        return self.apply(state, seat, self.checked_move(state, seat, action))[0]

    def move_of(self, state: S, seat: int, action: int) -> M:
        moves = self.legal_moves(state, seat)
        if not 0 <= action < len(moves):
            raise ValueError(f"{action} is not a legal action now ({len(moves)} legal moves)")
        return moves[action]

    def action_of(self, state: S, seat: int, move: M) -> int:
        moves = self.legal_moves(state, seat)
        if move not in moves:
            raise IllegalMove(self.check_move(state, seat, move) or f"{move} is not a legal move now")
        return moves.index(move)
