"""Shed's rule-based players: the exchange, playing low, saving 2s and 10s."""

from __future__ import annotations

import random

import pytest

shed = pytest.importorskip("cardtable.games.shed")
from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.shed import normal  # noqa: E402
from cardtable.core.cards import parse_card  # noqa: E402

GAME = shed.GAME


def cards(text):
    return tuple(parse_card(c) for c in text.split())


def normal_move(state, seat=0):
    view = GAME.view(state, seat)
    return make_bot(GAME, "normal", seed=1).choose(view)


def ranks(move):
    return sorted(c.rank for c in move.cards)


def test_the_exchange_puts_the_strong_cards_face_up():
    deck = shed.stacked_deck(2, hands={0: cards("10H 2S AS 3C 4D 5H")}, up={0: cards("6C 7D 8S 9H JC QD")})
    state = GAME.new(2, seed=1, deck=deck)
    move = normal_move(state)
    assert isinstance(move, shed.Exchange)
    assert move.hand_card.rank == 10 and move.face_up_card.rank == 6
    # keep exchanging until the bot is done: the face-up row ends up 10, 2, A, Q, J, 9
    seat = 0
    while not state.done[seat]:
        state, _ = GAME.apply(state, seat, normal_move(state))
    assert sorted(c.rank for c in state.up[seat]) == [2, 9, 10, 11, 12, 14]


def test_plays_its_lowest_rank_every_copy_at_once():
    state = shed.position(
        2,
        hands={0: cards("4C 4D 7S 2H 10D KC"), 1: cards("5C 6C")},
        stack=cards("3S"),
        turn=0,
        down={0: cards("9C"), 1: cards("9D")},
    )
    move = normal_move(state)
    assert isinstance(move, shed.Play) and ranks(move) == [4, 4]


def test_saves_2s_and_10s_for_when_nothing_else_goes():
    hand = cards("2H 10D 5C 6C 7C 8C")
    state = shed.position(2, hands={0: hand, 1: cards("5D")}, stack=cards("QS"), turn=0, down={0: cards("9C")})
    assert ranks(normal_move(state)) == [2]  # a small stack: the 2 resets it, the 10 is kept
    big = shed.position(
        2, hands={0: hand, 1: cards("5D")}, stack=cards("3S 4S 6D 9D QS"), turn=0, down={0: cards("9C")}
    )
    assert ranks(normal_move(big)) == [10]  # a big stack: burn it
    low = shed.position(2, hands={0: hand, 1: cards("5D")}, stack=cards("4S"), turn=0, down={0: cards("9C")})
    assert ranks(normal_move(low)) == [5]  # a plain card goes: the 2 and the 10 are saved


def test_never_picks_up_when_it_can_play():
    state = shed.position(2, hands={0: cards("KS AS"), 1: cards("5D")}, stack=cards("QS"), turn=0)
    assert isinstance(normal_move(state), shed.Play)


def test_easy_makes_mistakes_that_normal_does_not():
    """Over many seeds easy sometimes plays something other than its lowest card."""
    hand = cards("2H 5C 6C 7C 8C 9C")
    state = shed.position(2, hands={0: hand, 1: cards("5D")}, stack=cards("4S"), turn=0, down={0: cards("9D")})
    view = GAME.view(state, 0)
    moves = GAME.legal_moves(state, 0)
    best = next(m for m in moves if isinstance(m, shed.Play) and m.cards[0].rank == 5)
    assert {normal(view, moves, random.Random(s)) for s in range(10)} == {best}
    easy = [make_bot(GAME, "easy", seed=s).choose(view) for s in range(60)]
    assert best in easy and any(m != best for m in easy)


def test_the_hard_rollouts_score_a_win_as_the_outcome_does():
    """A game stopped at the stall limit: a player still holding cards has not won
    (``Outcome.winners()``), even when it is not last, so its rollout scores 0;
    one who went out scores as a winner."""
    from dataclasses import replace

    from cardtable.bots.shed import value

    state = GAME.new(3, seed=4)
    # seat 1 went out; seats 0 and 2 still hold cards when the stall limit stops the game
    state = replace(
        state,
        phase=shed.Phase.OVER,
        hands=(state.hands[0], (), state.hands[2]),
        known=((), (), ()),
        up=(state.up[0], (), state.up[2]),
        down=(state.down[0], (), state.down[2]),
        places=(2, 1, 3),
        stall=state.options.stall_limit,
    )
    winners = GAME.outcome(state).winners()
    assert winners == (1,)
    assert value(GAME, state, 0) == 0.0  # second place, but holding cards: no win
    assert value(GAME, state, 2) == 0.0
    assert value(GAME, state, 1) == 1.0


def _out(state, seat, place):
    """``state`` with ``seat`` gone out in ``place`` (its cards all shed)."""
    from dataclasses import replace

    def emptied(cards):
        return tuple(() if p == seat else c for p, c in enumerate(cards))

    places = tuple(place if p == seat else q for p, q in enumerate(state.places))
    return replace(
        state, hands=emptied(state.hands), known=emptied(state.known), up=emptied(state.up),
        down=emptied(state.down), places=places,
    )  # fmt: skip


def test_with_four_players_the_rollouts_race_to_go_out_first():
    """Issue 15: with three or more players a rollout begun before anyone went out
    stops at the first player out (``race_over``), which scores 1; the others score
    at most ``RUNNER_UP``, less the more cards they still hold. Once someone is out
    before the search begins, the rollouts play on to the end as before; with two
    players nothing changes."""
    from dataclasses import replace

    from cardtable.bots.shed import RUNNER_UP, SEARCH, race_over, value

    start = GAME.new(4, seed=3)
    assert SEARCH.horizon is race_over
    first = _out(start, 2, 1)
    assert not GAME.is_over(first)
    assert race_over(start, first) and not race_over(start, start)
    assert not race_over(first, _out(first, 0, 2))  # first place was decided before the search
    assert value(GAME, first, 2) == 1.0
    # seat 1 holds three more cards than seats 0 and 3
    heavier = replace(first, hands=tuple(h + start.deck[:3] if p == 1 else h for p, h in enumerate(first.hands)))
    for seat in (0, 1, 3):
        assert 0 < value(GAME, heavier, seat) <= RUNNER_UP
    assert value(GAME, heavier, 1) < value(GAME, heavier, 0) == value(GAME, heavier, 3)
    # before it (the old scoring of a rollout cut short: up to 1, not up to RUNNER_UP)
    assert value(GAME, heavier, 0) < value(GAME, start, 0) == 0.5
    two = GAME.new(2, seed=3)
    assert not race_over(two, _out(two, 0, 1))


def test_with_four_players_the_search_scores_going_out_first():
    """A seat that goes out with its move scores 1 in every rollout, and the
    rollouts of a move that does not stop at someone else's going out first."""
    from cardtable.bots.search import SearchBot
    from cardtable.bots.shed import RUNNER_UP, SEARCH

    bot = SearchBot(GAME, SEARCH, seed=1, iterations=1)
    rng = random.Random(5)
    start = GAME.new(4, seed=8)
    for seat in range(4):
        gone = _out(start, seat, 1)
        assert bot._rollout(start, gone, seat, random.Random(rng.getrandbits(64))) == 1.0
        assert bot._rollout(start, gone, (seat + 1) % 4, random.Random(rng.getrandbits(64))) <= RUNNER_UP
