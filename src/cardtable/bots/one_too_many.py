"""Computer players for One Too Many (docs/bots.md explains them in words).

Everything a bot needs is on the table: the deck's order is the only hidden
card information, so the chance that the next ``T`` cards bust the round is
exact arithmetic over the Diamonds still unseen (:mod:`.one_too_many_odds`). What is
really unknown is what the others will ask for; the normal player models each
opponent as a cautious player weighing the same chance for its own pile, and
asks for the number that does best against that model: often one less than
the greediest opponent, since only the greediest pay for a bust.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Sequence
from typing import Any

from ..core.engine import Game
from ..core.secret import CHOSEN, SecretChoices
from ..games.one_too_many.actions import KEEP_REDO, MOVES, USE_REDO
from ..games.one_too_many.moves import Ask, Redo
from ..games.one_too_many.state import RECHOOSE, REDO, Phase, evolve
from ..games.one_too_many.view import OneTooManyView
from .decision import BayesRule
from .hints import percent, plural
from .one_too_many_odds import Table, opponent_model
from .search import SearchKit


# -- the numbers a seat may ask for, and their values ----------------------------------
def _numbers(limit: int, in_round: Sequence[bool]) -> list[int]:
    return list(_NUMBERS[sum(in_round) == 1][limit])


_NUMBERS = tuple(tuple(tuple(k for k in range(limit + 1) if not (k == 1 and alone)) for limit in range(53))
                 for alone in (False, True))  # fmt: skip
"""``_NUMBERS[alone][limit]``: the numbers a seat may ask for."""


def _scenarios(
    table: Table, numbers: Sequence[int], rng: random.Random, samples: int = 16
) -> list[tuple[float, int, int]]:
    """Weighted guesses of what the others in the round ask for this turn."""
    if not table.others:
        return [(1.0, 0, 0)]
    key = tuple(numbers)
    models = [
        opponent_model(
            len(table.piles[seat]), table.crowd, table.safe, table.center, table.unseen, table.deck, table.players, key
        )
        for seat in table.others
    ]
    if len(models) == 1:
        return [(w, k, k) for k, w in zip(numbers, models[0][0], strict=True) if w > 1e-3]
    counts: dict[tuple[int, int], int] = {}
    random_ = rng.random
    hi = len(numbers) - 1
    for _ in range(samples):
        # rng.choices(numbers, chances)[0] for each model, with its running sums worked out once
        asks = [numbers[bisect(cum, random_() * total, 0, hi)] for _, cum, total in models]
        key = (sum(asks), max(asks))
        counts[key] = counts.get(key, 0) + 1
    # the samples that agree on (total, most) as one scenario weighing their share: the
    # values loop over a few scenarios instead of every sample, and, being few, remembered
    return [(n / samples, others, most) for (others, most), n in sorted(counts.items())]


def _shown(
    me: int, players: int, last_reveal: Sequence[int | None], in_round: Sequence[bool]
) -> list[tuple[float, int, int]]:
    """The others' numbers as last shown (those still in the round), as one scenario."""
    asks = [last_reveal[s] or 0 for s in range(players) if s != me and in_round[s]]
    return [(1.0, sum(asks), max(asks, default=0))]


def _endgame(
    me: int,
    players: int,
    scores: Sequence[int],
    in_round: Sequence[bool],
    target: int,
    pile: int,
    numbers: Sequence[int],
    values: list[float],
) -> None:
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
    return _ask_values(
        Table(view), view.phase, view.limit, view.in_round, view.last_reveal, view.scores, view.target, rng
    )


def _ask_values(
    table: Table,
    phase: Phase,
    limit: int,
    in_round: Sequence[bool],
    last_reveal: Sequence,
    scores: Sequence[int],
    target: int,
    rng: random.Random,
) -> tuple[list[int], list[float]]:
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
    code = _normal(table, view.phase, view.limit, view.in_round, view.last_reveal, view.scores, view.target, rng)
    return _find(moves, MOVES[code])


def playout(state: Any, seat: int, codes: Sequence[int], rng: random.Random) -> int:
    """``normal``'s move for ``seat`` as its action code, worked out from the public
    fields of a sampled state without building the seat's view, among the ``codes``
    ``OneTooMany.legal_actions`` listed (the search's playouts; a test checks it is
    exactly ``normal``'s move on many positions, with the same random draws)."""
    table = Table.of(seat, state.players, state.center, state.cards, len(state.deck), state.piles, state.in_round)
    code = _normal(
        table, state.phase, state.limit, state.in_round, state.last_reveal, state.scores, state.options.target, rng
    )
    return code if code in codes else codes[0]


def _normal(
    table: Table,
    phase: Phase,
    limit: int,
    in_round: Sequence[bool],
    last_reveal: Sequence,
    scores: Sequence[int],
    target: int,
    rng: random.Random,
) -> int:
    """The action code of the normal rules' choice (``games.one_too_many.actions``)."""
    if phase is REDO:  # (asked only while another player in the round asks for cards: never alone)
        numbers = _numbers(limit, in_round)
        values = table.values(numbers, _shown(table.me, table.players, last_reveal, in_round))
        mine = last_reveal[table.me] or 0
        return USE_REDO if max(values) > values[mine] + 0.3 else KEEP_REDO
    numbers, values = _ask_values(table, phase, limit, in_round, last_reveal, scores, target, rng)
    best = 0  # the highest value, the smallest such number (``numbers`` ascend)
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return numbers[best]  # (an ask's code is its number)


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
        if policy is normal:
            code = playout(unchosen, seat, game.legal_actions(unchosen, seat), rng)
            values[seat] = code if code < USE_REDO else code == USE_REDO
        else:
            move = policy(game.view(state, seat), game.legal_moves(unchosen, seat), rng)
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


# -- a hint's reason ---------------------------------------------------------------------
def explain(view: OneTooManyView, move: Any) -> str:
    """A hint's reason for ``move``, from the view alone (:mod:`.hints`)."""
    table = Table(view)
    if type(move) is Ask:
        if move.count == 0:
            return (
                f"bank your {plural(table.pile, 'card')}: even one more card busts the round "
                f"{percent(table.chance(1))} of the time"
            )
        return (
            f"on their own, {plural(move.count, 'card')} bust the round {percent(table.chance(move.count))} "
            "of the time (the others' numbers add to that)"
        )
    asked = sum(view.last_reveal[s] or 0 for s in range(view.players) if view.in_round[s])
    chance = percent(table.chance(asked))
    if move.use:
        return f"the numbers shown ({asked} cards in all) bust the round {chance} of the time"
    return f"the numbers shown ({asked} cards in all) bust the round only {chance} of the time"


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal,
    value=value,
    horizon=round_over,
    resample=resample,
    candidates=candidates,
    playout=playout,
    actions=True,
    # the Bayesian rule: the same 226 wins of 300 as the fixed rule at 30 states
    # against normal, with 28.1 sampled states a decision instead of 30 (docs/bots.md)
    rule=BayesRule(confidence=1.0),
)
