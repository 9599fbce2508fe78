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
from bisect import bisect
from functools import lru_cache
from itertools import accumulate
from typing import Any, Sequence

from ..core.cards import Suit
from ..core.engine import Game
from ..core.secret import CHOSEN, SecretChoices
from ..games.one_too_many.moves import ASKS, REDOS, Ask, Redo
from ..games.one_too_many.runs import longest_run
from ..games.one_too_many.state import RECHOOSE, REDO, Phase, evolve
from ..games.one_too_many.view import OneTooManyView
from .search import SearchKit

#: What being the greediest in a bust is worth: the kept card and the Redo.
BUST_VALUE = 1.5
#: How sure the opponent model is of its best number (larger: more random).
MODEL_TEMPERATURE = 1.0


# -- the arithmetic of the bust -----------------------------------------------------
def _popcount(x: int) -> int:
    return x.bit_count()


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


_DIAMONDS_OF: list = [(), 0]  # the last card set asked about, and the mask of its Diamonds


def diamonds_mask(card_set: tuple) -> int:
    """The values of the Diamonds among ``card_set`` (a game's card set is one
    tuple for its whole length: worked out once, remembered by identity)."""
    if _DIAMONDS_OF[0] is not card_set:
        mask = 0
        for card in card_set:
            if card.suit is Suit.DIAMONDS:
                mask |= 1 << (card.rank - 2)
        _DIAMONDS_OF[:] = [card_set, mask]
    return _DIAMONDS_OF[1]


class Table:
    """The figures of one seat's position the strategies reason with: from its
    view (``Table(view)``), or from the same public fields of a state (``Table.of``)."""

    __slots__ = ("me", "center", "unseen", "deck", "players", "safe", "pile", "piles", "others", "crowd")

    def __init__(self, view: OneTooManyView) -> None:
        self._set(view.player, view.players, view.center, view.card_set, view.deck_size, view.piles, view.in_round)

    @classmethod
    def of(cls, me: int, players: int, center: Sequence, card_set: tuple, deck: int,
           piles: Sequence[Sequence], in_round: Sequence[bool]) -> Table:
        table = cls.__new__(cls)
        table._set(me, players, center, card_set, deck, piles, in_round)
        return table

    def _set(self, me, players, center_cards, card_set, deck, piles, in_round) -> None:
        self.me = me
        center = 0
        for card in center_cards:
            center |= 1 << (card.rank - 2)
        self.center = center
        self.unseen = diamonds_mask(card_set) & ~center
        self.deck = deck
        self.players = players
        diamonds = _popcount(self.unseen)
        self.safe = 1.0 - diamonds / deck if deck else 0.0  # chance a card lands on a pile
        self.piles = piles
        self.pile = len(piles[me])
        self.others = [s for s in range(players) if s != me and in_round[s]]
        self.crowd = sum(in_round)

    def chance(self, drawn: int) -> float:
        return bust_chance(self.center, self.unseen, self.deck, self.players, drawn)

    def values(self, numbers: Sequence[int], scenarios: Sequence[tuple[float, int, int]]) -> list[float]:
        """The expected points of asking for each of ``numbers``, one turn ahead.

        ``scenarios`` are ``(weight, total asked by the others, most asked by one
        of them)``. Passing banks the pile. Asking adds the expected non-Diamonds
        to it; if the turn busts, the greediest keep only a card and a Redo
        (worth ``BUST_VALUE``) while the others bank what they hold."""
        if len(scenarios) <= _REMEMBERED:  # (one opponent's model, or the numbers shown)
            return list(_values(self.pile, self.safe, self.center, self.unseen, self.deck, self.players,
                                tuple(numbers), tuple(scenarios)))
        return list(_values.__wrapped__(self.pile, self.safe, self.center, self.unseen, self.deck,
                                        self.players, numbers, scenarios))

    def model(self, seat: int, numbers: Sequence[int]) -> list[float]:
        """The chance of each number in ``numbers`` for opponent ``seat``: a softmax of
        its own one-turn value, assuming everyone in the round asks as much as it does."""
        return list(_model(len(self.piles[seat]), self.crowd, self.safe, self.center, self.unseen,
                           self.deck, self.players, tuple(numbers))[0])


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def _chances(center: int, unseen: int, deck: int, players: int, most: int) -> tuple[float, ...]:
    """``bust_chance`` of drawing 0, 1, ..., ``most`` cards (one look-up per decision
    in place of one per number and scenario)."""
    return tuple(bust_chance(center, unseen, deck, players, drawn) for drawn in range(most + 1))


#: ``Table.values`` remembers its answers when there are at most this many
#: scenarios: one opponent's model (at most 11 numbers by the house limits) or
#: the numbers shown, public figures met again and again in a search. The 16
#: sampled scenarios of several opponents seldom repeat and are not remembered.
_REMEMBERED = 11


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def _values(pile: int, safe: float, center: int, unseen: int, deck: int, players: int,
            numbers: Sequence[int], scenarios: Sequence[tuple[float, int, int]]) -> tuple[float, ...]:
    """``Table.values``, from the figures it depends on."""
    most_drawn = max(numbers) + max(others for _, others, _ in scenarios)
    chances = _chances(center, unseen, deck, players, most_drawn)
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
            p = chances[k + others]
            total += weight * ((1 - p) * stay + p * (BUST_VALUE if k >= most else spared))
        out.append(total)
    return tuple(out)


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def _model(pile: int, crowd: int, safe: float, center: int, unseen: int, deck: int, players: int,
           numbers: tuple[int, ...]) -> tuple[tuple[float, ...], list[float], float]:
    """``Table.model``'s chances (public figures only, so remembered), with their
    running sums and total as ``random.choices`` works them out."""
    scores = []
    for k in numbers:
        if k == 0:
            scores.append(float(pile))
            continue
        p = bust_chance(center, unseen, deck, players, k * crowd)
        gain = k * safe
        bust = 0.5 * BUST_VALUE + 0.5 * (pile + 0.5 * gain) if crowd > 1 else BUST_VALUE
        scores.append((1 - p) * (pile + gain) + p * bust)
    top = max(scores)
    weights = [math.exp((s - top) / MODEL_TEMPERATURE) for s in scores]
    total = sum(weights)
    chances = tuple(w / total for w in weights)
    cum = list(accumulate(chances))
    return chances, cum, cum[-1] + 0.0


def _numbers(limit: int, in_round: Sequence[bool]) -> list[int]:
    return list(_NUMBERS[sum(in_round) == 1][limit])


_NUMBERS = tuple(tuple(tuple(k for k in range(limit + 1) if not (k == 1 and alone)) for limit in range(53))
                 for alone in (False, True))  # fmt: skip
"""``_NUMBERS[alone][limit]``: the numbers a seat may ask for."""


def _scenarios(table: Table, numbers: Sequence[int], rng: random.Random,
               samples: int = 16) -> list[tuple[float, int, int]]:
    """Weighted guesses of what the others in the round ask for this turn."""
    if not table.others:
        return [(1.0, 0, 0)]
    key = tuple(numbers)
    models = [_model(len(table.piles[seat]), table.crowd, table.safe, table.center, table.unseen,
                     table.deck, table.players, key) for seat in table.others]
    if len(models) == 1:
        return [(w, k, k) for k, w in zip(numbers, models[0][0]) if w > 1e-3]
    out = []
    random_ = rng.random
    hi = len(numbers) - 1
    for _ in range(samples):
        # rng.choices(numbers, chances)[0] for each model, with its running sums worked out once
        asks = [numbers[bisect(cum, random_() * total, 0, hi)] for _, cum, total in models]
        out.append((1.0 / samples, sum(asks), max(asks)))
    return out


def _shown(me: int, players: int, last_reveal: Sequence[int | None], in_round: Sequence[bool]) -> list[tuple[float, int, int]]:
    """The others' numbers as last shown (those still in the round), as one scenario."""
    asks = [last_reveal[s] or 0 for s in range(players) if s != me and in_round[s]]
    return [(1.0, sum(asks), max(asks, default=0))]


def _endgame(me: int, players: int, scores: Sequence[int], in_round: Sequence[bool], target: int,
             pile: int, numbers: Sequence[int], values: list[float]) -> None:
    """The last round: once another player has banked the target, the game ends
    with this round, and banking a score that does not beat theirs is a loss
    (the earlier pass wins a tie), however many points it banks."""
    if 0 not in numbers:
        return
    banked = [scores[s] for s in range(players) if s != me and not in_round[s]]
    if not banked or max(banked) < target:
        return
    mine = scores[me] + pile
    values[numbers.index(0)] += 10.0 if mine > max(banked) else -10.0


def ask_values(view: OneTooManyView, rng: random.Random) -> tuple[list[int], list[float]]:
    """Every number this seat may ask for now, with its expected value."""
    return _ask_values(Table(view), view.phase, view.limit, view.in_round, view.last_reveal,
                       view.scores, view.target, rng)


def _ask_values(table: Table, phase: Phase, limit: int, in_round: Sequence[bool], last_reveal: Sequence,
                scores: Sequence[int], target: int, rng: random.Random) -> tuple[list[int], list[float]]:
    numbers = _numbers(limit, in_round)
    if phase is RECHOOSE:
        scenarios = _shown(table.me, table.players, last_reveal, in_round)
    else:
        scenarios = _scenarios(table, numbers, rng)
    values = table.values(numbers, scenarios)
    _endgame(table.me, table.players, scores, in_round, target, table.pile, numbers, values)
    return numbers, values


# -- normal -----------------------------------------------------------------------
def normal(view: OneTooManyView, moves: Sequence[Any], rng: random.Random) -> Any:
    table = Table(view)
    return _normal(table, view.phase, view.limit, view.in_round, view.last_reveal, view.scores,
                   view.target, moves, rng)


def playout(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    """``normal``'s move for ``seat``, worked out from the public fields of a
    sampled state without building the seat's view (the search's playouts; a
    test checks it is exactly ``normal``'s move on many positions)."""
    table = Table.of(seat, state.players, state.center, state.cards, len(state.deck), state.piles, state.in_round)
    return _normal(table, state.phase, state.limit, state.in_round, state.last_reveal, state.scores,
                   state.options.target, moves, rng)


def _normal(table: Table, phase: Phase, limit: int, in_round: Sequence[bool], last_reveal: Sequence,
            scores: Sequence[int], target: int, moves: Sequence[Any], rng: random.Random) -> Any:
    if phase is REDO:
        numbers = list(range(limit + 1))
        values = table.values(numbers, _shown(table.me, table.players, last_reveal, in_round))
        mine = last_reveal[table.me] or 0
        use = max(values) > values[mine] + 0.3
        return _find(moves, REDOS[0] if use else REDOS[1])
    numbers, values = _ask_values(table, phase, limit, in_round, last_reveal, scores, target, rng)
    best = 0  # the highest value, the smallest such number (``numbers`` ascend)
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return _find(moves, ASKS[numbers[best]])


def _find(moves: Sequence[Any], wanted: Any) -> Any:
    for move in moves:  # (legal moves are the shared instances: by identity first)
        if move is wanted:
            return move
    return wanted if wanted in moves else moves[0]


# -- easy -------------------------------------------------------------------------
def easy(view: OneTooManyView, moves: Sequence[Any], rng: random.Random) -> Any:
    """A rule of thumb, and one decision in five made on a whim."""
    if rng.random() < 0.2:
        return rng.choice(list(moves))
    if view.phase is REDO:
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
    them, in place of ``determinize``'s uniform guesses (``policy`` is ``normal``:
    worked out by ``playout``, its very move without the seat's view)."""
    hidden = [seat for seat, value in view.choices if value is CHOSEN]
    if not hidden:
        return state
    values = dict(state.secret.values)
    for seat in hidden:
        unchosen = _unchosen(state, seat)
        moves = game.legal_moves(unchosen, seat)
        if policy is normal:
            move = playout(unchosen, seat, moves, rng)
        else:
            move = policy(game.view(state, seat), moves, rng)
        values[seat] = move.use if isinstance(move, Redo) else move.count
    secret = SecretChoices(state.secret.waiting, tuple(sorted(values.items())))
    return evolve(state, secret=secret)


def _unchosen(state: Any, seat: int) -> Any:
    """``state`` as it was before ``seat`` committed (to list its moves)."""
    values = tuple((s, v) for s, v in state.secret.values if s != seat)
    return evolve(state, secret=SecretChoices(state.secret.waiting, values))


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
    if view.phase is REDO:
        return list(moves)
    numbers, values = ask_values(view, random.Random(0))
    ranked = sorted(range(len(numbers)), key=lambda i: -values[i])
    keep = {numbers[i] for i in ranked[:4]} | {0}
    return [m for m in moves if m.count in keep]


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal, value=value, horizon=round_over, resample=resample, candidates=candidates, confidence=1.0,
    playout=playout,
)
