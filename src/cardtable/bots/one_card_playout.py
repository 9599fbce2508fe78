"""One-Card's rule-based play on the engine's card ids and action codes: the
normal rules, the hard level's tuned rules, and the search's playouts.

``Scorer`` rates a play in a normal turn; its ``Weights`` are the rules' knobs
(``NORMAL`` for the normal level, ``HARD`` for the hard level's prior and
playouts, tuned against ``normal``: docs/bots.md). ``rules_on_codes(weights)``
is the rules as a playout policy on the integer action interface,
``(state, seat, codes, rng) -> code`` with ``codes`` what
``OneCard.legal_actions`` lists: ``playout_hard`` makes exactly the move
``one_card.hard_rules`` makes from the seat's view (a test checks it, and the
normal weights, on many positions), but it reads the hand as card ids from the
sampled state and answers every question about a play with a look-up in the
engine's public tables (``games.one_card.tables``, ``actions.PLAY_OF``), so a
playout step builds no view, no move and no ``Card``. It is used only inside
the search, on states the search sampled itself; the search's own decisions
still start from the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.cards import Rank, Suit
from ..games.one_card.actions import DRAW_CODE, FACES, PASS_CODE, PLAY_OF, SEVENS
from ..games.one_card.moves import Draw, Pass
from ..games.one_card.tables import ATTACK, GOOD, ID, POINTS, RANK, SUIT, Lazy

SEVEN, THREE, JACK, QUEEN, KING = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN, Rank.KING

#: the codes that are not plays (``actions.PLAY_OF`` gives each play code's card id, its
#: first deck's copy, the copies playing alike, and the suit it names)
NOT_PLAYS = bytes((DRAW_CODE, PASS_CODE))
#: ``NOT_GOOD[rank][suit]``: the card ids that are not good plays in that situation, as
#: ``bytes``: ``len(hand.translate(None, NOT_GOOD[rank][suit]))`` counts a hand's good
#: plays in one call into C (the loop over the hand it replaces cost the search about 8%)
NOT_GOOD: tuple[Lazy[Suit | None, bytes], ...] = tuple(
    Lazy(lambda suit, rank=rank: bytes(i for i, ok in enumerate(GOOD[rank][suit]) if not ok))
    for rank in range(len(GOOD))
)


class Facts(NamedTuple):
    """What the scoring of a play reads about its code, looked up once (``FACTS``)."""

    card: int  # the card id played (its first deck's copy: the copies play alike)
    rank: Rank
    named: Suit | None  # the suit a 7 names
    points: int
    attack: int
    not_good: bytes  # the cards that may not follow it (``NOT_GOOD`` of the situation it leaves)
    good: bool  # whether the card could follow itself (then it is not counted as its own follower)


def _facts(card: int, named: Suit | None) -> Facts:
    rank = RANK[card]
    suit = SUIT[card] if named is None else named
    return Facts(card, rank, named, POINTS[card], ATTACK[card], NOT_GOOD[rank][suit], GOOD[rank][suit][card])


#: per play code (0-69), its ``Facts`` as a plain tuple: ``Scorer.score`` unpacks
#: one at every rating, and a plain tuple unpacks in one instruction, a named
#: tuple through its iterator
FACTS: tuple[tuple[Any, ...], ...] = tuple(tuple(_facts(card, named)) for card, named in PLAY_OF)


def code_of(card: int, named: Suit | None) -> int:
    """The action code of playing card id ``card`` (naming ``named``, a 7's suit)."""
    if RANK[card] != SEVEN:
        return card % FACES
    return SEVENS + 4 * (SUIT[card] or 0) + (named if named is not None else 0)


def play_code(move: Any) -> int:
    """The action code of a ``Play`` of One-Card (its card and the suit it names)."""
    return code_of(ID[move.card], move.suit)


def fallback(moves: Sequence[Any]) -> Any:
    """A draw if there is one, else a pass, else the first move (no play worth making)."""
    for m in moves:
        if type(m) is Draw:
            return m
    for m in moves:
        if type(m) is Pass:
            return m
    return moves[0]


def follow_count(hand: bytes, rank: int, suit: Suit | None) -> int:
    """How many cards of ``hand`` (card ids) are good plays on ``rank`` with ``suit`` in force."""
    return len(hand.translate(None, NOT_GOOD[rank][suit]))


def _best_suit(hand: Sequence[int]) -> Suit | None:
    count: dict[Suit, int] = {}
    for c in hand:
        suit = SUIT[c]
        if suit is not None and RANK[c] != SEVEN:
            count[suit] = count.get(suit, 0) + 100 + POINTS[c]
    if not count:
        return None
    return max(count, key=lambda s: (count[s], -s))


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the rules' scoring of a play in a normal turn (``Scorer.score``)."""

    #: an opponent holding this many cards or fewer is close to going out
    danger: int = 2
    #: per point of the card, and per card left to follow with, when an opponent is close to going out
    points_danger: float = 1.0
    follow_danger: float = 2.0
    #: the same otherwise
    points_calm: float = 0.3
    follow_calm: float = 3.0
    #: what spending a 7 costs (as the last but one card, otherwise), and naming another suit than the best
    seven_last: float = 5.0
    seven: float = 25.0
    seven_suit: float = 3.0
    #: what spending a 3 costs (with an opponent close to going out, otherwise)
    three_danger: float = 0.0
    three: float = 15.0
    #: an attack on a next player about to go out: this plus its value; otherwise, when calm, minus this
    attack_next: float = 20.0
    attack_calm: float = 10.0
    #: tempo with two players: a Jack, a Queen that skips
    jack_two: float = 8.0
    queen_two: float = 8.0
    #: a King with a card to follow it, and without
    king_follow: float = 6.0
    king_alone: float = -5.0
    #: a play that leaves a lone 7
    last_seven: float = 10.0
    #: with three or more players: a Jack that skips the weakest opponent (the next
    #: player), any other Jack, a Queen that turns play away from the weakest
    jack_threat: float = 15.0
    jack_many: float = 3.0
    queen_threat: float = 10.0


#: the normal level's rules
NORMAL = Weights()
#: the hard level's rules (its prior and its playouts): the normal rules with the
#: knobs tuned in self-play against them (docs/bots.md gives the runs), with two
#: players and with more
HARD = Weights(points_calm=-0.01, follow_calm=2.0, three=25.0, queen_two=4.0, king_follow=9.0)
HARD_MANY = Weights(danger=1)


def hard_weights(players: int) -> Weights:
    return HARD if players == 2 else HARD_MANY


def rules_on_codes(
    weights: Weights | Callable[[int], Weights],
) -> Callable[[Any, int, bytes, random.Random], int]:
    """The rules with ``weights`` (or ``weights(players)``) as a playout policy on
    action codes: ``(state, seat, codes, rng) -> code``, ``codes`` being what
    ``OneCard.legal_actions`` listed for ``seat`` (two or more)."""
    by_players = weights if callable(weights) else (lambda players: weights)

    def playout(state: Any, seat: int, codes: bytes, rng: random.Random) -> int:
        plays = codes.translate(None, NOT_PLAYS)
        if len(plays) < 2:  # (no choice among plays: the rules play the only one, else draw or pass)
            return plays[0] if plays else (DRAW_CODE if DRAW_CODE in codes else codes[0])
        table, hands, pile, discard, turn, mode = state
        hand = hands[seat]
        if mode.jack:  # (a Jack is countered with a Queen or a Jack: a face's code is its card id)
            return max(plays, key=lambda c: follow_count(hand, RANK[c], SUIT[c]))
        sizes = list(map(len, hands))
        n = len(sizes)
        if mode.pending:  # (an attack is answered with an attack card or a 3: never a 7)
            attacks = [c for c in plays if ATTACK[c]]
            if attacks:
                if sizes[(seat + mode.direction) % n] <= 2:
                    return max(attacks, key=ATTACK.__getitem__)
                return min(attacks, key=lambda c: (ATTACK[c], -POINTS[c]))
            for c in plays:
                if RANK[c] == THREE:
                    return c
            return DRAW_CODE if DRAW_CODE in codes else PASS_CODE
        scorer = Scorer(hand, sizes, seat, mode.direction, table.options.queen_skips_with_two, by_players(n))
        return max(plays, key=scorer.score)

    return playout


playout_hard = rules_on_codes(hard_weights)


_UNKNOWN = object()


class Scorer:
    """How much the normal rules like a play in a normal turn, on card ids: the one
    scoring of the normal level, for its own decisions and inside playouts."""

    __slots__ = (
        "w", "hand", "two", "next_size", "prev_size", "threat", "danger", "_suit", "queen_skips",
        "per_point", "per_follower",
    )  # fmt: skip

    def __init__(
        self,
        hand: bytes,
        sizes: Sequence[int],
        seat: int,
        direction: int,
        queen_skips: bool,
        weights: Weights = NORMAL,
    ) -> None:
        n = len(sizes)
        self.w = weights
        self.hand = hand
        self.two = n == 2
        self.next_size = sizes[(seat + direction) % n]
        self.prev_size = sizes[(seat - direction) % n]
        self.threat = min([*sizes[:seat], *sizes[seat + 1 :]])  # (the others' smallest hand)
        self.danger = self.threat <= weights.danger
        self._suit: Any = _UNKNOWN
        self.queen_skips = queen_skips
        # what a point of the card and a card left to follow it weigh (close to the end, or calm)
        if self.danger:
            self.per_point, self.per_follower = weights.points_danger, weights.follow_danger
        else:
            self.per_point, self.per_follower = weights.points_calm, weights.follow_calm

    @property
    def suit(self) -> Suit | None:
        """The suit the rules name with a 7 (the one held most of), worked out when first asked."""
        if self._suit is _UNKNOWN:
            self._suit = _best_suit(self.hand)
        return self._suit

    @classmethod
    def of_view(cls, view: Any, weights: Weights = NORMAL) -> Scorer:
        """The rules' scorer for the seat whose view this is (the bot's own decisions)."""
        hand = bytes(ID[c] for c in view.hand)
        return cls(hand, view.hand_sizes, view.player, view.direction, view.options.queen_skips_with_two, weights)

    def score(self, code: int) -> float:
        """The rules' rating of the play of action code ``code`` (higher is better)."""
        hand = self.hand
        if len(hand) == 1:
            return 1000.0
        card, rank, named, points, attack, not_good, good = FACTS[code]
        follow = len(hand.translate(None, not_good)) - good
        w = self.w
        score = points * self.per_point + follow * self.per_follower
        left = len(hand) - 1
        if rank == SEVEN:
            score -= w.seven_last if left <= 1 else w.seven
            if named != self.suit:
                score -= w.seven_suit
        elif rank == THREE:
            score -= w.three_danger if self.danger else w.three
        elif attack:
            if self.next_size <= 2:
                score += w.attack_next + attack
            elif not self.danger:
                score -= w.attack_calm
        if rank == JACK:
            score += w.jack_two if self.two else (w.jack_threat if self.next_size == self.threat else w.jack_many)
        elif rank == QUEEN:
            if self.two and self.queen_skips:
                score += w.queen_two
            elif not self.two and self.next_size == self.threat and self.prev_size > self.threat:
                score += w.queen_threat
        elif rank == KING:
            score += w.king_follow if follow and left > 1 else w.king_alone
        if left == 1:
            other = hand[1]
            same = RANK[other] == rank and SUIT[other] == SUIT[card]
            last = hand[0] if same else other
            if RANK[last] == SEVEN:
                score += w.last_seven
        return score
