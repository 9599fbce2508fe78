"""``apply`` skips checking a move ``legal_moves`` just listed for that very
state, but nothing else: a move added to the returned list by its caller, or
a listed move applied to another state, is still checked and refused."""

from __future__ import annotations

import itertools
import random

import pytest

from cardtable.core.engine import IllegalMove
from cardtable.games import GAME_IDS, get_game


def states(game_id: str, moves: int = 40):
    """The states of a random game, each with its seat to act."""
    game = get_game(game_id)
    state = game.new(4, {}, seed=11)
    rng = random.Random(11)
    out = []
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.to_act(state)[0]
        out.append((state, player))
        state, _ = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
    return game, out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_the_caller_adds_to_the_list_is_still_checked(game_id):
    game, seen = states(game_id)
    refused = 0
    for (state, player), (other, other_player) in itertools.pairwise(seen):
        legal = game.legal_moves(state, player)
        for move in game.legal_moves(other, other_player):
            if move in legal or game.why_illegal(state, player, move) is None:
                continue
            listed = game.legal_moves(state, player)
            listed.append(move)  # the caller's list changes; the game's memory must not
            with pytest.raises(IllegalMove):
                game.apply(state, player, move)
            refused += 1
    assert refused  # the random game offered moves legal in one state only


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_listed_move_applied_to_another_state_is_still_checked(game_id):
    game, seen = states(game_id)
    refused = 0
    for (state, player), (other, other_player) in itertools.pairwise(seen):
        for move in game.legal_moves(other, other_player):
            if game.why_illegal(state, player, move) is None or player != other_player:
                continue
            game.legal_moves(other, other_player)  # the last answer is for ``other``
            with pytest.raises(IllegalMove):
                game.apply(state, player, move)
            refused += 1
            break
    assert refused or game_id == "one-too-many"  # (its seats choose at once: one player rarely repeats)
