"""The hard level: a determinized Monte Carlo search over the seat's view.

Each iteration samples one complete state consistent with the view
(``game.determinize(view, rng)``), lets the game's kit adjust what the view
alone could not pin down but the seat can infer (the numbers other players
have already chosen in secret, sampled from the rule-based model of those
players instead of uniformly; the cards an opponent cannot hold, since the
public events showed them drawing when they could not play), then plays every
candidate move out on that same sample with the same random stream, the game's
normal rules choosing every later move for every seat, until the game ends or
the kit's horizon (the end of the hand or round). The kit scores the end state
for the searching seat. A kit may also weigh each sample (``SearchKit.weight``:
how likely the others' observed moves were on that sample, importance
weighting instead of dealing again until a sample fits); the statistics then
weigh the samples (:class:`.decision.Tally`).

Playing all candidates on the same samples (common random numbers) makes the
comparison between two moves far less noisy than their separate averages:
what differs is only the consequence of the move. Candidates that are clearly
worse than the leader (by a paired test) are dropped as the search goes on, so
the budget goes to the close calls. The move the normal rules would make is
the prior: the search departs from it only when the sampled evidence says
another move is better by a margin, so a small budget plays like ``normal``
and a larger one improves on it. The kit's decision rule (:mod:`.decision`)
says when to stop sampling and whether to depart.

The budget is wall-clock seconds per decision (``budget``, default 1 s), or a
fixed number of sampled states (``iterations``), which makes every decision,
and so every game, exactly reproducible from the seed whatever the machine's
speed. The search never looks at the engine's real state: only at the view,
and at states it sampled itself.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.engine import Event, Game, SeatView
from .base import BaseBot, Strategy, seat_of
from .decision import Budget, DecisionRule, FixedRule, Tally

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
    """What the search needs to know about one game: its hooks, and the decision rule."""

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
    #: move's values by these weights); None: every sample weighs 1
    weight: Callable[[Game, Any, Any, Any], float] | None = None
    #: candidates(view, moves, prior): the root moves worth searching (always keeps the prior)
    candidates: Callable[[Any, list, Any], list] | None = None
    #: playout(state, seat, moves, rng): the rollout policy on the sampled state itself
    #: (the same moves as ``policy`` on the seat's view, without building the view)
    playout: Callable[[Any, int, Any, random.Random], Any] | None = None
    #: settle(state, seat, move, me): the value for ``me`` if ``seat``'s ``move`` ends the
    #: rollout (e.g. goes out), worked out without performing it; None to play on
    settle: Callable[[Any, int, Any, int], float | None] | None = None
    #: whether ``playout`` and ``settle`` speak the engine's action codes: the rollouts then
    #: list ``game.legal_actions`` and apply ``game.step`` (no move objects, no events)
    #: instead of ``legal_moves`` and ``advance``; the root candidates stay moves
    actions: bool = False
    #: the most moves of one rollout before it is scored where it stands
    max_rollout: int = 2000
    #: candidates are compared for dropping from this many samples on (every third)...
    prune_after: int = 6
    #: ...and dropped when the leader beats them by this many paired standard errors
    prune_z: float = 2.0
    #: when sampling stops and whether to depart from the prior (:mod:`.decision`)
    rule: DecisionRule = FixedRule()


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
    #: whether the samples were weighted (a sample's weight differed from 1)
    weighted: bool = False


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
        evidence = kit.evidence(view, events) if kit.evidence is not None else None
        tally = Tally(len(cands), cands.index(prior))
        budget = Budget(self.iterations, self.budget, started)
        while not kit.rule.stop(tally, budget):
            tick = time.perf_counter()
            self._sample(view, rng, evidence, cands, tally)
            budget.sampled(time.perf_counter() - tick)
            if tally.samples >= kit.prune_after and tally.samples % 3 == 0 and len(tally.active) > 2:
                tally.prune(kit.prune_z)
        chosen = cands[kit.rule.choose(tally)]
        report.iterations, report.rollouts, report.weighted = tally.samples, tally.rollouts, tally.weighted
        report.chosen = chosen
        report.means = {self.game.describe_move(cands[i]): tally.mean(i) for i in tally.active}
        report.seconds = time.perf_counter() - started
        return chosen

    def _sample(self, view: SeatView, rng: random.Random, evidence: Any, cands: list[Any], tally: Tally) -> None:
        """Sample one state and play every active candidate out on it with the same random stream."""
        game, kit, me = self.game, self.kit, seat_of(view)
        sample = game.determinize(view, rng)
        if kit.resample is not None:
            sample = kit.resample(game, view, sample, rng, kit.policy, evidence)
        if kit.weight is not None:
            tally.weigh(kit.weight(game, view, sample, evidence))
        stream = rng.getrandbits(64)
        for i in tally.active:
            state = game.advance(sample, me, cands[i])
            tally.values[i].append(self._rollout(sample, state, me, random.Random(stream)))
        tally.rollouts += len(tally.active)
        tally.samples += 1

    def _rollout(self, start: Any, state: Any, me: int, rng: random.Random) -> float:
        if self.kit.actions:
            return self._rollout_codes(start, state, me, rng)
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
            state = game.advance(state, seat, move)
        return kit.value(game, state, me)

    def _rollout_codes(self, start: Any, state: Any, me: int, rng: random.Random) -> float:
        """``_rollout`` on the integer action interface (``SearchKit.actions``)."""
        game, kit = self.game, self.kit
        horizon, playout, settle = kit.horizon, kit.playout, kit.settle
        is_over, to_act, legal_actions, step = game.is_over, game.to_act, game.legal_actions, game.step
        assert playout is not None, "a kit on action codes has a playout on them"
        for _ in range(kit.max_rollout):
            if is_over(state) or (horizon is not None and horizon(start, state)):
                break
            seat = to_act(state)[0]
            codes = legal_actions(state, seat)
            action = codes[0] if len(codes) == 1 else playout(state, seat, codes, rng)
            if settle is not None:
                settled = settle(state, seat, action, me)
                if settled is not None:
                    return settled
            state = step(state, seat, action)
        return kit.value(game, state, me)
