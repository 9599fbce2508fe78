"""The conformance suite: every game in the registry against the engine contract.

Each game configuration plays complete random games; along the way the suite
checks the contract at every state (someone acts, legal moves exist and are
accepted, invariants hold) and, at sampled states, the expensive properties
(illegal moves refused without change, no leaks, determinize, view-only legal
moves, immutability, JSON moves). The checks themselves are in
``conformance.py``, so that any registered game can be run through them.
"""

from __future__ import annotations

import pytest
from conformance import (
    check_bad_options_and_players_are_refused,
    check_contract_at_sampled_states,
    check_deck_order_is_honoured_and_conserved,
    check_event_data_is_plain,
    check_public_events_never_name_hidden_cards,
    check_random_games_end,
    check_same_seed_replays_equal,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.games import GAME_IDS, get_game

CONFIGS = [
    ("one-too-many", 2, {}),
    ("one-too-many", 4, {}),
    ("one-too-many", 6, {}),
    ("one-card", 2, {}),
    ("one-card", 4, {}),
    ("one-card", 8, {"target": 100}),
    ("shed", 2, {}),
    ("shed", 3, {}),
    ("shed", 4, {}),
    ("shed", 2, {"short_game": True}),
    ("shed", 4, {"short_game": True}),
]
IDS = [f"{g}-{n}p{'-' + '-'.join(f'{k}={v}' for k, v in o.items()) if o else ''}" for g, n, o in CONFIGS]


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=IDS)
def test_random_games_end_and_keep_invariants(game_id, players, options):
    check_random_games_end(get_game(game_id), players, options)


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_contract_at_sampled_states(game_id, players, options, seed):
    check_contract_at_sampled_states(get_game(game_id), players, options, seed)


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=IDS)
def test_same_seed_and_moves_replay_equal(game_id, players, options):
    check_same_seed_replays_equal(get_game(game_id), players, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deck_order_is_honoured_and_conserved(game_id):
    check_deck_order_is_honoured_and_conserved(get_game(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_options_and_players_are_refused(game_id):
    check_bad_options_and_players_are_refused(get_game(game_id))


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=IDS)
def test_public_events_never_name_hidden_cards(game_id, players, options):
    check_public_events_never_name_hidden_cards(get_game(game_id), players, options)


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=IDS)
def test_event_data_is_plain_values_with_cards_as_codes(game_id, players, options):
    check_event_data_is_plain(get_game(game_id), players, options)


def test_every_registered_game_has_configurations():
    assert {game_id for game_id, _, _ in CONFIGS} == set(GAME_IDS)
