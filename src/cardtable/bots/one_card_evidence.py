"""What the public events of a One-Card hand tell the hard level about the others' hands.

``evidence`` reads the hand's events into constraints on each opponent's cards
(hard ones, which rule a card out, and soft ones, which weigh it: docs/bots.md
explains them). ``deal`` deals the opponents' hands of a sampled state again to
fit the card-by-card evidence, and ``weight`` weighs the deal by how likely the
opponents' plays were with those hands under the normal rules (the hard level's
kit: importance weighting, docs/notes/ocbelief.md); ``resample`` instead deals
again until a deal fits the plays (rejection sampling, as shipped before), and
``resampled(n)`` keeps one of ``n`` deals by its weight (sampling importance
resampling).
"""

from __future__ import annotations

import math
import random
import re
from functools import lru_cache
from typing import Any, Sequence

from ..core.cards import Rank, Suit, parse_card
from ..core.engine import Game
from ..games.one_card import ALL_CARDS, attack_value, deal_size, is_good_play
from ..games.one_card.events import Dealt, Drawing, Played
from ..games.one_card.tables import ATTACK as ATTACK_ID
from ..games.one_card.tables import GOOD, ID, RANK, SUIT
from ..games.one_card.tables import POINTS as POINTS_ID
from ..games.one_card.view import OneCardView
from .one_card_playout import NORMAL, Scorer
from .search import top_up

SEVEN, THREE, JACK, QUEEN = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN
ATTACK = {card: attack_value(card) for card in ALL_CARDS}

_SEAT = re.compile(r"^\{p(\d+)\}")

#: A constraint: (kind, top rank, suit in force, top attack value). Hard kinds, which
#: rule a card out: "nogood" (held no good card), "noanswer" (could not answer an
#: attack), "noqueen" (could not counter a Jack). Soft kinds, which only weigh a
#: card (``_weight``): "noplain" (played a 7, a 3 or an attack card in a normal
#: turn, which the normal rules do only when no plain card will do) and "suit"
#: (named this suit with a 7: the normal rules name the suit they hold most of).
#: With three or more players, three soft kinds that weigh a whole deal
#: (``_choice_weight``): "chose" (a play in a normal turn; the last field holds the
#: card played, the suit named, the hand sizes and the direction then; a 7 also
#: says the suit named is the one held most of), "answer" (a play under an
#: attack; the card, the attack on top, the next player's hand size then) and
#: "counter" (a Jack countered; the card: the rules counter with the one most of
#: the hand can follow).
Constraint = tuple[str, Rank, "Suit | None", int]

#: How much less likely a plain good card is in a hand that played defence instead
NOPLAIN_WEIGHT = 0.3
#: How much more likely a card of the suit its holder named with a 7
SUIT_WEIGHT = 2.5
SOFT = ("noplain", "suit", "chose", "answer", "counter")
#: the soft kinds that weigh a whole hand: a play in a normal turn, an answer to an
#: attack, a counter to a Jack
CHOICES = ("chose", "answer", "counter")
#: the soft kinds that weigh each card alone (``_weight``); "chose" weighs a whole hand
CARD_SOFT = ("noplain", "suit")
#: With three or more players: how much less likely a deal in which a player's
#: play was not the normal rules' choice among the cards it held then (per such play)
CHOSE_WEIGHT = 0.25
#: and how many deals are drawn at most to find one the play makes likely
CHOSE_TRIES = 8


def _plain(card: Any) -> bool:
    return card.rank != SEVEN and card.rank != THREE and not ATTACK[card]


@lru_cache(maxsize=1 << 16)
def _weight(card: Any, constraints: tuple[Constraint, ...]) -> float:
    """How likely ``card`` is in a hand bound by the soft ``constraints``, relative to
    a card that says nothing (1): a softened model of the normal rules, which
    usually but not always play that way."""
    weight = 1.0
    for kind, rank, suit, _ in constraints:
        if kind == "noplain":
            if _plain(card) and is_good_play(card, rank, suit):
                weight *= NOPLAIN_WEIGHT
        elif kind == "suit" and card.suit == suit and card.rank != SEVEN:
            weight *= SUIT_WEIGHT
    return weight


def _violates(card: Any, constraint: Constraint, options: Any) -> bool:
    """Whether a player bound by ``constraint`` could not have held ``card``
    (never, for a soft constraint)."""
    kind, rank, suit, attack = constraint
    if kind in SOFT:
        return False
    if kind == "nogood":
        return is_good_play(card, rank, suit)
    if kind == "noqueen":
        if card.rank == QUEEN or (card.rank == JACK and options.jack_countered_by_jack):
            return options.queen_counter_any_suit or is_good_play(card, rank, suit)
        return False
    # an attack they did not answer: no 3, no attack card that passes it on
    if card.rank == THREE:
        return options.three_on_anything or is_good_play(card, rank, suit)
    value = ATTACK[card]
    if value and is_good_play(card, rank, suit):
        return value >= attack or not options.attack_at_least_as_high
    return False


def evidence(view: OneCardView, events: Sequence[Any]) -> dict[int, list[tuple[int, tuple[Constraint, ...]]]]:
    """For each opponent, nested groups of the cards in hand: ``(count, constraints)``,
    meaning at least ``count`` of its cards (the same ones from group to group, the
    first group the oldest) were held through every one of ``constraints``.

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
    players = view.players
    size = [deal_size(players, view.options)] * players
    if start:
        size = [events[start - 1].payload(Dealt).cards] * players
    top = view.discard[0]
    rank, suit = top.rank, top.suit
    attack_top = 0
    king_extra = -1
    notes: list[list[tuple[int, int, Constraint]]] = [[] for _ in range(players)]  # (size then, plays so far)
    plays = [0] * players
    pending = jack = False
    reverses = sum(
        1 for e in hand_events if e.kind == "play" and _payload(e) is not None and _payload(e).effect == "reverse"
    )
    direction = view.direction * (-1) ** reverses  # the direction at the hand's start
    for event in hand_events:
        kind = event.kind
        if kind not in ("play", "draw", "skip", "pass"):
            continue
        match = _SEAT.match(event.text)
        if not match:
            return {}
        seat = int(match.group(1))
        if not 0 <= seat < players:
            return {}
        if kind == "play":
            try:
                played = event.payload(Played)
                card = parse_card(played.card)
            except (TypeError, ValueError):
                return {}
            if not (pending or jack) and size[seat] >= 3 and _defence_spent(card, seat, size):
                notes[seat].append((size[seat], plays[seat], ("noplain", rank, suit, 0)))
            if players >= 3 and not (pending or jack) and size[seat] >= 2:
                named = Suit[played.suit] if played.suit else None
                context = (ID[card], named, tuple(size), direction)
                notes[seat].append((size[seat], plays[seat], ("chose", rank, suit, context)))  # type: ignore[arg-type]
            if players >= 3 and pending and size[seat] >= 2:
                context = (ID[card], attack_top, size[(seat + direction) % players])
                notes[seat].append((size[seat], plays[seat], ("answer", rank, suit, context)))  # type: ignore[arg-type]
            if players >= 3 and jack and size[seat] >= 2:
                notes[seat].append((size[seat], plays[seat], ("counter", rank, suit, (ID[card],))))  # type: ignore[arg-type]
            if played.effect == "reverse":
                direction = -direction
            rank = card.rank
            suit = Suit[played.suit] if played.suit else card.suit
            attack_top = ATTACK.get(card, 0)
            size[seat] -= 1
            plays[seat] += 1
            king_extra = seat if played.effect == "king" else -1
            pending = played.effect == "attack" or (played.effect == "cancel" and bool(played.pending))
            jack = played.effect == "jack"
            if played.suit and size[seat] >= 2:
                notes[seat].append((size[seat], plays[seat], ("suit", rank, suit, 0)))
            continue
        pending = jack = False
        if kind == "draw":
            drawing = event.payload(Drawing)
            if drawing.penalty:
                notes[seat].append((size[seat], plays[seat], ("noanswer", rank, suit, attack_top)))
            elif king_extra != seat:
                notes[seat].append((size[seat], plays[seat], ("nogood", rank, suit, 0)))
            size[seat] += drawing.count
        elif kind == "skip":
            notes[seat].append((size[seat], plays[seat], ("noqueen", rank, suit, 0)))
        elif kind == "pass" and king_extra != seat:
            notes[seat].append((size[seat], plays[seat], ("nogood", rank, suit, 0)))
        king_extra = -1
    out: dict[int, list[tuple[int, tuple[Constraint, ...]]]] = {}
    for seat in range(players):
        if seat == view.player or not notes[seat] or size[seat] != view.hand_sizes[seat]:
            continue
        # cards held at a note and still held: at least (size then) - (plays since)
        held = [max(0, then - (plays[seat] - done)) for then, done, _ in notes[seat]]
        for j in range(len(held) - 2, -1, -1):
            held[j] = min(held[j], held[j + 1])
        held[-1] = min(held[-1], size[seat])
        groups = []
        for j, (count, note) in enumerate(zip(held, notes[seat])):
            constraints = tuple(c for _, _, c in notes[seat][j:])
            new = count - (held[j - 1] if j else 0)
            if new > 0:
                groups.append((new, constraints))
        if groups:
            out[seat] = groups
    return out


def _payload(event: Any) -> Any:
    try:
        return event.payload(Played)
    except (TypeError, ValueError):
        return None


def _defence_spent(card: Any, seat: int, size: Sequence[int]) -> bool:
    """Whether the normal rules would play ``card`` in a normal turn only when no
    plain card will do: a 7 always; a 3 or an attack card while no opponent is
    close to going out (then they dump or attack instead)."""
    if card.rank == SEVEN:
        return True
    if card.rank != THREE and not ATTACK[card]:
        return False
    return min(n for s, n in enumerate(size) if s != seat) > 2


def resample(game: Game, view: OneCardView, state: Any, rng: random.Random, policy, evidence: Any = None) -> Any:
    """Deal the opponents' hands again, each holding only cards its play allowed.

    With three or more players, the plays themselves weigh the deal too: a deal
    in which an opponent held a card the normal rules would have played rather
    than the one it played is kept with probability ``CHOSE_WEIGHT`` per such
    play, else dealt again (at most ``CHOSE_TRIES`` deals: rejection sampling
    of the policy-based inference, Rebstock et al. 2019)."""
    if not evidence:
        return state
    choices = any(c[0] in CHOICES for groups in evidence.values() for _, cs in groups for c in cs)
    new = _deal(game, view, state, rng, evidence)
    if not choices:
        return game.with_zones(state, new)
    for _ in range(CHOSE_TRIES - 1):
        if rng.random() < _choice_weight(view, new, evidence):
            break
        new = _deal(game, view, state, rng, evidence)
    return game.with_zones(state, new)


def _has_choices(evidence: Any) -> bool:
    return any(c[0] in CHOICES for groups in evidence.values() for _, cs in groups for c in cs)


def deal(game: Game, view: OneCardView, state: Any, rng: random.Random, policy, evidence: Any = None) -> Any:
    """Deal the opponents' hands again once, each holding only cards its play
    allowed (the hard and the per-card soft evidence); the plays' evidence on
    the whole deal is left to ``weight`` (importance weighting, no redeal)."""
    if not evidence:
        return state
    return game.with_zones(state, _deal(game, view, state, rng, evidence))


def weight(game: Game, view: OneCardView, state: Any, evidence: Any) -> float:
    """The importance weight of a state ``deal`` sampled: how likely the opponents'
    plays (three or more players: "chose" and "answer" notes) were under the
    normal rules with the hands it holds, ``CHOSE_WEIGHT`` per play that was not
    the rules' choice (1 when there is nothing to weigh, as with two players)."""
    if not evidence or not _has_choices(evidence):
        return 1.0
    return _choice_weight_ids(view, {seat: state.hands[seat] for seat in evidence}, evidence)


def resampled(deals: int) -> Any:
    """Sampling importance resampling: a ``resample`` that deals ``deals`` times
    and keeps one deal with a probability proportional to its ``weight``."""

    def resample_sir(game: Game, view: OneCardView, state: Any, rng: random.Random, policy, evidence: Any = None) -> Any:
        if not evidence:
            return state
        if not _has_choices(evidence):
            return game.with_zones(state, _deal(game, view, state, rng, evidence))
        options = [game.with_zones(state, _deal(game, view, state, rng, evidence)) for _ in range(deals)]
        weights = [weight(game, view, o, evidence) for o in options]
        pick = rng.random() * sum(weights)
        for option, w in zip(options, weights):
            pick -= w
            if pick < 0:
                return option
        return options[-1]

    return resample_sir


def _choice_weight(view: OneCardView, new: dict, evidence: Any) -> float:
    """How likely the opponents' plays were under the normal rules, given the hands
    of a deal (``CHOSE_WEIGHT`` per play that was not the rules' choice)."""
    return _choice_weight_ids(view, {seat: [ID[c] for c in new[f"hand{seat}"]] for seat in evidence}, evidence)


def _choice_weight_ids(view: OneCardView, hands: dict, evidence: Any, miss: float | None = None) -> float:
    """``_choice_weight`` on the hands as card ids, in the order ``_deal`` placed them
    (the cards held longest first); ``miss`` the factor per play that was not the
    rules' choice (default ``CHOSE_WEIGHT``)."""
    miss = CHOSE_WEIGHT if miss is None else miss
    weight = 1.0
    for seat, groups in evidence.items():
        hand = hands[seat]
        done: set = set()
        held = 0
        for count, constraints in groups:
            held += count
            for c in constraints:
                if c[0] not in CHOICES or c in done:
                    continue
                done.add(c)
                if not _was_choice(hand[:held], c, seat, view.options):
                    weight *= miss
    return weight


class _Named:
    """The one field of a play the scorer reads besides its card: the suit named."""

    __slots__ = ("suit",)

    def __init__(self, suit: Suit | None) -> None:
        self.suit = suit


def _was_choice(held: Sequence[int], constraint: Constraint, seat: int, options: Any) -> bool:
    """Whether the normal rules, holding ``held`` and the card played, would have
    played it (or one they like as much) on the top of ``constraint``: in a
    normal turn (``chose``) the play they score highest; under an attack
    (``answer``) the smallest attack card that answers (the biggest when the
    next player holds 2 cards or fewer), a 3 only with no attack card that
    answers."""
    kind, rank, suit, context = constraint
    if kind == "answer":
        return _was_answer(held, rank, suit, context, options)
    if kind == "counter":
        return _was_counter(held, rank, suit, context[0], options)  # type: ignore[index]
    played, named, sizes, direction = context  # type: ignore[misc]
    queen_skips = options.queen_skips_with_two
    good = GOOD[rank][suit]
    alternatives = [c for c in held if good[c] and (RANK[c], SUIT[c]) != (RANK[played], SUIT[played])]
    seven = RANK[played] == SEVEN and named is not None
    if not alternatives and not seven:
        return True
    scorer = Scorer([played, *held], sizes, seat, direction, queen_skips, NORMAL)
    if seven and scorer.suit is not None and named != scorer.suit:
        return False  # the rules name the suit they hold most of (7s aside)
    if not alternatives:
        return True
    mine = scorer.score((_Named(named), played))
    for c in alternatives:
        other = _Named((scorer.suit if scorer.suit is not None else Suit(0)) if RANK[c] == SEVEN else None)
        if scorer.score((other, c)) > mine + 1e-9:
            return False
    return True


def _was_counter(held: Sequence[int], rank: Rank, suit: Any, played: int, options: Any) -> bool:
    """Whether the normal rules, facing a Jack and holding ``held`` and the counter
    played, would have played that counter: the one most of the hand can follow."""
    could = ("noqueen", rank, suit, 0)
    hand = [played, *held]

    def follow(card: int) -> int:
        good = GOOD[RANK[card]][SUIT[card]]
        return sum(1 for c in hand if good[c])

    mine = follow(played)
    return all(follow(c) <= mine for c in held if _violates(ALL_CARDS[c], could, options))


def _was_answer(held: Sequence[int], rank: Rank, suit: Any, context: Any, options: Any) -> bool:
    played, attack, next_size = context
    could = ("noanswer", rank, suit, attack)
    attacks = [c for c in held if ATTACK_ID[c] and _violates(ALL_CARDS[c], could, options)]
    if not attacks:
        return True
    if not ATTACK_ID[played]:
        return False  # a 3 spent while an attack card would have passed it on
    if next_size <= 2:
        return all(ATTACK_ID[c] <= ATTACK_ID[played] for c in attacks)
    mine = (ATTACK_ID[played], -POINTS_ID[played])
    return all((ATTACK_ID[c], -POINTS_ID[c]) >= mine for c in attacks)


def _deal(game: Game, view: OneCardView, state: Any, rng: random.Random, evidence: Any) -> dict:
    zones = game.zones(state)
    seats = sorted(evidence)
    pool = list(zones["deck"])
    for seat in seats:
        pool.extend(zones[f"hand{seat}"])
    rng.shuffle(pool)
    options = view.options
    taken = [False] * len(pool)
    # the cards' order for a weighted draw without replacement (Efraimidis and
    # Spirakis): the largest log(u) / weight first; log(u) is drawn once per card
    keys = [math.log(1.0 - rng.random()) for _ in pool]
    new: dict[str, tuple] = {}
    for seat in seats:
        size = len(zones[f"hand{seat}"])
        hand: list = []
        for count, constraints in evidence[seat]:
            hard = [c for c in constraints if c[0] not in SOFT]
            soft = tuple(c for c in constraints if c[0] in CARD_SOFT)
            order = range(len(pool))
            if soft:
                # each distinct card's weight once (the pool holds up to three copies of a card)
                weights: dict = {}
                for card in pool:
                    if card not in weights:
                        weights[card] = _weight(card, soft)
                ratio = [-key / weights[card] for key, card in zip(keys, pool)]
                order = sorted(order, key=ratio.__getitem__)
            for i in order:
                if len(hand) >= size or count == 0:
                    break
                card = pool[i]
                if not taken[i] and not any(_violates(card, c, options) for c in hard):
                    taken[i] = True
                    hand.append(card)
                    count -= 1
        top_up(hand, pool, taken, size)
        new[f"hand{seat}"] = tuple(hand)
    new["deck"] = tuple(card for i, card in enumerate(pool) if not taken[i])
    return new
