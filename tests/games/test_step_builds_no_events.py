"""A step (the integer interface) builds no events: events only when asked (``apply``).

Every ``Event`` built while random games are played through ``legal_actions``
and ``step`` is counted (the class's constructor, patched): none for One-Card
and One Too Many; none for Shed's plays from the hand or the face-up row and
its pick-ups (its face-down plays and the exchange, a few moves a game, still
make theirs).
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import event as event_module
from cardtable.games import get_game
from cardtable.games.shed import actions as shed_actions

QUIET = {
    "one-card": lambda code: True,
    "one-too-many": lambda code: True,
    "shed": lambda code: code < shed_actions.FACE_DOWN_CODE or code == shed_actions.PICK_UP_CODE,
}


@pytest.mark.parametrize("game_id", sorted(QUIET))
@pytest.mark.parametrize("players", [2, 4])
def test_a_step_builds_no_events(game_id, players, monkeypatch):
    game = get_game(game_id)
    built: list[object] = []
    original = event_module.Event.__new__

    def counting(cls, *args, **kwargs):
        built.append(args[:1])
        return original(cls, *args, **kwargs)

    quiet_steps = 0
    for seed in range(3):
        state = game.new(players, game.make_options({}), seed=seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            codes = game.legal_actions(state, seat)
            code = codes[rng.randrange(len(codes))]
            quiet = QUIET[game_id](code)
            before = len(built)
            monkeypatch.setattr(event_module.Event, "__new__", counting)
            state = game.step(state, seat, code)
            monkeypatch.setattr(event_module.Event, "__new__", original)
            if quiet:
                quiet_steps += 1
                assert len(built) == before, f"{game_id}: step {code} built {built[before:]}"
    assert quiet_steps > 100
    # and the check can fail: apply builds the events (a game's end, at the least)
    state = game.new(players, game.make_options({}), seed=0)
    monkeypatch.setattr(event_module.Event, "__new__", counting)
    rng = random.Random(0)
    while not game.is_over(state):  # (random moves: the first one, One Too Many's pass, never ends a game)
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    monkeypatch.setattr(event_module.Event, "__new__", original)
    assert len(built) > 0


@pytest.mark.parametrize("game_id", sorted(QUIET))
@pytest.mark.parametrize("players", [2, 4])
def test_advance_is_performs_state_without_its_events(game_id, players, monkeypatch):
    """``advance`` (the search's rollouts) gives the very state ``perform`` gives,
    for every legal move at every step of random games, and builds no event for
    a move whose step builds none."""
    game = get_game(game_id)
    built: list[object] = []
    original = event_module.Event.__new__

    def counting(cls, *args, **kwargs):
        built.append(args[:1])
        return original(cls, *args, **kwargs)

    compared = 0
    for seed in range(2):
        state = game.new(players, game.make_options({}), seed=seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            moves = game.legal_moves(state, seat)
            for move in moves:
                quiet = QUIET[game_id](game.action_of(state, seat, move))
                before = len(built)
                monkeypatch.setattr(event_module.Event, "__new__", counting)
                advanced = game.advance(state, seat, move)
                monkeypatch.setattr(event_module.Event, "__new__", original)
                if quiet:
                    assert len(built) == before, f"{game_id}: advance {move} built {built[before:]}"
                performed, _ = game.perform(state, seat, move)
                assert game.digest(advanced) == game.digest(performed), f"{game_id}: {move}"
                compared += 1
            state = game.advance(state, seat, rng.choice(moves))
    assert compared > 200
