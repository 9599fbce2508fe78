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
from collections.abc import Sequence
from typing import Any

from ..core.engine import Game
from ..games.shed.moves import Done, Exchange, PickUp, Play, PlayFaceDown
from ..games.shed.state import Phase
from ..games.shed.view import ShedView
from .base import seat_of
from .hints import plural
from .search import SearchKit
from .shed_evidence import evidence, resample
from .shed_playout import playout
from .shed_rules import best_exchange, done_move, move_key, next_player, play_rules, power

__all__ = [
    "SEARCH",
    "STRATEGIES",
    "best_exchange",
    "candidates",
    "easy",
    "explain",
    "normal",
    "play_rules",
    "power",
    "race_over",
    "value",
]


def normal(view: ShedView, moves: Sequence[Any], rng: random.Random) -> Any:
    if view.phase is Phase.EXCHANGE:
        return best_exchange(view, moves)
    return play_rules(
        moves, view.stack, view.options.four_of_a_kind_burns, seat_of(view), view.places,
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
    key: tuple
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


# -- a hint's reason ---------------------------------------------------------------------
def explain(view: ShedView, move: Any) -> str:
    """A hint's reason for ``move``, from the view alone (:mod:`.hints`)."""
    if type(move) is Exchange:
        return "strong cards wait face up, low ones go first"
    if type(move) is Done:
        return "your face-up cards are already your strongest"
    if type(move) is PickUp:
        return "nothing you hold can go on the stack"
    if type(move) is PlayFaceDown:
        return "only face-down cards are left: any one is as good as another"
    if type(move) is not Play:
        return "the computer player's choice"
    rank, count = move.cards[0].rank, len(move.cards)
    copies = f"all {count} at once" if count > 1 else ""
    run = 0
    for card in reversed(view.stack):
        if card.rank != rank:
            break
        run += 1
    if view.options.four_of_a_kind_burns and run and run + count >= 4 and rank not in (2, 10):
        return "it completes four of a kind: the stack burns and you play again"
    if rank == 10:
        return f"a 10 burns the stack ({plural(view.stack_size + count, 'card')}) and you play again"
    if rank == 2:
        return "only 2s and 10s go, and a 2 lets anything follow it"
    following = next_player(seat_of(view), view.places)
    if following != view.player and view.deck_size == 0 and view.hand_sizes[following] == 0:
        # (what the rule is: their face-up cards, or blind ones, are all they have left)
        what = "plays from the table" if view.face_up[following] else "plays blind"
        return f"the next player has no hand and {what}: leave the stack as hard to beat as you can"
    reason = "your lowest card that goes, keeping 2s and 10s for later"
    return f"{reason} ({copies})" if copies else reason


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal,
    value=value,
    candidates=candidates,
    playout=playout,
    evidence=evidence,
    resample=resample,
    horizon=race_over,
    actions=True,
    max_rollout=600,
)
