"""Shed (Board Game Arena's "Palace"): the ``Game`` class, wiring the rules together.

The full rules in words are in ``cardtable/rules/shed.md``. In short: each
player has face-down cards, face-up cards on them, and a hand. After a
private exchange of hand and face-up cards, players take turns playing one
or more cards of one rank onto a stack, at least as high as its top card (3
low .. Ace high; 2 and 10 on anything, 10 burns the stack; after a 9 play 9
or lower; four of a kind on top burns). Hands are refilled from the deck;
then face-up cards are played, then face-down cards blind. A player who
cannot, or will not, play picks up the stack. Players go out in turn; the
last one left loses.

Where each part lives: ``deal`` (a new game), ``legality`` (whose move,
candidate and legal moves, ``why_illegal``), ``transitions`` (``perform`` and
its events), ``view`` (views and ``determinize``), ``zones`` (zones and the
invariant counters), ``outcome`` (places, points, reasons, who won).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ...core.engine import Event, Game, IllegalMove, Outcome
from ...core.rng import Rng
from . import INFO, actions, deal, legality, outcome, transitions
from . import zones as card_zones
from .cards import FULL_DECK, Cards
from .moves import MOVE_TYPES, Move, PickUp, Play, describe_move
from .options import Options as ShedOptions
from .state import OVER, ShedState
from .transitions import perform, pick_up, play
from .view import ShedView, determinize, make_view


class Shed(Game[ShedState, Move, ShedView, ShedOptions]):
    id = INFO.id
    name = INFO.name
    summary = INFO.summary
    min_players = INFO.min_players
    max_players = INFO.max_players
    Options = ShedOptions
    move_types = MOVE_TYPES

    # -- a new game --------------------------------------------------------------
    def cards(self, players: int, options: ShedOptions) -> Cards:
        return FULL_DECK

    def check_deck(self, players: int, options: ShedOptions, deck: Cards) -> None:
        deal.check_deck(deck)

    def deal(self, players: int, options: ShedOptions, order: Cards, rng: Rng, seed: int) -> ShedState:
        return deal.deal(players, options, order, rng)

    # -- the rules ---------------------------------------------------------------
    to_act = staticmethod(legality.to_act)  # (direct calls: these run at every step)

    def candidate_moves(self, state: ShedState, player: int) -> list[Move]:
        return legality.candidate_moves(state, player)

    def legal_moves(self, state: ShedState, player: int) -> list[Move]:
        return self.remember_legal(state, player, legality.legal_moves(state, player))

    def why_illegal(self, state: ShedState, player: int, move: Move) -> str | None:
        return legality.why_illegal(state, player, move)

    perform = staticmethod(transitions.perform)

    def apply(self, state: ShedState, player: int, move: Move) -> tuple[ShedState, tuple[Event, ...]]:
        """``Game.apply`` (check the move, then perform it) without its
        generic layers on the usual path: it runs at every step."""
        if self.verified(state, player, move):  # (the usual move, a play, without perform's dispatch)
            return play(state, player, move.cards) if type(move) is Play else perform(state, player, move)
        return super().apply(state, player, move)  # checks the move, refuses with the reason

    # -- the integer action interface (``actions`` documents the codes) ----------
    action_count = actions.ACTION_COUNT
    #: The last answer of ``legal_actions`` (state, seat, codes, and the cards of
    #: its plays, ``actions.Playable``), set by ``actions.legal_actions``, as in One-Card.
    _codes: tuple[ShedState | None, int, tuple[int, ...], actions.Playable] = (None, -1, (), actions.NO_PLAYS)

    legal_actions = actions.legal_actions  # (functions written as methods there: one call a step each)
    step = actions.step

    def advance(self, state: ShedState, player: int, move: Move) -> ShedState:
        if type(move) is Play:  # (the two commonest moves without their events)
            return play(state, player, move.cards, False)[0]
        if type(move) is PickUp:
            return pick_up(state, player, False)[0]
        return perform(state, player, move)[0]

    def move_of(self, state: ShedState, seat: int, action: int) -> Move:
        if type(action) is not int or not 0 <= action < actions.ACTION_COUNT:
            raise ValueError(self.action_problem(action) or f"{action} is not an action of {self.name}")
        return actions.move_of(state, seat, action)

    def action_of(self, state: ShedState, seat: int, move: Move) -> int:
        try:
            return actions.action_of(state, seat, move)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None

    def describe_move(self, move: Move) -> str:
        return describe_move(move)

    # -- views -------------------------------------------------------------------
    def view(self, state: ShedState, player: int | None) -> ShedView:
        return make_view(state, player)

    def determinize(self, view: ShedView, rng: random.Random) -> ShedState:
        return determinize(view, rng)

    # -- the end -----------------------------------------------------------------
    def is_over(self, state: ShedState) -> bool:
        return state.phase == OVER

    def outcome(self, state: ShedState) -> Outcome:
        return outcome.outcome(state)

    # -- zones and counters ------------------------------------------------------
    def zones(self, state: ShedState) -> dict[str, Cards]:
        return card_zones.zones(state)

    def hidden_zones(self, state: ShedState, player: int | None) -> tuple[str, ...]:
        return card_zones.hidden_zones(state, player)

    def with_zones(self, state: ShedState, zones: Mapping[str, Cards]) -> ShedState:
        return card_zones.with_zones(state, zones)

    def all_cards(self, state: ShedState) -> Cards:
        return FULL_DECK

    zone_contents = staticmethod(card_zones.held_rows)
    cards_conserved = staticmethod(card_zones.cards_conserved)

    # (direct calls: the check after every move of ``cardtable simulate`` runs these)
    counter_violations = staticmethod(card_zones.counter_violations)

    def invariant_violations(self, state: ShedState) -> list[str]:
        """As ``Game.invariant_violations``, with the two checks called directly."""
        problems = card_zones.counter_violations(state)
        if not card_zones.cards_conserved(state):
            problems[:0] = self.conservation_problems(state)
        return problems


GAME = Shed()
