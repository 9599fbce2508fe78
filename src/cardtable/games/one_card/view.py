"""What one seat (or a spectator, ``player=None``) sees of a One-Card game:
the view, building it from a state, and ``determinize`` back to a state."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.cards import Card, Rank, Suit
from ...core.rng import Rng
from .legality import to_act
from .options import Options
from .state import Mode, State, Table, suit_in_force
from .tables import ALL_CARDS, card_ids, cards_of


@dataclass(frozen=True, slots=True)
class OneCardView:
    player: int | None
    options: Options
    hand: tuple[Card, ...]  # the viewer's own hand (empty for a spectator)
    discard: tuple[Card, ...]  # the whole discard pile (public), top card last
    suit: Suit | None  # the suit in force (named with a 7), None on a Joker
    direction: int  # +1 clockwise, -1 counter-clockwise
    pending: int  # the attack total the player to act must answer
    jack_pending: bool  # the player to act must counter a Jack with a Queen or lose the turn
    king_pending: bool  # the player to act is taking a King's extra play
    passes: int  # consecutive passes so far
    draw_size: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    last_points: tuple[int, ...]  # points of the last finished hand; () before the first ends
    last_winner: int | None
    dealer: int
    hand_no: int
    to_act: tuple[int, ...]
    over: bool

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def target(self) -> int:
        return self.options.target


def make_view(state: State, player: int | None) -> OneCardView:
    table, hands, pile, discard, turn, mode = state
    return OneCardView(
        player=player,
        options=table.options,
        hand=() if player is None else cards_of(hands[player]),
        discard=cards_of(discard),
        suit=suit_in_force(discard, mode),
        direction=mode.direction,
        pending=mode.pending,
        jack_pending=mode.jack,
        king_pending=mode.king,
        passes=mode.passes,
        draw_size=len(pile),
        hand_sizes=tuple(len(h) for h in hands),
        totals=table.totals,
        last_points=table.last_points,
        last_winner=table.last_winner,
        dealer=table.dealer,
        hand_no=table.hand_no,
        to_act=to_act(state),
        over=table.over,
    )


def determinize(view: OneCardView, rng: random.Random) -> State:
    """Deal the cards ``view.player`` cannot see at random: the others'
    hands and the draw pile, from the cards not in their hand or the
    discard pile."""
    _, hand, discard, seen, unseen_in_order = _seen(view)
    unseen = list(unseen_in_order)
    rng.shuffle(unseen)
    at = 0
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player:
            hands.append(hand)
        else:
            hands.append(bytes(unseen[at : at + size]))
            at += size
    pile = bytes(unseen[at : at + view.draw_size])
    at += view.draw_size
    cards = ALL_IDS if at == len(unseen) else tuple(sorted(seen | set(unseen[:at])))
    table = Table(
        len(view.hand_sizes), view.options, cards, Rng(rng.getrandbits(64)), view.dealer,
        view.hand_no, view.totals, view.last_points, view.last_winner, view.over,
    )  # fmt: skip
    turn = view.to_act[0] if view.to_act else (view.last_winner or 0)
    named = view.suit if view.top.rank == Rank.SEVEN and view.suit != view.top.suit else None
    mode = Mode(view.direction, view.pending, view.jack_pending, view.king_pending, view.passes, named)
    return (table, tuple(hands), pile, discard, turn, mode)


ALL_IDS = tuple(range(len(ALL_CARDS)))  # a game's cards when every unseen one is dealt (as always)

Seen = tuple[OneCardView | None, bytes, bytes, frozenset[int], tuple[int, ...]]
#: ``determinize``'s last view and what it works out from the view alone: its
#: hand and discard pile as ids, the ids it sees, and those it does not (in id
#: order). A search determinizes one view for every sample,
#: which then costs a copy and the shuffle: 30 -> 20 µs a sample, 4 players.
#: One tuple, replaced whole: safe between threads.
_LAST: list[Seen] = [(None, b"", b"", frozenset(), ())]


def _seen(view: OneCardView) -> Seen:
    last = _LAST[0]
    if last[0] is not view:
        hand, discard = bytes(card_ids(view.hand)), bytes(card_ids(view.discard))
        seen = frozenset(hand) | frozenset(discard)
        unseen = tuple(c for c in ALL_IDS if c not in seen)
        last = _LAST[0] = (view, hand, discard, seen, unseen)
    return last
