"""The pieces of Shed's step and check made faster in issue 14's fourth session:
the plays' walk by rank, the per-seat comparison of the conservation check and
its shortcut when the cards moved are the same in the same order."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain, combinations, groupby

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.engine import IllegalMove
from cardtable.games import get_game
from cardtable.games.shed import zones
from cardtable.games.shed.cards import FULL_DECK
from cardtable.games.shed.legality import plays
from cardtable.games.shed.moves import Play
from cardtable.games.shed.ranks import may_follow
from cardtable.games.shed.state import PLAY, evolve

GAME = get_game("shed")
RANKS = sorted({card[0] for card in FULL_DECK})


def reference_plays(source, top, nine_plays_lower, start_rank):
    """The plays by the rules' words: the cards that may follow ``top`` (of
    ``start_rank``, if set) in the usual order, and for each rank every
    combination of its cards, alone first, then pairs..."""
    ok = [
        card
        for card in sorted(source)
        if may_follow(card[0], top, nine_plays_lower) and (not start_rank or card[0] == start_rank)
    ]
    moves = []
    for _rank, cards in groupby(ok, key=lambda card: card[0]):
        group = tuple(cards)
        moves += [Play(combo) for k in range(1, len(group) + 1) for combo in combinations(group, k)]
    return moves


@given(
    st.lists(st.sampled_from(FULL_DECK), unique=True, max_size=20),
    st.one_of(st.none(), st.sampled_from(FULL_DECK)),
    st.booleans(),
    st.sampled_from([0, *RANKS]),
)
def test_plays_are_each_ranks_combinations_in_the_usual_order(source, top, nine_plays_lower, start_rank):
    stack = () if top is None else (top,)
    assert plays(tuple(source), stack, nine_plays_lower, start_rank) == reference_plays(
        source, top, nine_plays_lower, start_rank
    )


def mid_game(seed: int):
    """A 4-player state in play, some moves in."""
    state = GAME.new(4, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(20, 120)):
        if GAME.is_over(state):
            break
        player = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
    return state


SHARED = ("deck", "stack", "burned")
PER_SEAT = ("hands", "known", "up", "down")


def places_of(state):
    return [(name, None) for name in SHARED] + [(name, p) for name in PER_SEAT for p in range(state.players)]


def get_place(state, place):
    name, seat = place
    return getattr(state, name) if seat is None else getattr(state, name)[seat]


def set_place(state, place, cards):
    name, seat = place
    if seat is None:
        return evolve(state, **{name: cards})
    rows = list(getattr(state, name))
    rows[seat] = cards
    return evolve(state, **{name: tuple(rows)})


def every_card_once(state) -> bool:
    return Counter(chain.from_iterable(zones.held_rows(state))) == Counter(FULL_DECK)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.data())
def test_the_conservation_check_after_a_conserved_state_agrees_with_counting_every_card(seed, data):
    state = mid_game(seed)
    assert GAME.cards_conserved(state)  # (the state later ones are compared with)
    places = [place for place in places_of(state) if get_place(state, place)]
    source = data.draw(st.sampled_from(places))
    cards = get_place(state, source)
    i = data.draw(st.integers(0, len(cards) - 1))
    card = cards[i]
    kind = data.draw(st.sampled_from(["move", "copy", "lose", "block"]))
    if kind == "block":  # the whole place moves, in order, to the end of another (a pick-up's shape)
        target = data.draw(st.sampled_from([p for p in places_of(state) if p != source]))
        changed = set_place(state, source, ())
        changed = set_place(changed, target, get_place(state, target) + cards)
    else:
        changed = state if kind == "copy" else set_place(state, source, cards[:i] + cards[i + 1 :])
        if kind != "lose":
            target = data.draw(st.sampled_from([p for p in places_of(state) if p != source]))
            row = get_place(changed, target)
            j = data.draw(st.integers(0, len(row)))
            changed = set_place(changed, target, row[:j] + (card,) + row[j:])
    assert GAME.cards_conserved(changed) == every_card_once(changed) == (kind in ("move", "block"))


def test_a_per_seat_field_with_a_seat_missing_is_compared_in_full():
    state = mid_game(7)
    assert GAME.cards_conserved(state)
    short = evolve(state, down=state.down[:-1])  # a seat's face-down cards gone with its entry
    assert not GAME.cards_conserved(short)
    assert GAME.cards_conserved(state)


def test_apply_performs_an_equal_move_not_listed_and_refuses_an_illegal_one():
    state = mid_game(3)
    while state.phase != PLAY:
        player = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, player, GAME.legal_moves(state, player)[-1])
    player = GAME.to_act(state)[0]
    listed = GAME.legal_moves(state, player)
    play = next(m for m in listed if isinstance(m, Play))
    copy = Play(play.cards)
    assert copy is not play
    assert GAME.apply(state, player, copy) == GAME.apply(state, player, play)
    hand = set(state.hand(player))
    foreign = next(card for card in FULL_DECK if card not in hand and card not in state.up[player])
    with pytest.raises(IllegalMove):
        GAME.apply(state, player, Play((foreign,)))
    with pytest.raises(IllegalMove):
        GAME.apply(state, (player + 1) % 4, play)
