"""How moves change a One-Card state: playing, drawing, passing, and the end
of a hand (scoring, then the next deal). ``perform`` assumes the move is
legal (``legality.why_illegal`` said so). Cards are ids (see ``tables``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Suit
from ...core.engine import Event
from ...core.words import plural
from . import events
from .deal import Result, deal
from .events import SEAT
from .moves import Draw, Pass, Play
from .state import ATTACKED, BUILD, JACKED, KINGED, NAMED, PLAIN, Mode, OneCardState, evolve_table, new_state
from .tables import ATTACK, BYTE, CODE, ID, POINTS, POWER


def perform(state: OneCardState, player: int, move: object) -> Result:
    return PERFORM[type(move)](state, player, move)


def perform_play(state: OneCardState, player: int, move: Play) -> Result:
    return play(state, player, ID[move.card], move.suit)


def play(state: OneCardState, player: int, card: int, named: Suit | None, logged: bool = True) -> Result:
    """``player`` plays the card with id ``card``, naming ``named`` if it is a 7
    (the events only if ``logged``: ``step`` asks for none)."""
    table, hands, pile, discard, turn, mode = state
    players = table.players
    hand = hands[player].replace(BYTE[card], b"", 1)
    changed = list(
        hands
    )  # (the new tuple of hands from a list: two objects built, slicing around the seat builds four)
    changed[player] = hand
    hands = tuple(changed)
    discard += BYTE[card]
    direction = mode.direction
    if not hand:
        final = Mode(direction, named=named)
        return end_hand(state, hands, discard, final, player, [events.OUT[player][card]] if logged else None)

    power = POWER[card]
    nxt = (player + direction) % players
    event: Event | None = None
    if mode.pending:  # answering an attack: pass it on, or a 3 removes it
        if power == "three":
            if logged:
                event = events.CANCEL[player][card, mode.pending]
            mode = PLAIN[direction]
        else:
            mode = ATTACKED[direction][mode.pending + ATTACK[card]]
            if logged:
                event = events.ATTACK[player][card, mode.pending, nxt]
    elif power == "" or power == "three":
        mode = PLAIN[direction]
        if logged:
            event = events.PLAIN[player][card]
    elif power == "seven":
        mode = NAMED[direction][named]
        if logged:
            event = events.SEVEN[player][card, named]
    elif power == "jack":  # also a Jack countering a Jack (option)
        mode = JACKED[direction]
        if logged:
            event = events.JACK[player][card, nxt]
    elif power == "queen":  # also a Queen countering a Jack
        again = players == 2 and table.options.queen_skips_with_two
        nxt = player if again else (player - direction) % players
        if logged:
            event = events.REVERSE[player][card, mode.jack, again]
        mode = PLAIN[-direction]
    elif power == "king":
        mode = KINGED[direction]
        nxt = player
        if logged:
            event = events.KING[player][card]
    else:  # an attack
        mode = ATTACKED[direction][ATTACK[card]]
        if logged:
            event = events.ATTACK[player][card, mode.pending, nxt]
    return BUILD(OneCardState, (table, hands, pile, discard, nxt, mode)), () if event is None else (event,)


def draw(state: OneCardState, player: int, move: Draw | None = None, logged: bool = True) -> Result:
    table, hands, pile, discard, turn, mode = state
    total = mode.pending
    if total:  # the attack's penalty, or what is left of the pile
        count = total if total < len(pile) else len(pile)
        nxt = player if table.options.play_after_penalty else (player + mode.direction) % table.players
    else:
        count = 1
        nxt = (player + mode.direction) % table.players
    drawn = pile[:count]
    changed = list(hands)
    changed[player] += drawn
    hands = tuple(changed)
    if total or mode.king:
        mode = PLAIN[mode.direction]  # (a draw never happens facing a Jack or after passes)
    new = BUILD(OneCardState, (table, hands, pile[count:], discard, nxt, mode))
    if not logged:
        return new, ()
    public = events.PENALTY[player, count, total] if total else events.DRAW_ONE[player]
    if count == 1:
        return new, (public, events.DRAWN[player][drawn[0]])
    return new, ((public, events.drawn(player, drawn)) if drawn else (public,))


def pass_turn(state: OneCardState, player: int, move: Pass | None = None, logged: bool = True) -> Result:
    table, hands, pile, discard, turn, mode = state
    nxt = (player + mode.direction) % table.players
    if mode.jack:  # losing the turn to a Jack is not a pass
        new = BUILD(OneCardState, (table, hands, pile, discard, nxt, PLAIN[mode.direction]))
        return new, (events.SKIP[player],) if logged else ()
    mode = Mode(mode.direction, passes=mode.passes + 1, named=mode.named)
    if mode.passes >= table.players:
        return end_hand(
            state, hands, discard, mode, None, [events.PASSES[player][mode.passes], events.BLOCKED] if logged else None
        )
    return BUILD(OneCardState, (table, hands, pile, discard, nxt, mode)), (
        events.PASSES[player][mode.passes],
    ) if logged else ()


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
    log: list[Event] | None,
) -> Result:
    """Score the hand, then either end the game or deal the next hand with
    the next dealer clockwise (``log``: the events so far, None if not logged)."""
    table = state.table
    players = table.players
    points = tuple(0 if seat == winner else hand_points(hand) for seat, hand in enumerate(hands))
    totals = tuple(t + p for t, p in zip(table.totals, points, strict=True))
    if log is not None:
        log_hand_end(log, table.hand_no, winner, points, totals, hands)
    if max(totals) >= table.options.target:
        best = min(totals)
        winners = tuple(seat for seat, t in enumerate(totals) if t == best)
        names = " and ".join(SEAT[seat] for seat in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        final = evolve_table(table, totals=totals, last_points=points, last_winner=winner, over=True)
        turn = state.turn if winner is None else winner
        end = new_state(final, hands, state.pile, discard, turn, mode)
        if log is None:
            return end, ()
        text = f"The game ends after hand {table.hand_no}: {names} {verb} with {plural(best, 'point')}."
        log.append(Event("game_end", text, data=(("winners", winners), ("totals", totals))))
        return end, tuple(log)
    order, rng = table.rng.shuffled(table.cards)
    dealer = (table.dealer + 1) % players
    nxt = evolve_table(
        table,
        rng=rng,
        dealer=dealer,
        hand_no=table.hand_no + 1,
        totals=totals,
        last_points=points,
        last_winner=winner,
        over=False,
    )
    state, deal_events = deal(nxt, order, log is not None)
    return state, () if log is None else tuple(log) + deal_events


def log_hand_end(
    log: list[Event],
    hand_no: int,
    winner: int | None,
    points: tuple[int, ...],
    totals: tuple[int, ...],
    hands: tuple[bytes, ...],
) -> None:
    """The hand's end and its scores, added to ``log``."""
    how = "the hand is blocked" if winner is None else f"{SEAT[winner]} went out"
    scores = ", ".join(f"{SEAT[seat]} {p} (total {t})" for seat, (p, t) in enumerate(zip(points, totals, strict=True)))
    log.append(
        Event(
            "hand_end",
            f"Hand {hand_no} ends: {how}. Points: {scores}.",
            data=(
                ("hand", hand_no),
                ("winner", winner),
                ("blocked", winner is None),
                ("points", points),
                ("totals", totals),
                ("hands", tuple(tuple(CODE[c] for c in hand) for hand in hands)),  # shown to score them
            ),
        )  # fmt: skip
    )
