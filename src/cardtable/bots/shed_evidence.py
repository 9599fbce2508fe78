"""What the public events of a Shed game tell the hard level about the others' hidden hand cards.

A hand has two parts: the cards everyone saw go in (a picked-up stack, a failed
face-down card, a dealt face-up card taken in the exchange: the view's
``known``) and the private cards, dealt or drawn, that only their owner knows.
The known part is public already; what a player did *not* play says something
about the private part, read against the normal rules (``shed_rules.play_rules``):

* picking up the stack while holding a hand: no card in it could go on the top
  card (the normal rules never pick up while they can play);
* playing a plain rank from the hand: every copy of it was played, and no lower
  plain rank that could go was held (or no higher one, when the next player
  plays blind); playing a 2 or a 10: no plain rank could go (and no 10 with a
  stack of five or more, no 2 with a smaller one). A play that completes four
  of a kind on the stack, and the opening play, say nothing.

Each such fact rules ranks out for the private cards held at that moment, not
for those drawn later, so ``evidence`` keeps, per opponent, *layers*: how many
private cards are bound by which set of ruled-out ranks (older cards carry
every later fact too, so the sets nest). A private card played later leaves
the oldest layer it could have come from, which never claims more than the
truth. A player whose public cards contradict the model (a known card that
the rules would have played) is not read at all. ``resample`` deals the
opponents' private cards of a sampled state again so that each layer holds
only cards of ranks it allows; with a small probability a layer is ignored,
as a player need not play by these rules.

Only the seat's view and the events it could see are read: the public events
and its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.cards import parse_card
from ..core.engine import Event, Game
from ..games.shed.ranks import FOLLOWS
from ..games.shed.state import PLAY, evolve
from ..games.shed.view import ShedView
from .search import top_up
from .shed_rules import next_player

TWO, TEN = 2, 10
PLAIN = frozenset(range(3, 15)) - {TEN}

#: The chance that a sample ignores one layer's ruled-out ranks (players need not play like the model).
IGNORE = 0.05

#: Per opponent: layers, oldest first, of (how many private cards, the ranks none of them is).
Layers = list[tuple[int, frozenset[int]]]


class _Seat:
    """What the events so far say about one seat's hand."""

    __slots__ = ("private", "known", "layers", "regular")

    def __init__(self, private: int) -> None:
        self.private = private  # how many private hand cards
        self.known: list[str] = []  # the known hand cards, by code
        self.layers: list[list] = []  # [count, ruled-out ranks], oldest first
        self.regular = True  # plays like the model so far

    def rule_out(self, ranks: frozenset[int]) -> None:
        """Every private card held now is none of ``ranks``."""
        if not ranks or not self.regular:
            return
        if any(parse_card(c).rank in ranks for c in self.known):
            self.regular = False  # a public card the rules would have played
            self.layers = []
            return
        bound = 0
        for layer in self.layers:
            layer[1] = layer[1] | ranks
            bound += layer[0]
        if self.private > bound:
            self.layers.append([self.private - bound, ranks])
        merged: list[list] = []
        for layer in self.layers:
            if merged and merged[-1][1] == layer[1]:
                merged[-1][0] += layer[0]
            elif layer[0] > 0:
                merged.append(layer)
        self.layers = merged

    def play_private(self, rank: int) -> None:
        """A private card of ``rank`` left the hand: from the oldest layer that allows it."""
        self.private -= 1
        for layer in self.layers:
            if rank not in layer[1]:
                layer[0] -= 1
                if not layer[0]:
                    self.layers.remove(layer)
                return
        if sum(layer[0] for layer in self.layers) > self.private:  # no unbound card played it
            self.regular = False
            self.layers = []


class _Table:
    """The fold of the public events: each seat's hand as the events show it, the
    stack, the deck's size, who went out, and whether the next play opens the game."""

    def __init__(self, view: ShedView, events: Sequence[Event]) -> None:
        self.me = view.player
        self.nine = view.options.nine_plays_lower
        self.four = view.options.four_of_a_kind_burns
        self.seats = [_Seat(view.hand_size) for _ in range(view.players)]
        self.places = [0] * view.players
        self.stack: list[int] = []  # the ranks on the stack, bottom first
        drawn = sum(e.get("count", 0) for e in events if e.kind == "draw" and e.visible_to is None)
        self.deck = view.deck_size + drawn  # the deck's size at each point, counted down
        self.opening = False
        self.handlers = {
            "play": self.play,
            "pickup": self.pickup,
            "flip_fail": self.flip_fail,
            "burn": self.burn,
            "draw": self.draw,
            "reveal": self.reveal,
            "start": self.start,
            "out": self.out,
        }

    def read(self, event: Event) -> None:
        if event.visible_to is not None:
            return  # the seat's own events (its swaps, its copy of a draw): the public ones say it all
        handler = self.handlers.get(event.kind)
        if handler is not None:
            handler(dict(event.data))

    def play(self, data: dict[str, Any]) -> None:
        codes = data["cards"]
        ranks = [parse_card(c).rank for c in codes]
        if data["source"] == "hand":
            seat = data["seat"]
            s = self.seats[seat]
            ruled_out: frozenset[int] = frozenset()
            if not self.opening and seat != self.me:
                ruled_out = self._not_held(ranks[0], len(ranks), seat)
            for code, r in zip(codes, ranks, strict=True):
                if code in s.known:
                    s.known.remove(code)
                else:
                    s.play_private(r)
            s.rule_out(ruled_out)  # (about the cards left)
        self.stack.extend(ranks)
        self.opening = False

    def _not_held(self, rank: int, count: int, seat: int) -> frozenset[int]:
        return _not_held(rank, count, self.stack, self.seats, self.places, seat, self.deck, self.nine, self.four)

    def pickup(self, data: dict[str, Any]) -> None:
        seat = data["seat"]
        s = self.seats[seat]
        if seat != self.me and self.stack and s.private:
            ok = FOLLOWS[self.nine][self.stack[-1]]
            s.rule_out(frozenset(r for r in range(2, 15) if ok[r]))
        s.known.extend(data["cards"])
        self.stack = []

    def flip_fail(self, data: dict[str, Any]) -> None:
        self.seats[data["seat"]].known.extend(data["cards"])
        self.stack = []

    def burn(self, data: dict[str, Any]) -> None:
        self.stack = []

    def draw(self, data: dict[str, Any]) -> None:
        self.seats[data["seat"]].private += data["count"]
        self.deck -= data["count"]

    def reveal(self, data: dict[str, Any]) -> None:
        taken = data["to_hand"]
        s = self.seats[data["seat"]]
        s.private -= len(taken)
        s.known.extend(taken)

    def start(self, data: dict[str, Any]) -> None:
        self.opening = bool(data.get("rank"))

    def out(self, data: dict[str, Any]) -> None:
        self.places[data["seat"]] = data["place"]


def evidence(view: ShedView, events: Sequence[Event]) -> dict[int, Layers]:
    """Per opponent with something ruled out: its layers (``Layers``)."""
    table = _Table(view, events)
    for event in events:
        table.read(event)
    out: dict[int, Layers] = {}
    for seat, s in enumerate(table.seats):
        if seat == view.player or not s.regular or not s.layers:
            continue
        if s.private != view.hand_sizes[seat] - len(view.known[seat]):
            continue  # the events do not add up to the view (a game begun elsewhere): read nothing
        out[seat] = [(count, ranks) for count, ranks in s.layers]
    return out


def _not_held(
    rank: int, count: int, stack: list[int], seats: list[_Seat], places: list[int],
    seat: int, deck: int, nine: bool, four: bool,
) -> frozenset[int]:  # fmt: skip
    """The ranks a normal player who played ``count`` cards of ``rank`` from the hand on
    ``stack`` did not hold afterwards (none when the play says nothing)."""
    run = 0
    for r in reversed(stack):
        if r != rank:
            break
        run += 1
    if four and len(stack) >= 3 and run + count >= 4 and rank not in (TWO, TEN):
        return frozenset()  # completing four of a kind: chosen before any lower rank
    ok = FOLLOWS[nine][stack[-1] if stack else 0]
    playable = frozenset(r for r in PLAIN if ok[r])
    if rank in PLAIN:
        if deck == 0:
            nxt = next_player(seat, places)
            if nxt != seat and seats[nxt].private + len(seats[nxt].known) == 0:
                # the next player plays blind: the rules play their highest rank
                return frozenset(r for r in playable if r > rank) | {rank}
        return frozenset(r for r in playable if r < rank) | {rank}
    out = set(playable) | {rank}
    if rank == TWO and len(stack) >= 5:
        out.add(TEN)
    if rank == TEN and len(stack) < 5:
        out.add(TWO)
    return frozenset(out)


def resample(game: Game, view: ShedView, state: Any, rng: random.Random, policy: Any, evidence: Any = None) -> Any:
    """Deal the hidden cards of a sampled state again so that each opponent's
    private cards fit its layers (each layer ignored with chance ``IGNORE``)."""
    if not evidence or state.phase != PLAY:
        return state
    seats = sorted(evidence)
    hands = list(state.hands)
    down = list(state.down)
    pool = list(state.deck) + list(state.unused)
    for p in range(state.players):
        pool.extend(down[p])
        if p in evidence:
            pool.extend(hands[p])
    rng.shuffle(pool)
    taken = [False] * len(pool)
    for seat in seats:
        size = len(hands[seat])
        hand: list = []
        for count, ranks in evidence[seat]:
            if rng.random() < IGNORE:
                continue
            for i, card in enumerate(pool):
                if not count or len(hand) >= size:
                    break
                if not taken[i] and card[0] not in ranks:
                    taken[i] = True
                    hand.append(card)
                    count -= 1
        top_up(hand, pool, taken, size)
        hands[seat] = tuple(hand)
    rest = iter([card for i, card in enumerate(pool) if not taken[i]])
    for p in range(state.players):
        down[p] = tuple(next(rest) for _ in down[p])
    deck = tuple(next(rest) for _ in state.deck)
    unused = tuple(rest)
    return evolve(state, hands=tuple(hands), down=tuple(down), deck=deck, unused=unused)
