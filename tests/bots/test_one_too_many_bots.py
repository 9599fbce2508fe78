"""One Too Many's players: the bust arithmetic, the asks, the Redo, and secrecy."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest

otm = pytest.importorskip("cardtable.games.one_too_many")
from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.one_too_many import normal  # noqa: E402
from cardtable.bots.one_too_many_odds import bust_chance  # noqa: E402
from cardtable.core.cards import parse_card  # noqa: E402

GAME = otm.GAME


def mask(codes):
    out = 0
    for code in codes.split():
        out |= 1 << (parse_card(code).rank - 2)
    return out


@pytest.mark.parametrize(
    "players,center,unseen,others,drawn",
    [
        (2, "2D 3D", "4D AD 9D", 5, 3),
        (2, "5D 7D", "6D 4D 8D KD", 4, 4),
        (3, "5D 6D 7D", "4D 8D 9D 2D", 6, 2),
        (2, "", "2D 3D 4D 5D", 3, 4),
    ],
)
def test_bust_chance_is_exact(players, center, unseen, others, drawn):
    """Against counting every set of cards that could be drawn."""
    deck = [parse_card(c) for c in unseen.split()] + [None] * others
    c_mask = mask(center)
    busting = total = 0
    for drawn_cards in combinations(range(len(deck)), drawn):
        m = c_mask
        for i in drawn_cards:
            if deck[i] is not None:
                m |= 1 << (deck[i].rank - 2)
        total += 1
        busting += otm.longest_run(m) > players
    expected = busting / total
    assert bust_chance(c_mask, mask(unseen), len(deck), players, drawn) == pytest.approx(expected)


def _view(state, seat, **changes):
    return dataclasses.replace(GAME.view(state, seat), **changes)


def test_asks_when_nothing_can_bust_and_passes_a_big_pile_on_the_brink():
    state = GAME.new(2, seed=1)
    view = GAME.view(state, 0)
    moves = GAME.legal_moves(state, 0)
    assert normal(view, moves, random.Random(0)).count > 0
    # later, alone in the round: a big pile, and four Diamonds (3, 6, 9, Q) that bust
    diamonds = tuple(parse_card(c) for c in "4D 5D 7D 8D 10D JD".split())
    pile = tuple(parse_card(c) for c in "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC".split())
    late = _view(
        state,
        0,
        turn=3,
        limit=5,
        center=diamonds,
        longest_run=2,
        piles=(pile, ()),
        in_round=(True, False),
        deck_size=52 - len(diamonds) - len(pile),
    )
    moves = [otm.Ask(n) for n in range(6) if n != 1]
    assert normal(late, moves, random.Random(0)) == otm.Ask(0)
    # the same Diamonds with an empty pile: nothing to lose, so it asks
    empty = dataclasses.replace(late, piles=((), ()), deck_size=52 - len(diamonds))
    assert normal(empty, moves, random.Random(0)).count >= 2


def test_uses_the_redo_to_stop_being_the_greediest():
    state = GAME.new(2, seed=1)
    diamonds = tuple(parse_card(c) for c in "5D 6D 9D 10D".split())
    pile = tuple(parse_card(c) for c in "2C 3C 4C 5C 6C 7C 8C 9C".split())
    view = _view(
        state,
        0,
        phase=otm.Phase.REDO,
        turn=3,
        limit=5,
        center=diamonds,
        longest_run=2,
        piles=(pile, ()),
        deck_size=40,
        redo=(True, False),
        last_reveal=(5, 1),
    )
    redo = [otm.Redo(True), otm.Redo(False)]
    assert normal(view, redo, random.Random(0)) == otm.Redo(True)
    # asking one less than the other, it banks whatever happens: nothing to change
    calm = dataclasses.replace(view, last_reveal=(4, 5))
    assert normal(calm, redo, random.Random(0)) == otm.Redo(False)
    # and after the Redo, it chooses knowing the other's number: one less than theirs
    again = dataclasses.replace(view, phase=otm.Phase.RECHOOSE, last_reveal=(5, 5), redo=(False, False))
    assert normal(again, [otm.Ask(n) for n in range(6)], random.Random(0)) == otm.Ask(4)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_never_sees_the_others_numbers_before_the_reveal(level):
    """Seat 0 chose first; seat 1's view and choice are the same whatever seat 0 chose."""
    settings = {"iterations": 4} if level == "hard" else {}
    state = GAME.new(3, seed=5)
    chosen = []
    for count in (0, 3, 10):
        after, _ = GAME.apply(state, 0, otm.Ask(count))
        view = GAME.view(after, 1)
        chosen.append((view, make_bot(GAME, level, seed=42, **settings).choose(view)))
    assert len({v for v, _ in chosen}) == 1
    assert len({m for _, m in chosen}) == 1
