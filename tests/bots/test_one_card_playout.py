"""The search's playout policy on card ids makes exactly the normal player's moves."""

from __future__ import annotations

import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card import normal  # noqa: E402
from cardtable.bots.one_card_playout import playout_normal  # noqa: E402

GAME = one_card.GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_playout_policy_is_the_normal_rules(players):
    compared = 0
    for seed in range(4):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(700):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            expected = normal(GAME.view(state, seat), moves, random.Random(0))
            assert playout_normal(state, seat, moves, random.Random(0)) == expected
            compared += len(moves) > 1
            # play on with a mix of normal and random moves, to reach varied positions
            move = expected if rng.random() < 0.7 else rng.choice(moves)
            state, _ = GAME.perform(state, seat, move)
    assert compared > 300
