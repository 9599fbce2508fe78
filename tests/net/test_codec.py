"""Views, events and outcomes travel as JSON and come back equal; bad data is refused by name."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.games import game_ids, get_game
from cardtable.net.codec import (
    decode_dataclass,
    encode,
    event_from_json,
    event_to_json,
    outcome_from_json,
    outcome_to_json,
)


def _wire(data):
    return json.loads(json.dumps(data))


def _random_game(game_id: str, players: int, seed: int):
    """(game, every state of one random game, every event)"""
    game = get_game(game_id)
    state, events = game.start(players, game.make_options({}), seed=seed)
    states, seen = [state], list(events)
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        state, made = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        states.append(state)
        seen.extend(made)
    return game, states, seen


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_event_and_outcome_comes_back_equal(game_id, players):
    for seed in range(3):
        game, states, events = _random_game(game_id, players, seed)
        for state in states[:: max(1, len(states) // 40)] + [states[-1]]:
            for seat in (None, *range(players)):
                view = game.view(state, seat)
                assert decode_dataclass(_wire(encode(view)), type(view)) == view
        for event in events:
            assert event_from_json(_wire(event_to_json(event))) == event
        outcome = game.outcome(states[-1])
        assert outcome_from_json(_wire(outcome_to_json(outcome))) == outcome


def test_a_secret_choice_travels_as_chosen_not_its_value():
    game = get_game("one-too-many")
    state, _ = game.start(3, game.make_options({}), seed=4)
    seat = game.to_act(state)[0]
    state, _ = game.apply(state, seat, game.legal_moves(state, seat)[0])
    other = next(s for s in range(3) if s != seat)
    text = json.dumps(encode(game.view(state, other)))
    assert '{"chosen": true}' in text
    view = game.view(state, other)
    assert decode_dataclass(_wire(encode(view)), type(view)) == view


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.pop("hand"), "missing field"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d.update(hand=["ZZ"]), "OneCardView.hand"),
        (lambda d: d.update(direction="1"), "OneCardView.direction"),
        (lambda d: d.update(suit="PURPLE"), "OneCardView.suit"),
        (lambda d: d.update(hand_sizes={"a": 1}), "OneCardView.hand_sizes"),
        (lambda d: d.update(options={"no_such_option": 1}), "OneCardView.options"),
    ],
)
def test_a_malformed_view_is_refused_naming_the_field(change, words):
    game = get_game("one-card")
    state, _ = game.start(2, game.make_options({}), seed=1)
    view = game.view(state, 0)
    data = _wire(encode(view))
    change(data)
    with pytest.raises(ValueError, match=words):
        decode_dataclass(data, type(view))


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"kind": "x", "text": "t", "visible_to": None},
        {"kind": 1, "text": "t", "visible_to": None, "data": []},
        {"kind": "x", "text": "t", "visible_to": ["0"], "data": []},
        {"kind": "x", "text": "t", "visible_to": None, "data": [["k", {"enum": "Os", "name": "system"}]]},
        {"kind": "x", "text": "t", "visible_to": None, "data": [["k", {"a": 1}]]},
        {"kind": "x", "text": "t", "visible_to": None, "data": [["k"]]},
    ],
)
def test_a_malformed_event_is_refused(data):
    with pytest.raises(ValueError):
        event_from_json(data)
