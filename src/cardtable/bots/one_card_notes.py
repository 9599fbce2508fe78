"""The notes the hard level takes of One-Card's public events: typed records of
what a move showed about its player's hand, read against the normal rules
(``one_card_evidence`` reads them from the events; docs/bots.md explains them).

* Hard notes (:data:`HardNote`) rule a card out: :class:`NoGood` (drew or passed rather
  than play), :class:`NoAnswer` (took an attack's penalty), :class:`NoQueen`
  (lost the turn to a Jack).
* Card notes (:data:`CardNote`) make a card less or more likely: :class:`NoPlain` (spent
  defence in a normal turn, which the rules do only when no plain card will
  do), :class:`NamedSuit` (named a suit with a 7: the rules name the suit they
  hold most of).
* Choice notes (:data:`ChoiceNote`, three or more players) weigh a whole deal: :class:`Chose`
  (a play in a normal turn), :class:`Answered` (a play under an attack),
  :class:`Countered` (a Jack countered): was the play the rules' choice among
  the cards held then?

A :class:`Group` binds the notes to the cards an opponent held through them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, Rank, Suit
from ..games.one_card import ALL_CARDS, attack_value, is_good_play
from ..games.one_card.tables import ATTACK as ATTACK_ID
from ..games.one_card.tables import GOOD, RANK, SUIT
from ..games.one_card.tables import POINTS as POINTS_ID
from .one_card_playout import NORMAL, Scorer, code_of

SEVEN, THREE, JACK, QUEEN = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN
ATTACK = {card: attack_value(card) for card in ALL_CARDS}

#: How much less likely a plain good card is in a hand that played defence instead
NOPLAIN_WEIGHT = 0.3
#: How much more likely a card of the suit its holder named with a 7
SUIT_WEIGHT = 2.5


def is_plain(card: Card) -> bool:
    """Neither a 7, a 3 nor an attack card: no defence."""
    return card.rank != SEVEN and card.rank != THREE and not ATTACK[card]


# -- the notes --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NoGood:
    """Drew or passed in a normal turn: held no good play on ``rank`` with ``suit`` in force."""

    rank: Rank
    suit: Suit | None

    def rules_out(self, card: Card, options: Any) -> bool:
        return is_good_play(card, self.rank, self.suit)


@dataclass(frozen=True, slots=True)
class NoAnswer:
    """Took an attack's penalty: held no 3 and no attack card that passes an attack of ``attack`` on."""

    rank: Rank
    suit: Suit | None
    attack: int

    def rules_out(self, card: Card, options: Any) -> bool:
        if card.rank == THREE:
            return options.three_on_anything or is_good_play(card, self.rank, self.suit)
        value = ATTACK[card]
        if value and is_good_play(card, self.rank, self.suit):
            return value >= self.attack or not options.attack_at_least_as_high
        return False


@dataclass(frozen=True, slots=True)
class NoQueen:
    """Lost the turn to a Jack: held nothing that counters it."""

    rank: Rank
    suit: Suit | None

    def rules_out(self, card: Card, options: Any) -> bool:
        if card.rank == QUEEN or (card.rank == JACK and options.jack_countered_by_jack):
            return options.queen_counter_any_suit or is_good_play(card, self.rank, self.suit)
        return False


@dataclass(frozen=True, slots=True)
class NoPlain:
    """Spent defence in a normal turn on ``rank`` with ``suit``: a plain good play is less likely held."""

    rank: Rank
    suit: Suit | None

    def weight(self, card: Card) -> float:
        return NOPLAIN_WEIGHT if is_plain(card) and is_good_play(card, self.rank, self.suit) else 1.0


@dataclass(frozen=True, slots=True)
class NamedSuit:
    """Named ``suit`` with a 7: a card of that suit (7s aside) is more likely held."""

    suit: Suit

    def weight(self, card: Card) -> float:
        return SUIT_WEIGHT if card.suit == self.suit and card.rank != SEVEN else 1.0


@dataclass(frozen=True, slots=True)
class Chose:
    """A play in a normal turn (three or more players): ``played`` (a card id) on
    ``rank`` and ``suit``, naming ``named``, with the hand ``sizes`` and ``direction`` then."""

    rank: Rank
    suit: Suit | None
    played: int
    named: Suit | None
    sizes: tuple[int, ...]
    direction: int

    def was_choice(self, held: Sequence[int], seat: int, options: Any) -> bool:
        """Whether the normal rules, holding ``held`` (card ids) and the card played,
        would have played it (or one they like as much): the play they score highest,
        and with a 7 the suit they hold most of."""
        played, named = self.played, self.named
        good = GOOD[self.rank][self.suit]
        alternatives = [c for c in held if good[c] and (RANK[c], SUIT[c]) != (RANK[played], SUIT[played])]
        seven = RANK[played] == SEVEN and named is not None
        if not alternatives and not seven:
            return True
        scorer = Scorer(bytes((played, *held)), self.sizes, seat, self.direction, options.queen_skips_with_two, NORMAL)
        if seven and scorer.suit is not None and named != scorer.suit:
            return False  # the rules name the suit they hold most of (7s aside)
        if not alternatives:
            return True
        mine = scorer.score(code_of(played, named))
        for c in alternatives:
            other = (scorer.suit if scorer.suit is not None else Suit(0)) if RANK[c] == SEVEN else None
            if scorer.score(code_of(c, other)) > mine + 1e-9:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Answered:
    """A play under an attack of ``attack`` (three or more players), the next player holding ``next_size``."""

    rank: Rank
    suit: Suit | None
    played: int
    attack: int
    next_size: int

    def was_choice(self, held: Sequence[int], seat: int, options: Any) -> bool:
        """The rules answer with the smallest attack card that passes it on (the
        biggest when the next player holds 2 cards or fewer), a 3 only without one."""
        could = NoAnswer(self.rank, self.suit, self.attack)
        attacks = [c for c in held if ATTACK_ID[c] and could.rules_out(ALL_CARDS[c], options)]
        if not attacks:
            return True
        played = self.played
        if not ATTACK_ID[played]:
            return False  # a 3 spent while an attack card would have passed it on
        if self.next_size <= 2:
            return all(ATTACK_ID[c] <= ATTACK_ID[played] for c in attacks)
        mine = (ATTACK_ID[played], -POINTS_ID[played])
        return all((ATTACK_ID[c], -POINTS_ID[c]) >= mine for c in attacks)


@dataclass(frozen=True, slots=True)
class Countered:
    """A Jack countered with ``played`` (three or more players)."""

    rank: Rank
    suit: Suit | None
    played: int

    def was_choice(self, held: Sequence[int], seat: int, options: Any) -> bool:
        """The rules counter with the card most of the hand can follow."""
        could = NoQueen(self.rank, self.suit)
        hand = [self.played, *held]

        def follow(card: int) -> int:
            good = GOOD[RANK[card]][SUIT[card]]
            return sum(1 for c in hand if good[c])

        mine = follow(self.played)
        return all(follow(c) <= mine for c in held if could.rules_out(ALL_CARDS[c], options))


#: the notes that rule a card out, that weigh a card, that weigh a whole deal
HardNote = NoGood | NoAnswer | NoQueen
CardNote = NoPlain | NamedSuit
ChoiceNote = Chose | Answered | Countered
Note = HardNote | CardNote | ChoiceNote


class Group:
    """At least ``count`` of an opponent's cards (the same ones from group to group,
    the first group the oldest) were held through every one of ``notes``."""

    __slots__ = ("count", "notes", "hard", "soft", "choices", "_fits", "_weights")

    def __init__(self, count: int, notes: Sequence[Note]) -> None:
        self.count = count
        self.notes = tuple(notes)
        self.hard: tuple[HardNote, ...] = tuple([n for n in self.notes if isinstance(n, (NoGood, NoAnswer, NoQueen))])
        self.soft: tuple[CardNote, ...] = tuple([n for n in self.notes if isinstance(n, (NoPlain, NamedSuit))])
        self.choices: tuple[ChoiceNote, ...] = tuple(
            [n for n in self.notes if isinstance(n, (Chose, Answered, Countered))]
        )
        self._fits: tuple[Any, tuple[bool, ...]] | None = None  # (the options, per card id)
        self._weights: tuple[float, ...] | None = None  # per card id

    def fits(self, card: Card, options: Any) -> bool:
        """Whether no hard note rules ``card`` out."""
        return not any(note.rules_out(card, options) for note in self.hard)

    def fitting(self, options: Any) -> tuple[bool, ...]:
        """``fits`` per card id, worked out once: a search deals the same groups
        again for every sample (``one_card_evidence._deal``)."""
        if self._fits is None or self._fits[0] is not options:
            self._fits = (options, tuple(self.fits(card, options) for card in ALL_CARDS))
        return self._fits[1]

    def card_weight(self, card: Card) -> float:
        """How likely ``card`` is in this group, relative to a card the notes say
        nothing about (1): a softened model of the normal rules."""
        weight = 1.0
        for note in self.soft:
            weight *= note.weight(card)
        return weight

    def weights(self) -> tuple[float, ...]:
        """``card_weight`` per card id, worked out once."""
        if self._weights is None:
            self._weights = tuple(self.card_weight(card) for card in ALL_CARDS)
        return self._weights

    def __repr__(self) -> str:
        return f"Group({self.count}, {self.notes!r})"


#: Per opponent, its groups, oldest first.
Evidence = dict[int, list[Group]]
