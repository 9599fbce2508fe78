"""The deal: how many cards each player gets, and stacked decks for tests and puzzles.

Also :func:`position`, a play-phase position built directly (puzzles, tests).

A deck is dealt from the top (index 0) in one block per seat, seat 0 first:
that seat's face-down cards (left to right), then its face-up cards, then its
hand; then the next seat. What is left is the draw deck (top first); in the
short game only its first 16 cards are the draw deck and the rest is set
aside unused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.cards import Card, Rank, parse_card
from ...core.engine import BadOptions
from ...core.rng import Rng
from .cards import FULL_DECK, FULL_DECK_SET, Cards
from .options import Options
from .state import EXCHANGE, PLAY, ShedState

#: Cards per player in each of the three rows (face-down, face-up, hand).
DEAL_SIZES: Mapping[int, int] = {2: 6, 3: 4, 4: 3}
#: The short game deals 3 of each whatever the number of players.
SHORT_DEAL_SIZE = 3
#: The short game's draw deck.
SHORT_DRAW_SIZE = 16


def deal_size(players: int, short_game: bool) -> int:
    """Cards per row (face-down, face-up, hand) for ``players`` players."""
    return SHORT_DEAL_SIZE if short_game else DEAL_SIZES[players]


def check_deck(deck: tuple[Card, ...]) -> None:
    """Refuse an explicit deck that is not one standard deck."""
    if len(deck) != len(FULL_DECK) or set(deck) != FULL_DECK_SET:
        raise BadOptions("Shed is dealt from one standard 52-card deck: the deck must hold each card once")


def deal(players: int, options: Options, cards: tuple[Card, ...], rng: Rng) -> ShedState:
    """The first state: ``cards`` (top first) dealt in one block per seat
    (face-down, face-up, hand), the rest the draw deck; the exchange begins."""
    size = deal_size(players, options.short_game)
    down, up, hands = [], [], []
    pos = 0
    for _ in range(players):
        down.append(cards[pos : pos + size])
        up.append(cards[pos + size : pos + 2 * size])
        hands.append(cards[pos + 2 * size : pos + 3 * size])
        pos += 3 * size
    rest = cards[pos:]
    if options.short_game:
        draw, unused = rest[:SHORT_DRAW_SIZE], rest[SHORT_DRAW_SIZE:]
    else:
        draw, unused = rest, ()
    return ShedState(
        players=players,
        options=options,
        hand_size=size,
        phase=EXCHANGE,
        turn=-1,
        done=(False,) * players,
        hands=tuple(hands),
        known=((),) * players,
        up=tuple(up),
        dealt_up=tuple(up),
        down=tuple(down),
        deck=draw,
        unused=unused,
        stack=(),
        burned=(),
        places=(0,) * players,
        start_rank=0,
        stall=0,
        rng=rng,
    )


def _cards(items: Sequence[Card | str]) -> list[Card]:
    return [parse_card(c) if isinstance(c, str) else c for c in items]


def stacked_deck(
    players: int,
    *,
    down: Mapping[int, Sequence[Card | str]] | None = None,
    up: Mapping[int, Sequence[Card | str]] | None = None,
    hands: Mapping[int, Sequence[Card | str]] | None = None,
    draw: Sequence[Card | str] = (),
    short_game: bool = False,
) -> tuple[Card, ...]:
    """A full 52-card deck order that deals the given cards.

    ``down``/``up``/``hands`` map seats to their cards (fewer than the deal size
    is fine); ``draw`` is the top of the draw deck. Every unnamed place is
    filled from the unused cards, highest ranks first (Aces, then Kings...),
    so filler cards are unlikely to decide who starts.
    """
    size = deal_size(players, short_game)
    rows = [down or {}, up or {}, hands or {}]
    named: list[Card] = []
    for row in rows:
        for cards in row.values():
            named += _cards(cards)
    named += _cards(draw)
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    unknown = [c for c in named if c not in FULL_DECK_SET]
    if unknown:
        raise ValueError(f"not cards of a standard deck: {unknown}")
    filler = sorted(
        (c for c in FULL_DECK if c not in set(named)),
        key=lambda c: (-int(c.rank) if c.rank != Rank.TWO else 0, c.suit),
    )
    fill = iter(filler)
    order: list[Card] = []
    for seat in range(players):
        for row in rows:
            cards = _cards(row.get(seat, ()))
            if len(cards) > size:
                raise ValueError(f"seat {seat} is given {len(cards)} cards in a row of {size}")
            order += cards + [next(fill) for _ in range(size - len(cards))]
    order += _cards(draw)
    order += list(fill)
    return tuple(order)


SeatCards = Mapping[int, Sequence[Card | str]]  # per seat, its cards (or their codes)
ROWS = ("hands", "known", "up", "down")  # the per-seat rows a position names


def position(
    players: int,
    *,
    stack: Sequence[Card | str] = (),
    deck: Sequence[Card | str] = (),
    turn: int = 0,
    places: Sequence[int] | None = None,
    options: Options | Mapping[str, Any] | None = None,
    seed: int = 0,
    **rows: SeatCards,
) -> ShedState:
    """A position in the middle of play: the named cards where given, every other card burned.

    ``rows`` name each seat's cards by row: ``hands`` (the cards only their
    owner knows), ``known`` (the hand cards everyone knows), ``up`` and
    ``down``; ``stack`` is bottom first (its last card is the top); ``deck`` is
    top first. Nothing is checked beyond the cards being distinct: run
    ``GAME.invariant_violations`` on the result if in doubt.
    """
    strange = set(rows) - set(ROWS)
    if strange:
        raise TypeError(f"position() names no row {sorted(strange)[0]!r} (rows: {', '.join(ROWS)})")
    opts = options if isinstance(options, Options) else Options.model_validate(dict(options or {}))

    def seat_rows(name: str) -> tuple[Cards, ...]:
        mapping = rows.get(name) or {}
        return tuple(tuple(_cards(mapping.get(p, ()))) for p in range(players))

    state_hands, state_known, state_up, state_down = (seat_rows(name) for name in ROWS)
    stack_cards, deck_cards = tuple(_cards(stack)), tuple(_cards(deck))
    named = [c for row in (*state_hands, *state_known, *state_up, *state_down) for c in row]
    named += [*stack_cards, *deck_cards]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    burned = tuple(c for c in FULL_DECK if c not in set(named))
    return ShedState(
        players=players,
        options=opts,
        hand_size=deal_size(players, opts.short_game),
        phase=PLAY,
        turn=turn,
        done=(True,) * players,
        hands=state_hands,
        known=state_known,
        up=state_up,
        dealt_up=((),) * players,
        down=state_down,
        deck=deck_cards,
        unused=(),
        stack=stack_cards,
        burned=burned,
        places=tuple(places) if places is not None else (0,) * players,
        start_rank=0,
        stall=0,
        rng=Rng.from_seed(seed),
    )
