"""What the public events of a One-Card hand tell the hard level about the others' hands.

``evidence`` folds the hand's events, one handler per kind of event, into
notes on each opponent's cards (:mod:`.one_card_notes`: the cards they cannot
hold, the cards they are less or more likely to hold, and, with three or more
players, the plays that weigh a whole deal), in nested groups of the cards
held through them. ``deal`` deals the opponents' hands of a sampled state again
to fit the groups, and ``weight`` weighs the deal by the choice notes: the hard
level's kit (importance weighting; docs/bots.md).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, Rank, Suit, parse_card
from ..core.engine import Event, Game
from ..games.one_card import deal_size
from ..games.one_card.events import Dealt, Drawing, Played
from ..games.one_card.tables import ID
from ..games.one_card.view import OneCardView
from .one_card_notes import (
    ATTACK,
    Answered,
    ChoiceNote,
    Chose,
    Countered,
    Evidence,
    Group,
    NamedSuit,
    NoAnswer,
    NoGood,
    NoPlain,
    NoQueen,
    Note,
)
from .search import top_up

SEVEN, THREE = Rank.SEVEN, Rank.THREE

#: With three or more players: how much less likely a deal in which a player's
#: play was not the normal rules' choice among the cards it held then (per such
#: play; ``weight``'s ``miss``)
CHOSE_WEIGHT = 0.25


# -- the fold of a hand's events ------------------------------------------------------------
_SEAT = re.compile(r"^\{p(\d+)\}")


class _Unreadable(Exception):
    """An event the fold cannot follow: the hand gives no evidence."""


class _Hand:
    """The public facts of the hand so far, and the notes each move left."""

    def __init__(self, view: OneCardView, size: int, direction: int) -> None:
        players = self.players = view.players
        self.size = [size] * players  # each hand's size
        self.plays = [0] * players  # each seat's plays so far
        self.notes: list[list[tuple[int, int, Note]]] = [[] for _ in range(players)]  # (size then, plays then, note)
        top = view.discard[0]
        self.rank, self.suit = top.rank, top.suit  # the top card's rank and the suit in force
        self.attack_top = 0  # the attack value of the top card
        self.king_extra = -1  # the seat taking a King's extra play
        self.pending = self.jack = False  # an attack or a Jack to answer
        self.direction = direction
        self.handlers = {"play": self.play, "draw": self.draw, "skip": self.skip, "pass": self.passed}

    def note(self, seat: int, note: Note) -> None:
        self.notes[seat].append((self.size[seat], self.plays[seat], note))

    def read(self, event: Event) -> None:
        handler = self.handlers.get(event.kind)
        if handler is None:
            return
        match = _SEAT.match(event.text)
        if not match or not 0 <= int(match.group(1)) < self.players:
            raise _Unreadable
        handler(int(match.group(1)), event)

    def play(self, seat: int, event: Event) -> None:
        try:
            played = event.payload(Played)
            card = parse_card(played.card)
        except (TypeError, ValueError):
            raise _Unreadable from None
        size, rank, suit = self.size, self.rank, self.suit
        calm = not (self.pending or self.jack)
        if calm and size[seat] >= 3 and _defence_spent(card, seat, size):
            self.note(seat, NoPlain(rank, suit))
        if self.players >= 3 and size[seat] >= 2:
            if calm:
                named = Suit[played.suit] if played.suit else None
                self.note(seat, Chose(rank, suit, ID[card], named, tuple(size), self.direction))
            if self.pending:
                following = size[(seat + self.direction) % self.players]
                self.note(seat, Answered(rank, suit, ID[card], self.attack_top, following))
            if self.jack:
                self.note(seat, Countered(rank, suit, ID[card]))
        effect = played.effect
        if effect == "reverse":
            self.direction = -self.direction
        self.rank = card.rank
        self.suit = Suit[played.suit] if played.suit else card.suit
        self.attack_top = ATTACK.get(card, 0)
        size[seat] -= 1
        self.plays[seat] += 1
        self.king_extra = seat if effect == "king" else -1
        self.pending = effect == "attack" or (effect == "cancel" and bool(played.pending))
        self.jack = effect == "jack"
        if played.suit and size[seat] >= 2:
            self.note(seat, NamedSuit(Suit[played.suit]))

    def draw(self, seat: int, event: Event) -> None:
        self.pending = self.jack = False
        drawing = event.payload(Drawing)
        if drawing.penalty:
            self.note(seat, NoAnswer(self.rank, self.suit, self.attack_top))
        elif self.king_extra != seat:
            self.note(seat, NoGood(self.rank, self.suit))
        self.size[seat] += drawing.count
        self.king_extra = -1

    def skip(self, seat: int, event: Event) -> None:
        self.pending = self.jack = False
        self.note(seat, NoQueen(self.rank, self.suit))
        self.king_extra = -1

    def passed(self, seat: int, event: Event) -> None:
        self.pending = self.jack = False
        if self.king_extra != seat:
            self.note(seat, NoGood(self.rank, self.suit))
        self.king_extra = -1

    def groups(self, seat: int) -> list[Group]:
        """The seat's notes as nested groups: the cards held at a note and still held
        number at least (size then) - (plays since)."""
        notes, played = self.notes[seat], self.plays[seat]
        held = [max(0, then - (played - done)) for then, done, _ in notes]
        for j in range(len(held) - 2, -1, -1):
            held[j] = min(held[j], held[j + 1])
        held[-1] = min(held[-1], self.size[seat])
        groups = []
        for j, count in enumerate(held):
            new = count - (held[j - 1] if j else 0)
            if new > 0:
                groups.append(Group(new, [note for _, _, note in notes[j:]]))
        return groups


def evidence(view: OneCardView, events: Sequence[Event]) -> Evidence:
    """For each opponent, nested groups of the cards in hand (:class:`Group`).

    Read from this hand's public events: a player who drew a card rather than
    play, took an attack's penalty, or lost the turn to a Jack did not hold a
    card that would have done (that is how the rule-based players play, and it
    is what a watching human would infer). A hand of which the events cannot be
    followed gives no evidence."""
    start = 0
    for i, event in enumerate(events):
        if event.kind == "deal":
            start = i + 1
    hand_events = events[start:]
    size = events[start - 1].payload(Dealt).cards if start else deal_size(view.players, view.options)
    reverses = sum(1 for e in hand_events if e.kind == "play" and getattr(_played(e), "effect", "") == "reverse")
    hand = _Hand(view, size, view.direction * (-1) ** reverses)  # the direction at the hand's start
    try:
        for event in hand_events:
            hand.read(event)
    except _Unreadable:
        return {}
    out: Evidence = {}
    for seat in range(view.players):
        if seat == view.player or not hand.notes[seat] or hand.size[seat] != view.hand_sizes[seat]:
            continue
        groups = hand.groups(seat)
        if groups:
            out[seat] = groups
    return out


def _played(event: Event) -> Played | None:
    try:
        return event.payload(Played)
    except (TypeError, ValueError):
        return None


def _defence_spent(card: Card, seat: int, size: Sequence[int]) -> bool:
    """Whether the normal rules would play ``card`` in a normal turn only when no
    plain card will do: a 7 always; a 3 or an attack card while no opponent is
    close to going out (then they dump or attack instead)."""
    if card.rank == SEVEN:
        return True
    if card.rank != THREE and not ATTACK[card]:
        return False
    return min(n for s, n in enumerate(size) if s != seat) > 2


# -- sampling by the evidence -------------------------------------------------------------
def deal(
    game: Game, view: OneCardView, state: Any, rng: random.Random, policy, evidence: Evidence | None = None
) -> Any:
    """Deal the opponents' hands of a sampled state again, each holding only cards
    its hard notes allow, the per-card notes weighing the draw; the choice notes
    are left to ``weight`` (importance weighting, no redeal). ``state`` is one
    ``determinize`` dealt: its hidden cards in a uniformly random order, which
    the deal keeps (shuffling them again would deal alike)."""
    if not evidence:
        return state
    table, hands, pile, discard, turn, mode = state
    placed = list(hands)
    deck = _deal(placed, pile, rng, view.options, evidence)
    return (table, tuple(placed), deck, discard, turn, mode)


def weight(game: Game, view: OneCardView, state: Any, evidence: Evidence | None, miss: float = CHOSE_WEIGHT) -> float:
    """The importance weight of a state ``deal`` sampled: how likely the opponents'
    plays (the choice notes, three or more players) were under the normal rules
    with the hands it holds, ``miss`` per play that was not the rules' choice (1
    when there is nothing to weigh, as with two players). A note is judged on the
    cards held longest (``deal`` places them first)."""
    if not evidence:
        return 1.0
    result = 1.0
    for seat, groups in evidence.items():
        hand = state[1][seat]  # (the state's hands)
        done: set[ChoiceNote] = set()
        held = 0
        for group in groups:
            held += group.count
            for note in group.choices:
                if note in done:
                    continue
                done.add(note)
                if not note.was_choice(hand[:held], seat, view.options):
                    result *= miss
    return result


def _deal(hands: list[bytes], pile: bytes, rng: random.Random, options: Any, evidence: Evidence) -> bytes:
    """Deal the hands of the seats with ``evidence`` again in ``hands`` (card ids),
    from those hands and the draw ``pile`` (in a uniformly random order: ``deal``):
    the draw pile left."""
    seats = sorted(evidence)
    pool = list(pile)
    for seat in seats:
        pool.extend(hands[seat])
    taken = [False] * len(pool)
    # the cards' order for a weighted draw without replacement (Efraimidis and
    # Spirakis): the largest log(u) / weight first; log(u) is drawn once per card
    keys = [math.log(1.0 - rng.random()) for _ in pool]
    for seat in seats:
        size = len(hands[seat])
        hand: list[int] = []
        for group in evidence[seat]:
            count = group.count
            order: Sequence[int] = range(len(pool))
            if group.soft:
                weights = group.weights()
                ratio = [-key / weights[card] for key, card in zip(keys, pool, strict=True)]
                order = sorted(order, key=ratio.__getitem__)
            fits = group.fitting(options)
            for i in order:
                if len(hand) >= size or count == 0:
                    break
                if not taken[i] and fits[pool[i]]:
                    taken[i] = True
                    hand.append(pool[i])
                    count -= 1
        top_up(hand, pool, taken, size)
        hands[seat] = bytes(hand)
    return bytes([card for i, card in enumerate(pool) if not taken[i]])
