"""Every level of every game: legal moves only, deterministic with a seed, and
deciding from the view alone (a view whose hidden cards were reshuffled gives
the same move with the same seed)."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import LEVELS, make_bot
from cardtable.games import GAME_IDS, get_game, get_row

#: the search levels with a fixed, tiny amount of work: the same code path, fast and exact
SETTINGS = {"hard": {"iterations": 3}, "expert": {"iterations": 4}}
CONFIGS = [(g, n) for g in GAME_IDS for n in (2, 4)]


def _game(game_id):
    try:
        return get_game(game_id)
    except ModuleNotFoundError:
        pytest.skip(f"{game_id} engine not present yet")


def _bot(game, level, seed):
    return make_bot(game, level, seed=seed, **SETTINGS.get(level, {}))


def sampled_positions(game, players, seed, count, every):
    """(state, seat, events the seat saw) at every ``every``-th decision of a normal game."""
    state = game.new(players, seed=seed)
    seen = [[] for _ in range(players)]
    found = []
    step = 0
    while not game.is_over(state) and len(found) < count and step < 5000:
        seat = game.to_act(state)[0]
        if step % every == 0:
            found.append((state, seat, tuple(seen[seat])))
        move = make_bot(game, "normal", seed=step).choose(game.view(state, seat), tuple(seen[seat]))
        state, events = game.apply(state, seat, move)
        for event in events:
            for s in range(players):
                if event.visible(s):
                    seen[s].append(event)
        step += 1
    return found


def reshuffled(game, state, seat, rng):
    """``state`` with the cards hidden from ``seat`` dealt again among their zones."""
    return game.reshuffle_hidden(state, seat, rng)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_legal_deterministic_and_view_only(game_id, players, level):
    game = _game(game_id)
    if players > game.max_players:
        pytest.skip("too many players")
    if level not in get_row(game_id).levels:
        with pytest.raises(ValueError, match=f"offers no {level}"):
            _bot(game, level, 1)
        return
    positions = sampled_positions(game, players, seed=7, count=6 if level in ("hard", "expert") else 12, every=5)
    assert positions
    rng = random.Random(1)
    for index, (state, seat, events) in enumerate(positions):
        view = game.view(state, seat)
        move = _bot(game, level, 100 + index).choose(view, events)
        assert move in game.legal_moves(state, seat), f"{level} chose an illegal move {move}"
        # the same seed and view: the same move
        assert _bot(game, level, 100 + index).choose(view, events) == move
        # the hidden cards dealt otherwise: the same view, so the same move
        other = reshuffled(game, state, seat, rng)
        other_view = game.view(other, seat)
        assert other_view == view
        assert _bot(game, level, 100 + index).choose(other_view, events) == move


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_finishes_a_game(game_id):
    """A whole game with a different level in each seat: every move legal, the game ends."""
    game = _game(game_id)
    players = min(4, game.max_players)
    levels = ["random", "easy", "normal", "hard"][:players]
    state = game.new(players, seed=3)
    moves = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        bot = _bot(game, levels[seat], moves)
        state, _ = game.apply(state, seat, bot.choose(game.view(state, seat)))  # apply refuses illegal moves
        moves += 1
        assert moves < 20_000
    assert len(game.outcome(state).places) == players


def test_make_bot_refuses_unknown_levels_and_settings():
    game = _game("shed")
    with pytest.raises(ValueError, match="unknown computer level"):
        make_bot(game, "grandmaster")
    with pytest.raises(ValueError, match="unknown computer player settings"):
        make_bot(game, "hard", budget=0.1, depth=3)
    with pytest.raises(ValueError):
        make_bot(game, "hard", budget=0)
    assert make_bot(game, "easy", seed=1, budget=0.5).level == "easy"  # settings are for hard only
