"""The search's decision rules: when to stop sampling, and whether to leave the prior.

The search (:mod:`.search`) samples states one at a time and plays every candidate
move out on each. After every sample a :class:`DecisionRule` reads the
:class:`Tally` of the rollouts' values and the decision's :class:`Budget` and
says whether sampling stops (``stop``); then it picks the move (``choose``). The
prior (the rules' own move) is played unless another candidate beats it by a
margin the rule trusts. Two rules (:data:`RULES`; docs/bots.md, "The decision rule"):

* :class:`FixedRule`: a fixed number of states (more on a close call), then a
  paired test at ``confidence`` standard errors.
* :class:`BayesRule`: the posterior probability of a gain under a sceptical
  prior, which stops once the call is settled and samples longer on a close one.

Both read the statistics of :class:`Tally`, the one place they are computed:
means and paired differences, weighted by the samples' importance weights once
one differs from 1 (the effective number of samples is then Kish's
``(sum w)^2 / sum w^2``), plain otherwise.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

#: The share of the time budget the sampling may use; the rest is the margin for
#: choosing and returning, so a decision stays within its budget.
DEADLINE_SHARE = 0.95


class Budget:
    """The work of one decision: ``iterations`` sampled states, or (``iterations``
    None) ``seconds`` of wall-clock time from ``started``."""

    __slots__ = ("iterations", "started", "seconds", "deadline", "cost")

    def __init__(self, iterations: int | None, seconds: float, started: float) -> None:
        self.iterations = iterations
        self.started = started
        self.seconds = seconds
        self.deadline = started + seconds * DEADLINE_SHARE
        self.cost = 0.0  # what one sample costs, the dearest lately (to stop before the deadline)

    def sampled(self, seconds: float) -> None:
        """One more sample took ``seconds``."""
        self.cost = max(self.cost * 0.7, seconds)

    def out_of_time(self) -> bool:
        """Whether another sample would run past the deadline."""
        return time.perf_counter() + self.cost > self.deadline

    def spent(self, share: float) -> bool:
        """Whether ``share`` of the sampling time has gone."""
        return time.perf_counter() >= self.started + self.seconds * DEADLINE_SHARE * share


# -- the statistics -------------------------------------------------------------------
def mean(xs: Sequence[float], weights: Sequence[float] | None = None) -> float:
    """The mean of ``xs``, weighted by the samples' ``weights`` (the first ``len(xs)``) if given."""
    if weights is None:
        return sum(xs) / len(xs) if xs else float("-inf")
    total = sum(weights[: len(xs)])
    if not xs or total <= 0:
        return float("-inf")
    return sum(w * x for w, x in zip(weights, xs, strict=False)) / total


def differences(
    a: Sequence[float], b: Sequence[float], weights: Sequence[float] | None = None
) -> tuple[float, float, float] | None:
    """The paired differences ``a - b`` over the samples both have, summed up:
    ``(count, mean, squares)``, the sum of squared deviations from the mean. With
    the samples' ``weights``: the effective count (Kish), the weighted mean and the
    weighted squares scaled to the effective count. None when there is no sample
    (or the weights add up to nothing)."""
    n = min(len(a), len(b))
    if n == 0:
        return None
    diffs = [a[k] - b[k] for k in range(n)]
    if weights is None:
        centre = sum(diffs) / n
        return n, centre, sum((d - centre) ** 2 for d in diffs)
    w = weights[:n]
    total = sum(w)
    if total <= 0:
        return None
    centre = sum(wk * d for wk, d in zip(w, diffs, strict=True)) / total
    effective = total * total / sum(wk * wk for wk in w)
    return effective, centre, sum(wk * (d - centre) ** 2 for wk, d in zip(w, diffs, strict=True)) / total * effective


def paired(a: Sequence[float], b: Sequence[float], weights: Sequence[float] | None = None) -> tuple[float, float]:
    """The mean of ``a - b`` over the samples both have and its standard error
    (over the effective number of samples when weighted; infinite under two)."""
    summed = differences(a, b, weights)
    if summed is None:
        return 0.0, float("inf")
    count, centre, squares = summed
    if count < 2 - 1e-9:
        return centre, float("inf")
    return centre, math.sqrt(squares / (count - 1) / count)


def phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-z / math.sqrt(2))


class Tally:
    """One decision's rollouts so far: each candidate's values, one per sample (the
    same samples for every candidate: common random numbers), the samples'
    importance weights, and the candidates still compared (``active``)."""

    __slots__ = ("values", "active", "prior", "samples", "rollouts", "_weights", "weighted")

    def __init__(self, candidates: int, prior: int) -> None:
        self.values: list[list[float]] = [[] for _ in range(candidates)]
        self.active = list(range(candidates))
        self.prior = prior  # the index of the prior among the candidates
        self.samples = 0
        self.rollouts = 0
        self._weights: list[float] = []
        self.weighted = False  # whether a sample's weight differed from 1

    @property
    def weights(self) -> list[float] | None:
        """The samples' weights once one differs from 1; None before, so a search
        whose samples all weigh 1 runs the plain statistics."""
        return self._weights if self.weighted else None

    def weigh(self, weight: float) -> None:
        """The next sample's importance weight."""
        self._weights.append(weight)
        if weight != 1.0:
            self.weighted = True

    def mean(self, i: int) -> float:
        return mean(self.values[i], self.weights)

    def paired(self, a: int, b: int) -> tuple[float, float]:
        return paired(self.values[a], self.values[b], self.weights)

    def leader(self) -> int:
        """The active candidate with the best mean, the prior on a tie."""
        return max(self.active, key=lambda i: (self.mean(i), i == self.prior))

    def prune(self, z: float) -> None:
        """Drop the candidates the best one beats by ``z`` paired standard errors."""
        best = max(self.active, key=self.mean)
        keep = []
        for i in self.active:
            if i != best:
                gain, se = self.paired(best, i)
                if gain > z * se + 1e-9:
                    continue
            keep.append(i)
        self.active = keep


# -- the rules --------------------------------------------------------------------------
class DecisionRule(Protocol):
    """When the search stops sampling and which candidate it plays. ``confidence``
    and ``margin`` calibrate how sure a departure from the prior must be (so one
    rule can stand in for another with the same calibration: :func:`rule_named`)."""

    name: ClassVar[str]

    @property
    def confidence(self) -> float: ...

    @property
    def margin(self) -> float: ...

    def stop(self, tally: Tally, budget: Budget) -> bool:
        """Whether to stop sampling now (before sample ``tally.samples + 1``)."""
        ...

    def choose(self, tally: Tally) -> int:
        """The index of the candidate to play."""
        ...


@dataclass(frozen=True)
class FixedRule:
    """``iterations`` states (up to ``extend`` times as many on a close call: the
    best candidate ahead of the prior, but short of the test), or sampling until
    the deadline; then a departure when the best candidate beats the prior by
    more than ``margin`` and by ``confidence`` paired standard errors."""

    name: ClassVar[str] = "fixed"
    confidence: float = 1.0
    margin: float = 0.0
    extend: float = 1.0

    def stop(self, tally: Tally, budget: Budget) -> bool:
        n, iterations = tally.samples, budget.iterations
        if iterations is None:
            return n > 0 and budget.out_of_time()
        return n >= iterations and not (n < iterations * self.extend and self._close(tally))

    def choose(self, tally: Tally) -> int:
        best, prior = tally.leader(), tally.prior
        if best == prior or prior not in tally.active:
            return best
        return best if self._departs(tally, best) else prior

    def _departs(self, tally: Tally, best: int) -> bool:
        gain, se = tally.paired(best, tally.prior)
        return gain > self.margin and gain > self.confidence * se

    def _close(self, tally: Tally) -> bool:
        """Whether the best candidate leads the prior, but not yet by the test: the
        call more samples could settle."""
        if tally.prior not in tally.active:
            return False
        best = tally.leader()
        if best == tally.prior:
            return False
        gain, _ = tally.paired(best, tally.prior)
        return gain > 0 and not self._departs(tally, best)


@dataclass(frozen=True)
class BayesRule:
    """The Bayesian rule: the challenger is the best other candidate by its mean. Its
    gain over the prior has a sceptical normal prior (mean 0, sd ``gain_sd``); the
    paired differences, whose variance is estimated with one pseudo-sample of
    ``noise_var`` (so a few identical samples are not taken for certainty), update
    it to a normal posterior. The search departs when the posterior probability of
    a gain above ``margin`` reaches ``belief`` (by default the normal tail of
    ``confidence``: 1.0 -> 0.84, 1.645 -> 0.95).

    The call is settled, and sampling may stop, when that probability is under
    ``clear`` (the prior stays, whatever a few more samples say) or halfway from
    ``belief`` to 1 (a clear departure: stricter than the departure itself, since
    looking after every sample would otherwise let noise cross it). With
    ``iterations=N`` it samples at least ``least * N`` states and at most
    ``most * N``; with a time budget it may stop on a settled call after
    ``least_timed`` states and ``least_time_share`` of the budget, and otherwise
    samples until the deadline. Every stop depends only on the sampled values, so
    a fixed number of iterations stays reproducible."""

    name: ClassVar[str] = "bayes"
    confidence: float = 1.0
    margin: float = 0.0
    belief: float | None = None
    gain_sd: float = 0.1
    noise_var: float = 0.05
    clear: float = 0.2
    least: float = 0.5
    most: float = 2.0
    least_timed: int = 24
    least_time_share: float = 0.5

    def stop(self, tally: Tally, budget: Budget) -> bool:
        n, iterations = tally.samples, budget.iterations
        if iterations is not None:
            least = max(2, math.ceil(iterations * self.least))
            most = max(least, math.ceil(iterations * self.most))
            return (n >= least and self.verdict(tally)[1]) or n >= most
        if n >= self.least_timed and budget.spent(self.least_time_share) and self.verdict(tally)[1]:
            return True
        return n > 0 and budget.out_of_time()

    def choose(self, tally: Tally) -> int:
        return self.verdict(tally)[0]

    def verdict(self, tally: Tally) -> tuple[int, bool]:
        """(The candidate to play now, whether the call is settled.)"""
        prior = tally.prior
        if prior not in tally.active:
            return max(tally.active, key=tally.mean), True
        others = [i for i in tally.active if i != prior]
        if not others:
            return prior, True
        best = max(others, key=tally.mean)
        q = self.gain_probability(tally.values[best], tally.values[prior], tally.weights)
        belief = self.threshold
        if q >= belief:
            return best, q >= 1 - (1 - belief) / 2
        return prior, q < self.clear

    @property
    def threshold(self) -> float:
        """The posterior probability a departure needs: ``belief``, or the normal tail of ``confidence``."""
        return self.belief if self.belief is not None else phi(self.confidence)

    def gain_probability(self, a: Sequence[float], b: Sequence[float], weights: Sequence[float] | None = None) -> float:
        """The posterior probability that ``a``'s mean beats ``b``'s by more than the margin."""
        summed = differences(a, b, weights) or differences(a, b)  # (weights adding up to nothing: plain)
        if summed is None:
            return 0.0
        n, centre, squares = summed
        var = (squares + self.noise_var) / n  # n - 1 degrees of freedom and one pseudo-sample
        precision = 1 / self.gain_sd**2 + n / var
        post_mean = (n / var) * centre / precision
        return phi((post_mean - self.margin) * math.sqrt(precision))


#: The decision rules by name (``make_bot``'s and the arena's ``rule``).
RULES: dict[str, type[FixedRule | BayesRule]] = {"fixed": FixedRule, "bayes": BayesRule}


def rule_named(name: str, like: DecisionRule) -> DecisionRule:
    """The rule ``name`` calibrated as ``like`` (its ``confidence`` and ``margin``;
    the other knobs their defaults), or ``like`` itself if it is that rule."""
    if like.name == name:
        return like
    return RULES[name](confidence=like.confidence, margin=like.margin)
