"""The OpenSpiel games, checked by OpenSpiel's own test and algorithms, and
through Shimmy's wrapper by PettingZoo's."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'cardtable[rl]'")

from cardtable.rl.openspiel import NAMES, register  # noqa: E402

register()
#: long games are cut (as a draw) where the information state, every view since the
#: deal, would make a random simulation slow; the rules are the same up to there
SIMS = [
    ("python_cardtable_one_too_many", {"players": 2}),
    ("python_cardtable_one_too_many", {"players": 4}),
    ("python_cardtable_shed", {"players": 2, "max_game_length": 200}),
    ("python_cardtable_one_card", {"players": 3, "max_game_length": 200}),
]


def test_the_three_games_are_registered_with_their_types():
    assert set(NAMES.values()) <= set(pyspiel.registered_names())
    register()  # again: nothing new, no error
    for name in NAMES.values():
        game = pyspiel.load_game(name, {"players": 4})
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.num_players() == 4 and game.min_utility() == -1 and game.max_utility() == 1
    assert pyspiel.load_game("python_cardtable_one_card").num_distinct_actions() == 72


@pytest.mark.parametrize(("name", "params"), SIMS)
def test_random_sim_test(name, params):
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=False, verbose=False)


def play_to_end(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_game_ends_zero_sum_and_the_observations_are_the_seat_s_view():
    game = pyspiel.load_game("python_cardtable_one_card", {"players": 4})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4096
    state.apply_action(7)
    seat = state.current_player()
    tensor = np.array(state.observation_tensor(seat))
    assert tensor.shape == tuple(game.observation_tensor_shape()) and tensor.any()
    assert "hand=" in state.observation_string(seat)
    other = (seat + 1) % 4
    assert state.observation_string(seat) != state.observation_string(other)
    state = play_to_end(state, np.random.default_rng(1))
    assert sum(state.returns()) == pytest.approx(0) and max(state.returns()) == 1.0


def test_mcts_plays_one_too_many():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_cardtable_one_too_many", {"players": 2})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(4):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_outcome_sampling_mccfr_runs_on_one_too_many():
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_cardtable_one_too_many", {"players": 2, "deals": 16})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    state = game.new_initial_state()
    state.apply_action(0)
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions()) and sum(policy.values()) == pytest.approx(1)


@pytest.mark.parametrize("game", ["one-too-many", "shed", "one-card"])
def test_shimmy_makes_a_registered_game_a_pettingzoo_env_that_passes_api_test(game):
    from pettingzoo.test import api_test
    from shimmy import OpenSpielCompatibilityV0

    config = {"players": 2} | ({} if game == "one-too-many" else {"max_game_length": 300})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(OpenSpielCompatibilityV0(game_name=NAMES[game], config=config), num_cycles=300)
