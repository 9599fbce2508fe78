"""One-Card's cards and per-card tables, computed once at import.

Inside a state every card is a small integer, its *id*: its index in
``ALL_CARDS`` (``ALL_CARDS[id]`` is the :class:`Card`). Moves, views, zones and
events speak of ``Card`` objects; the state uses ids because a turn then costs
a few tuple look-ups instead of hashing and comparing card tuples.

The readable rules are the small functions here (``card_points``,
``attack_value``, ``is_good_play``); the tables only cache their answers.

A *situation* is what the next card must match: the rank of the top card and
the suit in force (the top card's suit, or the suit named with the 7 on top,
or ``None`` on a Joker). ``GOOD[rank][suit]`` is, for that situation, a tuple
of booleans indexed by card id: which cards are good plays. ``GOOD_ON[top]``
is the same for a top card with its own suit in force (the usual case), and
``GOOD_NAMED[suit]`` for a 7 whose player named ``suit``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from ...core.cards import Card, Rank, Suit, multi_deck
from .moves import Play

ALL_CARDS: tuple[Card, ...] = multi_deck(3, jokers=True)
"""The 162 cards: three decks of 52 cards plus a black and a red Joker each."""

ID: dict[Card, int] = {card: i for i, card in enumerate(ALL_CARDS)}
JOKERS = (Rank.BLACK_JOKER, Rank.RED_JOKER)
BLACK_SUITS = frozenset({Suit.CLUBS, Suit.SPADES})


def card_points(card: Card) -> int:
    """What ``card`` costs its holder when a hand ends (the seed's values)."""
    rank = card.rank
    if rank == Rank.SEVEN or rank == Rank.RED_JOKER:
        return 50
    if rank in (Rank.JACK, Rank.QUEEN):
        return 30
    if rank == Rank.BLACK_JOKER:
        return 35
    if rank == Rank.ACE:
        return 25 if card.suit == Suit.SPADES else 15
    if rank in (Rank.KING, Rank.THREE):
        return 20
    if rank == Rank.TWO:
        return 10
    return int(rank)  # 4, 5, 6, 8, 9, 10: face value


def attack_value(card: Card) -> int:
    """How many cards ``card`` makes the next player draw (0: not an attack card)."""
    rank = card.rank
    if rank == Rank.TWO:
        return 2
    if rank == Rank.ACE:
        return 5 if card.suit == Suit.SPADES else 3
    if rank == Rank.BLACK_JOKER:
        return 7
    if rank == Rank.RED_JOKER:
        return 10
    return 0


def power(card: Card) -> str:
    """What playing ``card`` does besides covering the top card: ``"seven"``
    (its player names a suit), ``"jack"`` (the next player loses the turn
    unless they counter), ``"queen"`` (the play reverses), ``"king"`` (its
    player plays again), ``"attack"`` (the next player draws unless they
    answer), ``"three"`` (it removes an attack; otherwise a plain card) or
    ``""`` (nothing)."""
    if attack_value(card):
        return "attack"
    return _POWERS.get(card.rank, "")


_POWERS = {Rank.SEVEN: "seven", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.THREE: "three"}


def is_black(rank: Rank, suit: Suit | None) -> bool:
    if suit is None:
        return rank == Rank.BLACK_JOKER
    return suit in BLACK_SUITS


def is_good_play(card: Card, top_rank: Rank, suit: Suit | None) -> bool:
    """May ``card`` go on a top card of ``top_rank`` with ``suit`` in force?

    A 7 goes on anything. On a Joker: any card of its colour, a 7, or the other
    Joker. A Joker goes on a suit of its colour. Otherwise the rank or the
    suit in force must match.
    """
    if card.rank == Rank.SEVEN:
        return True
    if top_rank in JOKERS:
        return card.suit is None or is_black(card.rank, card.suit) == (top_rank == Rank.BLACK_JOKER)
    if card.suit is None:
        return is_black(card.rank, None) == is_black(top_rank, suit)
    return card.rank == top_rank or card.suit == suit


# -- per card id --------------------------------------------------------------------
RANK: tuple[Rank, ...] = tuple(c.rank for c in ALL_CARDS)
SUIT: tuple[Suit | None, ...] = tuple(c.suit for c in ALL_CARDS)
POINTS: tuple[int, ...] = tuple(card_points(c) for c in ALL_CARDS)
ATTACK: tuple[int, ...] = tuple(attack_value(c) for c in ALL_CARDS)
POWER: tuple[str, ...] = tuple(power(c) for c in ALL_CARDS)
FACE: tuple[str, ...] = tuple(c.face for c in ALL_CARDS)
CODE: tuple[str, ...] = tuple(c.code for c in ALL_CARDS)
BYTE: tuple[bytes, ...] = tuple(bytes((i,)) for i in range(len(ALL_CARDS)))
"""Each id as a one-byte ``bytes``, to put it on a pile (``OneCardState.discard``)."""
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(c, s) for s in Suit) if c.rank == Rank.SEVEN else (Play(c),) for c in ALL_CARDS
)
"""The ready-made ``Play`` moves of each card (a 7 names each of the four suits)."""

# -- per situation --------------------------------------------------------------------
Mask = tuple[bool, ...]


K = TypeVar("K")
V = TypeVar("V")


class Lazy(dict[K, V]):
    """A dictionary that builds a missing value with ``make(key)`` and keeps it."""

    def __init__(self, make: Callable[..., V]) -> None:  # (make(key): a lambda may bind more by default)
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


BySituation = tuple[Lazy[Suit | None, Mask], ...]  # by rank, then by the suit in force


def by_situation(allowed: Callable[[Card, Rank, Suit | None], bool]) -> BySituation:
    """``table[rank][suit][card id]``: whether ``allowed(card, rank, suit)``.
    Each situation's mask is computed the first time it is needed."""

    def per_rank(rank: int) -> Lazy[Suit | None, Mask]:
        return Lazy(lambda suit: tuple(allowed(card, Rank(rank), suit) for card in ALL_CARDS))

    return tuple(per_rank(rank) for rank in range(max(Rank) + 1))


def by_top(allowed: Callable[[Card, Rank, Suit | None], bool]) -> Lazy[int, Mask]:
    """``table[top card id][card id]``: ``allowed`` on the top card with its
    own suit in force (every top but a 7 whose player named a suit)."""
    situations = by_situation(allowed)
    return Lazy(lambda top: situations[RANK[top]][SUIT[top]])


GOOD = by_situation(is_good_play)
"""The good plays on each situation."""
GOOD_ON: Lazy[int, Mask] = Lazy(lambda top: GOOD[RANK[top]][SUIT[top]])
"""The good plays on a top card with its own suit in force."""
GOOD_NAMED = GOOD[Rank.SEVEN]
"""The good plays on a 7 whose player named a suit, by that suit."""


def answers_attack(card: Card, rank: Rank, suit: Suit | None, at_least: bool, three_anywhere: bool) -> bool:
    """May an attacked player play ``card`` on the attack card ``rank``/``suit``?"""
    good = is_good_play(card, rank, suit)
    if card.rank == Rank.THREE:
        return three_anywhere or good
    value = attack_value(card)
    return value > 0 and good and (not at_least or value >= attack_value(Card(rank, suit)))


def counters_jack(card: Card, rank: Rank, suit: Suit | None, jack_too: bool, any_suit: bool) -> bool:
    """May a player facing the Jack ``rank``/``suit`` counter it with ``card``?"""
    if card.rank != Rank.QUEEN and not (jack_too and card.rank == Rank.JACK):
        return False
    return any_suit or is_good_play(card, rank, suit)


def _answers_with(at_least: bool, three_anywhere: bool) -> Callable[[Card, Rank, Suit | None], bool]:
    return lambda card, rank, suit: answers_attack(card, rank, suit, at_least, three_anywhere)


def _counters_with(jack_too: bool, any_suit: bool) -> Callable[[Card, Rank, Suit | None], bool]:
    return lambda card, rank, suit: counters_jack(card, rank, suit, jack_too, any_suit)


ANSWERS: dict[tuple[bool, bool], Lazy[int, Mask]] = {
    (at_least, anywhere): by_top(_answers_with(at_least, anywhere))
    for at_least in (False, True)
    for anywhere in (False, True)
}
"""``ANSWERS[attack_at_least_as_high, three_on_anything][top card id]``: what
an attacked player may play."""

COUNTERS: dict[tuple[bool, bool], Lazy[int, Mask]] = {
    (jack_too, any_suit): by_top(_counters_with(jack_too, any_suit))
    for jack_too in (False, True)
    for any_suit in (False, True)
}
"""``COUNTERS[jack_countered_by_jack, queen_counter_any_suit][top card id]``:
what counters a Jack."""


def card_ids(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(ID[card] for card in cards)


def cards_of(ids: Iterable[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in ids)
