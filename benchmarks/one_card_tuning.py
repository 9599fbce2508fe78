"""One-Card's rules with other weights against the normal rules, in self-play:
``python benchmarks/one_card_tuning.py GAMES [PLAYERS] ['{"points_calm": 0}']``.

Plays GAMES games (seed 1, deals and seats as the arena's: game ``i`` deals
deal ``i // PLAYERS`` and rotates the seats by ``i``; the legal moves listed
in the order a bot lists them, which decides ties) between one player of
the rules with the given ``Weights`` (JSON, changes from the normal rules';
``"hard"`` for the hard level's) and normal players, on the engine's states
with the playout policies (the same moves as the view-based rules, as
tests/bots/test_one_card_playout.py checks), and prints its win rate (a
shared win counts as a share) with a 95% Wilson interval. This is how the hard
level's weights were chosen (docs/bots.md, issue 15): about 5 ms a game.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys

from cardtable.bots.arena import wilson
from cardtable.bots.one_card_playout import NORMAL, hard_weights, playout_normal, rules_on_ids
from cardtable.games.one_card import GAME
from cardtable.simulate import game_seed


def play(policies: list, seed: int, index: int) -> list[int]:
    """Arena game ``index``: the indices (in ``policies``) of its winners."""
    n = len(policies)
    state = GAME.new(n, {}, seed=game_seed(seed, index // n))
    rng = random.Random(f"{seed}:{index}")
    seats = [policies[(s + index) % n] for s in range(n)]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        moves = sorted(GAME.legal_moves(state, seat), key=repr)  # the order a bot lists them in
        move = moves[0] if len(moves) == 1 else seats[seat](state, seat, moves, rng)
        state, _ = GAME.perform(state, seat, move)
    return [(s + index) % n for s in GAME.outcome(state).winners()]


def win_rate(weights, games: int, players: int = 2, seed: int = 1) -> tuple[float, float, float]:
    policy = rules_on_ids(weights)
    wins = 0.0
    for index in range(games):
        winners = play([policy] + [playout_normal] * (players - 1), seed, index)
        if 0 in winners:
            wins += 1 / len(winners)
    lo, hi = wilson(round(wins), games)
    return wins / games, lo, hi


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    spec = sys.argv[3] if len(sys.argv) > 3 else "{}"
    weights = hard_weights(players) if spec == "hard" else dataclasses.replace(NORMAL, **json.loads(spec))
    rate, lo, hi = win_rate(weights, games, players)
    print(f"{spec}: {100 * rate:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%) over {games} games, {players} players")
