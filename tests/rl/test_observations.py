"""Observations and masks: from a seat's view only, within their bounds, the
mask exactly the legal codes, and an illegal action refused with the reason."""

from __future__ import annotations

import json
import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed: pip install 'cardtable[rl]'")

from cardtable.core.actions import IllegalMove  # noqa: E402
from cardtable.rl.table import Table, place_rewards  # noqa: E402

CONFIGS = [(game, n) for game in ("one-card", "shed", "one-too-many") for n in (2, 3, 4)] + [
    ("one-card", 6),
    ("one-too-many", 6),
]


def random_states(game_id: str, players: int, seed: int, every: int = 7):
    """The tables of one random game, one in ``every`` steps, and the last one."""
    table = Table(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not table.over and table.steps < 3000:
        if table.steps % every == 0:
            yield table
        seat = table.to_act()[0]
        table.step(seat, rng.choice(list(table.legal(seat))))
    yield table


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_an_observation_does_not_change_when_the_cards_hidden_from_the_seat_are_dealt_again(game_id, players):
    checked = 0
    for seed in range(3):
        for table in random_states(game_id, players, seed):
            game, state = table.game, table.state
            for seat in range(players):
                rng = random.Random(seed * 100 + seat)
                vector, words = table.observe(seat), table.readable(seat)
                for _ in range(2):
                    table.state = game.reshuffle_hidden(state, seat, rng)
                    assert np.array_equal(table.observe(seat), vector), (table.steps, seat)
                    assert table.readable(seat) == words
                    table.state = state
                checked += 1
    assert checked >= 6 * players  # several states of every game, every seat


def test_the_no_leak_check_can_fail():
    """The check above sees a leak: another seat's hand is what reshuffling changes."""
    table = Table("one-card", 4, seed=1)
    moved = table.game.reshuffle_hidden(table.state, 0, random.Random(3))
    other = table.encoder.encode(table.game.view(moved, 1))
    assert not np.array_equal(other, table.observe(1))


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_observations_lie_in_their_bounds_and_masks_are_the_legal_codes(game_id, players):
    for table in random_states(game_id, players, seed=11, every=3):
        low, high = table.encoder.layout.low, table.encoder.layout.high
        for seat in range(players):
            vector = table.observe(seat)
            assert vector.dtype == np.float32 and vector.shape == (table.encoder.layout.size,)
            bad = [
                p.name
                for p in table.encoder.layout.parts
                if not (low[p.at] <= vector[p.at]).all() or not (vector[p.at] <= high[p.at]).all()
            ]
            assert bad == [], (table.steps, seat, bad)
            legal = set(table.legal(seat))
            assert set(np.flatnonzero(table.mask(seat)).tolist()) == legal
            assert bool(legal) == (seat in table.to_act())
            json.dumps(table.readable(seat))


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    table = Table("one-card", 4, seed=5)
    seat = table.to_act()[0]
    legal = set(table.legal(seat))
    illegal = next(code for code in range(table.game.action_count) if code not in legal)
    before = table.state
    with pytest.raises(IllegalMove) as refused:
        table.step(seat, illegal)
    assert str(refused.value) and table.state is before and table.steps == 0
    assert table.why_illegal(seat, illegal) == str(refused.value)
    other = (seat + 1) % 4
    assert table.why_illegal(other, next(iter(legal)))  # not that seat's turn
    assert table.why_illegal(seat, 999) and table.why_illegal(seat, "draw")
    assert table.why_illegal(seat, next(iter(legal))) is None


def test_place_rewards_are_zero_sum_with_ties():
    assert place_rewards((1, 2, 3, 4)) == [1.0, pytest.approx(1 / 3), pytest.approx(-1 / 3), -1.0]
    assert place_rewards((1, 1, 3)) == [0.5, 0.5, -1.0]
    assert sum(place_rewards((2, 1, 2, 4))) == pytest.approx(0)


@pytest.mark.parametrize("game_id", ["one-card", "shed", "one-too-many"])
def test_rewards_come_at_the_end_and_follow_the_places(game_id):
    table = next(t for t in random_states(game_id, 3, seed=2, every=10**9) if t.over)
    outcome = table.game.outcome(table.state)
    rewards = table.rewards()
    assert sum(rewards) == pytest.approx(0)
    best = [s for s, place in enumerate(outcome.places) if place == 1]
    assert all(rewards[s] == max(rewards) for s in best)
    table.reward = "points"
    sign = -1 if game_id == "one-card" else 1
    assert table.rewards() == [sign * p for p in outcome.points]


@pytest.mark.parametrize(("game_id", "players"), [c for c in CONFIGS if c[0] == "one-card"])  # (the fast paths)
def test_the_fast_observation_is_the_view_s_encoding(game_id, players):
    """An encoder's ``observe(state, seat)`` (the environments' hot path) gives exactly
    ``encode(view(state, seat))``: it reads only what the view holds."""
    checked = 0
    for seed in range(2):
        for table in random_states(game_id, players, seed, every=2):
            fast = table.encoder.observe
            for seat in range(players):
                expected = table.encoder.encode(table.game.view(table.state, seat))
                assert np.array_equal(fast(table.state, seat), expected), (table.steps, seat)
                checked += 1
    assert checked
