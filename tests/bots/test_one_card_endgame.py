"""One-Card's endgame search on one sampled deal (bots/one_card_endgame.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))
from one_card_helpers import start  # noqa: E402

from cardtable.bots.one_card import POINTS, _totals_value, settle, value  # noqa: E402
from cardtable.bots.one_card_endgame import best_value, endgame_settle  # noqa: E402
from cardtable.bots.one_card_playout import playout_hard  # noqa: E402

GAME = one_card.GAME


def _out_value(state) -> float:
    """Seat 0's value if it goes out now: the other seat pays its hand's points."""
    other = sum(POINTS[card] for card in GAME.zones(state)["hand1"])
    return _totals_value([0, other], 0, state.table.options.target, False)


def test_it_finds_a_forced_way_out_the_rules_miss():
    """Seat 0 holds K♥ J♥ J♣ on a 4♥, the other seat no Queen to counter a Jack:
    K♥ (an extra play), J♥ (the other seat loses its turn), J♣ goes out. The
    rules keep their Jacks and lose the hand; the search finds a line worth
    at least going out now (the other seat paying its hand), since on this
    deal it knows the draw pile (A♠ A♦ first) and may do better still."""
    state = start(["KH JH JC", "2C 4D 6S"], "4H", pile="AS AD")
    out = _out_value(state)
    assert best_value(state, 0, 3, playout_hard, value, settle) >= out - 1e-9
    assert best_value(state, 0, 0, playout_hard, value, settle) < out - 0.1


def test_with_depth_zero_it_is_the_rules_rollout():
    """Depth 0 tries nothing: the value of the rules played to the hand's end."""
    state = start(["KH JH JC", "2C 4D 6S"], "4H", pile="AS AD")
    line = state
    while line.table.hand_no == state.table.hand_no and not line.table.over:
        seat = GAME.to_act(line)[0]
        moves = GAME.legal_moves(line, seat)
        move = moves[0] if len(moves) == 1 else playout_hard(line, seat, moves, random.Random(0))
        settled = settle(line, seat, move, 0)
        if settled is not None:
            expected = settled
            break
        line = GAME.perform(line, seat, move)[0]
    else:
        expected = value(GAME, line, 0)
    assert best_value(state, 0, 0, playout_hard, value, settle) == pytest.approx(expected)


def test_the_hook_searches_only_the_searching_seats_small_hands():
    state = start(["KH JH JC", "2C 4D 6S"], "4H", pile="AS AD")
    moves = GAME.legal_moves(state, 0)
    hook = endgame_settle(settle, playout_hard, value, hand=3, depth=3)
    out = _out_value(state)
    assert hook(state, 0, moves[0], 0) >= out - 1e-9  # me to move, 3 cards: searched
    assert hook(state, 0, moves[0], 1) is None  # another seat's move: played on
    small = endgame_settle(settle, playout_hard, value, hand=2, depth=3)
    assert small(state, 0, moves[0], 0) is None  # 3 cards is more than 2
