"""One-Card property tests over random games (2, 4 and 8 players, default and
varied options): the fast legal-move list agrees with ``why_illegal``, cards
are conserved, views leak nothing, ``determinize`` is consistent, games end
and replay exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.cards import Card, Suit
from cardtable.core.codec import move_from_json, move_to_json
from cardtable.core.engine import IllegalMove
from cardtable.games import get_game
from cardtable.games.one_card import ALL_CARDS, GAME, Options, Play, named

FLIPPED = {
    "jack_countered_by_jack": True,
    "queen_counter_any_suit": False,
    "queen_skips_with_two": False,
    "three_on_anything": False,
    "attack_at_least_as_high": False,
    "play_after_penalty": False,
    "king_last_card_goes_out": False,
    "draw_with_good_card": False,
}


def random_game(players, seed, options=None, every=None):
    """Play a random game to its end; call ``every(state, moves_so_far)`` on each state."""
    rng = random.Random(seed)
    state = GAME.new(players, options, seed=seed)
    moves = []
    for _ in range(20000):
        if every is not None:
            every(state, moves)
        if GAME.is_over(state):
            return state, moves
        player = named(state).turn
        move = rng.choice(GAME.legal_moves(state, player))
        state, events = GAME.apply(state, player, move)
        moves.append((player, move, events))
    raise AssertionError("the game did not end")


def check_legal_moves_agree(state, moves):
    rng = random.Random(len(moves))
    strays = [Play(card, suit) for card in rng.sample(ALL_CARDS, 6) for suit in (None, *Suit)]
    for player in range(named(state).table.players):
        fast = GAME.legal_moves(state, player)
        slow = [
            m
            for m in GAME.candidate_moves(state, player)
            if player in GAME.to_act(state) and GAME.why_illegal(state, player, m) is None
        ]
        assert len(fast) == len(set(fast)), fast
        assert set(fast) == set(slow), (fast, slow)
        for m in (set(GAME.candidate_moves(state, player)) | set(strays)) - set(fast):
            assert GAME.check_move(state, player, m), m  # refused, with a reason
            with pytest.raises(IllegalMove):  # by apply's own fast path too
                GAME.apply(state, player, m)
        for m in fast:
            GAME.apply(state, player, m)


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("flipped", [False, True])
def test_legal_moves_agree_with_why_illegal(players, flipped):
    options = FLIPPED if flipped else None
    for seed in range(3):
        random_game(players, seed, options, check_legal_moves_agree)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_invariants_hold_and_the_game_ends(players):
    def check(state, moves):
        assert not GAME.invariant_violations(state), GAME.invariant_violations(state)

    for seed in range(3):
        state, moves = random_game(players, seed, None, check)
        totals = named(state).table.totals
        assert max(totals) >= 300
        out = GAME.outcome(state)
        assert out.points == totals
        assert out.places == tuple(1 + sum(t < mine for t in totals) for mine in totals)
        assert len(out.reasons) == players


@pytest.mark.parametrize("players", [2, 4, 8])
def test_views_leak_nothing_and_determinize_is_consistent(players):
    rng = random.Random(players)

    def check(state, moves):
        if len(moves) % 5:
            return
        for player in [None, *range(players)]:
            view = GAME.view(state, player)
            assert view == GAME.view(state, player)
            zones = GAME.zones(state)
            hidden = GAME.hidden_zones(state, player)
            pool = [card for name in hidden for card in zones[name]]
            rng.shuffle(pool)
            shuffled, at = {}, 0
            for name in hidden:
                shuffled[name] = tuple(pool[at : at + len(zones[name])])
                at += len(zones[name])
            other = GAME.with_zones(state, shuffled)
            assert not GAME.invariant_violations(other)
            assert GAME.view(other, player) == view
            guess = GAME.determinize(view, rng)
            assert GAME.view(guess, player) == view
            assert not GAME.invariant_violations(guess), GAME.invariant_violations(guess)
            if player is not None and player in GAME.to_act(state):
                assert GAME.legal_moves(guess, player) == GAME.legal_moves(state, player)

    random_game(players, 11, {"target": 150}, check)


def test_determinize_deals_alike_whichever_view_it_dealt_before():
    """``determinize`` keeps what it worked out from the last view: a view dealt
    again, or after another one, deals as a first call with the same seed would."""
    state = GAME.new(4, seed=8)
    for _ in range(40):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[-1])[0]
    views = [GAME.view(state, seat) for seat in range(4)]
    first = [GAME.determinize(view, random.Random(seat)) for seat, view in enumerate(views)]
    for seat in (2, 2, 0, 3, 0, 1):
        again = GAME.determinize(views[seat], random.Random(seat))
        assert again == first[seat]
        assert GAME.view(again, seat) == views[seat]
        assert not GAME.invariant_violations(again)


def test_a_view_shows_only_the_own_hand():
    state = GAME.new(4, seed=2)
    view = GAME.view(state, 1)
    zones = GAME.zones(state)
    assert view.hand == named(state).hand(1) == zones["hand1"]
    assert view.hand_sizes == (5, 5, 5, 5) and view.draw_size == len(named(state).pile)
    assert view.top == named(state).top and view.to_act == (named(state).turn,)
    others = {card for name in ("hand0", "hand2", "hand3", "deck") for card in zones[name]}
    shown = set()
    for name in view.__dataclass_fields__:
        value = getattr(view, name)
        if isinstance(value, tuple):
            shown |= {item for item in value if isinstance(item, Card)}
    assert shown == set(zones["hand1"]) | set(zones["discard"])
    assert not shown & others
    assert GAME.view(state, None).hand == ()


@pytest.mark.parametrize("players", [2, 4, 8])
def test_private_events_go_to_the_drawer_only(players):
    state, moves = random_game(players, 5)
    for player, _move, events in moves:
        for event in events:
            if event.kind == "drawn":
                assert event.visible_to == frozenset({player})
            else:
                assert event.visible_to is None


def test_same_seed_and_moves_replay_the_same_game():
    state, moves = random_game(4, 21)
    again = GAME.new(4, seed=21)
    for player, move, _ in moves:
        decoded = move_from_json(move_to_json(move), GAME.move_types)
        assert decoded == move
        again, _ = GAME.apply(again, player, decoded)
    assert GAME.digest(again) == GAME.digest(state)
    assert get_game("one-card") is GAME


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32),
    flips=st.sets(st.sampled_from(sorted(FLIPPED))),
    target=st.sampled_from([50, 120, 300]),
)
def test_random_options_and_players(players, seed, flips, target):
    options = {name: FLIPPED[name] for name in flips} | {"target": target}

    def check(state, moves):
        assert not GAME.invariant_violations(state)
        if len(moves) % 3 == 0:
            check_legal_moves_agree(state, moves)

    state, moves = random_game(players, seed, options, check)
    assert GAME.is_over(state) and max(named(state).table.totals) >= target
    hands_played = named(state).table.hand_no
    assert sum(1 for _, _, events in moves for e in events if e.kind == "hand_end") == hands_played


def test_options_defaults_and_refusals():
    from cardtable.core.engine import BadOptions

    assert Options().target == 300 and Options().hand_size is None
    assert Options().jack_countered_by_jack is False and Options().three_on_anything is True
    with pytest.raises(BadOptions):
        GAME.make_options({"target": 0})
    with pytest.raises(BadOptions):
        GAME.make_options({"no_such_rule": True})
