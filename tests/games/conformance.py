"""The conformance checks: any game against the engine contract.

Each ``check_*`` takes a game (an engine object) and a configuration, so the
suite runs on every registered game: ``test_conformance.py`` runs it on the
built-in games' configurations, and a game registered for a test (the toy of
``tests/storage``) runs through ``run_suite``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter

import pytest

from cardtable.core.cards import Card
from cardtable.core.codec import move_from_json, move_to_json
from cardtable.core.engine import BadOptions, IllegalMove

MOVE_CAP = 20_000


def random_game(game, players, options, seed, visit=None, sample_every=0):
    """Play a random game; call ``visit(state, index)`` on sampled states."""
    rng = random.Random(seed)
    state = game.new(players, options, seed=seed)
    states = [state]
    moves = []
    for index in range(MOVE_CAP):
        if game.is_over(state):
            break
        to_act = game.to_act(state)
        assert to_act, f"non-terminal state with nobody to act at move {index}"
        if visit and sample_every and index % sample_every == 0:
            visit(state, index)
        player = rng.choice(to_act)
        legal = game.legal_moves(state, player)
        assert legal, f"seat {player} must act but has no legal move at move {index}"
        move = rng.choice(legal)
        state, events = game.apply(state, player, move)
        assert isinstance(events, tuple)
        problems = game.invariant_violations(state)
        assert not problems, f"after move {index} ({move}): {problems}"
        moves.append((player, move))
        states.append(state)
    else:
        pytest.fail(f"game did not end within {MOVE_CAP} moves")
    return states, moves


def assert_deeply_immutable(value, path="state"):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = type(value).__dataclass_params__
        assert params.frozen, f"{path} ({type(value).__name__}) is not frozen"
        for f in dataclasses.fields(value):
            assert_deeply_immutable(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, (list, dict, set, bytearray)):
        pytest.fail(f"{path} is a mutable {type(value).__name__}")
    elif isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            assert_deeply_immutable(item, f"{path}[{i}]")


def check_random_games_end(game, players, options, seeds=range(3)):
    for seed in seeds:
        states, _ = random_game(game, players, options, seed)
        final = states[-1]
        assert game.is_over(final)
        assert game.to_act(final) == ()
        outcome = game.outcome(final)
        assert len(outcome.places) == players == len(outcome.points)
        assert min(outcome.places) == 1
        assert all(1 <= p <= players for p in outcome.places)


def check_contract_at_sampled_states(game, players, options, seed):
    move_pool = []

    def visit(state, index):
        before = copy.deepcopy(state)
        assert_deeply_immutable(state)
        if type(state) is not tuple:  # (a plain tuple has no attribute to set; its items were checked above)
            first = state._fields[0] if hasattr(state, "_fields") else dataclasses.fields(state)[0].name
            with pytest.raises(AttributeError):  # (a frozen dataclass's FrozenInstanceError is one; a named tuple's)
                setattr(state, first, None)
        rng = random.Random(index)
        to_act = game.to_act(state)
        for player in range(players):
            legal = game.legal_moves(state, player)
            if player not in to_act:
                assert legal == [] and len(game.legal_actions(state, player)) == 0
                continue
            # every listed legal move is accepted, and survives a JSON round trip
            for move in legal:
                text = json.dumps(move_to_json(move))
                assert move_from_json(json.loads(text), game.move_types) == move
                game.apply(state, player, move)
            move_pool.extend(legal)
            check_actions_at_state(game, state, player, rng)
            # illegal moves (legal elsewhere or for others) are refused with a reason
            for move in rng.sample(move_pool, min(len(move_pool), 20)):
                if move in legal:
                    continue
                with pytest.raises(IllegalMove) as err:
                    game.apply(state, player, move)
                assert str(err.value)
            # the view alone lists the same legal moves
            view = game.view(state, player)
            assert sorted(map(repr, game.legal_moves_from_view(view, random.Random(index)))) == sorted(map(repr, legal))
            sampled = game.determinize(view, random.Random(index))  # and the same codes
            assert list(game.legal_actions(sampled, player)) == list(game.legal_actions(state, player))
        for player in [*range(players), None]:
            view = game.view(state, player)
            if player in to_act:  # no leak through the codes either
                shuffled = game.reshuffle_hidden(state, player, random.Random(index))
                assert list(game.legal_actions(shuffled, player)) == list(game.legal_actions(state, player))
            # determinize gives a state with the same view
            if player is not None:
                sampled = game.determinize(view, random.Random(index))
                assert game.view(sampled, player) == view
                assert not game.invariant_violations(sampled)
            # no leaks: shuffling the cards hidden from this seat changes nothing it sees
            shuffled = game.reshuffle_hidden(state, player, rng)
            assert not game.invariant_violations(shuffled)
            assert game.view(shuffled, player) == view, f"seat {player} sees hidden cards"
        # a move of a seat that is not to act is refused
        others = [p for p in range(players) if p not in to_act]
        if others and move_pool:
            with pytest.raises(IllegalMove):
                game.apply(state, others[0], move_pool[-1])
        assert state == before, "checking moves changed the state"

    random_game(game, players, options, seed, visit=visit, sample_every=7)


def check_actions_at_state(game, state, player, rng):
    """The integer interface at one state: the listed codes and the listed moves
    agree, each listed code steps to the state its move applies to, and every
    code not listed (in the game's space or not) is refused with the reason."""
    legal = game.legal_moves(state, player)
    codes = game.legal_actions(state, player)
    assert all(type(code) is int for code in codes)
    assert list(codes) == list(game.legal_actions(state, player)), "the order is not stable"
    assert {game.action_of(state, player, move) for move in legal} == set(codes)
    for code in set(codes):
        move = game.move_of(state, player, code)
        assert move in legal, f"code {code}: {move} is not listed"
        assert game.action_of(state, player, move) == code
        game.legal_actions(state, player)  # (listed again: step trusts it)
        after = game.step(state, player, code)
        assert after == game.apply(state, player, move)[0], f"code {code}: step and apply differ"
        assert game.step(state, player, code) == after  # (unlisted now: checked, same state)
    space = range(game.action_count) if game.action_count else range(len(legal) + 3)
    unlisted = [code for code in space if code not in codes]
    for code in rng.sample(unlisted, min(len(unlisted), 12)) + [-1, len(space), "1", 1.0, True]:
        game.legal_actions(state, player)
        with pytest.raises(IllegalMove) as err:
            game.step(state, player, code)
        assert str(err.value), f"code {code!r} refused without a reason"


def check_same_seed_replays_equal(game, players, options):
    states, moves = random_game(game, players, options, seed=11)
    state = game.new(players, options, seed=11)
    for player, move in moves:
        state, _ = game.apply(state, player, move)
    assert state == states[-1]
    assert game.digest(state) == game.digest(states[-1])
    # a game of random codes, stepped again code by code (unlisted: the checked path), is the same game
    rng = random.Random(11)
    state = game.new(players, options, seed=11)
    trail = []
    while not game.is_over(state) and len(trail) < MOVE_CAP:
        player = rng.choice(game.to_act(state))
        code = rng.choice(list(game.legal_actions(state, player)))
        trail.append((player, code))
        state = game.step(state, player, code)
    again = game.new(players, options, seed=11)
    for player, code in trail:
        again = game.step(again, player, code)
    assert again == state and game.is_over(again)
    # and a different seed deals differently
    assert game.new(players, options, seed=12) != game.new(players, options, seed=11)


def check_deck_order_is_honoured_and_conserved(game):
    players = game.min_players
    state = game.new(players, seed=5)
    deck = tuple(sorted(game.all_cards(state), key=lambda c: c.code))
    stacked = game.new(players, seed=5, deck=deck)
    assert Counter(game.all_cards(stacked)) == Counter(deck)
    assert not game.invariant_violations(stacked)


def check_bad_options_and_players_are_refused(game):
    with pytest.raises(BadOptions):
        game.make_options({"no_such_option": 1})
    with pytest.raises(BadOptions):
        game.check_players(game.max_players + 1)
    with pytest.raises(BadOptions):
        game.check_players(game.min_players - 1)


def check_public_events_never_name_hidden_cards(game, players, options):
    """A public event's text never names a card that only some seats may see (a hand).

    Moves that put public cards back out of sight (a reshuffle, a new deal) are
    skipped: the cards they name were seen by everyone a moment earlier.
    """
    rng = random.Random(3)
    state = game.new(players, options, seed=3)
    names = [f"P{i}" for i in range(players)]

    def public_cards(s):
        hidden = set(game.hidden_zones(s, None))
        return {c for n, cards in game.zones(s).items() if n not in hidden for c in cards}

    checked = 0
    for _ in range(600):
        if game.is_over(state):
            break
        before = public_cards(state)
        player = rng.choice(game.to_act(state))
        state, events = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
        if before - public_cards(state):
            continue  # public cards went out of sight: a reshuffle or a new deal
        zones = game.zones(state)
        hidden = set(game.hidden_zones(state, None))
        # private zones: hidden from the public but seen by some seat (a hand)
        private = hidden - set.intersection(*(set(game.hidden_zones(state, p)) for p in range(players)))
        secret_faces = {c.face for n in private for c in zones[n]}
        public_faces = {c.face for n, cards in zones.items() if n not in hidden for c in cards}
        for event in events:
            assert event.visible_to is None or all(0 <= p < players for p in event.visible_to)
            if event.visible(None):
                text = event.render(names)
                leaked = [f for f in secret_faces - public_faces if f in text]
                assert not leaked, f"public event {text!r} names hidden cards {leaked}"
        checked += 1
    assert checked > 10


def _plain(value):
    if isinstance(value, Card):
        return False
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, bool))


def check_event_data_is_plain(game, players, options):
    """Every game writes its events' data in one form: strings, numbers, truth
    values and tuples of them, a card as its code, never a Card object."""
    rng = random.Random(5)
    state = game.new(players, options, seed=5)
    seen = 0
    for _ in range(400):
        if game.is_over(state):
            break
        player = rng.choice(game.to_act(state))
        state, events = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
        for event in events:
            for key, value in event.data:
                assert isinstance(key, str)
                assert _plain(value), f"{event.kind}.{key} = {value!r}"
            seen += 1
    assert seen > 10


def run_suite(game, players, options, seeds=(0, 1)):
    """Every check, for one configuration of ``game``."""
    check_random_games_end(game, players, options, seeds)
    for seed in seeds:
        check_contract_at_sampled_states(game, players, options, seed)
    check_same_seed_replays_equal(game, players, options)
    check_deck_order_is_honoured_and_conserved(game)
    check_bad_options_and_players_are_refused(game)
    check_public_events_never_name_hidden_cards(game, players, options)
    check_event_data_is_plain(game, players, options)
