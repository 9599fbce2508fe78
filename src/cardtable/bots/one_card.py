"""Computer players for One-Card (docs/bots.md explains them in words).

The normal player keeps its defence (7s, 3s and attack cards) for when it is
needed, passes an attack on rather than spending a 3, counters a Jack with a
Queen, names the suit it holds most of, prefers plays that leave it a card to
follow with and that win a tempo (Jacks, and Queens with two players), and
turns on the weakest opponent, the one with the fewest cards, when that
player is next: it attacks and skips them, and dumps its costly cards before
they go out.

The hard level searches (``SEARCH``) with the same rules on tuned weights
(``hard_rules``, ``one_card_playout.HARD``) as its prior and rollout policy,
and only where its departures from them proved to pay: near the end of a hand,
and facing a Jack.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.cards import Rank, Suit
from ..core.engine import Game
from ..games.one_card import ALL_CARDS, attack_value, card_points, is_good_play
from ..games.one_card.actions import DRAW_CODE
from ..games.one_card.moves import Draw, Play
from ..games.one_card.tables import POINTS as PTS
from ..games.one_card.view import OneCardView
from .base import seat_of
from .decision import FixedRule
from .hints import plural
from .one_card_evidence import deal, evidence, weight
from .one_card_playout import NORMAL, Scorer, Weights, fallback, hard_weights, play_code, playout_hard
from .search import SearchKit

SEVEN, THREE, JACK, QUEEN, KING = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN, Rank.KING
POINTS = {card: card_points(card) for card in ALL_CARDS}
ATTACK = {card: attack_value(card) for card in ALL_CARDS}


def _follow(rest: Sequence[Any], rank: Rank, suit: Suit | None) -> int:
    """How many of ``rest`` would be good plays on a top card of ``rank`` with ``suit``."""
    return sum(1 for c in rest if is_good_play(c, rank, suit))


def rules(weights: Weights | Callable[[int], Weights]) -> Any:
    """The normal rules with ``weights`` (or ``weights(players)``) for the scoring
    of a play in a normal turn."""
    by_players = weights if callable(weights) else (lambda players: weights)

    def strategy(view: OneCardView, moves: Sequence[Any], rng: random.Random) -> Any:
        plays = [m for m in moves if type(m) is Play]
        if not plays:
            return fallback(moves)
        if view.jack_pending:
            # counter the Jack: a Queen is a costly card to get rid of, and we keep the turn
            return max(plays, key=lambda m: _follow(view.hand, m.card.rank, m.card.suit))
        if view.pending:
            attacks = [m for m in plays if ATTACK[m.card]]
            if attacks:
                if view.hand_sizes[(seat_of(view) + view.direction) % view.players] <= 2:
                    return max(attacks, key=lambda m: ATTACK[m.card])  # hit the one about to go out hard
                return min(attacks, key=lambda m: (ATTACK[m.card], -POINTS[m.card]))
            threes = [m for m in plays if m.card.rank == THREE]
            if threes:
                return threes[0]
            return fallback(moves)
        scorer = Scorer.of_view(view, by_players(view.players))
        return max(plays, key=lambda m: scorer.score(play_code(m)))

    return strategy


#: the normal level
normal = rules(NORMAL)
#: the hard level's prior: the normal rules with its tuned weights
hard_rules = rules(hard_weights)


# -- easy -------------------------------------------------------------------------------
def easy(view: OneCardView, moves: Sequence[Any], rng: random.Random) -> Any:
    """Plays its costliest playable card, names any suit, never saves a 3 for an
    attack nor counters a Jack on purpose; one move in five is a whim."""
    if rng.random() < 0.2:
        return rng.choice(list(moves))
    plays = [m for m in moves if type(m) is Play]
    if view.pending:
        attacks = [m for m in plays if attack_value(m.card)]
        return attacks[0] if attacks else fallback(moves)
    if view.jack_pending:
        return plays[0] if plays and rng.random() < 0.5 else fallback(moves)
    plays = [m for m in plays if m.card.rank != SEVEN or m.suit == min(Suit)] or plays
    if not plays:
        return fallback(moves)
    return max(plays, key=lambda m: (card_points(m.card), repr(m)))


# -- hard: the search kit ---------------------------------------------------------------
def hand_over(start: Any, state: Any) -> bool:
    table, start_table = state[0], start[0]  # (a One-Card state is a plain tuple, its table first)
    return table.hand_no != start_table.hand_no or table.over


def value(game: Game, state: Any, seat: int) -> float:
    """A finished game: 1 for a (shared) win, 0 for the last place. A finished hand:
    the chance of winning guessed from the lead in points (lower totals are better),
    surer as the target comes closer. Read from the state's public table (the
    totals, the target), so a rollout's end builds no view."""
    table = state[0]  # (the state's table)
    return _totals_value(table.totals, seat, table.options.target, table.over)


def _totals_value(totals: Sequence[int], seat: int, target: int, over: bool) -> float:
    if over:
        # the places as the outcome ranks them: lower totals are better, ties share
        places = [1 + sum(1 for other in totals if other < t) for t in totals]
        worst = max(places)
        if worst == 1:
            return 1.0
        return (worst - places[seat]) / (worst - 1)
    lead = min(t for i, t in enumerate(totals) if i != seat) - totals[seat]
    remaining = max(1, target - max(totals))
    return 1.0 / (1.0 + math.exp(-lead / (30.0 + remaining / 5.0)))


def settle(state: Any, seat: int, code: int, me: int) -> float | None:
    """The value for ``me`` if ``seat``'s action ``code`` goes out (a play of its
    last card), scored as the engine ends the hand (the others pay the points left
    in their hands) but without dealing the next hand; None for any other action."""
    table, hands, pile, discard, turn, mode = state
    if code >= DRAW_CODE or len(hands[seat]) != 1:  # (a draw or a pass, or not the last card)
        return None
    totals = [t if s == seat else t + sum(PTS[c] for c in hands[s]) for s, t in enumerate(table.totals)]
    return _totals_value(totals, me, table.options.target, max(totals) >= table.options.target)


def candidates(view: OneCardView, moves: list, prior: Any) -> list:
    """The moves worth searching, and only where the search proved to pay.

    Under an attack, only the prior: the rules' answer (pass the attack on
    with the smallest attack card, else a 3, else draw) is played at once,
    since the search's departures there (mostly drawing instead) proved worse
    when judged from the real hands (docs/bots.md). Facing a Jack, every
    answer. A normal turn is searched only near the end of a hand (someone
    holds three cards or fewer), where its departures proved better; earlier
    they proved no better than the rules and the prior is played at once.
    Then the candidates are the three plays the rules score highest (one per
    distinct card: the three decks' copies play alike; a 7 with the suit the
    rules would name), and drawing when the plays on offer are defence the
    rules would rather keep."""
    plays = [m for m in moves if type(m) is Play]
    if view.pending:
        return [prior]
    if view.jack_pending:
        return _distinct(moves)
    if min(view.hand_sizes) > 3 or (len(plays) <= 1 and not any(type(m) is Draw for m in moves)):
        return [prior]
    scorer = Scorer.of_view(view, hard_weights(view.players))
    scored = sorted(
        ((scorer.score(play_code(m)), i, m) for i, m in enumerate(_distinct(plays))),
        key=lambda t: (-t[0], t[1]),
    )
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


# -- a hint's reason ---------------------------------------------------------------------
def explain(view: OneCardView, move: Any) -> str:
    """A hint's reason for ``move``, from the view alone (:mod:`.hints`)."""
    if type(move) is Draw:
        if view.pending:
            return f"no card answers the attack: take the {plural(view.pending, 'card')}"
        return "no card in your hand can be played"
    if type(move) is not Play:  # Pass
        return "no Queen to counter the Jack: let the turn go" if view.jack_pending else "nothing to play or draw"
    card = move.card
    if view.jack_pending:
        if view.players == 2 and view.options.queen_skips_with_two:
            return "a Queen counters the Jack, and the turn stays yours"
        return "a Queen counters the Jack and reverses the play: the turn goes back to the Jack's player"
    attack = attack_value(card)
    if view.pending:
        if attack:
            return f"pass the attack on: the next player faces {view.pending + attack}"
        return "a 3 stops the attack"
    rest = list(view.hand)
    rest.remove(card)
    if card.rank == Rank.SEVEN and move.suit is not None:
        held = sum(1 for c in rest if c.suit == move.suit)
        return f"a 7 goes on anything; you hold {plural(held, 'other card')} in {move.suit.label}"
    if attack:
        return f"an attack: the next player must answer it or draw {attack}"
    special = {
        Rank.JACK: "a Jack makes the next player counter with a Queen or lose the turn",
        Rank.QUEEN: "a Queen turns the direction of play",
        Rank.KING: "a King lets you play again",
    }.get(card.rank)
    if special is not None:
        return special
    follow = sum(1 for c in rest if is_good_play(c, card.rank, card.suit))
    return f"sheds {plural(card_points(card), 'point')} and leaves {plural(follow, 'card')} that can follow it"


STRATEGIES = {"easy": easy, "normal": normal}
SEARCH = SearchKit(
    policy=hard_rules,
    playout=playout_hard,
    actions=True,
    value=value,
    settle=settle,
    horizon=hand_over,
    candidates=candidates,
    max_rollout=1500,
    evidence=evidence,
    resample=deal,
    weight=weight,
    prune_after=9,
    # a departure at 1.645 paired standard errors, a close call sampled up to 3N
    # states (the Bayesian rule measured weaker here: docs/bots.md)
    rule=FixedRule(confidence=1.645, extend=3.0),
)
