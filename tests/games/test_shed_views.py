"""Shed views: what each seat may see, hidden zones, determinize."""

from __future__ import annotations

import random

import pytest

from cardtable.core.cards import parse_card
from cardtable.games.shed import GAME, Done, Exchange, PickUp, Play, position


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def random_states(players: int, seed: int, short: bool = False, limit: int = 400):
    """The states of one random game (every one, up to ``limit``)."""
    r = random.Random(seed)
    state = GAME.new(players, {"short_game": short}, seed=seed)
    yield state
    for _ in range(limit):
        if GAME.is_over(state):
            return
        p = r.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, p, r.choice(GAME.legal_moves(state, p)))
        yield state


def shuffle_hidden(state, player, r):
    """Deal the cards of the zones hidden from ``player`` at random among those zones (same sizes)."""
    return GAME.reshuffle_hidden(state, player, r)


def test_seat_sees_own_hand_others_see_counts_and_known_cards():
    state = position(
        3, hands={0: ["5H", "6H"], 1: ["7S"], 2: ["8D"]}, known={0: ["KC"]}, up={1: ["AS"]}, down={2: ["3C"]}
    )
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    public = GAME.view(state, None)
    assert mine.hand == tuple(sorted(cards("5H 6H KC")))
    assert theirs.hand == cards("7S")
    assert public.hand is None
    for view in (mine, theirs, public):
        assert view.hand_sizes == (3, 1, 1)
        assert view.known == (cards("KC"), (), ())
        assert view.face_up == ((), cards("AS"), ())
        assert view.face_down == (0, 0, 1)
        assert view.deck_size == 0 and view.burned_count == 52 - 7
        assert view.to_act == (0,) and view.turn == 0 and view.phase == "play"


def test_exchange_phase_view_shows_who_is_done():
    state = GAME.new(3, seed=1)
    state, _ = GAME.apply(state, 1, Done())
    view = GAME.view(state, 0)
    assert view.phase == "exchange"
    assert view.exchange_done == (False, True, False)
    assert view.to_act == (0, 2)
    assert view.turn is None


def test_views_are_equal_when_the_information_is():
    state = GAME.new(2, seed=5)
    state, _ = GAME.apply(state, 0, Done())
    other = GAME.with_zones(state, {"deck": tuple(reversed(state.deck))})
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert hash(GAME.view(other, 1)) == hash(GAME.view(state, 1))
    # a hand in another order is the same information
    other = GAME.with_zones(state, {"hand1": tuple(reversed(state.hands[1]))})
    assert GAME.view(other, 1) == GAME.view(state, 1)


def test_the_stack_and_burned_cards_are_public():
    state = position(2, hands={0: ["5H", "10H"], 1: ["7S"]}, stack=["3C", "4C"])
    state, _ = GAME.apply(state, 0, Play(cards("5H")))
    assert GAME.view(state, 1).stack == cards("3C 4C 5H")
    assert GAME.view(state, 1).top == parse_card("5H") and GAME.view(state, 1).stack_size == 3
    state, _ = GAME.apply(state, 1, PickUp())
    assert GAME.view(state, 0).known[1] == tuple(sorted(cards("3C 4C 5H")))


def test_hidden_zones():
    state = GAME.new(3, {"short_game": True}, seed=2)
    assert set(GAME.hidden_zones(state, 1)) == {"deck", "unused", "down0", "down1", "down2", "hand0", "hand2"}
    assert set(GAME.hidden_zones(state, None)) == {
        "deck",
        "unused",
        "down0",
        "down1",
        "down2",
        "hand0",
        "hand1",
        "hand2",
    }
    assert not {"known0", "up0", "stack", "burned"} & set(GAME.hidden_zones(state, None))


@pytest.mark.parametrize("players,short", [(2, False), (3, False), (4, False), (2, True), (3, True)])
def test_no_leaks_and_determinize_round_trip(players, short):
    r = random.Random(players * 10 + short)
    for i, state in enumerate(random_states(players, seed=players + 7 * short, short=short)):
        if i % 3:
            continue
        for viewer in (None, *range(players)):
            view = GAME.view(state, viewer)
            shuffled = shuffle_hidden(state, viewer, r)
            assert GAME.invariant_violations(shuffled) == []
            assert GAME.view(shuffled, viewer) == view
            sample = GAME.determinize(view, r)
            assert GAME.invariant_violations(sample) == []
            assert GAME.view(sample, viewer) == view
            if viewer is not None and not GAME.is_over(state) and viewer in GAME.to_act(state):
                assert GAME.legal_moves(sample, viewer) == GAME.legal_moves(state, viewer)


def test_exchange_is_hidden_in_determinized_states():
    state = GAME.new(2, seed=9)
    dealt = state.up[0]
    hand_card, up_card = state.hands[0][0], state.up[0][0]
    state, _ = GAME.apply(state, 0, Exchange(hand_card, up_card))
    view = GAME.view(state, 1)
    assert view.face_up[0] == dealt and view.known == ((), ())
    for seed in range(5):
        sample = GAME.determinize(view, random.Random(seed))
        assert GAME.view(sample, 1) == view
        assert sample.dealt_up[0] == dealt and set(dealt) <= set(sample.up[0] + sample.hands[0])
        assert sample.known[0] == ()
    # the owner's own view rebuilds its current row, hand and dealt row
    mine = GAME.view(state, 0)
    for seed in range(5):
        sample = GAME.determinize(mine, random.Random(seed))
        assert GAME.view(sample, 0) == mine
        assert sample.up[0] == state.up[0] and sample.dealt_up[0] == dealt
        assert sorted(sample.hands[0]) == sorted(state.hands[0])
        assert GAME.legal_moves(sample, 0) == GAME.legal_moves(state, 0)
    # once everyone is done the card taken from the dealt row is known
    state, _ = GAME.apply(state, 0, Done())
    state, _ = GAME.apply(state, 1, Done())
    view = GAME.view(state, 1)
    for seed in range(5):
        sample = GAME.determinize(view, random.Random(seed))
        assert up_card in sample.known[0]
        assert sample.up[0][0] == hand_card


def test_exchange_zones_follow_what_the_others_know():
    state = GAME.new(3, seed=4)
    dealt = state.up[1]
    h, u = state.hands[1][0], state.up[1][1]
    state, _ = GAME.apply(state, 1, Exchange(h, u))
    zones = GAME.zones(state)
    assert zones["up1"] == dealt  # the row as dealt: public, wherever its cards are now
    assert set(zones["hand1"]) == set(state.up[1] + state.hands[1]) - set(dealt)
    assert "hand1" in GAME.hidden_zones(state, 0) and "up1" not in GAME.hidden_zones(state, 0)
    # the others cannot tell which cards seat 1 dealt itself from its hand
    r = random.Random(1)
    for viewer in (None, 0, 2):
        for _ in range(5):
            shuffled = shuffle_hidden(state, viewer, r)
            assert GAME.invariant_violations(shuffled) == []
            assert GAME.view(shuffled, viewer) == GAME.view(state, viewer)
            assert shuffled.dealt_up[1] == dealt and set(dealt) <= set(shuffled.up[1] + shuffled.hands[1])


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_other_seats_view_does_not_change_during_the_exchange(viewer):
    state = GAME.new(3, seed=21)
    before = GAME.view(state, viewer)
    r = random.Random(viewer or 0)
    swapper = 2
    for _ in range(8):
        move = r.choice([m for m in GAME.legal_moves(state, swapper) if isinstance(m, Exchange)])
        state, _ = GAME.apply(state, swapper, move)
        assert GAME.view(state, viewer) == before
