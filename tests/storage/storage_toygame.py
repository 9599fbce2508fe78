"""A tiny game for the storage tests, independent of the real engines.

"Race": the deck (one or more 52-card decks, shuffled by the seed) is face
down; in turn each player takes one or two cards onto their face-up pile.
When the deck is empty, the highest sum of ranks wins. ``decks`` makes games
as long as a test needs. ``ROW`` is its one registry row (no presenter, no
strategies: the random level only); ``register()`` adds it to the registry.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from pydantic import Field

from cardtable.core.cards import Card, multi_deck
from cardtable.core.engine import Event, Game, GameOptions, Outcome, places_from_keys
from cardtable.games import GameRow
from cardtable.games.info import GameInfo

GAME_ID = "toy"
INFO = GameInfo(GAME_ID, "Toy Race", "Take cards; the highest sum wins.", "Take one or two cards a turn.", 2, 4)
ROW = GameRow(INFO, engine="storage_toygame")


class ToyOptions(GameOptions):
    decks: int = Field(1, ge=1, le=100)


@dataclass(frozen=True)
class Take:
    count: int


@dataclass(frozen=True)
class ToyState:
    players: int
    decks: int
    deck: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    turn: int = 0


@dataclass(frozen=True)
class ToyView:
    player: int | None
    decks: int
    deck_size: int
    piles: tuple[tuple[Card, ...], ...]
    turn: int


class ToyGame(Game[ToyState, Take, ToyView, ToyOptions]):
    id = INFO.id
    name = INFO.name
    summary = INFO.summary
    min_players = INFO.min_players
    max_players = INFO.max_players
    Options = ToyOptions
    move_types = (Take,)

    def cards(self, players, options):
        return multi_deck(options.decks)

    def deal(self, players, options, order, rng, seed):
        return ToyState(players, options.decks, order, ((),) * players)

    def to_act(self, state):
        return () if not state.deck else (state.turn,)

    def candidate_moves(self, state, player) -> Iterable[Take]:
        return (Take(1), Take(2))

    def why_illegal(self, state, player, move):
        if move.count not in (1, 2):
            return "take one or two cards"
        if move.count > len(state.deck):
            return "not enough cards left"
        return None

    def perform(self, state, player, move):
        taken, deck = state.deck[: move.count], state.deck[move.count :]
        piles = list(state.piles)
        piles[player] = piles[player] + taken
        new = replace(state, deck=deck, piles=tuple(piles), turn=(state.turn + 1) % state.players)
        return new, (Event("take", f"{{p{player}}} takes {move.count}"),)

    def view(self, state, player):
        return ToyView(player, state.decks, len(state.deck), state.piles, state.turn)

    def is_over(self, state):
        return not state.deck

    def _scores(self, state):
        return tuple(sum(int(c.rank) for c in pile) for pile in state.piles)

    def outcome(self, state):
        scores = self._scores(state)
        return Outcome(places_from_keys(scores), scores, ("",) * state.players)

    def determinize(self, view, rng: random.Random):
        seen = {c for pile in view.piles for c in pile}
        rest = [c for c in multi_deck(view.decks) if c not in seen]
        rng.shuffle(rest)
        return ToyState(len(view.piles), view.decks, tuple(rest), view.piles, view.turn)

    def zones(self, state):
        zones = {"deck": state.deck}
        zones.update({f"pile{i}": pile for i, pile in enumerate(state.piles)})
        return zones

    def hidden_zones(self, state, player):
        return ("deck",)

    def with_zones(self, state, zones: Mapping[str, tuple[Card, ...]]):
        return replace(state, deck=tuple(zones.get("deck", state.deck)))

    def all_cards(self, state):
        return multi_deck(state.decks)


GAME = ToyGame()


def register() -> None:
    """Add the toy's row to the registry (safe to call more than once)."""
    from cardtable import games

    sys.modules.setdefault("storage_toygame", sys.modules[__name__])
    games.register(ROW)
