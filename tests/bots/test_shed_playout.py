"""The search's playout policy for Shed, on the sampled state and the engine's
action codes, makes exactly the normal level's move from the seat's view."""

from __future__ import annotations

import random

import pytest

shed = pytest.importorskip("cardtable.games.shed")
from cardtable.bots.shed import SEARCH, normal  # noqa: E402
from cardtable.bots.shed_playout import playout  # noqa: E402

GAME = shed.GAME


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options", [{}, {"four_of_a_kind_burns": False, "nine_plays_lower": False}], ids=["default", "variants"]
)
def test_the_playout_policy_is_the_normal_rules(players, options):
    compared = blind = 0
    for seed in range(12):
        state = GAME.new(players, options, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            view = GAME.view(state, seat)
            expected = normal(view, moves, random.Random(0))
            codes = GAME.legal_actions(state, seat)
            assert playout(state, seat, codes, random.Random(0)) == GAME.action_of(state, seat, expected)
            # the same on a state the search samples from the view (the hidden cards dealt again)
            sample = GAME.determinize(view, rng)
            sampled = normal(view, GAME.legal_moves(sample, seat), random.Random(0))
            sampled_codes = GAME.legal_actions(sample, seat)
            assert playout(sample, seat, sampled_codes, random.Random(0)) == GAME.action_of(sample, seat, sampled)
            compared += len(moves) > 1
            blind += view.deck_size == 0 and 0 in view.hand_sizes
            # play on with mostly normal moves and some random ones, to reach varied positions
            move = expected if rng.random() < 0.8 else rng.choice(moves)
            state, _ = GAME.perform(state, seat, move)
    assert compared > 700  # thousands over the six cases
    assert blind > 20  # the rule about a next player playing blind is reached


def test_the_search_uses_it_on_action_codes():
    assert SEARCH.playout is playout
    assert SEARCH.actions
