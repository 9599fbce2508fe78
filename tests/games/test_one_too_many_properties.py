"""One Too Many: property tests over random (and randomly stacked) full games."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Suit, standard_deck
from cardtable.core.secret import CHOSEN
from cardtable.games.one_too_many import GAME, Phase, Redo, longest_run, rank_mask

G = GAME
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.fixed_dictionaries(
    {},
    optional={
        "target": st.integers(3, 30),
        "first_turn_limit": st.integers(1, 12),
        "later_turn_limit": st.integers(1, 6),
    },
)


def play(players, options, seed, deck=None, check=None, max_moves=20_000):
    rng = random.Random(seed)
    state = G.new(players, options, seed=seed, deck=deck)
    moves = []
    for _ in range(max_moves):
        if G.is_over(state):
            return state, moves
        player = rng.choice(G.to_act(state))
        move = rng.choice(G.legal_moves(state, player))
        before = state
        state, events = G.apply(state, player, move)
        moves.append((player, move))
        if check:
            check(before, player, move, state, events)
    raise AssertionError("the game did not end")


def check_step(before, player, move, after, events):
    n = after.players
    assert not G.invariant_violations(after)
    # banked points never go down
    assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
    # a running round never holds a busting run
    if after.phase is not Phase.OVER:
        assert longest_run(rank_mask(after.center)) <= n
    # a bust happens exactly when a run longer than the number of players forms
    kinds = [e.kind for e in events]
    if "bust" in kinds:
        bust = next(e for e in events if e.kind == "bust")
        assert bust.get("length") >= n + 1
        # the greediest asked for the most of those left in the round after the passes
        final = after.last_reveal  # the numbers the turn was played with
        drawers = {seat for seat in range(n) if before.in_round[seat] and final[seat]}
        greediest = {e.get("seat") for e in events if e.kind == "greediest"}
        most = max(final[s] for s in drawers)
        assert greediest == {s for s in drawers if final[s] == most}
    # views: the others' secret numbers are masked, determinize agrees with the view
    for seat in [*range(n), None]:
        view = G.view(after, seat)
        for s, value in view.choices:
            assert (value is CHOSEN) == (s != seat)
        if seat is not None:
            sampled = G.determinize(view, random.Random(seat))
            assert G.view(sampled, seat) == view
    # public events name no unrevealed number
    for e in events:
        if e.visible(None) and e.kind in ("choose", "redo_choice"):
            assert "count" not in dict(e.data) and "use" not in dict(e.data)


@SETTINGS
@given(players=st.integers(2, 6), options=options_st, seed=st.integers(0, 2**32))
def test_random_games_keep_every_rule(players, options, seed):
    final, _ = play(players, options, seed, check=check_step)
    target = G.make_options(options).target
    assert max(final.scores) >= target
    out = G.outcome(final)
    assert out.points == final.scores
    for a in range(players):
        for b in range(players):
            if final.scores[a] > final.scores[b]:
                assert out.places[a] < out.places[b]
    assert len(out.reasons) == players and all(out.reasons)


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), order=st.permutations(standard_deck()))
def test_randomly_stacked_decks_play_to_the_end(players, seed, order):
    final, _ = play(players, {"target": 12}, seed, deck=order)
    assert G.is_over(final) and not G.invariant_violations(final)


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), size=st.integers(1, 20))
def test_small_decks_always_end(players, seed, size):
    # few cards: the empty-deck rule must still end every round
    deck = random.Random(seed).sample(standard_deck(), size)
    if all(c.suit is Suit.DIAMONDS for c in deck):
        with pytest.raises(ValueError, match="nobody could ever score"):
            G.new(players, deck=deck)
        return
    final, _ = play(players, {"target": 6}, seed, deck=deck)
    assert G.is_over(final)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_replay_is_deterministic(players, seed):
    final, moves = play(players, {}, seed)
    state = G.new(players, {}, seed=seed)
    for player, move in moves:
        state, _ = G.apply(state, player, move)
    assert state == final


def test_redo_phase_only_with_a_holder_and_another_player_in_the_round():
    seen_redo = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = G.new(3, {}, seed=seed)
        while not G.is_over(state):
            if state.phase is Phase.REDO:
                seen_redo += 1
                assert sum(state.in_round) >= 2
                assert all(state.redo[s] and state.in_round[s] for s in state.secret.waiting)
            player = rng.choice(G.to_act(state))
            moves = G.legal_moves(state, player)
            assert all(isinstance(m, Redo) for m in moves) == (state.phase is Phase.REDO)
            state, _ = G.apply(state, player, rng.choice(moves))
    assert seen_redo > 0


def test_center_holds_only_diamonds_and_piles_none():
    state, _ = play(4, {}, 5)
    assert all(c.suit is Suit.DIAMONDS for c in state.center)
    assert all(c.suit is not Suit.DIAMONDS for pile in state.piles for c in pile)


def generic_legal_moves(state, player):
    """What the base class's ``legal_moves`` would list: the candidates ``why_illegal`` accepts."""
    if player not in G.to_act(state):
        return []
    return [m for m in G.candidate_moves(state, player) if G.why_illegal(state, player, m) is None]


def check_legal_moves_agree(before, player, move, after, events):
    for state in (before, after):
        for seat in range(state.players):
            fast = G.legal_moves(state, seat)
            slow = generic_legal_moves(state, seat)
            assert len(fast) == len(set(fast)), fast
            assert set(fast) == set(slow), (seat, fast, slow)
            assert fast == slow  # the same order too: seeded random players pick by index


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"first_turn_limit": 1, "later_turn_limit": 1, "target": 6},
        {"first_turn_limit": 2, "later_turn_limit": 3, "target": 12},
        {"first_turn_limit": 12, "later_turn_limit": 6, "target": 30},
    ],
)
def test_direct_legal_moves_agree_with_the_generic_filter(players, options):
    for seed in range(5):
        play(players, options, seed, check=check_legal_moves_agree)
    # small decks: rounds end on an empty deck, players are often alone in the round
    play(players, options, 99, deck=standard_deck()[6:20], check=check_legal_moves_agree)


def test_evolve_builds_the_same_frozen_state_as_replace():
    import dataclasses

    from cardtable.games.one_too_many.state import evolve

    state = G.new(3, {}, seed=5)
    changes = {"phase": Phase.REDO, "turn": 2, "deck": state.deck[1:], "center": state.deck[:1]}
    new = evolve(state, **changes)
    assert repr(new) == repr(dataclasses.replace(state, **changes))
    assert new == dataclasses.replace(state, **changes)
    assert evolve(state) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 1
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


@SETTINGS
@given(st.integers(2, 6), options_st, st.integers(0, 10**6))
def test_to_act_and_legal_actions_follow_the_secret_choices_in_any_order(players, options, seed):
    """Seats choose in a random order, through the integer interface: ``to_act``
    is always ``secret.pending`` (its shortcut for choices made in seat order
    must not answer for others), and a seat that has chosen, or is not
    choosing, is listed no codes."""
    rng = random.Random(seed)
    state = G.new(players, G.make_options(options), seed=seed)
    for _ in range(5_000):
        if G.is_over(state):
            break
        pending = G.to_act(state)
        assert pending == state.secret.pending
        for seat in range(players):
            if seat not in pending:
                assert G.legal_actions(state, seat) == b""
        seat = rng.choice(pending)
        codes = G.legal_actions(state, seat)
        state = G.step(state, seat, rng.choice(codes))
    assert G.is_over(state)
