"""One Too Many (see ``cardtable/rules/one-too-many.md``): the ``Game`` class,
wiring the rules together.

A turn: everyone still in the round chooses a number in secret (phase
CHOOSE); the numbers are shown; Redo holders, while someone else is still in
the round, decide at once whether to use their Redo (phase REDO); those who use
it choose again in secret (phase RECHOOSE). Then the turn is played out:
passes, drawing, the bust check after every card, banking.

Where each part lives: ``deal`` (a new game), ``legality`` (whose move,
candidate and legal moves, ``why_illegal``), ``transitions`` (``perform``, the
choices and their events), ``table`` (a turn played out: the dealing, the
passes, the bust, a round's end), ``view`` (views and ``determinize``),
``zones`` (zones and the invariant counters), ``outcome`` (places, points,
reasons, who won).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from ...core.cards import Card
from ...core.engine import Game, IllegalMove, Outcome
from ...core.rng import Rng
from . import INFO, actions, deal, legality, old_redo, outcome, transitions
from . import zones as card_zones
from .moves import Ask, Move, Redo, describe_move
from .options import Options as OneTooManyOptions
from .state import OVER, OneTooManyState
from .view import OneTooManyView, determinize, make_view

Cards = tuple[Card, ...]


class OneTooMany(Game[OneTooManyState, Move, OneTooManyView, OneTooManyOptions]):
    id = INFO.id
    name = INFO.name
    summary = INFO.summary
    min_players = INFO.min_players
    max_players = INFO.max_players
    Options = OneTooManyOptions
    move_types = (Ask, Redo)
    digest_name = "State"  # the state class's name when the first saves were written

    # -- a new game --------------------------------------------------------------
    def cards(self, players: int, options: OneTooManyOptions) -> Cards:
        return deal.CARDS

    def check_deck(self, players: int, options: OneTooManyOptions, deck: Cards) -> None:
        deal.check_deck(deck)

    def deal(self, players: int, options: OneTooManyOptions, order: Cards, rng: Rng, seed: int) -> OneTooManyState:
        return deal.deal(players, options, order, rng)

    # -- the rules ---------------------------------------------------------------
    to_act = staticmethod(legality.to_act)  # (direct calls: these run at every step)

    def candidate_moves(self, state: OneTooManyState, player: int) -> Iterable[Move]:
        return legality.candidate_moves(state, player)

    def legal_moves(self, state: OneTooManyState, player: int) -> list[Move]:
        return self.remember_legal(state, player, legality.legal_moves(state, player))  # (a shared tuple)

    def why_illegal(self, state: OneTooManyState, player: int, move: Move) -> str | None:
        return legality.why_illegal(state, player, move)

    perform = staticmethod(transitions.perform)

    # -- the integer action interface (``actions`` documents the codes) ----------
    action_count = actions.ACTION_COUNT
    #: The last answer of ``legal_actions`` (state, seat, codes), as in One-Card.
    _codes: tuple[OneTooManyState | None, int, bytes] = (None, -1, b"")

    legal_actions = actions.legal_actions  # (functions written as methods there: one call a step each)
    step = actions.step

    def advance(self, state: OneTooManyState, player: int, move: Move) -> OneTooManyState:
        return transitions.perform(state, player, move, False)[0]

    def move_of(self, state: OneTooManyState, seat: int, action: int) -> Move:
        if type(action) is not int or not 0 <= action < actions.ACTION_COUNT:
            raise ValueError(self.action_problem(action) or f"{action} is not an action of {self.name}")
        return actions.MOVES[action]

    def action_of(self, state: OneTooManyState, seat: int, move: Move) -> int:
        try:
            return actions.action_of(move)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None

    def describe_move(self, move: Move) -> str:
        return describe_move(move)

    def kept_under_old_rulings(
        self, start: OneTooManyState, moves: Sequence[tuple[int, Move]], digest: str
    ) -> list[int]:
        return old_redo.upgraded_moves(start, moves, digest, lambda s, p, m: self.apply(s, p, m)[0], self.digest)

    # -- views -------------------------------------------------------------------
    def view(self, state: OneTooManyState, player: int | None) -> OneTooManyView:
        return make_view(state, player)

    def determinize(self, view: OneTooManyView, rng: random.Random) -> OneTooManyState:
        return determinize(view, rng)

    # -- the end -----------------------------------------------------------------
    def is_over(self, state: OneTooManyState) -> bool:
        return state.phase is OVER

    def outcome(self, state: OneTooManyState) -> Outcome:
        return outcome.outcome(state)

    # -- zones and counters ------------------------------------------------------
    def zones(self, state: OneTooManyState) -> dict[str, Cards]:
        return card_zones.zones(state)

    def hidden_zones(self, state: OneTooManyState, player: int | None) -> tuple[str, ...]:
        return card_zones.hidden_zones(state, player)

    def with_zones(self, state: OneTooManyState, zones: Mapping[str, Cards]) -> OneTooManyState:
        return card_zones.with_zones(state, zones)

    def all_cards(self, state: OneTooManyState) -> Cards:
        return state.cards

    # (direct calls: the check after every move of ``cardtable simulate`` runs these)
    counter_violations = staticmethod(card_zones.counter_violations)
    zone_contents = staticmethod(card_zones.zone_contents)
    cards_conserved = staticmethod(card_zones.cards_conserved)


GAME = OneTooMany()
