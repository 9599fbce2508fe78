"""Computer players for Shed (docs/bots.md explains them in words).

The normal player puts its strongest cards face up in the exchange (10s, 2s,
then the highest ranks), so the hand holds the low cards that are easy to get
rid of early; in play it sheds its lowest rank, every copy at once, saves 2s
and 10s for when nothing else goes (a 10 for a big stack, a 2 for a small one),
finishes a four of a kind when it can, and plays high to block an opponent who
is down to its blind cards.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ..core.engine import Game
from ..games.shed.moves import PickUp, Play, PlayFaceDown
from ..games.shed.state import Phase
from ..games.shed.view import ShedView
from .search import SearchKit
from .shed_evidence import evidence, resample
from .shed_playout import playout
from .shed_rules import best_exchange, done_move, move_key, play_rules, power

__all__ = ["SEARCH", "STRATEGIES", "best_exchange", "candidates", "easy", "normal", "play_rules", "power", "race_over", "value"]


def normal(view: ShedView, moves: Sequence[Any], rng: random.Random) -> Any:
    if view.phase is Phase.EXCHANGE:
        return best_exchange(view, moves)
    return play_rules(
        moves, view.stack, view.options.four_of_a_kind_burns, view.player, view.places,
        view.deck_size, view.hand_sizes.__getitem__,
    )  # fmt: skip


# -- easy -------------------------------------------------------------------------------
def easy(view: ShedView, moves: Sequence[Any], rng: random.Random) -> Any:
    """Plays its lowest card, one at a time, spending 2s like any low card; skips the
    exchange; and one move in six is made on a whim."""
    if rng.random() < 1 / 6:
        return rng.choice(list(moves))
    if view.phase is Phase.EXCHANGE:
        return done_move(moves)
    singles = [m for m in moves if type(m) is Play and len(m.cards) == 1]
    if singles:
        return min(singles, key=lambda m: (m.cards[0].rank, move_key(m)))
    for m in moves:
        if type(m) is PlayFaceDown:
            return m
    return next((m for m in moves if type(m) is PickUp), moves[0])


# -- hard: the search kit -------------------------------------------------------------------
#: With three or more players, while nobody has gone out, a rollout stops at the
#: first player out (``race_over``) and a seat who was not that player scores at
#: most this much, by the cards it still holds (see ``value``).
RUNNER_UP = 0.2


def value(game: Game, state: Any, seat: int) -> float:
    """A finished game: scored as the game-over screen counts a win
    (``Outcome.winners()``: only a player who got rid of all their cards wins, so
    the last player, and anyone still holding cards when the stall limit stopped
    the game, scores 0), with a small bonus among the winners for going out
    earlier. With three or more players a rollout begun before anyone went out
    stops at the first player out (``race_over``): the race to go out first,
    where the search can gain most (not being last is what the normal rules
    already do well): 1 for going out first, otherwise at most ``RUNNER_UP``,
    by the cards the seat still holds. A rollout cut short: judged by how many
    cards the seat still has to shed compared with the one who has the most."""
    n = state.players
    places = state.places
    if game.is_over(state):
        if seat not in game.outcome(state).winners():
            return 0.0
        place = places[seat]
        return 0.8 + 0.2 * (n - 1 - place) / max(1, n - 2) if n > 2 else 1.0
    if n > 2 and 1 in places:
        return 1.0 if places[seat] == 1 else RUNNER_UP * _standing(state, seat)
    return _standing(state, seat)


def _standing(state: Any, seat: int) -> float:
    """The cards ``seat`` still has to shed against the rival who has the most, in (0, 1)."""
    left = state.cards_left(seat)
    rivals = [state.cards_left(p) for p in state.active if p != seat]
    if not rivals:
        return 1.0
    return 1.0 / (1.0 + math.exp(-(max(rivals) - left) / 4.0))


def race_over(start: Any, state: Any) -> bool:
    """The rollout's horizon with three or more players: begun before anyone went
    out, it stops when the first player goes out (the first place is decided)."""
    return state.players > 2 and not any(start.places) and any(state.places)


def candidates(view: ShedView, moves: list, prior: Any) -> list:
    """One play per rank and number of cards (suits do not matter in Shed); the
    exchange is left to the normal rules."""
    if view.phase is Phase.EXCHANGE:
        return [prior]
    seen: set[tuple] = set()
    out = []
    for m in moves:
        if type(m) is Play:
            key = (m.cards[0].rank, len(m.cards))
        elif type(m) is PlayFaceDown:
            key = ("down",)  # every face-down card is as unknown as the others
        else:
            key = (type(m).__name__,)
        if key in seen:
            continue
        seen.add(key)
        out.append(m if m != prior and key != _prior_key(prior) else prior)
    return out


def _prior_key(move: Any) -> tuple:
    if type(move) is Play:
        return (move.cards[0].rank, len(move.cards))
    if type(move) is PlayFaceDown:
        return ("down",)
    return (type(move).__name__,)


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal, value=value, candidates=candidates, playout=playout, evidence=evidence, resample=resample,
    horizon=race_over, max_rollout=600,
)
