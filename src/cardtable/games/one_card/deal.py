"""Dealing a hand of One-Card, and stacking a deck for tests and puzzles."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ...core.engine import BadOptions, Event
from ...core.rng import Rng
from .events import SEAT
from .options import Options
from .state import PLAIN, State, Table, evolve_table
from .tables import ALL_CARDS, CODE, FACE, SUIT, card_ids

Result = tuple[State, tuple[Event, ...]]


def deal_size(players: int, options: Options) -> int:
    """Cards dealt to each player: the option, else 7 with two players and 5 with more."""
    if options.hand_size is not None:
        return options.hand_size
    return 7 if players == 2 else 5


def check_deck(players: int, options: Options, deck: tuple[Card, ...]) -> None:
    """Refuse a stacked deck that is not a set of One-Card's cards or is too small to deal."""
    if len(set(deck)) != len(deck):
        raise BadOptions("the deck holds a card twice")
    strangers = set(deck) - set(ALL_CARDS)
    if strangers:
        raise BadOptions(f"cards not in One-Card's three decks: {' '.join(sorted(c.code for c in strangers))}")
    needed = players * deal_size(players, options) + 1
    if sum(1 for c in deck if c.suit is not None) < needed:
        raise BadOptions(f"the deck needs at least {needed} cards that are not Jokers to deal this hand")


def first_state(players: int, options: Options, order: tuple[Card, ...], rng: Rng, seed: int) -> Result:
    """The first hand of a game and the events of its deal: the dealer drawn
    from ``seed`` (``rng`` is past that draw and the shuffle), then ``order``
    (top card first) dealt."""
    dealer = first_dealer(players, seed)
    ids = card_ids(order)
    table = Table(players, options, tuple(sorted(ids)), rng, dealer, 1, (0,) * players, (), None, False)
    return deal(table, ids)


def deal(table: Table, order: tuple[int, ...], logged: bool = True) -> Result:
    """Deal ``order`` (card ids, top card first) one card at a time clockwise
    from the dealer's left, then turn the up-card. A Joker turned up goes back
    into the draw pile at a random place below the top card, and the next card
    is turned. The up-card's power does not apply. (The events only if ``logged``.)"""
    players = table.players
    size = deal_size(players, table.options)
    leader = (table.dealer + 1) % players
    hands = tuple(bytes(order[(seat - leader) % players : size * players : players]) for seat in range(players))
    pile = order[size * players :]
    events: list[Event] = []
    if logged:
        text = f"Hand {table.hand_no}: {SEAT[table.dealer]} deals {size} cards to each player; {SEAT[leader]} leads."
        data = (("hand", table.hand_no), ("dealer", table.dealer), ("leader", leader), ("cards", size))
        events.append(Event("deal", text, data=data))
    rng = table.rng
    while SUIT[pile[0]] is None:  # a Joker
        joker, rest = pile[0], pile[1:]
        place, rng = rng.below(len(rest))
        pile = rest[: place + 1] + (joker,) + rest[place + 1 :]
        if logged:
            text = f"The {FACE[joker]} is turned up and put back into the draw pile."
            events.append(Event("upcard_joker", text, data=(("card", CODE[joker]),)))
    up = pile[0]
    if logged:
        text = f"The up-card is {FACE[up]} (its power does not apply)."
        events.append(Event("upcard", text, data=(("card", CODE[up]),)))
    table = evolve_table(table, rng=rng, over=False)
    return (table, hands, bytes(pile[1:]), bytes((up,)), leader, PLAIN[1]), tuple(events)


def dealer_draw(players: int, seed: int) -> tuple[int, Rng]:
    """The dealer of a game's first hand, drawn from ``seed``, and the generator after the draw."""
    return Rng.from_seed(seed).below(players)


def first_dealer(players: int, seed: int) -> int:
    """The dealer of a game's first hand, drawn from ``seed``."""
    return dealer_draw(players, seed)[0]


def stacked_deck(
    players: int,
    hands: Sequence[Sequence[Card]],
    up: Card,
    pile: Sequence[Card] = (),
    seed: int = 0,
    rest: bool = True,
) -> tuple[Card, ...]:
    """A deck order (top card first) for ``new(players, seed=seed, deck=...)``
    that deals ``hands[seat]`` to each seat, turns ``up`` and leaves ``pile``
    on top of the draw pile, followed by every other card (``rest=True``) or
    by nothing. The hands must all have the game's hand size."""
    size = len(hands[0])
    if len(hands) != players or any(len(h) != size for h in hands):
        raise ValueError(f"give {players} hands of the same size")
    leader = (first_dealer(players, seed) + 1) % players
    order = [hands[(leader + i) % players][i // players] for i in range(size * players)]
    order.append(up)
    order.extend(pile)
    if rest:
        used = set(order)
        order.extend(c for c in ALL_CARDS if c not in used)
    return tuple(order)
