"""One Too Many's invariant check, which remembers the last state it found
sound: asked of every state of random games in turn, and of each of them
broken, it answers as the check from scratch does."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.secret import SecretChoices
from cardtable.games import get_game
from cardtable.games.one_too_many import zones
from cardtable.games.one_too_many.state import OVER, OneTooManyState, evolve

GAME = get_game("one-too-many")


def states_of(seed: int) -> list[OneTooManyState]:
    rng = random.Random(seed)
    state = GAME.new(4, {}, seed=seed)
    states = [state]
    while not GAME.is_over(state):
        player = GAME.to_act(state)[0]
        state = GAME.step(state, player, rng.choice(GAME.legal_actions(state, player)))
        states.append(state)
    return states


def held_once(state: OneTooManyState) -> bool:
    held = chain(state.deck, state.center, *state.piles)
    return Counter(held) == Counter(state.cards)


def broken(state: OneTooManyState, kind: str) -> OneTooManyState:
    """``state`` with one thing wrong (a state of a turn open)."""
    if kind == "card lost":
        return evolve(state, deck=state.deck[1:])
    if kind == "card twice":
        return evolve(state, piles=(state.piles[0] + state.deck[:1], *state.piles[1:]))
    if kind == "illegal number":  # only the secret choices differ from the state found sound
        seat = min(state.secret.waiting)
        return evolve(state, secret=SecretChoices(state.secret.waiting, ((seat, state.limit + 1),)))
    return evolve(state, round_points=(-1, *state.round_points[1:]))  # "negative points"


def test_every_state_of_random_games_is_sound():
    for seed in range(8):
        for state in states_of(seed):
            assert GAME.invariant_violations(state) == [], seed


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    at=st.floats(0, 1, exclude_max=True),
    kind=st.sampled_from(["card lost", "card twice", "illegal number", "negative points"]),
)
def test_a_state_broken_after_sound_ones_is_found_broken_as_from_scratch(seed, at, kind):
    states = states_of(seed)
    open_turns = [s for s in states if s.phase is not OVER and s.deck and s.secret.waiting]
    state = open_turns[int(at * len(open_turns))]
    for earlier in states[: states.index(state) + 1]:  # (the check remembers each in turn)
        assert GAME.invariant_violations(earlier) == []
    bad = broken(state, kind)
    conserved = held_once(bad)
    assert zones.cards_conserved(bad) == conserved == (kind not in ("card lost", "card twice"))
    problems = zones.counter_violations(bad)
    assert problems == zones._all_problems(bad)
    if kind in ("illegal number", "negative points"):  # (a card twice may also be a Diamond on a pile)
        assert problems
    assert GAME.invariant_violations(state) == []  # (and the state itself again: the memory is not spoiled)
