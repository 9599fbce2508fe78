"""How moves change a game of One Too Many, and the events they make.

``perform`` records a secret choice (a number, or a Redo decision); once
everyone has chosen, the numbers are shown, then the Redo decisions, and the
turn is resolved (``resolve_turn``): passes, drawing, the bust, banking, the
end of a round and the start of the next turn or round, worked out in
``table``. ``record`` is ``perform`` without events, the engine's hot path.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.engine import Event
from ...core.secret import SecretChoices
from .legality import redo_deciders
from .moves import Move, Redo
from .state import CHOOSE, RECHOOSE, REDO, OneTooManyState, new_state, to_rechoose, to_redo, with_secret
from .table import Table, deal_cards, open_choices, seat_order
from .turn_events import Unlogged, choice_events, redo_choice_events, redo_event, reveal_event


def perform(
    state: OneTooManyState, player: int, move: Move, logged: bool = True
) -> tuple[OneTooManyState, tuple[Event, ...]]:
    """Record ``player``'s secret choice (``apply`` has checked it is legal)
    with its events; without ``logged``, ``record`` makes no events (``()``)."""
    choice: int | bool = move.use if isinstance(move, Redo) else move.count
    if not logged:
        return record(state, player, choice), ()
    events = redo_choice_events(player, choice) if isinstance(move, Redo) else choice_events(player, choice)
    secret = state.secret.commit(player, choice)
    if not secret.complete:
        return with_secret(state, secret), events
    return complete_choices(state, secret, list(events))


def record(state: OneTooManyState, player: int, choice: int | bool) -> OneTooManyState:
    """``perform`` without events, for a choice known to be legal: a number
    (phases CHOOSE, RECHOOSE) or whether the Redo is used (phase REDO). The
    engine's commonest step, so ``SecretChoices.commit`` is written out
    without its checks (one call less a step)."""
    secret = state.secret
    values = secret.values
    if not values or values[-1][0] < player:  # (choices mostly come in seat order: no sort)
        values = (*values, (player, choice))
    else:
        values = tuple(sorted((*values, (player, choice))))
    secret = SecretChoices(secret.waiting, values)
    if len(values) < len(secret.waiting):  # (secret.complete, written out: most choices stop here)
        return with_secret(state, secret)
    return complete_choices(state, secret, Unlogged())[0]


def complete_choices(
    state: OneTooManyState, secret: SecretChoices[int], events: list[Event]
) -> tuple[OneTooManyState, tuple[Event, ...]]:
    """Every seat has chosen: show the numbers, then the Redo decisions, or
    play the turn out. ``secret.values`` is sorted by seat: in phases CHOOSE
    and RECHOOSE exactly the numbers the reveal shows."""
    phase = state.phase
    values = secret.values
    logged = not isinstance(events, Unlogged)
    if phase is CHOOSE:
        n = state.players
        if len(values) == n:
            asks: tuple[int | None, ...] = tuple([count for _, count in values])
        else:
            numbers: list[int | None] = [None] * n
            for seat, count in values:
                numbers[seat] = count
            asks = tuple(numbers)
        if logged:
            events.append(reveal_event(values, state, redo=False))
        eligible = redo_deciders(asks, state.redo) if True in state.redo else ()
        if eligible:
            return to_redo(state, REDO, opened(eligible), asks), tuple(events)
        return resolve_turn(state, asks, events), tuple(events)
    if phase is REDO:
        users = tuple(seat for seat, use in values if use)
        if logged:
            events.extend([redo_event(seat, use) for seat, use in values])
        if users:
            redo = tuple(False if seat in users else held for seat, held in enumerate(state.redo))
            return to_rechoose(state, RECHOOSE, opened(users), redo), tuple(events)
        return resolve_turn(state, state.last_reveal, events), tuple(events)
    # RECHOOSE: the new numbers replace the old ones
    new = dict(values)
    asks = tuple(new.get(seat, old) for seat, old in enumerate(state.last_reveal))
    if logged:
        events.append(reveal_event(values, state, redo=True))
    return resolve_turn(state, asks, events), tuple(events)


def resolve_turn(state: OneTooManyState, asks: tuple[int | None, ...], events: list[Event]) -> OneTooManyState:
    """The state after the turn with final numbers ``asks`` is played out.

    In many turns nobody passes and nobody busts: the cards are dealt and the
    next turn opens, built straight from the old state's tuples (no scratch
    table: about 5% of the step, 4 players, random play). A pass, a bust or
    an empty deck go through ``Table``."""
    n = state.players
    in_round = state.in_round
    order = seat_order(n, state.first)
    wants = tuple([(seat, asks[seat]) for seat in order if in_round[seat]])
    for _, count in wants:
        if not count:
            table = Table(state, events, asks)
            table.resolve(asks)
            return table.freeze()
    deck = state.deck
    center = list(state.center)
    piles = list(state.piles)
    at, busted = deal_cards(deck, center, piles, n, wants, events)  # type: ignore[arg-type]  # (no None left: see the loop)
    if busted or at == len(deck):
        table = Table(state, events, asks)
        table.deck, table.center, table.piles = list(deck[at:]), center, piles
        table.after_draw(busted, asks)
        return table.freeze()
    s = state
    return new_state(
        s.players, s.options, s.cards, s.rng, s.round, s.turn + 1, s.first, CHOOSE,
        deck[at:], tuple(center), tuple(piles), s.scores, in_round, s.redo, s.kept, s.passed_on,
        s.round_points, open_choices(in_round), asks,
    )  # fmt: skip


@lru_cache(maxsize=256)
def opened(seats: tuple[int, ...]) -> SecretChoices[int]:
    """The secret choices of ``seats``, opened (immutable: shared)."""
    return SecretChoices.open(seats)
