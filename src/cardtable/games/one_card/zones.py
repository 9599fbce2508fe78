"""Where One-Card's cards are (the draw pile, the discard pile, a hand per
seat), which zones a seat may not see, and the counters the invariant check
looks at."""

from __future__ import annotations

from typing import Mapping

from ...core.cards import Card, Rank
from .state import OneCardState
from .tables import attack_value, card_ids, cards_of


def zones(state: OneCardState) -> dict[str, tuple[Card, ...]]:
    zones = {"deck": cards_of(state.pile), "discard": cards_of(state.discard)}
    for seat, hand in enumerate(state.hands):
        zones[f"hand{seat}"] = cards_of(hand)
    return zones


def hidden_zones(state: OneCardState, player: int | None) -> tuple[str, ...]:
    return ("deck",) + tuple(f"hand{seat}" for seat in range(state.table.players) if seat != player)


def with_zones(state: OneCardState, zones: Mapping[str, tuple[Card, ...]]) -> OneCardState:
    def ids(name: str, current: tuple[int, ...]) -> tuple[int, ...]:
        return card_ids(zones[name]) if name in zones else current

    hands = tuple(ids(f"hand{seat}", hand) for seat, hand in enumerate(state.hands))
    pile, discard = ids("deck", state.pile), ids("discard", state.discard)
    return OneCardState(state.table, hands, pile, discard, state.turn, state.mode)


def all_cards(state: OneCardState) -> tuple[Card, ...]:
    return cards_of(state.table.cards)


def counter_violations(state: OneCardState) -> list[str]:
    table = state.table
    n = table.players
    problems = []
    if len(state.hands) != n or len(table.totals) != n:
        problems.append(f"{len(state.hands)} hands and {len(table.totals)} totals for {n} players")
    if not 0 <= state.turn < n:
        problems.append(f"turn {state.turn} is not a seat")
    if not 0 <= table.dealer < n:
        problems.append(f"dealer {table.dealer} is not a seat")
    if state.direction not in (1, -1):
        problems.append(f"direction {state.direction} is not +1 or -1")
    if not state.discard:
        problems.append("the discard pile is empty")
        return problems
    top = state.top
    if state.mode.named is not None and top.rank != Rank.SEVEN:
        problems.append(f"suit {state.mode.named.label} named on {top.face}, not a 7")
    if state.pending < 0 or (state.pending and not attack_value(top)):
        problems.append(f"attack total {state.pending} on {top.face}")
    if state.jack and (top.rank != Rank.JACK or state.pending or state.king):
        problems.append(f"a Jack counter pending on {top.face}")
    if state.king and (top.rank != Rank.KING or state.pending):
        problems.append(f"a King's extra play pending on {top.face}")
    if not 0 <= state.passes <= n or (state.passes == n and not table.over):
        problems.append(f"{state.passes} consecutive passes with {n} players")
    if state.passes and state.pile:
        problems.append("passes counted while the draw pile is not empty")
    if any(t < 0 for t in table.totals):
        problems.append(f"negative totals {table.totals}")
    if table.over != (max(table.totals) >= table.options.target):
        problems.append(f"over={table.over} with totals {table.totals}")
    if table.over and (state.pending or state.jack or state.king):
        problems.append("an attack, Jack or King still pending after the game's end")
    return problems
