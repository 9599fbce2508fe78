"""The invariant check's card conservation (its fast path works on what each
state holds, card ids or cards): a card held twice, or lost, is reported by
its code; cards swapped between zones are still conserved."""

from __future__ import annotations

import random

import pytest

from cardtable.games import GAME_IDS, get_game


def midgame(game_id: str, moves: int = 25):
    game = get_game(game_id)
    state = game.new(4, {}, seed=7)
    rng = random.Random(7)
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.to_act(state)[0]
        state, _ = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
    return game, state


def two_zones(game, state):
    zones = {name: cards for name, cards in game.zones(state).items() if cards}
    (a, first), (b, second) = list(zones.items())[:2]
    return a, first, b, second


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_card_held_twice_is_reported_with_the_one_it_replaced(game_id):
    game, state = midgame(game_id)
    assert game.invariant_violations(state) == []
    a, first, b, second = two_zones(game, state)
    lost, twice = first[0], second[0]
    broken = game.with_zones(state, {a: (twice,) + first[1:]})
    problems = game.invariant_violations(broken)
    assert f"cards missing: {lost.code}" in problems
    assert f"cards extra or duplicated: {twice.code}" in problems


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_cards_swapped_between_zones_are_still_conserved(game_id):
    game, state = midgame(game_id)
    a, first, b, second = two_zones(game, state)
    swapped = game.with_zones(state, {a: (second[0],) + first[1:], b: (first[0],) + second[1:]})
    assert not [p for p in game.invariant_violations(swapped) if p.startswith("cards ")]
