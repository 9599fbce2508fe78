"""One-Card's engine: the ``Game`` class, wiring the rules together.

One-Card is a shedding game for 2 to 8 players with three 54-card decks: match
the top card by rank or suit, 7s are wild (their player names the suit), Jacks
skip, Queens reverse, Kings play again, 2s, Aces and Jokers attack and 3s stop
attacks. Several hands are played; the lowest total wins. The complete rules
are in ``cardtable/rules/one-card.md``.

Where each part lives: ``deal`` (a new game, each hand's deal, stacked decks),
``legality`` (whose move, candidate and legal moves, ``why_illegal``),
``transitions`` (``perform``) and ``events`` (the events it makes), ``view``
(views and ``determinize``), ``zones`` (zones and the invariant counters),
``outcome`` (places, points, reasons); ``tables`` holds the per-card tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from ...core.cards import Card
from ...core.engine import Event, Game, IllegalMove, Outcome
from ...core.rng import Rng
from . import INFO, actions, deal, legality, outcome, transitions
from . import zones as card_zones
from .legality import card_id, why_illegal, why_play_illegal
from .moves import MOVE_TYPES, Draw, Pass, Play, describe_move
from .options import Options as OneCardOptions
from .state import State, named
from .tables import ALL_CARDS, ID
from .transitions import PERFORM, draw, pass_turn, play, play_logged
from .view import OneCardView, determinize, make_view

Move = Play | Draw | Pass
Cards = tuple[Card, ...]


class OneCard(Game[State, Move, OneCardView, OneCardOptions]):
    id = INFO.id
    name = INFO.name
    summary = INFO.summary
    min_players = INFO.min_players
    max_players = INFO.max_players
    Options = OneCardOptions
    move_types = MOVE_TYPES

    # -- a new game --------------------------------------------------------------
    def start_rng(self, players: int, seed: int) -> Rng:
        return deal.dealer_draw(players, seed)[1]  # the first dealer is drawn before the shuffle

    def cards(self, players: int, options: OneCardOptions) -> Cards:
        return ALL_CARDS

    def check_deck(self, players: int, options: OneCardOptions, deck: Cards) -> None:
        deal.check_deck(players, options, deck)

    def deal(self, players: int, options: OneCardOptions, order: Cards, rng: Rng, seed: int) -> State:
        return deal.first_state(players, options, order, rng, seed)[0]

    def deal_with_events(
        self, players: int, options: OneCardOptions, order: Cards, rng: Rng, seed: int
    ) -> tuple[State, tuple[Event, ...]]:
        return deal.first_state(players, options, order, rng, seed)  # the first hand is announced as the others

    # -- the rules ---------------------------------------------------------------
    to_act = staticmethod(legality.to_act)  # (a direct call: it runs at every step)

    def candidate_moves(self, state: State, player: int) -> Iterable[Move]:
        return legality.candidate_moves(state, player)

    def why_illegal(self, state: State, player: int, move: Move) -> str | None:
        return legality.why_illegal(state, player, move)

    def legal_moves(self, state: State, player: int) -> list[Move]:
        # The same moves as the generic filter of ``candidate_moves`` by
        # ``why_illegal``, enumerated directly (tests check that they agree).
        return self.remember_legal(state, player, legality.legal_moves(state, player))

    def perform(self, state: State, player: int, move: Move) -> tuple[State, tuple[Event, ...]]:
        return transitions.perform(state, player, move)

    def advance(self, state: State, player: int, move: Move) -> State:
        if type(move) is Play:
            return play(state, player, ID[move.card], move.suit)
        return (draw if type(move) is Draw else pass_turn)(state, player)

    def apply(self, state: State, player: int, move: Move) -> tuple[State, tuple[Event, ...]]:
        """``Game.apply`` (check the move, then perform it) without its
        generic layers on the usual path: it runs at every step."""
        kind = type(move)
        if self.verified(state, player, move):  # a move just listed as legal for this very state
            if isinstance(move, Play):
                return play_logged(state, player, ID[move.card], move.suit)
            return PERFORM[kind](state, player, move)
        table, hands, pile, discard, turn, mode = state
        if table.over or player != turn or kind not in MOVE_TYPES:
            return super().apply(state, player, move)  # refuses with the generic reason
        if isinstance(move, Play):  # as why_illegal, looking the card up once for both steps
            card = card_id(move.card)
            reason = why_play_illegal(state, hands[player], card, move)
            if reason is not None or card is None:  # (no card id: why_play_illegal gave the reason)
                raise IllegalMove(reason or "not a card of this game")
            return play_logged(state, player, card, move.suit)
        reason = why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason)
        return PERFORM[kind](state, player, move)

    # -- the integer action interface (``actions`` documents the codes) ----------
    action_count = actions.ACTION_COUNT
    legal_actions = actions.legal_actions  # (functions written as methods there: one call a step each)
    step = actions.step

    def move_of(self, state: State, seat: int, action: int) -> Move:
        return actions.move_of(state, seat, action)

    def action_of(self, state: State, seat: int, move: Move) -> int:
        try:
            return actions.action_of(move)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None

    def describe_move(self, move: Move) -> str:
        return describe_move(move)

    # -- views -------------------------------------------------------------------
    def view(self, state: State, player: int | None) -> OneCardView:
        return make_view(state, player)

    def determinize(self, view: OneCardView, rng: random.Random) -> State:
        return determinize(view, rng)

    # -- the end -----------------------------------------------------------------
    is_over = staticmethod(legality.is_over)  # (a direct call: it runs at every step)

    def digest(self, state: State) -> str:
        return super().digest(named(state))  # (printed with its fields named: the digests saves hold)

    def outcome(self, state: State) -> Outcome:
        return outcome.outcome(state)

    # -- zones and counters ------------------------------------------------------
    def zones(self, state: State) -> dict[str, Cards]:
        return card_zones.zones(state)

    def hidden_zones(self, state: State, player: int | None) -> tuple[str, ...]:
        return card_zones.hidden_zones(state, player)

    def with_zones(self, state: State, zones: Mapping[str, Cards]) -> State:
        return card_zones.with_zones(state, zones)

    def all_cards(self, state: State) -> Cards:
        return card_zones.all_cards(state)

    cards_conserved = staticmethod(card_zones.cards_conserved)

    # (direct calls: the check after every move of ``cardtable simulate`` runs these)
    counter_violations = staticmethod(card_zones.counter_violations)


GAME = OneCard()
