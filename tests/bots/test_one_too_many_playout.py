"""One Too Many's playout policy (the search's rollouts) makes exactly the
view-based normal rules' move, and draws the same random numbers to make it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

otm = pytest.importorskip("cardtable.games.one_too_many")
from cardtable.bots.one_too_many import normal, playout, resample  # noqa: E402
from cardtable.core.secret import SecretChoices  # noqa: E402
from cardtable.games.one_too_many.state import evolve  # noqa: E402

GAME = otm.GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_playout_policy_is_the_normal_rules(players):
    compared = Counter()
    for seed in range(45):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            key = rng.getrandbits(32)
            by_view, by_state = random.Random(key), random.Random(key)
            expected = normal(GAME.view(state, seat), moves, by_view)
            assert playout(state, seat, GAME.legal_actions(state, seat), by_state) == GAME.action_of(
                state, seat, expected
            )
            assert by_state.random() == by_view.random()  # the same draws: the rollouts' stream stays in step
            compared[state.phase] += 1
            # play on with a mix of normal and random moves, to reach varied positions
            move = expected if rng.random() < 0.7 else rng.choice(moves)
            state, _ = GAME.perform(state, seat, move)
    assert sum(compared.values()) > 1000
    assert compared[otm.Phase.REDO] and compared[otm.Phase.RECHOOSE]


def test_resample_chooses_the_others_numbers_as_normal_would_from_their_views():
    """The hidden numbers of a sampled state are normal's choices for those seats
    (worked out by ``playout``), with the same random stream as by their views."""
    for seed in range(30):
        state = GAME.new(4, seed=seed)
        for seat in (0, 1):  # two seats commit, seat 2 decides with their numbers hidden
            state, _ = GAME.perform(state, seat, GAME.legal_moves(state, seat)[seed % 4 + 1])
        view = GAME.view(state, 2)
        sample = GAME.determinize(view, random.Random(seed))
        got = resample(GAME, view, sample, random.Random(seed), normal)
        by_view = random.Random(seed)
        for seat, value in got.secret.values:
            unchosen = evolve(
                sample,
                secret=SecretChoices(
                    sample.secret.waiting, tuple((s, v) for s, v in sample.secret.values if s != seat)
                ),
            )
            moves = GAME.legal_moves(unchosen, seat)
            assert value == normal(GAME.view(sample, seat), moves, by_view).count
