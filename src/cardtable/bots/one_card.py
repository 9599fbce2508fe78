"""Computer players for One-Card (docs/bots.md explains them in words).

The normal player keeps its defence (7s, 3s and attack cards) for when it is
needed, passes an attack on rather than spending a 3, counters a Jack with a
Queen, names the suit it holds most of, prefers plays that leave it a card to
follow with and that win a tempo (Jacks, and Queens with two players), and
turns on the weakest opponent, the one with the fewest cards, when that
player is next: it attacks and skips them, and dumps its costly cards before
they go out.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from typing import Any, Sequence

from ..core.cards import Rank, Suit, parse_card
from ..core.engine import Game
from ..games.one_card.moves import Draw, Pass, Play
from ..games.one_card.events import Dealt, Drawing, Played
from ..games.one_card.view import OneCardView
from ..games.one_card import ALL_CARDS, attack_value, card_points, deal_size, is_good_play
from .one_card_playout import playout_normal
from .search import SearchKit

SEVEN, THREE, JACK, QUEEN, KING = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN, Rank.KING
POINTS = {card: card_points(card) for card in ALL_CARDS}
ATTACK = {card: attack_value(card) for card in ALL_CARDS}


def _fallback(moves: Sequence[Any]) -> Any:
    for m in moves:
        if type(m) is Draw:
            return m
    for m in moves:
        if type(m) is Pass:
            return m
    return moves[0]


def best_suit(cards: Sequence[Any]) -> Suit | None:
    """The suit held most (7s and Jokers aside); ties go to the costlier cards."""
    count: Counter = Counter()
    for c in cards:
        if c.suit is not None and c.rank != SEVEN:
            count[c.suit] += 100 + POINTS[c]
    if not count:
        return None
    return max(count, key=lambda s: (count[s], -s))


def _follow(rest: Sequence[Any], rank: Rank, suit: Suit | None) -> int:
    """How many of ``rest`` would be good plays on a top card of ``rank`` with ``suit``."""
    return sum(1 for c in rest if is_good_play(c, rank, suit))


class Seats:
    """Who is who around the table, and what the hand holds, from the view."""

    def __init__(self, view: OneCardView) -> None:
        self.me = view.player
        n = view.players
        self.n = n
        self.next = (self.me + view.direction) % n
        self.prev = (self.me - view.direction) % n
        sizes = view.hand_sizes
        self.threat = min(sizes[s] for s in range(n) if s != self.me)
        self.next_size = sizes[self.next]
        self.danger = self.threat <= 2  # someone may go out soon: dump points
        self.suit = best_suit(view.hand)


def score_play(view: OneCardView, seats: Seats, move: Any) -> float:
    """How much the normal rules like ``move`` (a Play) in a normal turn."""
    card = move.card
    hand = view.hand
    if len(hand) == 1:
        return 1000.0  # going out
    rank = card.rank
    suit = move.suit if move.suit is not None else card.suit
    follow = -1 if is_good_play(card, rank, suit) else 0  # the card itself is not left
    for c in hand:
        if is_good_play(c, rank, suit):
            follow += 1
    points = POINTS[card]
    if seats.danger:
        score = points * 1.0 + follow * 2.0
    else:
        score = points * 0.3 + follow * 3.0
    attack = ATTACK[card]
    left = len(hand) - 1
    two = seats.n == 2
    if rank == SEVEN:
        score -= 5.0 if left <= 1 else 25.0
        if move.suit != seats.suit:
            score -= 3.0
    elif rank == THREE:
        score -= 0.0 if seats.danger else 15.0
    elif attack:
        if seats.next_size <= 2:
            score += 20.0 + attack
        elif not seats.danger:
            score -= 10.0
    if rank == JACK:
        score += 8.0 if two else (15.0 if seats.next_size == seats.threat else 3.0)
    elif rank == QUEEN:
        if two and view.options.queen_skips_with_two:
            score += 8.0
        elif not two and seats.next_size == seats.threat and view.hand_sizes[seats.prev] > seats.threat:
            score += 10.0
    elif rank == KING:
        score += 6.0 if follow and left > 1 else -5.0
    if left == 1:
        last = hand[0] if hand[1] == card else hand[1]
        if last.rank == SEVEN:
            score += 10.0  # a lone 7 goes out on anything
    return score


def normal(view: OneCardView, moves: Sequence[Any], rng: random.Random) -> Any:
    plays = [m for m in moves if type(m) is Play]
    if not plays:
        return _fallback(moves)
    if view.jack_pending:
        # counter the Jack: a Queen is a costly card to get rid of, and we keep the turn
        return max(plays, key=lambda m: _follow(view.hand, m.card.rank, m.card.suit))
    if view.pending:
        attacks = [m for m in plays if ATTACK[m.card]]
        if attacks:
            if view.hand_sizes[(view.player + view.direction) % view.players] <= 2:
                return max(attacks, key=lambda m: ATTACK[m.card])  # hit the one about to go out hard
            return min(attacks, key=lambda m: (ATTACK[m.card], -POINTS[m.card]))
        threes = [m for m in plays if m.card.rank == THREE]
        if threes:
            return threes[0]
        return _fallback(moves)
    seats = Seats(view)
    return max(plays, key=lambda m: score_play(view, seats, m))


# -- easy -------------------------------------------------------------------------------
def easy(view: OneCardView, moves: Sequence[Any], rng: random.Random) -> Any:
    """Plays its costliest playable card, names any suit, never saves a 3 for an
    attack nor counters a Jack on purpose; one move in five is a whim."""
    if rng.random() < 0.2:
        return rng.choice(list(moves))
    plays = [m for m in moves if type(m) is Play]
    if view.pending:
        attacks = [m for m in plays if attack_value(m.card)]
        return attacks[0] if attacks else _fallback(moves)
    if view.jack_pending:
        return plays[0] if plays and rng.random() < 0.5 else _fallback(moves)
    plays = [m for m in plays if m.card.rank != SEVEN or m.suit == min(Suit)] or plays
    if not plays:
        return _fallback(moves)
    return max(plays, key=lambda m: (card_points(m.card), repr(m)))


# -- hard: the search kit ---------------------------------------------------------------
def hand_over(start: Any, state: Any) -> bool:
    return state.table.hand_no != start.table.hand_no or state.table.over


def value(game: Game, state: Any, seat: int) -> float:
    """A finished game: 1 for a (shared) win, 0 for the last place. A finished hand:
    the chance of winning guessed from the lead in points (lower totals are better),
    surer as the target comes closer."""
    view = game.view(state, seat)
    totals = view.totals
    if view.over:
        outcome = game.outcome(state)
        worst = max(outcome.places)
        if worst == 1:
            return 1.0
        return (worst - outcome.places[seat]) / (worst - 1)
    lead = min(t for i, t in enumerate(totals) if i != seat) - totals[seat]
    remaining = max(1, view.target - max(totals))
    return 1.0 / (1.0 + math.exp(-lead / (30.0 + remaining / 5.0)))


def candidates(view: OneCardView, moves: list, prior: Any) -> list:
    """The moves worth searching, and only where the rules are least sure of themselves.

    Under an attack or a Jack, every answer. Otherwise the three plays the
    normal rules score highest (one per distinct card: the three decks' copies
    play alike; a 7 with the suit the rules would name), and drawing when the
    plays on offer are defence the rules would rather keep. A normal turn is
    searched only near the end of a hand (someone holds three cards or fewer)
    or when the best two plays score within ``CLOSE`` of each other; elsewhere
    the prior is played at once."""
    plays = [m for m in moves if type(m) is Play]
    if view.pending or view.jack_pending:
        return _distinct(moves)
    if len(plays) <= 1 and not any(type(m) is Draw for m in moves):
        return [prior]
    seats = Seats(view)
    scored = sorted(
        ((score_play(view, seats, m), i, m) for i, m in enumerate(_distinct(plays))),
        key=lambda t: (-t[0], t[1]),
    )
    endgame = min(view.hand_sizes) <= 3
    close = len(scored) >= 2 and scored[0][0] - scored[1][0] <= CLOSE
    if not (endgame or close or len(scored) <= 1):
        return [prior]
    out = [m for _, _, m in scored[:3]]
    defence = all(m.card.rank in (SEVEN, THREE) or ATTACK[m.card] for m in plays)
    if defence or not plays:
        out += [m for m in moves if type(m) is not Play]
    return out


def _distinct(moves: Sequence[Any]) -> list:
    """One move per distinct card (copies from the three decks play alike)."""
    seen: set = set()
    out = []
    for m in moves:
        key = (m.card.rank, m.card.suit, m.suit) if type(m) is Play else type(m).__name__
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


CLOSE = 4.0

# -- hard: what the public events tell about the others' hands ---------------------------
_SEAT = re.compile(r"^\{p(\d+)\}")

#: A constraint: (kind, top rank, suit in force, top attack value). Hard kinds, which
#: rule a card out: "nogood" (held no good card), "noanswer" (could not answer an
#: attack), "noqueen" (could not counter a Jack). Soft kinds, which only weigh a
#: card (``_weight``): "noplain" (played a 7, a 3 or an attack card in a normal
#: turn, which the normal rules do only when no plain card will do) and "suit"
#: (named this suit with a 7: the normal rules name the suit they hold most of).
Constraint = tuple[str, Rank, "Suit | None", int]

#: How much less likely a plain good card is in a hand that played defence instead
NOPLAIN_WEIGHT = 0.3
#: How much more likely a card of the suit its holder named with a 7
SUIT_WEIGHT = 2.5
SOFT = ("noplain", "suit")


def _plain(card: Any) -> bool:
    return card.rank != SEVEN and card.rank != THREE and not ATTACK[card]


def _weight(card: Any, constraints: Sequence[Constraint]) -> float:
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
    """Deal the opponents' hands again, each holding only cards its play allowed."""
    if not evidence:
        return state
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
            soft = [c for c in constraints if c[0] in SOFT]
            order = range(len(pool))
            if soft:
                order = sorted(order, key=lambda i: -keys[i] / _weight(pool[i], soft))
            for i in order:
                if len(hand) >= size or count == 0:
                    break
                card = pool[i]
                if not taken[i] and not any(_violates(card, c, options) for c in hard):
                    taken[i] = True
                    hand.append(card)
                    count -= 1
        for i, card in enumerate(pool):
            if len(hand) >= size:
                break
            if not taken[i]:
                taken[i] = True
                hand.append(card)
        new[f"hand{seat}"] = tuple(hand)
    new["deck"] = tuple(card for i, card in enumerate(pool) if not taken[i])
    return game.with_zones(state, new)


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=normal, playout=playout_normal, value=value, horizon=hand_over, candidates=candidates, max_rollout=1500,
    evidence=evidence, resample=resample,
    confidence=1.645, prune_after=9, extend=3.0,
)
