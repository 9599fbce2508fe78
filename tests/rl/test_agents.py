"""Our bots as agents of the env, and an outside policy seated by the arena."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'cardtable[rl]'")

from cardtable.core.actions import IllegalMove  # noqa: E402
from cardtable.rl import agents  # noqa: E402
from cardtable.rl import pettingzoo as pz  # noqa: E402


def play(env, players):
    """Play ``env`` to its end with ``players[agent]``; the total reward of each agent."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        env.step(None if termination or truncation else players[agent].act(env, agent))
    return total


@pytest.mark.parametrize("game", ["one-card", "shed", "one-too-many"])
def test_bots_play_a_whole_game_through_the_env(game):
    env = pz.env(game=game, players=3, events=True)
    env.reset(seed=5)
    levels = ("easy", "normal", "random")
    players = {
        agent: agents.bot(level, seed=k)
        for k, (agent, level) in enumerate(zip(env.possible_agents, levels, strict=True))
    }
    total = play(env, players)
    assert env.unwrapped.table.over and sum(total.values()) == pytest.approx(0)


def test_the_hard_bot_is_an_agent_and_refuses_to_act_out_of_turn():
    env = pz.env(game="one-too-many", players=2, events=True)
    env.reset(seed=1)
    hard = agents.bot("hard", seed=3, iterations=20)
    agent = env.agent_selection
    action = hard.act(env, agent)
    assert env.observe(agent)["action_mask"][action] == 1
    env.step(action)
    if env.agent_selection != agent:
        with pytest.raises(ValueError, match="not to act"):
            hard.act(env, agent)
    with pytest.raises(ValueError, match="unknown computer level"):
        agents.bot("grandmaster")


def test_the_arena_seats_an_outside_policy():
    seen = []

    def policy(observation, action_mask):
        seen.append((observation.shape, action_mask.sum()))
        return agents.random_policy(observation, action_mask)

    summary = agents.arena(policy, game="one-too-many", players=3, seats=["policy", "easy", "random"], games=6, seed=2)
    assert summary["levels"]["policy"]["games"] == 6 and summary["unfinished"] == 0
    assert seen and all(legal >= 1 for _, legal in seen)


def test_a_policy_s_illegal_action_is_refused_with_the_reason():
    def stubborn(observation, action_mask):
        return int((action_mask == 0).nonzero()[0][0])  # always an illegal code

    with pytest.raises(IllegalMove, match="the policy chose .*not a legal action"):
        agents.arena(stubborn, game="one-card", players=2, seats=["policy", "random"], games=1)
