"""One-Card's search kit: the hard level's shortcuts agree with the engine."""

from __future__ import annotations

import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card import hard_rules, normal, settle, value  # noqa: E402
from cardtable.games.one_card.moves import Play  # noqa: E402
from cardtable.games.one_card.state import named  # noqa: E402

GAME = one_card.GAME


def _positions(players, seeds, steps=3000):
    """States of games between normal players (with a few random moves), every decision."""
    for seed in seeds:
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            yield state, seat, moves
            move = normal(GAME.view(state, seat), moves, rng) if rng.random() < 0.8 else rng.choice(moves)
            state, _ = GAME.perform(state, seat, move)


@pytest.mark.parametrize("players", [2, 3])
def test_settling_a_last_card_scores_as_the_engine_does(players):
    """``settle`` values an action that goes out as performing it and scoring the
    result does (the next hand's deal, or the game's end, included), and
    declines every other action."""
    settled = declined = 0
    for state, seat, _moves in _positions(players, range(3)):
        for code in GAME.legal_actions(state, seat):
            got = [settle(state, seat, code, me) for me in range(players)]
            move = GAME.move_of(state, seat, code)
            if type(move) is Play and len(named(state).hands[seat]) == 1:
                after, _ = GAME.perform(state, seat, move)
                assert got == [pytest.approx(value(GAME, after, me)) for me in range(players)]
                settled += 1
            else:
                assert got == [None] * players
                declined += 1
    assert settled >= 10 and declined > 1000


@pytest.mark.parametrize("seed", [0, 1])
def test_the_value_of_a_finished_game_follows_the_outcome(seed):
    state = GAME.new(2, seed=seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        state, _ = GAME.perform(state, seat, hard_rules(GAME.view(state, seat), moves, random.Random(0)))
    places = GAME.outcome(state).places
    for me in range(2):
        assert value(GAME, state, me) == (1.0 if places[me] == 1 else 0.0)
