"""The arithmetic of One Too Many's rule-based players: the chance that a draw
busts the round, exact over the Diamonds still unseen (:func:`bust_chance`), and
a seat's position as the strategies reason with it (:class:`Table`): the
expected points of each number it may ask for, and the chances of each number
an opponent asks for under the cautious model of that opponent
(:func:`opponent_model`). Every figure depends only on public facts, so the
costly ones are remembered.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate

from ..core.cards import Suit
from ..games.one_too_many.runs import longest_run
from ..games.one_too_many.view import OneTooManyView

#: What being the greediest in a bust is worth: the kept card and the Redo.
BUST_VALUE = 1.5
#: How sure the opponent model is of its best number (larger: more random).
MODEL_TEMPERATURE = 1.0


# -- the arithmetic of the bust -----------------------------------------------------
def _popcount(x: int) -> int:
    return x.bit_count()


@lru_cache(maxsize=1 << 14)
def _bust_counts(center: int, unseen: int, players: int) -> tuple[int, ...]:
    """``counts[j]``: how many sets of ``j`` unseen Diamonds would bust the round."""
    counts = [0] * (_popcount(unseen) + 1)
    sub = unseen
    while True:
        if longest_run(center | sub) > players:
            counts[_popcount(sub)] += 1
        if sub == 0:
            break
        sub = (sub - 1) & unseen
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def bust_chance(center: int, unseen: int, deck_size: int, players: int, drawn: int) -> float:
    """The chance that drawing ``drawn`` cards from the deck busts the round.

    ``center`` and ``unseen`` are masks of Diamond values (bit ``rank - 2``):
    those in the center and those still in the deck. Busting only grows with
    more Diamonds, so the turn busts exactly when all the Diamonds drawn, with
    the center, make a run longer than ``players``.
    """
    drawn = min(drawn, deck_size)
    if drawn <= 0:
        return 0.0
    counts = _bust_counts(center, unseen, players)
    others = deck_size - (len(counts) - 1)
    total = math.comb(deck_size, drawn)
    busting = sum(c * math.comb(others, drawn - j) for j, c in enumerate(counts) if c and j <= drawn)
    return busting / total


_DIAMONDS_OF: list = [(), 0]  # the last card set asked about, and the mask of its Diamonds


def diamonds_mask(card_set: tuple) -> int:
    """The values of the Diamonds among ``card_set`` (a game's card set is one
    tuple for its whole length: worked out once, remembered by identity)."""
    if _DIAMONDS_OF[0] is not card_set:
        mask = 0
        for card in card_set:
            if card.suit is Suit.DIAMONDS:
                mask |= 1 << (card.rank - 2)
        _DIAMONDS_OF[:] = [card_set, mask]
    return _DIAMONDS_OF[1]


class Table:
    """The figures of one seat's position the strategies reason with: from its
    view (``Table(view)``), or from the same public fields of a state (``Table.of``)."""

    __slots__ = ("me", "center", "unseen", "deck", "players", "safe", "pile", "piles", "others", "crowd")

    def __init__(self, view: OneTooManyView) -> None:
        self._set(view.player, view.players, view.center, view.card_set, view.deck_size, view.piles, view.in_round)

    @classmethod
    def of(
        cls,
        me: int,
        players: int,
        center: Sequence,
        card_set: tuple,
        deck: int,
        piles: Sequence[Sequence],
        in_round: Sequence[bool],
    ) -> Table:
        table = cls.__new__(cls)
        table._set(me, players, center, card_set, deck, piles, in_round)
        return table

    def _set(self, me, players, center_cards, card_set, deck, piles, in_round) -> None:
        self.me = me
        center = 0
        for card in center_cards:
            center |= 1 << (card.rank - 2)
        self.center = center
        self.unseen = diamonds_mask(card_set) & ~center
        self.deck = deck
        self.players = players
        diamonds = _popcount(self.unseen)
        self.safe = 1.0 - diamonds / deck if deck else 0.0  # chance a card lands on a pile
        self.piles = piles
        self.pile = len(piles[me])
        self.others = [s for s in range(players) if s != me and in_round[s]]
        self.crowd = sum(in_round)

    def chance(self, drawn: int) -> float:
        return bust_chance(self.center, self.unseen, self.deck, self.players, drawn)

    def values(self, numbers: Sequence[int], scenarios: Sequence[tuple[float, int, int]]) -> list[float]:
        """The expected points of asking for each of ``numbers``, one turn ahead.

        ``scenarios`` are ``(weight, total asked by the others, most asked by one
        of them)``. Passing banks the pile. Asking adds the expected non-Diamonds
        to it; if the turn busts, the greediest keep only a card and a Redo
        (worth ``BUST_VALUE``) while the others bank what they hold."""
        if len(scenarios) <= _REMEMBERED:  # (one opponent's model, or the numbers shown)
            return list(
                _values(
                    self.pile,
                    self.safe,
                    self.center,
                    self.unseen,
                    self.deck,
                    self.players,
                    tuple(numbers),
                    tuple(scenarios),
                )
            )
        return list(
            _values.__wrapped__(
                self.pile, self.safe, self.center, self.unseen, self.deck, self.players, numbers, scenarios
            )
        )


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def _chances(center: int, unseen: int, deck: int, players: int, most: int) -> tuple[float, ...]:
    """``bust_chance`` of drawing 0, 1, ..., ``most`` cards (one look-up per decision
    in place of one per number and scenario)."""
    return tuple(bust_chance(center, unseen, deck, players, drawn) for drawn in range(most + 1))


#: ``Table.values`` remembers its answers when there are at most this many
#: scenarios: one opponent's model (at most 11 numbers by the house limits), the
#: numbers shown, or the few distinct (total, most) of several opponents' sampled
#: numbers (``bots.one_too_many._scenarios`` merges the samples that agree),
#: figures met again and again in a search. Longer lists seldom repeat.
_REMEMBERED = 11


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def _values(
    pile: int,
    safe: float,
    center: int,
    unseen: int,
    deck: int,
    players: int,
    numbers: Sequence[int],
    scenarios: Sequence[tuple[float, int, int]],
) -> tuple[float, ...]:
    """``Table.values``, from the figures it depends on."""
    most_drawn = max(numbers) + max(others for _, others, _ in scenarios)
    chances = _chances(center, unseen, deck, players, most_drawn)
    out = []
    for k in numbers:
        if k == 0:
            out.append(float(pile))
            continue
        gain = k * safe
        stay = pile + gain
        spared = pile + 0.5 * gain
        total = 0.0
        for weight, others, most in scenarios:
            p = chances[k + others]
            total += weight * ((1 - p) * stay + p * (BUST_VALUE if k >= most else spared))
        out.append(total)
    return tuple(out)


@lru_cache(maxsize=1 << 12)  # (30 sampled states meet a few hundred new public positions)
def opponent_model(
    pile: int, crowd: int, safe: float, center: int, unseen: int, deck: int, players: int, numbers: tuple[int, ...]
) -> tuple[tuple[float, ...], list[float], float]:
    """``Table.model``'s chances (public figures only, so remembered), with their
    running sums and total as ``random.choices`` works them out."""
    scores = []
    for k in numbers:
        if k == 0:
            scores.append(float(pile))
            continue
        p = bust_chance(center, unseen, deck, players, k * crowd)
        gain = k * safe
        bust = 0.5 * BUST_VALUE + 0.5 * (pile + 0.5 * gain) if crowd > 1 else BUST_VALUE
        scores.append((1 - p) * (pile + gain) + p * bust)
    top = max(scores)
    weights = [math.exp((s - top) / MODEL_TEMPERATURE) for s in scores]
    total = sum(weights)
    chances = tuple(w / total for w in weights)
    cum = list(accumulate(chances))
    return chances, cum, cum[-1] + 0.0
