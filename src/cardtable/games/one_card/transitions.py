"""How moves change a One-Card state: playing, drawing, passing, and the end
of a hand (scoring, then the next deal). ``perform`` assumes the move is
legal (``legality.why_illegal`` said so). Cards are ids (see ``tables``)."""

from __future__ import annotations

from typing import Any, Callable

from ...core.cards import Suit
from ...core.engine import Event
from ...core.words import plural
from . import events
from .deal import Result, deal
from .events import SEAT
from .moves import Draw, Pass, Play
from .state import ATTACKED, JACKED, KINGED, NAMED, PLAIN, Mode, OneCardState, evolve_table, new_state
from .tables import ATTACK, BYTE, ID, POINTS, POWER


def perform(state: OneCardState, player: int, move: object) -> Result:
    return PERFORM[type(move)](state, player, move)


def perform_play(state: OneCardState, player: int, move: Play) -> Result:
    return play(state, player, ID[move.card], move.suit)


def play(state: OneCardState, player: int, card: int, named: Suit | None) -> Result:
    """``player`` plays the card with id ``card``, naming ``named`` if it is a 7."""
    table = state.table
    players = table.players
    hands = list(state.hands)
    hands[player] = hand = hands[player].replace(BYTE[card], b"", 1)
    discard = state.discard + BYTE[card]
    mode = state.mode
    direction = mode.direction
    if not hand:
        final = Mode(direction, named=named)
        return end_hand(state, tuple(hands), discard, final, player, [events.OUT[player][card]])

    power = POWER[card]
    nxt = (player + direction) % players
    if mode.pending:  # answering an attack: pass it on, or a 3 removes it
        if power == "three":
            event = events.CANCEL[player][card, mode.pending]
            mode = PLAIN[direction]
        else:
            mode = ATTACKED[direction][mode.pending + ATTACK[card]]
            event = events.ATTACK[player][card, mode.pending, nxt]
    elif power == "" or power == "three":
        mode = PLAIN[direction]
        event = events.PLAIN[player][card]
    elif power == "seven":
        mode = NAMED[direction][named]
        event = events.SEVEN[player][card, named]
    elif power == "jack":  # also a Jack countering a Jack (option)
        mode = JACKED[direction]
        event = events.JACK[player][card, nxt]
    elif power == "queen":  # also a Queen countering a Jack
        again = players == 2 and table.options.queen_skips_with_two
        nxt = player if again else (player - direction) % players
        event = events.REVERSE[player][card, mode.jack, again]
        mode = PLAIN[-direction]
    elif power == "king":
        mode = KINGED[direction]
        nxt = player
        event = events.KING[player][card]
    else:  # an attack
        mode = ATTACKED[direction][ATTACK[card]]
        event = events.ATTACK[player][card, mode.pending, nxt]
    return new_state(table, tuple(hands), state.pile, discard, nxt, mode), (event,)


def draw(state: OneCardState, player: int, move: Draw | None = None) -> Result:
    table = state.table
    pile = state.pile
    mode = state.mode
    total = mode.pending
    if total:  # the attack's penalty, or what is left of the pile
        count = total if total < len(pile) else len(pile)
        nxt = player if table.options.play_after_penalty else (player + mode.direction) % table.players
        public = events.PENALTY[player, count, total]
    else:
        count = 1
        nxt = (player + mode.direction) % table.players
        public = events.DRAW_ONE[player]
    drawn = pile[:count]
    hands = list(state.hands)
    hands[player] += drawn
    if mode.pending or mode.king:
        mode = PLAIN[mode.direction]  # (a draw never happens facing a Jack or after passes)
    new = new_state(table, tuple(hands), pile[count:], state.discard, nxt, mode)
    if count == 1:
        return new, (public, events.DRAWN[player][drawn[0]])
    return new, ((public, events.drawn(player, drawn)) if drawn else (public,))


def pass_turn(state: OneCardState, player: int, move: Pass | None = None) -> Result:
    table = state.table
    mode = state.mode
    nxt = (player + mode.direction) % table.players
    if mode.jack:  # losing the turn to a Jack is not a pass
        return new_state(table, state.hands, state.pile, state.discard, nxt, PLAIN[mode.direction]), (events.SKIP[player],)
    mode = Mode(mode.direction, passes=mode.passes + 1, named=mode.named)
    event = events.PASSES[player][mode.passes]
    if mode.passes >= table.players:
        return end_hand(state, state.hands, state.discard, mode, None, [event, events.BLOCKED])
    return new_state(table, state.hands, state.pile, state.discard, nxt, mode), (event,)


PERFORM: dict[type, Callable[[OneCardState, int, Any], Result]] = {Play: perform_play, Draw: draw, Pass: pass_turn}
"""The function performing each kind of move: ``PERFORM[type(move)](state, player, move)``."""


def hand_points(hand: bytes) -> int:
    return sum(POINTS[c] for c in hand)


def end_hand(
    state: OneCardState,
    hands: tuple[bytes, ...],
    discard: bytes,
    mode: Mode,
    winner: int | None,
    log: list[Event],
) -> Result:
    """Score the hand, then either end the game or deal the next hand with
    the next dealer clockwise."""
    table = state.table
    players = table.players
    points = tuple(0 if seat == winner else hand_points(hand) for seat, hand in enumerate(hands))
    totals = tuple(t + p for t, p in zip(table.totals, points))
    how = "the hand is blocked" if winner is None else f"{SEAT[winner]} went out"
    scores = ", ".join(f"{SEAT[seat]} {p} (total {t})" for seat, (p, t) in enumerate(zip(points, totals)))
    log.append(
        Event(
            "hand_end",
            f"Hand {table.hand_no} ends: {how}. Points: {scores}.",
            data=(("hand", table.hand_no), ("winner", winner), ("blocked", winner is None),
                  ("points", points), ("totals", totals)),
        )  # fmt: skip
    )
    if max(totals) >= table.options.target:
        best = min(totals)
        winners = tuple(seat for seat, t in enumerate(totals) if t == best)
        names = " and ".join(SEAT[seat] for seat in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        log.append(
            Event(
                "game_end",
                f"The game ends after hand {table.hand_no}: {names} {verb} with {plural(best, 'point')}.",
                data=(("winners", winners), ("totals", totals)),
            )
        )
        final = evolve_table(table, totals=totals, last_points=points, last_winner=winner, over=True)
        turn = state.turn if winner is None else winner
        end = new_state(final, hands, state.pile, discard, turn, mode)
        return end, tuple(log)
    order, rng = table.rng.shuffled(table.cards)
    dealer = (table.dealer + 1) % players
    nxt = evolve_table(
        table, rng=rng, dealer=dealer, hand_no=table.hand_no + 1, totals=totals, last_points=points,
        last_winner=winner, over=False,
    )
    state, deal_events = deal(nxt, order)
    return state, tuple(log) + deal_events
