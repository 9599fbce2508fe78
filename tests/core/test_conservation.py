"""``core.conservation``: what changed places held and hold, compared exactly."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.conservation import moved, same_cards, seats_moved

CARDS = tuple(range(30))


def test_seats_moved_collects_only_the_seats_that_changed():
    a, b, c, d = CARDS[:4]
    old = ((a,), (b,), ())
    new = (old[0], (b, c), (d,))  # seat 0 the very same tuple: left out
    now: list = []
    before: list = []
    assert seats_moved(new, old, now, before)
    assert Counter(now) == Counter([c, d]) and before == []  # (what seat 1 kept is left out too)
    assert not seats_moved(new[:2], old, [], [])  # a seat fewer: compare all places


def test_moved_leaves_out_a_kept_start_or_end():
    now: list = []
    before: list = []
    moved((1, 2, 3), (1, 2), now, before)  # one added at the end
    moved((5,), (4, 5), now, before)  # one taken from the start
    assert now == [3] and before == [4]


@st.composite
def places_and_change(draw: st.DrawFn) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Places holding each card once, and the same places after a change that
    may move cards, lose one, copy one or bring in a stranger."""
    cards = list(draw(st.permutations(CARDS)))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=4, max_size=4)))
    old = tuple(tuple(cards[i:j]) for i, j in zip([0, *cuts], [*cuts, len(cards)], strict=True))
    new = list(old)
    for _ in range(draw(st.integers(1, 4))):
        source, target = draw(st.integers(0, len(new) - 1)), draw(st.integers(0, len(new) - 1))
        kind = draw(st.sampled_from(["move", "lose", "copy", "stranger", "shuffle"]))
        if kind == "stranger":
            new[target] = (*new[target], 99)
        elif kind == "shuffle":
            new[target] = tuple(draw(st.permutations(new[target])))
        elif new[source]:
            at = draw(st.integers(0, len(new[source]) - 1))
            card = new[source][at]
            if kind != "copy":
                new[source] = new[source][:at] + new[source][at + 1 :]
            if kind != "lose":
                new[target] = (*new[target], card)
    return old, tuple(new)


@given(places_and_change())
def test_the_changed_places_tell_exactly_whether_every_card_is_still_held_once(case) -> None:
    old, new = case
    now: list = []
    before: list = []
    assert seats_moved(new, old, now, before)
    held = [card for place in new for card in place]
    assert same_cards(now, before) == (Counter(held) == Counter(CARDS))
