"""Computer players for One Too Many (docs/bots.md explains them in words).

Everything a bot needs is on the table: the deck's order is the only hidden
card information, so the chance that the next ``T`` cards bust the round is
exact arithmetic over the Diamonds still unseen (:func:`bust_chance`). What is
really unknown is what the others will ask for; the normal player models each
opponent as a cautious player weighing the same chance for its own pile, and
asks for the number that does best against that model: often one less than
the greediest opponent, since only the greediest pay for a bust.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Sequence

from ..core.cards import Suit
from ..core.engine import Game
from ..core.secret import CHOSEN, SecretChoices
from ..games.one_too_many.moves import Ask, Redo
from ..games.one_too_many.runs import longest_run
from ..games.one_too_many.state import Phase
from ..games.one_too_many.view import OneTooManyView
from .search import SearchKit

#: What being the greediest in a bust is worth: the kept card and the Redo.
BUST_VALUE = 1.5
#: How sure the opponent model is of its best number (larger: more random).
MODEL_TEMPERATURE = 1.0


# -- the arithmetic of the bust -----------------------------------------------------
def _popcount(x: int) -> int:
    return bin(x).count("1")


@lru_cache(maxsize=1 << 14)
def _bust_counts(center: int, unseen: int, players: int) -> tuple[int, ...]:
    """``counts[j]``: how many sets of ``j`` unseen Diamonds would bust the round."""
    counts = [0] * (_popcount(unseen) + 1)
    sub = unseen
    while True:
        if longest_run(center | sub) > players:
            counts[_popcount(sub)] += 1
        if sub == 0:
            break
        sub = (sub - 1) & unseen
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def bust_chance(center: int, unseen: int, deck_size: int, players: int, drawn: int) -> float:
    """The chance that drawing ``drawn`` cards from the deck busts the round.

    ``center`` and ``unseen`` are masks of Diamond values (bit ``rank - 2``):
    those in the center and those still in the deck. Busting only grows with
    more Diamonds, so the turn busts exactly when all the Diamonds drawn, with
    the center, make a run longer than ``players``.
    """
    drawn = min(drawn, deck_size)
    if drawn <= 0:
        return 0.0
    counts = _bust_counts(center, unseen, players)
    others = deck_size - (len(counts) - 1)
    total = math.comb(deck_size, drawn)
    busting = sum(c * math.comb(others, drawn - j) for j, c in enumerate(counts) if c and j <= drawn)
    return busting / total


class Table:
    """The figures of one view the strategies reason with."""

    __slots__ = ("view", "me", "center", "unseen", "deck", "players", "safe", "pile", "others", "crowd")

    def __init__(self, view: OneTooManyView) -> None:
        self.view = view
        self.me = view.player
        center = 0
        for card in view.center:
            center |= 1 << (card.rank - 2)
        unseen = 0
        for card in view.card_set:
            if card.suit is Suit.DIAMONDS:
                unseen |= 1 << (card.rank - 2)
        self.center = center
        self.unseen = unseen & ~center
        self.deck = view.deck_size
        self.players = view.players
        diamonds = _popcount(self.unseen)
        self.safe = 1.0 - diamonds / self.deck if self.deck else 0.0  # chance a card lands on a pile
        self.pile = len(view.piles[self.me])
        self.others = [s for s in range(view.players) if s != self.me and view.in_round[s]]
        self.crowd = sum(view.in_round)

    def chance(self, drawn: int) -> float:
        return bust_chance(self.center, self.unseen, self.deck, self.players, drawn)

    def values(self, numbers: Sequence[int], scenarios: Sequence[tuple[float, int, int]]) -> list[float]:
        """The expected points of asking for each of ``numbers``, one turn ahead.

        ``scenarios`` are ``(weight, total asked by the others, most asked by one
        of them)``. Passing banks the pile. Asking adds the expected non-Diamonds
        to it; if the turn busts, the greediest keep only a card and a Redo
        (worth ``BUST_VALUE``) while the others bank what they hold."""
        pile, safe, chance = self.pile, self.safe, self.chance
        out = []
        for k in numbers:
            if k == 0:
                out.append(float(pile))
                continue
            gain = k * safe
            stay = pile + gain
            spared = pile + 0.5 * gain
            total = 0.0
            for weight, others, most in scenarios:
                p = chance(k + others)
                total += weight * ((1 - p) * stay + p * (BUST_VALUE if k >= most else spared))
            out.append(total)
        return out

    def model(self, seat: int, numbers: Sequence[int]) -> list[float]:
        """The chance of each number in ``numbers`` for opponent ``seat``: a softmax of
        its own one-turn value, assuming everyone in the round asks as much as it does."""
        pile = len(self.view.piles[seat])
        crowd = self.crowd
        safe = self.safe
        scores = []
        for k in numbers:
            if k == 0:
                scores.append(float(pile))
                continue
            p = self.chance(k * crowd)
            gain = k * safe
            bust = 0.5 * BUST_VALUE + 0.5 * (pile + 0.5 * gain) if crowd > 1 else BUST_VALUE
            scores.append((1 - p) * (pile + gain) + p * bust)
        top = max(scores)
        weights = [math.exp((s - top) / MODEL_TEMPERATURE) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]


def _numbers(view: OneTooManyView) -> list[int]:
    alone = sum(view.in_round) == 1
    return [k for k in range(view.limit + 1) if not (k == 1 and alone)]


def _scenarios(table: Table, rng: random.Random, samples: int = 16) -> list[tuple[float, int, int]]:
    """Weighted guesses of what the others in the round ask for this turn."""
    if not table.others:
        return [(1.0, 0, 0)]
    numbers = _numbers(table.view)
    models = [table.model(seat, numbers) for seat in table.others]
    if len(models) == 1:
        return [(w, k, k) for k, w in zip(numbers, models[0]) if w > 1e-3]
    out = []
    for _ in range(samples):
        asks = [rng.choices(numbers, m)[0] for m in models]
        out.append((1.0 / samples, sum(asks), max(asks)))
    return out


def _shown(view: OneTooManyView) -> list[tuple[float, int, int]]:
    """The others' numbers as last shown (those still in the round), as one scenario."""
    me = view.player
    asks = [view.last_reveal[s] or 0 for s in range(view.players) if s != me and view.in_round[s]]
    return [(1.0, sum(asks), max(asks, default=0))]


def _endgame(view: OneTooManyView, numbers: Sequence[int], values: list[float]) -> None:
    """The last round: once another player has banked the target, the game ends
    with this round, and banking a score that does not beat theirs is a loss
    (the earlier pass wins a tie), however many points it banks."""
    me = view.player
    if 0 not in numbers:
        return
    banked = [view.scores[s] for s in range(view.players) if s != me and not view.in_round[s]]
    if not banked or max(banked) < view.target:
        return
    mine = view.scores[me] + len(view.piles[me])
    values[numbers.index(0)] += 10.0 if mine > max(banked) else -10.0


def ask_values(view: OneTooManyView, rng: random.Random) -> tuple[list[int], list[float]]:
    """Every number this seat may ask for now, with its expected value."""
    table = Table(view)
    numbers = _numbers(view)
    scenarios = _shown(view) if view.phase is Phase.RECHOOSE else _scenarios(table, rng)
    values = table.values(numbers, scenarios)
    _endgame(view, numbers, values)
    return numbers, values


# -- normal -----------------------------------------------------------------------
def normal(view: OneTooManyView, moves: Sequence[Any], rng: random.Random) -> Any:
    if view.phase is Phase.REDO:
        table = Table(view)
        numbers = [k for k in range(view.limit + 1)]
        values = table.values(numbers, _shown(view))
        mine = view.last_reveal[view.player] or 0
        use = max(values) > values[mine] + 0.3
        return _find(moves, Redo(use))
    numbers, values = ask_values(view, rng)
    best = max(range(len(numbers)), key=lambda i: (values[i], -numbers[i]))
    return _find(moves, Ask(numbers[best]))


def _find(moves: Sequence[Any], wanted: Any) -> Any:
    return wanted if wanted in moves else moves[0]


# -- easy -------------------------------------------------------------------------
def easy(view: OneTooManyView, moves: Sequence[Any], rng: random.Random) -> Any:
    """A rule of thumb, and one decision in five made on a whim."""
    if rng.random() < 0.2:
        return rng.choice(list(moves))
    if view.phase is Phase.REDO:
        return _find(moves, Redo(rng.random() < 0.5))
    table = Table(view)
    counts = [m.count for m in moves]
    danger = view.longest_run >= view.bust_length - 1
    if table.pile >= 4 and danger or table.pile >= 8:
        wanted = 0
    else:
        wanted = 3 if view.turn == 1 else 2
    wanted = min(counts, key=lambda k: abs(k - wanted))
    return _find(moves, Ask(wanted))


# -- hard: the search kit -----------------------------------------------------------
def resample(game: Game, view: OneTooManyView, state: Any, rng: random.Random, policy, evidence: Any = None) -> Any:
    """The others' secret numbers (or Redo decisions) as the normal model would choose
    them, in place of ``determinize``'s uniform guesses."""
    hidden = [seat for seat, value in view.choices if value is CHOSEN]
    if not hidden:
        return state
    values = dict(state.secret.values)
    for seat in hidden:
        seat_view = game.view(state, seat)
        moves = game.legal_moves(_unchosen(state, seat), seat)
        move = policy(seat_view, moves, rng)
        values[seat] = move.use if isinstance(move, Redo) else move.count
    secret = SecretChoices(state.secret.waiting, tuple(sorted(values.items())))
    return _replace(state, secret=secret)


def _unchosen(state: Any, seat: int) -> Any:
    """``state`` as it was before ``seat`` committed (to list its moves)."""
    values = tuple((s, v) for s, v in state.secret.values if s != seat)
    return _replace(state, secret=SecretChoices(state.secret.waiting, values))


def _replace(state: Any, **changes: Any) -> Any:
    fields = {name: getattr(state, name) for name in type(state).__slots__}
    fields.update(changes)
    return type(state)(**fields)


def value(game: Game, state: Any, seat: int) -> float:
    """A finished game: 1 for a (shared) win, 0 for the last place, linear between.
    A round's end: the chance of winning guessed from the lead over the best other
    score, surer as the target comes closer."""
    if game.is_over(state):
        outcome = game.outcome(state)
        worst = max(outcome.places)
        if worst == 1:
            return 1.0
        return (worst - outcome.places[seat]) / (worst - 1)
    scores = state.scores
    lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    remaining = max(1, state.options.target - max(scores))
    return 1.0 / (1.0 + math.exp(-lead / (2.0 + remaining / 3.0)))


def round_over(start: Any, state: Any) -> bool:
    return state.round != start.round


def candidates(view: OneTooManyView, moves: list, prior: Any) -> list:
    """The numbers worth searching: the four the normal rules value most, and passing."""
    if view.phase is Phase.REDO:
        return list(moves)
    numbers, values = ask_values(view, random.Random(0))
    ranked = sorted(range(len(numbers)), key=lambda i: -values[i])
    keep = {numbers[i] for i in ranked[:4]} | {0}
    return [m for m in moves if m.count in keep]


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal, value=value, horizon=round_over, resample=resample, candidates=candidates, confidence=1.0
)
