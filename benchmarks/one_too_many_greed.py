"""One Too Many's hard level with inference from play, against the shipped one:
``python benchmarks/one_too_many_greed.py PLAYERS SEATS GAMES [--seed S] [--jobs J]``,
e.g. ``2 hard,normal 300`` (seed 1 unless given, 30 sampled states per decision,
2 jobs unless given).

The variant reads each opponent's *greed* from the numbers shown so far (how
many cards more than the others at the same reveal it asked for, on average,
shrunk towards 0 by ``GREED_PRIOR`` reveals of no difference) and moves the
secret number it samples for that opponent (the normal model's choice) by
that much, rounded at random. It then plays the arena with the hard level
swapped for the variant and prints the arena's JSON. Measured and not
shipped: docs/bots.md, "One Too Many experiments".
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import replace
from typing import Any, Sequence

from cardtable.bots import one_too_many as otm
from cardtable.bots.arena import run_arena
from cardtable.core.secret import CHOSEN, SecretChoices
from cardtable.games.one_too_many.moves import ASKS, Ask, Redo
from cardtable.games.one_too_many.state import evolve

#: ``greed``'s shrinking: this many reveals' worth of no difference
GREED_PRIOR = 4.0


def greed(view: Any, events: Sequence[Any]) -> tuple[float, ...] | None:
    """Each seat's mean excess over the others' numbers at the same reveal, shrunk."""
    n = view.players
    excess, seen = [0.0] * n, [0] * n
    for event in events:
        if event.kind != "reveal":
            continue
        data = dict(event.data)
        asks = data["asks"]
        if data["redo"] or len(asks) < 2:
            continue
        total = sum(count for _, count in asks)
        for seat, count in asks:
            excess[seat] += count - (total - count) / (len(asks) - 1)
            seen[seat] += 1
    if not any(seen):
        return None
    return tuple(excess[s] / (seen[s] + GREED_PRIOR) for s in range(n))


def greedier(count: int, excess: float, moves: Sequence[Any], rng: random.Random) -> Any:
    """The legal ask nearest to ``count + excess``, the excess rounded at random
    (an ask stays an ask: a pass is a decision of its own)."""
    shift = math.floor(excess)
    if rng.random() < excess - shift:
        shift += 1
    wanted = max(2, count + shift) if count >= 2 else max(1, count + shift)
    asks = [m.count for m in moves if m.count]
    return ASKS[min(asks, key=lambda k: abs(k - wanted))]


def resample(game, view, state, rng, policy, evidence=None):
    """The shipped ``resample``, each hidden ask then moved by its seat's greed."""
    hidden = [seat for seat, value in view.choices if value is CHOSEN]
    if not hidden:
        return state
    values = dict(state.secret.values)
    for seat in hidden:
        unchosen = evolve(state, secret=SecretChoices(
            state.secret.waiting, tuple((s, v) for s, v in state.secret.values if s != seat)))
        moves = game.legal_moves(unchosen, seat)
        move = otm.playout(unchosen, seat, moves, rng)
        if evidence is not None and isinstance(move, Ask) and move.count:
            move = greedier(move.count, evidence[seat], moves, rng)
        values[seat] = move.use if isinstance(move, Redo) else move.count
    return evolve(state, secret=SecretChoices(state.secret.waiting, tuple(sorted(values.items()))))


SEARCH_GREED = replace(otm.SEARCH, evidence=greed, resample=resample)


def main(argv: list[str]) -> None:
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    players, seats, games = int(argv[0]), argv[1].split(","), int(argv[2])
    otm.SEARCH = SEARCH_GREED  # ``make_bot`` reads the kit when it makes a hard bot (the workers fork)
    print(json.dumps(run_arena("one-too-many", players, seats, games, seed=seed, jobs=jobs,
                               settings={"iterations": 30})))


if __name__ == "__main__":
    main(sys.argv[1:])
