"""The hard level: a determinized Monte Carlo search over the seat's view.

Each iteration samples one complete state consistent with the view
(``game.determinize(view, rng)``), lets the game's kit adjust what the view
alone could not pin down but the seat can infer (the numbers other players
have already chosen in secret, sampled from the rule-based model of those
players instead of uniformly; the cards an opponent cannot hold, since the
public events showed them drawing when they could not play), then plays every candidate move out on that same
sample with the same random stream, the game's normal rules choosing every
later move for every seat, until the game ends or the kit's horizon (the end
of the hand or round). The kit scores the end state for the searching seat.
A kit may also weigh each sample (``SearchKit.weight``: how likely the others'
observed moves were on that sample, importance weighting instead of dealing
again until a sample fits); the search then compares the moves by weighted
means, and its paired test counts the effective number of samples.

Playing all candidates on the same samples (common random numbers) makes the
comparison between two moves far less noisy than their separate averages:
what differs is only the consequence of the move. Candidates that are clearly
worse than the leader (by a paired test) are dropped as the search goes on, so
the budget goes to the close calls. The move the normal rules would make is
the prior: the search departs from it only when the sampled evidence says
another move is better by a margin, so a small budget plays like ``normal``
and a larger one improves on it. Two decision rules say when (``SearchKit.rule``):
``"fixed"``, a paired test at a fixed number of standard errors after a fixed
number of states, and ``"bayes"``, the posterior probability of a gain under a
sceptical prior, which stops sampling once the call is settled and samples
longer on a close one (:meth:`SearchBot._verdict`; docs/bots.md, issue 15).

The budget is wall-clock seconds per decision (``budget``, default 1 s), or a
fixed number of sampled states (``iterations``), which makes every decision,
and so every game, exactly reproducible from the seed whatever the machine's
speed. The search never looks at the engine's real state: only at the view,
and at states it sampled itself.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core.engine import Event, Game, SeatView
from .base import BaseBot, Strategy

#: The share of the time budget the sampling may use; the rest is the margin for
#: choosing and returning, so a decision stays within its budget.
DEADLINE_SHARE = 0.95

#: value(game, state, seat) -> the seat's value of ``state`` in [0, 1].
ValueFn = Callable[[Game, Any, int], float]


def outcome_value(game: Game, state: Any, seat: int) -> float:
    """1 for a (shared) first place, 0 for the last, linear in between."""
    outcome = game.outcome(state)
    worst = max(outcome.places)
    if worst == 1:
        return 1.0
    return (worst - outcome.places[seat]) / (worst - 1)


def top_up(hand: list, pool: Sequence[Any], taken: list[bool], size: int) -> None:
    """Fill ``hand`` up to ``size`` cards with the cards of ``pool`` not yet
    ``taken``, in the pool's order, marking them taken: the rest of a hand a
    kit's ``resample`` deals again after placing the cards the evidence chose."""
    for i, card in enumerate(pool):
        if len(hand) >= size:
            break
        if not taken[i]:
            taken[i] = True
            hand.append(card)


@dataclass(frozen=True)
class SearchKit:
    """What the search needs to know about one game."""

    #: the rollout policy and the prior: the game's normal rules
    policy: Strategy
    #: the value of a finished game, or of a state where the horizon stopped the rollout
    value: ValueFn = outcome_value
    #: horizon(start, state): stop the rollout at ``state`` (e.g. the hand is over)
    horizon: Callable[[Any, Any], bool] | None = None
    #: evidence(view, events): what the events tell about hidden cards, worked out once per decision
    evidence: Callable[[Any, Sequence[Event]], Any] | None = None
    #: resample(game, view, state, rng, policy, evidence): adjust a sampled state to what
    #: the seat can infer (secret choices as the others would make them, cards they lack)
    resample: Callable[[Game, Any, Any, random.Random, Strategy, Any], Any] | None = None
    #: weight(game, view, sample, evidence): how likely the sampled state is given what the
    #: seat saw the others do (importance weighting of the belief: the search averages each
    #: move's values by these weights); None: every sample weighs 1, as before
    weight: Callable[[Game, Any, Any, Any], float] | None = None
    #: candidates(view, moves, prior): the root moves worth searching (always keeps the prior)
    candidates: Callable[[Any, list, Any], list] | None = None
    #: playout(state, seat, moves, rng): the rollout policy on the sampled state itself
    #: (the same moves as ``policy`` on the seat's view, without building the view)
    playout: Callable[[Any, int, list, random.Random], Any] | None = None
    #: settle(state, seat, move, me): the value for ``me`` if ``seat``'s ``move`` ends the
    #: rollout (e.g. goes out), worked out without performing it; None to play on
    settle: Callable[[Any, int, Any, int], float | None] | None = None
    #: the most moves of one rollout before it is scored where it stands
    max_rollout: int = 2000
    #: how many paired standard errors the best move must beat the prior by
    confidence: float = 1.0
    #: the least mean gain over the prior (in value units) worth a departure
    margin: float = 0.0
    #: a close call (the best candidate ahead of the prior, but short of the test)
    #: with a fixed number of iterations samples up to this many times as many
    extend: float = 1.0
    #: candidates are compared for dropping from this many iterations on...
    prune_after: int = 6
    #: ...and dropped when the leader beats them by this many paired standard errors
    prune_z: float = 2.0
    #: the decision rule: ``"fixed"`` (the fields above: ``iterations`` states, up to
    #: ``extend`` times as many on a close call, a departure at ``confidence`` paired
    #: standard errors) or ``"bayes"`` (adaptive: :meth:`SearchBot._verdict`)
    rule: str = "fixed"
    #: bayes: the posterior probability that the best challenger beats the prior by
    #: ``margin`` needed to depart (None: the normal tail of ``confidence``, so a kit
    #: keeps its calibration: 1.0 -> 0.84, 1.645 -> 0.95)
    belief: float | None = None
    #: bayes: the standard deviation of the sceptical prior on a departure's gain (value units)
    gain_sd: float = 0.1
    #: bayes: the variance of one paired difference assumed before any sample (one pseudo-sample)
    noise_var: float = 0.05
    #: bayes: the call is settled (sampling stops) once that probability is under ``clear``...
    clear: float = 0.2
    #: bayes, with ``iterations=N``: at least ``least * N`` states, up to ``most * N`` on a close call
    least: float = 0.5
    most: float = 2.0
    #: bayes, with a time budget: the states sampled, and the share of the budget spent,
    #: before the search may stop on a settled call (a settled call still gets at
    #: least half of what the budget buys; a close call gets all of it)
    least_timed: int = 24
    least_time_share: float = 0.5


@dataclass
class SearchReport:
    """What the last decision did (for tests, the arena and curious people)."""

    iterations: int = 0
    rollouts: int = 0
    seconds: float = 0.0
    candidates: int = 0
    prior: Any = None
    chosen: Any = None
    means: dict[str, float] | None = None


class SearchBot(BaseBot):
    """Determinized Monte Carlo search with the normal rules as rollout policy and prior."""

    level = "hard"

    def __init__(
        self,
        game: Game,
        kit: SearchKit,
        seed: int = 0,
        budget: float = 1.0,
        iterations: int | None = None,
    ) -> None:
        super().__init__(game, seed)
        if budget <= 0:
            raise ValueError("the search budget must be a positive number of seconds")
        if iterations is not None and iterations < 1:
            raise ValueError("the search needs at least one iteration")
        self.kit = kit
        self.budget = float(budget)
        self.iterations = iterations
        self.report = SearchReport()
        self._weights: list[float] | None = None

    # -- one decision -----------------------------------------------------------
    def decide(self, view: SeatView, moves: list[Any], rng: random.Random, events: Sequence[Event]) -> Any:
        started = time.perf_counter()
        kit = self.kit
        prior = kit.policy(view, moves, random.Random(rng.getrandbits(64)))
        cands = list(kit.candidates(view, moves, prior)) if kit.candidates else list(moves)
        if prior not in cands:
            cands.insert(0, prior)
        report = SearchReport(candidates=len(cands), prior=prior, chosen=prior)
        self.report = report
        if len(cands) == 1:
            report.seconds = time.perf_counter() - started
            return prior
        me = view.player
        p = cands.index(prior)
        evidence = kit.evidence(view, events) if kit.evidence is not None else None
        values: list[list[float]] = [[] for _ in cands]
        # the samples' weights; the statistics read them (``self._weights``) only once one
        # differs from 1, so a game whose samples all weigh 1 is searched exactly as before
        weights: list[float] | None = [] if kit.weight is not None else None
        self._weights = None
        active = list(range(len(cands)))
        deadline = started + self.budget * DEADLINE_SHARE
        settle_from = started + self.budget * DEADLINE_SHARE * kit.least_time_share
        iteration_cost = 0.0
        bayes = kit.rule == "bayes"
        if bayes and self.iterations is not None:
            least = max(2, math.ceil(self.iterations * kit.least))
            most = max(least, math.ceil(self.iterations * kit.most))
        else:
            least, most = kit.least_timed, 0
        while True:
            n = report.iterations
            if bayes:
                if n >= least and (self.iterations is not None or time.perf_counter() >= settle_from) and (
                    self._verdict(values, active, p)[1]
                ):
                    break
                if self.iterations is not None and n >= most:
                    break
                if self.iterations is None and n and time.perf_counter() + iteration_cost > deadline:
                    break
            elif self.iterations is not None:
                if n >= self.iterations and not (n < self.iterations * kit.extend and self._close(values, active, p)):
                    break
            elif n and time.perf_counter() + iteration_cost > deadline:
                break
            tick = time.perf_counter()
            sample = self.game.determinize(view, rng)
            if kit.resample is not None:
                sample = kit.resample(self.game, view, sample, rng, kit.policy, evidence)
            if weights is not None:
                weights.append(kit.weight(self.game, view, sample, evidence))  # type: ignore[misc]
                if weights[-1] != 1.0:
                    self._weights = weights
            stream = rng.getrandbits(64)
            for i in active:
                state, _ = self.game.perform(sample, me, cands[i])
                values[i].append(self._rollout(sample, state, me, random.Random(stream)))
                report.rollouts += 1
            report.iterations += 1
            iteration_cost = max(iteration_cost * 0.7, time.perf_counter() - tick)
            if report.iterations >= kit.prune_after and report.iterations % 3 == 0 and len(active) > 2:
                active = self._prune(values, active, kit.prune_z)
        chosen = self._verdict(values, active, p)[0] if bayes else self._pick(values, active, p)
        report.chosen = cands[chosen]
        report.means = {self.game.describe_move(cands[i]): _mean(values[i], self._weights) for i in active}
        report.seconds = time.perf_counter() - started
        return cands[chosen]

    def _rollout(self, start: Any, state: Any, me: int, rng: random.Random) -> float:
        game, kit = self.game, self.kit
        policy, horizon, playout, settle = kit.policy, kit.horizon, kit.playout, kit.settle
        for _ in range(kit.max_rollout):
            if game.is_over(state) or (horizon is not None and horizon(start, state)):
                break
            seat = game.to_act(state)[0]
            moves = game.legal_moves(state, seat)
            if len(moves) == 1:
                move = moves[0]
            elif playout is not None:
                move = playout(state, seat, moves, rng)
            else:
                move = policy(game.view(state, seat), moves, rng)
            if settle is not None:
                settled = settle(state, seat, move, me)
                if settled is not None:
                    return settled
            state, _ = game.perform(state, seat, move)
        return kit.value(game, state, me)

    def _prune(self, values: list[list[float]], active: list[int], z: float) -> list[int]:
        weights = self._weights
        best = max(active, key=lambda i: _mean(values[i], weights))
        keep = []
        for i in active:
            if i == best:
                keep.append(i)
                continue
            mean, se = _paired(values[best], values[i], weights)
            if not mean > z * se + 1e-9:
                keep.append(i)
        return keep

    def _close(self, values: list[list[float]], active: list[int], prior: int) -> bool:
        """Whether the best candidate leads the prior, but not yet by the departure test:
        the call more samples could settle."""
        if prior not in active:
            return False
        weights = self._weights
        best = max(active, key=lambda i: (_mean(values[i], weights), i == prior))
        if best == prior:
            return False
        mean, se = _paired(values[best], values[prior], weights)
        return mean > 0 and not (mean > self.kit.margin and mean > self.kit.confidence * se)

    def _verdict(self, values: list[list[float]], active: list[int], prior: int) -> tuple[int, bool]:
        """The Bayesian rule: (the move to play now, whether the call is settled).

        The challenger is the best other candidate by its mean. Its gain over the
        prior has a sceptical normal prior (mean 0, sd ``gain_sd``); the paired
        differences, whose variance is estimated with one pseudo-sample of
        ``noise_var`` (so a few identical samples are not taken for certainty),
        update it to a normal posterior. The search departs when the posterior
        probability of a gain above ``margin`` reaches ``belief``. The call is
        settled, and sampling may stop, when that probability is under ``clear``
        (the prior stays, whatever a few more samples say) or halfway from
        ``belief`` to 1 (a clear departure: stricter than the departure itself,
        since looking after every sample would otherwise let noise cross it).
        """
        if prior not in active:
            return max(active, key=lambda i: _mean(values[i], self._weights)), True
        others = [i for i in active if i != prior]
        if not others:
            return prior, True
        best = max(others, key=lambda i: _mean(values[i], self._weights))
        q = self._gain_probability(values[best], values[prior])
        belief = self._belief()
        if q >= belief:
            return best, q >= 1 - (1 - belief) / 2
        return prior, q < self.kit.clear

    def _belief(self) -> float:
        kit = self.kit
        return kit.belief if kit.belief is not None else _phi(kit.confidence)

    def _gain_probability(self, a: Sequence[float], b: Sequence[float]) -> float:
        """The posterior probability that ``a``'s mean beats ``b``'s by more than the margin."""
        kit = self.kit
        n = min(len(a), len(b))
        if n == 0:
            return 0.0
        diffs = [a[k] - b[k] for k in range(n)]
        weights = self._weights
        if weights is not None and sum(weights[:n]) > 0:
            # weighted samples count as their effective number (Kish)
            w = weights[:n]
            total = sum(w)
            mean = sum(wk * d for wk, d in zip(w, diffs)) / total
            effective = total * total / sum(wk * wk for wk in w)
            squares = sum(wk * (d - mean) ** 2 for wk, d in zip(w, diffs)) / total * effective
            n = effective  # type: ignore[assignment]
        else:
            mean = sum(diffs) / n
            squares = sum((d - mean) ** 2 for d in diffs)
        var = (squares + kit.noise_var) / n  # n - 1 degrees of freedom and one pseudo-sample
        precision = 1 / kit.gain_sd**2 + n / var
        post_mean = (n / var) * mean / precision
        return _phi((post_mean - kit.margin) * math.sqrt(precision))

    def _pick(self, values: list[list[float]], active: list[int], prior: int) -> int:
        weights = self._weights
        best = max(active, key=lambda i: (_mean(values[i], weights), i == prior))
        if best == prior or prior not in active:
            return best
        mean, se = _paired(values[best], values[prior], weights)
        if mean > self.kit.margin and mean > self.kit.confidence * se:
            return best
        return prior


def _mean(xs: Sequence[float], weights: Sequence[float] | None = None) -> float:
    """The mean of ``xs``, weighted by the samples' ``weights`` (the first ``len(xs)``) if given."""
    if weights is None:
        return sum(xs) / len(xs) if xs else float("-inf")
    total = sum(weights[: len(xs)])
    if not xs or total <= 0:
        return float("-inf")
    return sum(w * x for w, x in zip(weights, xs)) / total


def _phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-z / math.sqrt(2))


def _paired(a: Sequence[float], b: Sequence[float], weights: Sequence[float] | None = None) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the samples both have; with the
    samples' ``weights``, the weighted mean and its standard error over the
    effective number of samples, ``(sum w)^2 / sum w^2`` (Kish)."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, float("inf")
    if weights is not None:
        return _weighted_paired(a, b, weights, n)
    diffs = [a[k] - b[k] for k in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def _weighted_paired(a: Sequence[float], b: Sequence[float], weights: Sequence[float], n: int) -> tuple[float, float]:
    w = weights[:n]
    total = sum(w)
    if total <= 0:
        return 0.0, float("inf")
    diffs = [a[k] - b[k] for k in range(n)]
    mean = sum(wk * d for wk, d in zip(w, diffs)) / total
    effective = total * total / sum(wk * wk for wk in w)
    if effective < 2 - 1e-9:
        return mean, float("inf")
    var = sum(wk * (d - mean) ** 2 for wk, d in zip(w, diffs)) / total * effective / (effective - 1)
    return mean, math.sqrt(var / effective)
