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
from typing import Any, Callable, Sequence

from ..core.engine import Game
from ..games.shed.moves import Done, Exchange, PickUp, Play, PlayFaceDown
from ..games.shed.state import Phase
from ..games.shed.view import ShedView
from .search import SearchKit

TWO, NINE, TEN, ACE = 2, 9, 10, 14


def power(rank: int) -> int:
    """How useful a rank is late in the game, when it must beat whatever is on the stack."""
    if rank == TEN:
        return 20
    if rank == TWO:
        return 19
    return rank


# -- the exchange ---------------------------------------------------------------------
def best_exchange(view: ShedView | None, moves: Sequence[Any]) -> Any:
    """Swap the strongest hand card for the weakest face-up card while that improves the row."""
    swaps = [m for m in moves if type(m) is Exchange]
    if swaps:
        best = max(swaps, key=lambda m: (power(m.hand_card.rank) - power(m.face_up_card.rank), _key(m)))
        if power(best.hand_card.rank) > power(best.face_up_card.rank):
            return best
    return _done(moves)


def _done(moves: Sequence[Any]) -> Any:
    for m in moves:
        if type(m) is Done:
            return m
    return moves[0]


def _key(move: Any) -> str:
    return repr(move)


# -- play -------------------------------------------------------------------------------
def _plays_by_rank(moves: Sequence[Any]) -> dict[int, Any]:
    """For each playable rank, the play of every copy at once."""
    best: dict[int, Any] = {}
    for m in moves:
        if type(m) is Play:
            rank = m.cards[0].rank
            if rank not in best or len(m.cards) > len(best[rank].cards):
                best[rank] = m
    return best


def _burns(stack: Sequence[Any], play: Any) -> bool:
    """Whether ``play`` completes four of a kind on top of ``stack``."""
    rank = play.cards[0].rank
    run = 0
    for card in reversed(stack):
        if card.rank != rank:
            break
        run += 1
    return run + len(play.cards) >= 4


def _next_player(me: int, places: Sequence[int]) -> int:
    n = len(places)
    seat = (me + 1) % n
    while places[seat] and seat != me:
        seat = (seat + 1) % n
    return seat


def normal(view: ShedView, moves: Sequence[Any], rng: random.Random) -> Any:
    if view.phase is Phase.EXCHANGE:
        return best_exchange(view, moves)
    return play_rules(
        moves, view.stack, view.options.four_of_a_kind_burns, view.player, view.places,
        view.deck_size, view.hand_sizes.__getitem__,
    )  # fmt: skip


def play_rules(
    moves: Sequence[Any],
    stack: Sequence[Any],
    four_burns: bool,
    me: int,
    places: Sequence[int],
    deck_size: int,
    hand_size: Callable[[int], int],
) -> Any:
    """The normal rules in play, from what a seat sees: the stack, who is still in,
    the deck's size and a seat's hand size (``hand_size(seat)``). The one copy of
    the rules, for the normal level's decisions (``normal``, from the view) and
    for the search's playouts (``bots.shed_playout``, from a sampled state)."""
    first = moves[0]
    if type(first) is PlayFaceDown or (len(moves) <= 2 and any(type(m) is PlayFaceDown for m in moves)):
        return next(m for m in moves if type(m) is PlayFaceDown)
    plays = _plays_by_rank(moves)
    if not plays:
        return next((m for m in moves if type(m) is PlayFaceDown), first)
    size = len(stack)
    # finish four of a kind: the stack burns and we play again
    if size >= 3 and four_burns:
        burning = [p for r, p in plays.items() if r != TWO and r != TEN and _burns(stack, p)]
        if burning:
            return min(burning, key=lambda p: p.cards[0].rank)
    plain = sorted(r for r in plays if r != TWO and r != TEN)
    if plain:
        if deck_size == 0:
            # the next player plays blind: make the stack as hard to beat as we can
            opponent = _next_player(me, places)
            if opponent != me and hand_size(opponent) == 0:
                return plays[plain[-1]]
        return plays[plain[0]]
    # only 2s and 10s go: a 10 burns a big stack, a 2 resets a small one
    if TEN in plays and (size >= 5 or TWO not in plays):
        return plays[TEN]
    if TWO in plays:
        return plays[TWO]
    return plays[TEN]


# -- easy -------------------------------------------------------------------------------
def easy(view: ShedView, moves: Sequence[Any], rng: random.Random) -> Any:
    """Plays its lowest card, one at a time, spending 2s like any low card; skips the
    exchange; and one move in six is made on a whim."""
    if rng.random() < 1 / 6:
        return rng.choice(list(moves))
    if view.phase is Phase.EXCHANGE:
        return _done(moves)
    singles = [m for m in moves if type(m) is Play and len(m.cards) == 1]
    if singles:
        return min(singles, key=lambda m: (m.cards[0].rank, _key(m)))
    for m in moves:
        if type(m) is PlayFaceDown:
            return m
    return next((m for m in moves if type(m) is PickUp), moves[0])


# -- hard: the search kit -------------------------------------------------------------------
def value(game: Game, state: Any, seat: int) -> float:
    """A finished game: scored as the game-over screen counts a win
    (``Outcome.winners()``: only a player who got rid of all their cards wins, so
    the last player, and anyone still holding cards when the stall limit stopped
    the game, scores 0), with a small bonus among the winners for going out
    earlier. A rollout cut short: judged by how many cards the seat still has
    to shed compared with the one who has the most."""
    n = state.players
    if game.is_over(state):
        if seat not in game.outcome(state).winners():
            return 0.0
        place = state.places[seat]
        return 0.8 + 0.2 * (n - 1 - place) / max(1, n - 2) if n > 2 else 1.0
    left = state.cards_left(seat)
    rivals = [state.cards_left(p) for p in state.active if p != seat]
    if not rivals:
        return 1.0
    return 1.0 / (1.0 + math.exp(-(max(rivals) - left) / 4.0))


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


from .shed_evidence import evidence, resample  # noqa: E402
from .shed_playout import playout  # noqa: E402  (it reads the rules above)

STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal, value=value, candidates=candidates, playout=playout, evidence=evidence, resample=resample,
    max_rollout=600,
)
