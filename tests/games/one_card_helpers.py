"""Stacked-deck helpers shared by the One-Card scenario tests.

Every game here starts with seed 0, whose dealer is the last seat, so seat 0
leads and play goes to seat 1 first.
"""

from __future__ import annotations

from cardtable.core.cards import parse_card
from cardtable.games.one_card import GAME, first_dealer, named, stacked_deck


def cards(text: str) -> list:
    return [parse_card(code) for code in text.split()]


def c(code: str):
    return parse_card(code)


def start(hands: list[str], up: str, pile: str = "", rest: bool = True, **options):
    """A game whose seats hold ``hands`` (seat 0 leads), up-card ``up`` and
    draw pile starting with ``pile`` (then every other card, if ``rest``).
    The states these helpers give have their fields named (``named``)."""
    players = len(hands)
    assert first_dealer(players, 0) == players - 1
    held = [cards(h) for h in hands]
    options.setdefault("hand_size", len(held[0]))
    deck = stacked_deck(players, held, c(up), cards(pile), seed=0, rest=rest)
    state = named(GAME.new(players, options, seed=0, deck=deck))
    assert state.turn == 0 and not GAME.invariant_violations(state)
    return state


def play(state, player, move):
    new, events = GAME.apply(state, player, move)
    assert not GAME.invariant_violations(new), GAME.invariant_violations(new)
    return named(new), events
