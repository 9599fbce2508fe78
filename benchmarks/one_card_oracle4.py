"""How strong could One-Card's hard level be with more players? The ceiling with
the real hands, and where the gains are:
``python benchmarks/one_card_oracle4.py GAMES [PLAYERS] [ITERATIONS] [BELIEF] [WHERE] [SEED] [JOBS] [VARIANT]``.

Plays arena games ``0 .. GAMES-1`` (the arena's deals and seat rotation for
``--seed SEED``, default 1) of one hard player against PLAYERS-1 (default 4)
normal ones, the hard player searching ITERATIONS (default 8) sampled states
per decision. BELIEF is ``real`` (the oracle: every sample is the engine's
real state, only the draw pile shuffled again: perfect information on the
hands, never possible in a game) or ``sampled`` (the shipped bot's belief:
the deal sampled from the view and the evidence). WHERE is ``shipped`` (the
candidates the hard level searches) or ``all`` (every distinct move at every
decision with a choice, the search's prior still the default), or kinds
joined by ``+`` (e.g. ``end+jack``: every distinct move in those kinds of
decision, the prior elsewhere). It prints the
hard player's win rate (a shared win as a share) with a 95% Wilson interval
and, per kind of decision (under an attack, facing a Jack, a 7, near the end
of a hand: someone holds 3 cards or fewer, elsewhere), how many decisions
were searched and how many left the prior, and the hard player's decision
times. VARIANT ``endgame:HAND:DEPTH`` adds the endgame search
(``one_card_endgame``) to the kit's ``settle``; ``product`` scores a finished
hand by the product of the chances of beating each opponent (``product_value``)
instead of the lead over the best one; ``weight`` deals once per state and
weighs the deal by the opponents' plays (importance weighting), ``reject``
redeals instead (rejection sampling), ``sir:DEALS`` keeps one of DEALS deals
with a probability proportional to its weight, ``miss:FACTOR`` sets the weight
factor per play that was not the normal rules' choice, ``normalplayout``
plays the rollouts with the normal rules' weights for every seat, ``normalprior``
takes the normal rules as the search's prior (tokens joined by
commas); ``base`` (default) changes nothing. Used for issue 15's four-player
target (docs/bots.md, "One-Card with four players, issue 15").
"""

from __future__ import annotations

import dataclasses
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from cardtable.bots import decision_seed, one_card, one_card_evidence
from cardtable.bots.arena import seat_levels, wilson
from cardtable.bots.base import RuleBot
from cardtable.bots.one_card import SEARCH, _distinct, normal, settle, value
from cardtable.bots.one_card_endgame import endgame_settle
from cardtable.bots.one_card_playout import playout_hard, playout_normal
from cardtable.bots.search import SearchBot
from cardtable.games.one_card import GAME
from cardtable.games.one_card.moves import Play
from cardtable.simulate import game_seed

_REAL: list = [None]
_LEAD_VALUE = one_card._totals_value


def product_value(totals, seat, target, over):
    """A finished hand's value with more players: the chance of beating every
    opponent, each guessed from the lead over it as the search's own value
    guesses it from the lead over the best one (their product)."""
    if over or len(totals) == 2:
        return _LEAD_VALUE(totals, seat, target, over)
    remaining = max(1, target - max(totals))
    scale = 30.0 + remaining / 5.0
    value = 1.0
    for other, total in enumerate(totals):
        if other != seat:
            value *= 1.0 / (1.0 + math.exp(-(total - totals[seat]) / scale))
    return value


def real_resample(game, view, state, rng, policy, evidence):
    real = _REAL[0]
    pile = list(real.pile)
    rng.shuffle(pile)
    return dataclasses.replace(real, pile=tuple(pile))


def all_candidates(view, moves, prior):
    return _distinct(moves)


def kinds_candidates(kinds: set):
    """Every distinct move in the decisions of these kinds, the prior alone elsewhere."""

    def candidates(view, moves, prior):
        return _distinct(moves) if kind(view, moves) in kinds else [prior]

    return candidates


def kind(view, moves) -> str:
    if view.pending:
        return "attack"
    if view.jack_pending:
        return "jack"
    if any(type(m) is Play and m.suit is not None for m in moves) and min(view.hand_sizes) > 3:
        return "seven"
    return "end" if min(view.hand_sizes) <= 3 else "elsewhere"


def play(args) -> tuple[float, dict]:
    index, players, iterations, belief, where, seed, variant = args
    kit = SEARCH
    if "product" in variant:
        one_card._totals_value = product_value
    if variant.startswith("endgame"):  # endgame:HAND:DEPTH
        _, hand, depth = variant.split(":")
        kit = dataclasses.replace(kit, settle=endgame_settle(settle, playout_hard, value, int(hand), int(depth)))
    for token in variant.split(","):
        if token == "weight":  # importance weighting: one deal per state, weighted by the plays
            kit = dataclasses.replace(kit, resample=one_card_evidence.deal, weight=one_card_evidence.weight)
        elif token == "reject":  # the rejection sampling of the choice evidence (redeals)
            kit = dataclasses.replace(kit, resample=one_card_evidence.resample, weight=None)
        elif token.startswith("sir:"):  # sampling importance resampling from sir:DEALS deals
            kit = dataclasses.replace(kit, resample=one_card_evidence.resampled(int(token[4:])), weight=None)
        elif token == "normalplayout":  # rollouts with the normal rules' weights for every seat
            kit = dataclasses.replace(kit, playout=playout_normal)
        elif token == "normalprior":  # the normal rules (not the hard level's tuned ones) as the prior
            kit = dataclasses.replace(kit, policy=normal)
        elif token.startswith("miss:"):  # the factor per play that was not the rules' choice
            one_card_evidence.CHOSE_WEIGHT = float(token[5:])
    if belief == "real":
        kit = dataclasses.replace(kit, resample=real_resample)
    if where == "all":
        kit = dataclasses.replace(kit, candidates=all_candidates)
    elif where != "shipped":
        kit = dataclasses.replace(kit, candidates=kinds_candidates(set(where.split("+"))))
    levels = seat_levels(["hard"] + ["normal"] * (players - 1), index)
    state = GAME.new(players, {}, seed=game_seed(seed, index // players))
    seen: list[list] = [[] for _ in range(players)]
    stats: dict[str, list[int]] = {}
    times: list[float] = []
    cpus: list[float] = []  # the same decisions in process CPU time (the machine may be shared)
    moves = 0
    while not GAME.is_over(state) and moves < 20000:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        dseed = decision_seed(seed, index, seat, moves)
        if levels[seat] == "hard":
            _REAL[0] = state
            bot = SearchBot(GAME, kit, dseed, iterations=iterations)
            tick, cpu = time.perf_counter(), time.process_time()
            move = bot.choose(view, tuple(seen[seat]))
            times.append((time.perf_counter() - tick) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            report = bot.report
            if report.iterations:
                k = kind(view, GAME.legal_moves(state, seat))
                row = stats.setdefault(k, [0, 0])
                row[0] += 1
                row[1] += report.chosen != report.prior
        else:
            move = RuleBot(GAME, "normal", normal, dseed).choose(view, tuple(seen[seat]))
        state, events = GAME.apply(state, seat, move)
        for event in events:
            for s in range(players):
                if event.visible(s):
                    seen[s].append(event)
        moves += 1
    winners = GAME.outcome(state).winners()
    me = levels.index("hard")
    return (1 / len(winners) if me in winners else 0.0), stats, times, cpus


def main(games: int, players: int, iterations: int, belief: str, where: str, seed: int, jobs: int, variant: str) -> None:
    tasks = [(i, players, iterations, belief, where, seed, variant) for i in range(games)]
    results = []
    with ProcessPoolExecutor(jobs) as pool:
        for result in pool.map(play, tasks, chunksize=1):
            results.append(result)
            if len(results) % 10 == 0:
                print(f"  ... {len(results)} games, {sum(r[0] for r in results):.1f} wins", file=sys.stderr, flush=True)
    wins = sum(r[0] for r in results)
    totals: dict[str, list[int]] = {}
    times = sorted(t for r in results for t in r[2])
    cpus = sorted(t for r in results for t in r[3])
    for _, stats, _, _ in results:
        for k, (n, d) in stats.items():
            row = totals.setdefault(k, [0, 0])
            row[0] += n
            row[1] += d
    lo, hi = wilson(round(wins), games)
    print(
        f"{players} players, {belief} hands, search {where}, {variant}, {iterations} states: "
        f"hard wins {100 * wins / games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%) over {games} games (seed {seed})"
    )
    print(f"  decision ms: median {statistics.median(times):.2f}, p95 {times[int(0.95 * len(times))]:.1f}, "
          f"max {times[-1]:.0f} over {len(times)} decisions; CPU ms: median {statistics.median(cpus):.2f}, "
          f"p95 {cpus[int(0.95 * len(cpus))]:.1f}, max {cpus[-1]:.0f}")
    for k, (n, d) in sorted(totals.items()):
        print(f"  {k:9s} searched {n:6d}  left the prior {d:5d}")


if __name__ == "__main__":
    argv = sys.argv[1:]
    defaults = ["100", "4", "8", "real", "all", "1", "2", "base"]
    argv = argv + defaults[len(argv):]
    main(int(argv[0]), int(argv[1]), int(argv[2]), argv[3], argv[4], int(argv[5]), int(argv[6]), argv[7])
