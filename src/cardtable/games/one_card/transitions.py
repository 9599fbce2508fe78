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
from .state import ATTACKED, JACKED, KINGED, NAMED, PLAIN, Mode, State, evolve_table
from .tables import ATTACK, BYTE, CODE, ID, POINTS, POWER


def perform(state: State, player: int, move: object) -> Result:
    return PERFORM[type(move)](state, player, move)


def perform_play(state: State, player: int, move: Play) -> Result:
    return play_logged(state, player, ID[move.card], move.suit)


# -- the moves without their events: what ``step`` and the search's ``advance`` run ----


def play(state: State, player: int, card: int, named: Suit | None) -> State:
    """The state after ``player`` plays the card with id ``card``, naming
    ``named`` if it is a 7 (``play_logged`` adds the events)."""
    table, hands, pile, discard, turn, mode = state
    hand = hands[player].replace(BYTE[card], b"", 1)
    if not hand:
        return go_out(state, player, card, named, None)[0]
    changed = list(hands)  # (a tuple from a list: two objects built, slicing around the seat builds four)
    changed[player] = hand
    direction = mode.direction
    power = POWER[card]
    nxt = (player + direction) % table.players
    if mode.pending:  # answering an attack: pass it on, or a 3 removes it
        mode = PLAIN[direction] if power == "three" else ATTACKED[direction][mode.pending + ATTACK[card]]
    elif power == "" or power == "three":
        mode = PLAIN[direction]
    elif power == "attack":
        mode = ATTACKED[direction][ATTACK[card]]
    elif power == "seven":
        mode = NAMED[direction][named]
    elif power == "jack":  # also a Jack countering a Jack (option)
        mode = JACKED[direction]
    elif power == "queen":  # also a Queen countering a Jack
        again = table.players == 2 and table.options.queen_skips_with_two
        nxt = player if again else (player - direction) % table.players
        mode = PLAIN[-direction]
    else:  # a King
        mode = KINGED[direction]
        nxt = player
    return (table, tuple(changed), pile, discard + BYTE[card], nxt, mode)


def draw(state: State, player: int) -> State:
    """The state after ``player`` draws: one card, or an attack's penalty
    (what is left of the pile if it is short)."""
    table, hands, pile, discard, turn, mode = state
    total = mode.pending
    if total:
        count = total if total < len(pile) else len(pile)
        nxt = player if table.options.play_after_penalty else (player + mode.direction) % table.players
    else:
        count = 1
        nxt = (player + mode.direction) % table.players
    changed = list(hands)
    changed[player] += pile[:count]
    if total or mode.king:
        mode = PLAIN[mode.direction]  # (a draw never happens facing a Jack or after passes)
    return (table, tuple(changed), pile[count:], discard, nxt, mode)


def pass_turn(state: State, player: int) -> State:
    """The state after ``player`` passes, or loses the turn to a Jack."""
    table, hands, pile, discard, turn, mode = state
    nxt = (player + mode.direction) % table.players
    if mode.jack:  # losing the turn to a Jack is not a pass
        return (table, hands, pile, discard, nxt, PLAIN[mode.direction])
    mode = Mode(mode.direction, passes=mode.passes + 1, named=mode.named)
    if mode.passes >= table.players:
        return end_hand(state, hands, discard, mode, None, None)[0]
    return (table, hands, pile, discard, nxt, mode)


def go_out(state: State, player: int, card: int, named: Suit | None, log: list[Event] | None) -> Result:
    """``player`` plays ``card``, their last: the hand ends."""
    table, hands, pile, discard, turn, mode = state
    emptied = list(hands)
    emptied[player] = b""
    final = Mode(mode.direction, named=named)
    return end_hand(state, tuple(emptied), discard + BYTE[card], final, player, log)


# -- the moves with their events: what ``apply`` runs ------------------------------


def play_logged(state: State, player: int, card: int, named: Suit | None) -> Result:
    """``play`` and its event (told from the states before and after)."""
    _, hands, _, _, _, mode = state
    if len(hands[player]) == 1:
        return go_out(state, player, card, named, [events.OUT[player][card]])
    new = play(state, player, card, named)
    _, _, _, _, turn, after = new  # after the play: whose turn, and the mode
    power = POWER[card]
    if mode.pending:
        if power == "three":
            return new, (events.CANCEL[player][card, mode.pending],)
        return new, (events.ATTACK[player][card, after.pending, turn],)
    if power == "" or power == "three":
        return new, (events.PLAIN[player][card],)
    if power == "attack":
        return new, (events.ATTACK[player][card, after.pending, turn],)
    if power == "seven":
        return new, (events.SEVEN[player][card, named],)
    if power == "jack":
        return new, (events.JACK[player][card, turn],)
    if power == "queen":
        return new, (events.REVERSE[player][card, mode.jack, turn == player],)
    return new, (events.KING[player][card],)


def draw_logged(state: State, player: int, move: Draw | None = None) -> Result:
    """``draw`` and its events: the public one, and the drawer's own."""
    _, _, pile, _, _, mode = state
    new = draw(state, player)
    total, left = mode.pending, new[2]  # (the pile left)
    drawn = pile[: len(pile) - len(left)]
    public = events.PENALTY[player, len(drawn), total] if total else events.DRAW_ONE[player]
    if len(drawn) == 1:
        return new, (public, events.DRAWN[player][drawn[0]])
    return new, ((public, events.drawn(player, drawn)) if drawn else (public,))


def pass_logged(state: State, player: int, move: Pass | None = None) -> Result:
    """``pass_turn`` and its events."""
    table, hands, pile, discard, turn, mode = state
    if mode.jack:
        return pass_turn(state, player), (events.SKIP[player],)
    passes = mode.passes + 1
    if passes >= table.players:
        final = Mode(mode.direction, passes=passes, named=mode.named)
        return end_hand(state, hands, discard, final, None, [events.PASSES[player][passes], events.BLOCKED])
    return pass_turn(state, player), (events.PASSES[player][passes],)


PERFORM: dict[type, Callable[[State, int, Any], Result]] = {
    Play: perform_play,
    Draw: draw_logged,
    Pass: pass_logged,
}
"""The function performing each kind of move: ``PERFORM[type(move)](state, player, move)``."""


def hand_points(hand: bytes) -> int:
    return sum(POINTS[c] for c in hand)


def end_hand(
    state: State,
    hands: tuple[bytes, ...],
    discard: bytes,
    mode: Mode,
    winner: int | None,
    log: list[Event] | None,
) -> Result:
    """Score the hand, then either end the game or deal the next hand with
    the next dealer clockwise (``log``: the events so far, None if not logged)."""
    table, _, pile, _, turn, _ = state
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
        end = (final, hands, pile, discard, turn if winner is None else winner, mode)
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
