"""The search's playout policies on action codes make exactly the view-based rules' moves
(the normal level's, and the hard level's tuned ones)."""

from __future__ import annotations

import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card import hard_rules, normal  # noqa: E402
from cardtable.bots.one_card_playout import NORMAL, playout_hard, rules_on_codes  # noqa: E402

GAME = one_card.GAME


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "rules, playout", [(normal, rules_on_codes(NORMAL)), (hard_rules, playout_hard)], ids=["normal", "hard"]
)
def test_the_playout_policy_is_the_rules(players, rules, playout):
    compared = 0
    for seed in range(4):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(700):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            codes = GAME.legal_actions(state, seat)
            expected = rules(GAME.view(state, seat), moves, random.Random(0))
            if len(codes) > 1:  # (the search plays a lone code without asking)
                assert GAME.move_of(state, seat, playout(state, seat, codes, random.Random(0))) == expected
                compared += 1
            # play on with a mix of normal and random moves, to reach varied positions
            move = expected if rng.random() < 0.7 else rng.choice(moves)
            state, _ = GAME.perform(state, seat, move)
    assert compared > 300
