"""One-Card's engine: the ``Game`` subclass that ties the rules together.

One-Card is a shedding game for 2 to 8 players with three 54-card decks: match
the top card by rank or suit, 7s are wild (their player names the suit), Jacks
skip, Queens reverse, Kings play again, 2s, Aces and Jokers attack and 3s stop
attacks. Several hands are played; the lowest total wins. The complete rules
are in ``cardtable/rules/one-card.md``.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Mapping, Sequence

from ...core.cards import Card, Rank
from ...core.engine import Event, Game, IllegalMove, Outcome, places_from_keys
from ...core.rng import Rng
from ...core.words import plural
from . import deals, legality, transitions
from .legality import DRAW, PASS, card_id, why_illegal, why_play_illegal
from .moves import MOVE_TYPES, Draw, Pass, Play, describe_move
from .options import Options
from .state import Mode, OneCardState, Table
from .tables import ALL_CARDS, PLAYS, attack_value, card_ids, cards_of
from .transitions import PERFORM, play
from .view import OneCardView

Move = Play | Draw | Pass
SEATS = tuple((seat,) for seat in range(8))  # to_act's answers


class OneCard(Game[OneCardState, Move, OneCardView]):
    id = "one-card"
    name = "One-Card"
    summary = "Shed your cards with three decks: 7s are wild, Jacks skip, Queens reverse, 2s, Aces and Jokers attack."
    min_players = 2
    max_players = 8
    Options = Options
    move_types = MOVE_TYPES

    # -- the rules -----------------------------------------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | Options | None = None,
        seed: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> OneCardState:
        self.check_players(players)
        opts = self.make_options(options)
        assert isinstance(opts, Options)
        return deals.first_state(players, opts, seed, None if deck is None else tuple(deck))

    def to_act(self, state: OneCardState) -> tuple[int, ...]:
        return () if state.table.over else SEATS[state.turn]

    def candidate_moves(self, state: OneCardState, player: int) -> Iterable[Move]:
        for card in state.hands[player]:
            yield from PLAYS[card]
        yield DRAW
        yield PASS

    def why_illegal(self, state: OneCardState, player: int, move: Move) -> str | None:
        return legality.why_illegal(state, player, move)

    # The same moves as the generic filter of ``candidate_moves`` by
    # ``why_illegal``, enumerated directly (tests check that they agree).
    legal_moves = staticmethod(legality.legal_moves)

    def perform(self, state: OneCardState, player: int, move: Move) -> tuple[OneCardState, tuple[Event, ...]]:
        return transitions.perform(state, player, move)

    def apply(self, state: OneCardState, player: int, move: Move) -> tuple[OneCardState, tuple[Event, ...]]:
        """``Game.apply`` (check the move, then perform it) without its
        generic layers on the usual path: it runs at every step."""
        kind = type(move)
        if state.table.over or player != state.turn or kind not in MOVE_TYPES:
            return super().apply(state, player, move)  # refuses with the generic reason
        if kind is Play:  # as why_illegal, looking the card up once for both steps
            card = card_id(move.card)
            reason = why_play_illegal(state, state.hands[player], card, move)
            if reason is not None:
                raise IllegalMove(reason)
            return play(state, player, card, move.suit)
        reason = why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason)
        return PERFORM[kind](state, player, move)

    def describe_move(self, move: Move) -> str:
        return describe_move(move)

    # -- views -----------------------------------------------------------------
    def view(self, state: OneCardState, player: int | None) -> OneCardView:
        table = state.table
        return OneCardView(
            player=player,
            options=table.options,
            hand=() if player is None else cards_of(state.hands[player]),
            discard=cards_of(state.discard),
            suit=state.suit,
            direction=state.direction,
            pending=state.pending,
            jack_pending=state.jack,
            king_pending=state.king,
            passes=state.passes,
            draw_size=len(state.pile),
            hand_sizes=tuple(len(h) for h in state.hands),
            totals=table.totals,
            last_points=table.last_points,
            last_winner=table.last_winner,
            dealer=table.dealer,
            hand_no=table.hand_no,
            to_act=self.to_act(state),
            over=table.over,
        )

    def determinize(self, view: OneCardView, rng: random.Random) -> OneCardState:
        """Deal the cards ``view.player`` cannot see at random: the others'
        hands and the draw pile, from the cards not in their hand or the
        discard pile."""
        hand, discard = card_ids(view.hand), card_ids(view.discard)
        seen = set(hand) | set(discard)
        unseen = [c for c in range(len(ALL_CARDS)) if c not in seen]
        rng.shuffle(unseen)
        at = 0
        hands = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.player:
                hands.append(hand)
            else:
                hands.append(tuple(unseen[at : at + size]))
                at += size
        pile = tuple(unseen[at : at + view.draw_size])
        used = seen | set(unseen[: at + view.draw_size])
        table = Table(
            len(view.hand_sizes), view.options, tuple(sorted(used)), Rng(rng.getrandbits(64)), view.dealer,
            view.hand_no, view.totals, view.last_points, view.last_winner, view.over,
        )  # fmt: skip
        turn = view.to_act[0] if view.to_act else (view.last_winner or 0)
        named = view.suit if view.top.rank == Rank.SEVEN and view.suit != view.top.suit else None
        mode = Mode(view.direction, view.pending, view.jack_pending, view.king_pending, view.passes, named)
        return OneCardState(table, tuple(hands), pile, discard, turn, mode)

    # -- the end -----------------------------------------------------------------
    def is_over(self, state: OneCardState) -> bool:
        return state.table.over

    def outcome(self, state: OneCardState) -> Outcome:
        totals = state.table.totals
        places = places_from_keys([-t for t in totals])
        best = min(totals)
        reasons = []
        for seat, (place, total) in enumerate(zip(places, totals)):
            shared = [f"seat {s + 1}" for s, p in enumerate(places) if p == place and s != seat]
            if place == 1:
                reason = f"lowest total: {plural(total, 'point')}"
            else:
                reason = f"place {place} with {plural(total, 'point')} ({total - best} more than the lowest)"
            if shared:
                reason += f", tied with {' and '.join(shared)}"
            reasons.append(reason)
        return Outcome(places, totals, tuple(reasons))

    # -- zones and checks ----------------------------------------------------------
    def zones(self, state: OneCardState) -> dict[str, tuple[Card, ...]]:
        zones = {"deck": cards_of(state.pile), "discard": cards_of(state.discard)}
        for seat, hand in enumerate(state.hands):
            zones[f"hand{seat}"] = cards_of(hand)
        return zones

    def hidden_zones(self, state: OneCardState, player: int | None) -> tuple[str, ...]:
        return ("deck",) + tuple(f"hand{seat}" for seat in range(state.table.players) if seat != player)

    def with_zones(self, state: OneCardState, zones: Mapping[str, tuple[Card, ...]]) -> OneCardState:
        def ids(name: str, current: tuple[int, ...]) -> tuple[int, ...]:
            return card_ids(zones[name]) if name in zones else current

        hands = tuple(ids(f"hand{seat}", hand) for seat, hand in enumerate(state.hands))
        pile, discard = ids("deck", state.pile), ids("discard", state.discard)
        return OneCardState(state.table, hands, pile, discard, state.turn, state.mode)

    def all_cards(self, state: OneCardState) -> tuple[Card, ...]:
        return cards_of(state.table.cards)

    def counter_violations(self, state: OneCardState) -> list[str]:
        table = state.table
        n = table.players
        problems = []
        if len(state.hands) != n or len(table.totals) != n:
            problems.append(f"{len(state.hands)} hands and {len(table.totals)} totals for {n} players")
        if not 0 <= state.turn < n:
            problems.append(f"turn {state.turn} is not a seat")
        if not 0 <= table.dealer < n:
            problems.append(f"dealer {table.dealer} is not a seat")
        if state.direction not in (1, -1):
            problems.append(f"direction {state.direction} is not +1 or -1")
        if not state.discard:
            problems.append("the discard pile is empty")
            return problems
        top = state.top
        if state.mode.named is not None and top.rank != Rank.SEVEN:
            problems.append(f"suit {state.mode.named.label} named on {top.face}, not a 7")
        if state.pending < 0 or (state.pending and not attack_value(top)):
            problems.append(f"attack total {state.pending} on {top.face}")
        if state.jack and (top.rank != Rank.JACK or state.pending or state.king):
            problems.append(f"a Jack counter pending on {top.face}")
        if state.king and (top.rank != Rank.KING or state.pending):
            problems.append(f"a King's extra play pending on {top.face}")
        if not 0 <= state.passes <= n or (state.passes == n and not table.over):
            problems.append(f"{state.passes} consecutive passes with {n} players")
        if state.passes and state.pile:
            problems.append("passes counted while the draw pile is not empty")
        if any(t < 0 for t in table.totals):
            problems.append(f"negative totals {table.totals}")
        if table.over != (max(table.totals) >= table.options.target):
            problems.append(f"over={table.over} with totals {table.totals}")
        if table.over and (state.pending or state.jack or state.king):
            problems.append("an attack, Jack or King still pending after the game's end")
        return problems


GAME = OneCard()
