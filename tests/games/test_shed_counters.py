"""Shed's own invariant counters name a seat whose cards and place disagree
(the check after every move of ``cardtable simulate``)."""

from __future__ import annotations

import random

from cardtable.core.evolve import put
from cardtable.games import get_game
from cardtable.games.shed.state import PLAY, evolve

GAME = get_game("shed")


def mid_game(seed: int = 4):
    """A 4-player state in play with the deck not yet gone."""
    state = GAME.new(4, {}, seed=seed)
    rng = random.Random(seed)
    while not (state.phase == PLAY and len(state.deck) < 20):
        player = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
    assert state.phase == PLAY and state.deck and not any(state.places)
    return state


def test_a_sound_state_has_no_counter_problem():
    assert GAME.counter_violations(mid_game()) == []


def test_a_seat_with_no_cards_that_is_not_out_is_named():
    state = mid_game()
    seat = (state.turn + 1) % 4
    empty = evolve(state, hands=put(state.hands, seat, ()), known=put(state.known, seat, ()),
                   up=put(state.up, seat, ()), down=put(state.down, seat, ()))  # fmt: skip
    assert f"seat {seat} holds no cards but is not out" in GAME.counter_violations(empty)


def test_a_seat_out_that_holds_cards_is_named():
    state = mid_game()
    seat = (state.turn + 1) % 4
    left = state.cards_left(seat)
    out = evolve(state, places=put(state.places, seat, 2))
    assert f"seat {seat} is out but holds {left} cards" in GAME.counter_violations(out)


def test_the_places_of_the_seats_out_must_run_from_first_in_order():
    state = mid_game()
    seat = (state.turn + 1) % 4
    gone = {"hands": put(state.hands, seat, ()), "known": put(state.known, seat, ()),
            "up": put(state.up, seat, ()), "down": put(state.down, seat, ())}  # fmt: skip
    first = evolve(state, places=put(state.places, seat, 1), **gone)
    assert not [p for p in GAME.counter_violations(first) if p.startswith("places")]
    second = evolve(state, places=put(state.places, seat, 2), **gone)  # nobody was first
    assert f"places {second.places} of the players out are not 1, 2, ... in order" in GAME.counter_violations(second)


def test_a_short_hand_while_the_deck_lasts_is_named():
    state = mid_game()
    seat = next(p for p in range(4) if state.hands[p])
    short = evolve(state, hands=put(state.hands, seat, state.hands[seat][1:]))
    count = state.hand_count(seat) - 1
    assert f"seat {seat} holds {count} hand cards while the deck lasts" in GAME.counter_violations(short)


def test_conservation_after_a_state_found_conserved():
    # the check compares only the places that changed since the last state it
    # found conserved: a card held twice, lost or foreign must still show
    state = mid_game()
    assert GAME.cards_conserved(state)
    seat, other = state.turn, (state.turn + 1) % 4
    mine, theirs = state.hands[seat][0], state.down[other][0]
    twice = evolve(state, hands=put(state.hands, seat, (theirs,) + state.hands[seat][1:]))
    assert not GAME.cards_conserved(twice)
    assert any(mine.code in p and "missing" in p for p in GAME.invariant_violations(twice))
    assert any(theirs.code in p and "duplicated" in p for p in GAME.invariant_violations(twice))
    foreign = evolve(state, hands=put(state.hands, seat, (mine._replace(deck=1),) + state.hands[seat][1:]))
    assert not GAME.cards_conserved(foreign)
    swapped = evolve(
        state,
        hands=put(state.hands, seat, (theirs,) + state.hands[seat][1:]),
        down=put(state.down, other, (mine,) + state.down[other][1:]),
    )
    assert GAME.cards_conserved(swapped)
    assert GAME.cards_conserved(state)  # and back


def test_conservation_when_places_only_grow_at_the_end_or_shrink_at_the_start():
    # the check leaves out what a changed place shares with its last version (a
    # start kept, an end kept): a card added twice, or lost, must still show
    state = mid_game()
    assert state.deck and GAME.cards_conserved(state)
    seat = state.turn
    card = state.hands[seat][0]
    doubled = evolve(state, stack=state.stack + (card,))  # at the stack's end, and still in the hand
    assert not GAME.cards_conserved(doubled)
    assert any(card.code in p and "duplicated" in p for p in GAME.invariant_violations(doubled))
    lost = evolve(state, deck=state.deck[1:])  # the deck's top card gone nowhere
    assert not GAME.cards_conserved(lost)
    assert any(state.deck[0].code in p and "missing" in p for p in GAME.invariant_violations(lost))
    moved = evolve(state, deck=state.deck[1:], stack=state.stack + state.deck[:1])
    assert GAME.cards_conserved(moved)
    assert GAME.cards_conserved(state)  # and back
