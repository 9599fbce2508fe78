"""Shed properties over random games: every game ends, invariants hold, moves are consistent."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.codec import move_from_json, move_to_json
from cardtable.core.engine import IllegalMove
from cardtable.games.shed import GAME, MOVE_TYPES, OVER, PLAY, PickUp, Play, PlayFaceDown


# Every play-phase move either makes progress (a card drawn, a table card
# played, a burn, a player out: at most 52 + 52 + 4 such moves in a game) or
# adds one to the stall counter, which ends the game at the stall limit.
# So a game's play phase is at most this long, whatever the players do:
def play_phase_bound(stall_limit: int) -> int:
    return (52 + 52 + 4 + 1) * (stall_limit + 1)


MOVE_CAP = 200_000  # generous: random exchanges included, far above any real game


def play_random_game(players, seed, options=None, check_every=1, policy=None):
    r = random.Random(seed)
    state = GAME.new(players, options or {}, seed=seed)
    play_moves = 0
    total = 0
    while not GAME.is_over(state):
        assert total < MOVE_CAP, "the game did not end"
        to_act = GAME.to_act(state)
        assert to_act
        p = r.choice(to_act)
        legal = GAME.legal_moves(state, p)
        assert legal, "a seat to act always has a legal move"
        move = policy(state, p, legal, r) if policy else r.choice(legal)
        was_play = state.phase == PLAY
        state, events = GAME.apply(state, p, move)
        total += 1
        play_moves += was_play
        if total % check_every == 0 or GAME.is_over(state):
            assert GAME.invariant_violations(state) == []
            for e in events:
                assert e.text.format_map({f"p{i}": f"P{i}" for i in range(players)})
    return state, play_moves, total


def greedy(state, p, legal, r):
    """Play the lowest cards that may be played, keeping 2s and 10s; pick up only when forced."""
    plays = [m for m in legal if not isinstance(m, PickUp)]
    if state.phase != PLAY:
        return legal[-1]  # Done
    if not plays:
        return legal[0]

    def key(m):
        if isinstance(m, PlayFaceDown):
            return (0, 0, 0)
        rank = m.cards[0][0]
        return (rank in (2, 10), rank, -len(m.cards))

    return min(plays, key=key)


def check_outcome(state, players):
    assert state.phase == OVER
    outcome = GAME.outcome(state)
    assert len(outcome.places) == len(outcome.points) == len(outcome.reasons) == players
    assert all(1 <= place <= players for place in outcome.places)
    assert outcome.points == tuple(players - place for place in outcome.places)
    if not GAME.view(state, None).stalled:
        assert sorted(outcome.places) == list(range(1, players + 1))
        loser = outcome.places.index(players)
        assert state.cards_left(loser) > 0
        assert all(state.cards_left(p) == 0 for p in range(players) if p != loser)
    return outcome


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    short=st.booleans(),
    seed=st.integers(0, 2**32),
    four=st.booleans(),
    nine=st.booleans(),
    again=st.booleans(),
)
def test_random_games_end_with_sound_states(players, short, seed, four, nine, again):
    options = {
        "short_game": short,
        "four_of_a_kind_burns": four,
        "nine_plays_lower": nine,
        "burner_plays_again": again,
    }
    state, play_moves, _ = play_random_game(players, seed, options)
    assert play_moves <= play_phase_bound(state.options.stall_limit)
    check_outcome(state, players)


@pytest.mark.parametrize("players,short", [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True)])
def test_many_random_games_end(players, short):
    for seed in range(25):
        state, play_moves, _ = play_random_game(players, seed, {"short_game": short}, check_every=50)
        assert play_moves <= play_phase_bound(100)
        check_outcome(state, players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sensible_play_ends_by_the_last_player_left(players):
    normal = 0
    for seed in range(20):
        state, _, _ = play_random_game(players, seed, {}, check_every=10, policy=greedy)
        outcome = check_outcome(state, players)
        normal += not GAME.view(state, None).stalled
        assert outcome.places.count(players) >= 1
    assert normal >= 18  # the stall limit is a safety net, not how games usually end


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), stall_limit=st.integers(10, 40))
def test_small_stall_limits_still_end_soundly(players, seed, stall_limit):
    state, play_moves, _ = play_random_game(players, seed, {"stall_limit": stall_limit, "short_game": True})
    assert play_moves <= play_phase_bound(stall_limit)
    check_outcome(state, players)


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_legality_is_decided_in_one_place(players, seed):
    """Legal moves apply; other candidates and nonsense moves are refused with a reason."""
    r = random.Random(seed)
    state = GAME.new(players, seed=seed)
    for _ in range(150):
        if GAME.is_over(state):
            break
        p = r.choice(GAME.to_act(state))
        legal = GAME.legal_moves(state, p)
        for move in legal:
            assert GAME.check_move(state, p, move) is None
            assert move_from_json(move_to_json(move), MOVE_TYPES) == move
        for move in GAME.candidate_moves(state, p):
            if move not in legal:
                assert GAME.check_move(state, p, move)
        # a random set of cards from anywhere is either legal or refused with words
        deck = list(GAME.all_cards(state))
        junk = Play(tuple(r.sample(deck, r.randint(1, 3))))
        why = GAME.check_move(state, p, junk)
        if why is not None:
            with pytest.raises(IllegalMove):
                GAME.apply(state, p, junk)
        else:
            assert junk in legal
        for other in range(players):
            if other not in GAME.to_act(state):
                assert GAME.legal_moves(state, other) == []
        state, _ = GAME.apply(state, p, r.choice(legal))


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_replay_is_deterministic(players, seed):
    r = random.Random(seed)
    state = GAME.new(players, seed=seed)
    log = []
    while not GAME.is_over(state) and len(log) < 300:
        p = r.choice(GAME.to_act(state))
        move = r.choice(GAME.legal_moves(state, p))
        log.append((p, move))
        state, _ = GAME.apply(state, p, move)
    again = GAME.new(players, seed=seed)
    for p, move in log:
        again, _ = GAME.apply(again, p, move)
    assert again == state
    assert GAME.digest(again) == GAME.digest(state)


def generic_legal_moves(state, p):
    """What the base class's ``legal_moves`` would list: the candidates ``why_illegal`` accepts."""
    if p not in GAME.to_act(state):
        return []
    return [m for m in GAME.candidate_moves(state, p) if GAME.why_illegal(state, p, m) is None]


def check_legal_moves_agree(state):
    for p in range(state.players):
        fast = GAME.legal_moves(state, p)
        assert len(fast) == len(set(fast)), fast
        slow = generic_legal_moves(state, p)
        assert set(fast) == set(slow), (p, fast, slow)
        assert fast == slow  # the same order too: seeded random players pick by index


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"short_game": True},
        {"nine_plays_lower": False, "four_of_a_kind_burns": False, "burner_plays_again": False, "stall_limit": 10},
    ],
)
def test_direct_legal_moves_agree_with_the_generic_filter(players, options):
    for seed in range(6):
        r = random.Random(seed)
        state = GAME.new(players, options, seed=seed)
        policy = greedy if seed % 2 else None  # greedy play reaches the face-up and face-down cards
        while True:
            check_legal_moves_agree(state)
            if GAME.is_over(state):
                break
            p = r.choice(GAME.to_act(state))
            legal = GAME.legal_moves(state, p)
            move = policy(state, p, legal, r) if policy else r.choice(legal)
            state, _ = GAME.apply(state, p, move)


def test_direct_legal_moves_agree_in_built_positions():
    from cardtable.games.shed import position

    spots = [
        # the hand is empty while the deck lasts: face-up cards may not be played yet
        position(2, up={0: ["5H", "5S", "9C"]}, hands={1: ["3C"]}, deck=["4D"], stack=["7S"]),
        position(2, up={0: ["5H", "5S", "9C"]}, hands={1: ["3C"]}, deck=["4D"]),
        # face-up plays once the deck is gone, after a 9, and face-down cards
        position(3, up={0: ["5H", "5S", "JC", "2D"]}, hands={1: ["3C"], 2: ["4C"]}, stack=["9S"]),
        position(2, down={0: ["5H", "KS", "9C"]}, hands={1: ["3C"]}, stack=["QS"]),
        position(2, down={0: ["5H"]}, hands={1: ["3C"]}),
        # a hand with several cards of a rank, known cards too, on a 2 and on nothing
        position(2, hands={0: ["6H", "6S", "6D", "8C"]}, known={0: ["6C", "AH"]}, up={1: ["3C"]}, stack=["2S"]),
        position(2, hands={0: ["6H", "6S", "6D", "8C"]}, known={0: ["6C", "AH"]}, up={1: ["3C"]}),
    ]
    # the opening play: only cards of the lowest rank of 3 or above
    spots.append(dataclasses.replace(spots[-1], start_rank=6))
    spots.append(dataclasses.replace(spots[-2], start_rank=8, stack=()))
    for state in spots:
        check_legal_moves_agree(state)


def test_evolve_builds_the_same_frozen_state_as_replace():
    from cardtable.games.shed.state import evolve

    state = GAME.new(3, {}, seed=5)
    changes = {"turn": 2, "stall": 7, "stack": state.deck[:2], "deck": state.deck[2:]}
    new = evolve(state, **changes)
    assert new == dataclasses.replace(state, **changes)
    assert repr(new) == repr(dataclasses.replace(state, **changes))
    assert evolve(state) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 0
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_the_builder_of_a_moves_state_is_evolve_without_keywords():
    from cardtable.games.shed.state import builder, evolve

    state = GAME.new(3, {}, seed=5)
    build = builder("stack", "deck", "turn")
    new = build(state, state.deck[:2], state.deck[2:], 2)
    assert new == evolve(state, stack=state.deck[:2], deck=state.deck[2:], turn=2)
    assert repr(new) == repr(dataclasses.replace(state, stack=state.deck[:2], deck=state.deck[2:], turn=2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 0
    with pytest.raises(TypeError):
        builder("no_such_field")
