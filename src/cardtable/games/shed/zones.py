"""Where Shed's cards are: the zones, which of them a seat may not see, a way
to replace their contents, and the counters the invariant check looks at.

During the exchange a seat's swaps are private, so its zones follow what the
others know: ``up{p}`` holds the row as dealt (public, though some of its
cards may be in the hand by now) and ``hand{p}`` the cards dealt into the
hand (hidden, though some may be face up by now: current row first, then the
hand). Once play starts the zones are the rows themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.cards import Card
from ...core.conservation import held_once, moved, same_cards, seats_moved
from .cards import FULL_DECK, FULL_DECK_SET, Cards
from .deal import SHORT_DRAW_SIZE
from .ranks import TEN
from .state import EXCHANGE, OVER, PLAY, ShedState, evolve

TENS = frozenset(card for card in FULL_DECK if card[0] == TEN)
_SHARED = ("deck", "unused", "stack", "burned")
_ROWS = {"hand": "hands", "known": "known", "up": "up", "down": "down"}  # zone prefix -> state field


def exchange_zones(state: ShedState, p: int) -> tuple[Cards, Cards]:
    """Seat ``p``'s ``up`` and ``hand`` zones during the exchange."""
    dealt = state.dealt_up[p]
    return dealt, tuple(c for c in state.up[p] + state.hands[p] if c not in dealt)


def zones(state: ShedState) -> dict[str, Cards]:
    z = {"deck": state.deck, "unused": state.unused, "stack": state.stack, "burned": state.burned}
    exchange = state.phase == EXCHANGE
    for p in range(state.players):
        if exchange:
            z[f"up{p}"], z[f"hand{p}"] = exchange_zones(state, p)
        else:
            z[f"up{p}"], z[f"hand{p}"] = state.up[p], state.hands[p]
        z[f"known{p}"] = state.known[p]
        z[f"down{p}"] = state.down[p]
    return z


def hidden_zones(state: ShedState, player: int | None) -> tuple[str, ...]:
    names = ["deck", "unused"]
    names += [f"down{p}" for p in range(state.players)]
    names += [f"hand{p}" for p in range(state.players) if p != player]
    return tuple(names)


def _zone_seat(name: str) -> tuple[str, int]:
    for prefix in _ROWS:
        if name.startswith(prefix) and name[len(prefix) :].isdigit():
            return prefix, int(name[len(prefix) :])
    raise KeyError(f"Shed has no zone {name!r}")


def with_zones(state: ShedState, zones: Mapping[str, Cards]) -> ShedState:
    changes: dict[str, Any] = {}
    rows = {prefix: list(getattr(state, field)) for prefix, field in _ROWS.items()}
    exchange = state.phase == EXCHANGE
    swaps: dict[int, dict[Card, Card]] = {}  # exchange phase: per seat, old card -> new card
    touched = set()
    for name, cards in zones.items():
        cards = tuple(cards)
        if name in _SHARED:
            changes[name] = cards
            continue
        prefix, seat = _zone_seat(name)
        if exchange and prefix in ("hand", "up"):
            dealt, dealt_hand = exchange_zones(state, seat)
            old = dealt if prefix == "up" else dealt_hand
            if len(old) != len(cards):
                raise ValueError(f"zone {name} holds {len(old)} cards, not {len(cards)}")
            swaps.setdefault(seat, {}).update(zip(old, cards, strict=True))
        else:
            rows[prefix][seat] = cards
            touched.add(prefix)
    for prefix in touched:
        changes[_ROWS[prefix]] = tuple(rows[prefix])
    if swaps:
        hands, up, dealt_up = list(state.hands), list(state.up), list(state.dealt_up)
        for seat, swap in swaps.items():
            hands[seat] = tuple(swap.get(c, c) for c in hands[seat])
            up[seat] = tuple(swap.get(c, c) for c in up[seat])
            dealt_up[seat] = tuple(swap.get(c, c) for c in dealt_up[seat])
        changes.update(hands=tuple(hands), up=tuple(up), dealt_up=tuple(dealt_up))
    return evolve(state, **changes)


def held_rows(state: ShedState) -> tuple[Cards, ...]:
    """Every place a card is, as the state holds it (during the exchange
    ``zones`` shows the rows the others know, not the rows as they are)."""
    return (state.deck, state.unused, state.stack, state.burned, *state.hands, *state.known, *state.up, *state.down)


def cards_conserved(state: ShedState) -> bool:
    """Whether each of the 52 cards is in exactly one place: compared with the
    last state found conserved, only the places that are not the same objects
    (``core.conservation``). The places are looked at field by field, and a
    per-seat field seat by seat only if it changed (a move changes one or two
    of the four): no tuple of all the places is built and walked. The check
    after a move: 6.0 -> 4.8 -> 3.0 -> 2.5 -> 2.0 us."""
    global _LAST
    last = _LAST  # (read once: another thread may replace it)
    if last is None:
        return _all_conserved(state)
    now: list[Card] = []  # the cards the changed places hold now and not before
    before: list[Card] = []  # ... and held before, not now
    if state.stack is not last.stack:
        moved(state.stack, last.stack, now, before)
    if state.deck is not last.deck:
        moved(state.deck, last.deck, now, before)
    if state.burned is not last.burned:
        moved(state.burned, last.burned, now, before)
    if state.unused is not last.unused:
        moved(state.unused, last.unused, now, before)
    # (one test a per-seat field, no tuple of them to walk: 44.5k -> 43.0k instructions a check)
    if state.hands is not last.hands and not seats_moved(state.hands, last.hands, now, before):
        return _all_conserved(state)
    if state.known is not last.known and not seats_moved(state.known, last.known, now, before):
        return _all_conserved(state)
    if state.up is not last.up and not seats_moved(state.up, last.up, now, before):
        return _all_conserved(state)
    if state.down is not last.down and not seats_moved(state.down, last.down, now, before):
        return _all_conserved(state)
    if same_cards(now, before):
        _LAST = state
        return True
    return False


def _all_conserved(state: ShedState) -> bool:
    """``cards_conserved`` by all the places (the first state, or seats that do not match)."""
    global _LAST
    if held_once(held_rows(state), FULL_DECK_SET):
        _LAST = state
        return True
    return False


_LAST: ShedState | None = None  # the last state cards_conserved found conserved


def counter_violations(state: ShedState) -> list[str]:
    n = state.players
    # (one chained comparison: 0.6 -> 0.25 us; the names are looked up only when it fails)
    if not (
        len(state.done)
        == len(state.hands)
        == len(state.known)
        == len(state.up)
        == len(state.dealt_up)
        == len(state.down)
        == len(state.places)
        == n
    ):
        return [
            f"{name} has {len(getattr(state, name))} entries for {n} players"
            for name in ("done", "hands", "known", "up", "dealt_up", "down", "places")
            if len(getattr(state, name)) != n
        ]
    problems: list[str] = []  # (each part below adds its own: no list a part)
    if state.phase not in (EXCHANGE, PLAY, OVER):
        problems.append(f"unknown phase {state.phase!r}")
    expected_unused = 52 - 3 * 3 * n - SHORT_DRAW_SIZE if state.options.short_game else 0
    if len(state.unused) != expected_unused:
        problems.append(f"{len(state.unused)} unused cards, expected {expected_unused}")
    _place_violations(state, problems)
    if state.phase == EXCHANGE:
        _exchange_violations(state, problems)
    elif any(state.dealt_up):
        problems.append("the dealt face-up rows are kept after the exchange")
    _phase_violations(state, problems)
    if state.stack or state.start_rank:  # (an empty stack breaks none of its rules)
        _stack_violations(state, problems)
    return problems


def _place_violations(state: ShedState, problems: list[str]) -> None:
    """What is wrong with the places and with each seat's cards: one pass over the seats
    (the check after a move 11.3 -> 10.8 us in ``cardtable simulate``'s loop, side by side)."""
    n = state.players
    places, phase, stall = state.places, state.phase, state.stall
    stall_limit = state.options.stall_limit
    stalled = phase == OVER and stall >= stall_limit
    playing = phase != OVER
    hands, known, up, down = state.hands, state.known, state.up, state.down
    hand_size = state.hand_size if state.deck else 0  # (hands are refilled while the deck lasts)
    out: list[int] = []  # the places of the seats out that hold no card
    seats: list[str] = []  # what is wrong seat by seat, said after the places and the stall
    for p, place in enumerate(places):
        # (whether the seat holds a card at all: counting them is left to the messages)
        holds = hands[p] or known[p] or up[p] or down[p]
        if place:
            if not holds:
                out.append(place)
            elif place != n and not stalled:
                seats.append(f"seat {p} is out but holds {state.cards_left(p)} cards")
            continue
        if playing and not holds:
            seats.append(f"seat {p} holds no cards but is not out")
        if hand_size and len(hands[p]) + len(known[p]) < hand_size:
            seats.append(f"seat {p} holds {state.hand_count(p)} hand cards while the deck lasts")
    if out and sorted(out) != list(range(1, len(out) + 1)):
        problems.append(f"places {places} of the players out are not 1, 2, ... in order")
    if phase == PLAY and stall >= stall_limit:
        problems.append("the stall limit is reached but the game goes on")
    if phase == EXCHANGE and stall:
        problems.append("moves without progress are counted during the exchange")
    problems += seats


def _exchange_violations(state: ShedState, problems: list[str]) -> None:
    if state.stack or state.burned or any(state.places) or state.turn != -1:
        problems.append("play has begun during the exchange")
    for p in range(state.players):
        dealt = state.dealt_up[p]
        if len(dealt) != len(state.up[p]) or not set(dealt) <= set(state.up[p] + state.hands[p]):
            problems.append(f"seat {p}'s dealt face-up cards are not in its row and hand")
        if state.known[p]:
            problems.append(f"seat {p} has known hand cards during the exchange")


def _phase_violations(state: ShedState, problems: list[str]) -> None:
    n = state.players
    if state.phase == PLAY:
        if not all(state.done):
            problems.append("play started before every player finished exchanging")
        if state.places.count(0) < 2:
            problems.append("play goes on with fewer than two players")
        if not 0 <= state.turn < n or state.places[state.turn]:
            problems.append(f"the turn is at seat {state.turn}, who is not playing")
    elif state.phase == OVER:
        stalled = state.stall >= state.options.stall_limit
        if not all(state.places) or (not stalled and sorted(state.places) != list(range(1, n + 1))):
            problems.append(f"the game is over but places are {state.places}")
        if state.turn != -1:
            problems.append("the game is over but someone has the turn")


def _stack_violations(state: ShedState, problems: list[str]) -> None:
    if not TENS.isdisjoint(state.stack):
        problems.append("a 10 is in the stack: it should have burned it")
    s = state.stack
    if state.options.four_of_a_kind_burns and len(s) >= 4 and s[-1][0] == s[-2][0] == s[-3][0] == s[-4][0]:
        problems.append("the top four cards of the stack are of one rank: it should have burned")
    if state.start_rank and (state.stack or state.burned or state.phase != PLAY):
        problems.append("the opening rank is still required after the first play")
