"""The PettingZoo environments, checked by PettingZoo's own tests."""

from __future__ import annotations

import functools
import types
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'cardtable[rl]'")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec  # noqa: E402

from cardtable.core.actions import IllegalMove  # noqa: E402
from cardtable.rl import pettingzoo as pz  # noqa: E402

#: what api_test says of every env with a dict observation, as PettingZoo's classic games have,
#: and of an agent not to act (its mask is all zero: it has no move)
CLASSIC_WARNINGS = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
    "Action mask numpy array is all zeros (no legal actions).",
}
GAMES = [(game, n) for game in ("one-card", "shed", "one-too-many") for n in (2, 4)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_api_test(game, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pz.env(game=game, players=players), num_cycles=1000)
    ours = [str(w.message) for w in caught if "pettingzoo" in (w.filename or "")]
    assert set(ours) <= CLASSIC_WARNINGS, ours


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_seed_test(game, players):
    seed_test(functools.partial(pz.env, game=game, players=players), num_cycles=300)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_max_cycles_test(game, players):
    """PettingZoo's own truncation check: it samples actions without the mask, so the
    environments refuse the illegal ones (``illegal="refuse"``) rather than raise."""
    make = functools.partial(pz.parallel_env, game=game, players=players, illegal="refuse")
    module = types.SimpleNamespace(parallel_env=make, env=lambda **kw: parallel_to_aec(make(**kw)))
    max_cycles_test(module)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_parallel_api_test(game, players):
    parallel_api_test(pz.parallel_env(game=game, players=players, illegal="refuse", max_steps=400), num_cycles=400)


def test_an_illegal_action_raises_with_the_reason_or_is_refused_and_reported():
    env = pz.env(game="one-card", players=4)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(next(code for code in range(len(mask)) if not mask[code]))
    before = env.unwrapped.table.state
    with pytest.raises(IllegalMove, match=r"\S"):
        env.step(illegal)
    assert env.unwrapped.table.state is before and env.agent_selection == agent
    env = pz.env(game="one-card", players=4, illegal="refuse")
    env.reset(seed=3)
    before = env.unwrapped.table.state
    env.step(illegal)
    assert env.infos[agent]["illegal"] and env.agent_selection == agent
    assert env.unwrapped.table.state is before and env.unwrapped.table.steps == 0


def test_one_too_many_takes_its_secret_choices_as_turns_that_show_no_number():
    env = pz.env(game="one-too-many", players=3)
    env.reset(seed=1)
    first = env.agent_selection
    mask = env.observe(first)["action_mask"]
    env.step(int(mask.nonzero()[0][-1]))  # the largest legal number
    second = env.agent_selection
    assert second != first
    seen = env.readable(second)["choices"]
    assert [value for seat, value in seen if f"player_{seat}" == first] == ["chosen"]
    layout = env.unwrapped.table.encoder
    vector = env.observe(second)["observation"]
    assert vector[layout.number.start] == 0  # its own number: none yet; the first's is nowhere


def test_a_game_ends_with_rewards_and_a_step_limit_truncates():
    env = pz.env(game="shed", players=2, max_steps=5, render_mode="ansi")
    env.reset(seed=2)
    for _ in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(observation["action_mask"].nonzero()[0][0]))
    assert env.unwrapped.table.steps == 5 and env.unwrapped.table.truncated
    env = pz.env(game="one-card", players=3, render_mode="ansi")
    env.reset(seed=4)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        env.step(None if termination or truncation else int(observation["action_mask"].nonzero()[0][0]))
    assert env.unwrapped.table.over and sum(total.values()) == pytest.approx(0) and max(total.values()) == 1.0
    assert "One-Card" in env.render()
