"""One-Card's rule-based players: suits, defence, attacks and Jacks (what their play
tells the hard level is in test_one_card_evidence.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card import normal  # noqa: E402
from cardtable.core.cards import Suit, parse_card  # noqa: E402

GAME = one_card.GAME


def cards(text):
    return tuple(parse_card(c) for c in text.split())


def situation(hand, top, **changes):
    """Seat 0 to act holding ``hand`` on ``top``; returns (view, legal moves from the view)."""
    state = GAME.new(2, seed=3)
    view = GAME.view(state, state.turn if hasattr(state, "turn") else 0)
    view = dataclasses.replace(
        view,
        player=0,
        to_act=(0,),
        hand=hand,
        discard=(top,),
        suit=top.suit,
        hand_sizes=(len(hand), view.hand_sizes[1]),
        pending=0,
        jack_pending=False,
        king_pending=False,
    )
    view = dataclasses.replace(view, **changes)
    return view, GAME.legal_moves_from_view(view, random.Random(0))


def choose(hand, top, **changes):
    view, moves = situation(hand, top, **changes)
    return normal(view, moves, random.Random(0)), moves


def test_a_seven_names_the_suit_held_most():
    move, _ = choose(cards("7S#1 4H 9H KH 5C"), parse_card("6D"))
    assert move.card.rank == 7 and move.suit == Suit.HEARTS


def test_keeps_its_threes_and_sevens_when_a_plain_card_goes():
    move, _ = choose(cards("3H 7S 8H 5C 4S"), parse_card("6H"))
    assert move.card == parse_card("8H")


def test_passes_an_attack_on_rather_than_spending_a_three():
    move, moves = choose(cards("3C 2H 9S 5D 8C"), parse_card("2S"), pending=2)
    assert move.card == parse_card("2H")
    # with no attack card to pass it on, the 3 stops it
    move, _ = choose(cards("3C 9S 5D 8C 4H"), parse_card("2S"), pending=2)
    assert move.card.rank == 3


def test_counters_a_jack_with_a_queen():
    move, moves = choose(cards("QC 9S 5D 8C 4H"), parse_card("JS"), jack_pending=True)
    assert move.card == parse_card("QC")


def test_attacks_the_next_player_when_they_are_about_to_go_out():
    hand = cards("2H 9H 5H 8C 4S")
    calm, _ = choose(hand, parse_card("6H"), hand_sizes=(5, 6))
    urgent, _ = choose(hand, parse_card("6H"), hand_sizes=(5, 1))
    assert calm.card != parse_card("2H")  # an attack card is kept as defence...
    assert urgent.card == parse_card("2H")  # ...until the next player has one card left


def test_goes_out_when_it_can():
    move, _ = choose(cards("9H"), parse_card("6H"))
    assert move.card == parse_card("9H")
