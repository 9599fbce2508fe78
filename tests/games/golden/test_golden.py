"""Replay the golden games (see ``golden.py``): same moves, same events, same
views after every move, same digest and outcome at the end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from golden import CONFIGS, HERE, SEEDS, event_data, file_name, read, views_print  # noqa: E402

from cardtable.core.codec import move_from_json  # noqa: E402
from cardtable.games import get_game  # noqa: E402

CASES = [(g, n, o, s) for g, n, o in CONFIGS for s in SEEDS]


@pytest.mark.parametrize("game_id,players,options,seed", CASES, ids=[file_name(*c)[:-8] for c in CASES])
def test_golden_game_replays_identically(game_id, players, options, seed):
    record = read(HERE / file_name(game_id, players, options, seed))
    game = get_game(game_id)
    state, opening = game.start(players, options, seed=seed)
    assert views_print(game, state, players) == record["start"]
    assert [event_data(e) for e in opening] == record.get("start_events", [])
    assert game.new(players, options, seed=seed) == state
    for index, (player, move_json, events, views) in enumerate(record["steps"]):
        move = move_from_json(move_json, game.move_types)
        assert player in game.to_act(state), f"move {index}"
        assert move in game.legal_moves(state, player), f"move {index}: {move} no longer legal"
        state, made = game.apply(state, player, move)
        assert [event_data(e) for e in made] == events, f"move {index}: events differ"
        assert views_print(game, state, players) == views, f"move {index}: views differ"
    assert game.is_over(state)
    outcome = game.outcome(state)
    assert {
        "places": list(outcome.places),
        "points": list(outcome.points),
        "reasons": list(outcome.reasons),
        "winners": list(outcome.winners()),
    } == record["outcome"]
    assert game.digest(state) == record["digest"]


def test_golden_files_are_all_there():
    expected = {file_name(*c) for c in CASES}
    assert {p.name for p in HERE.glob("*.json.gz")} == expected
