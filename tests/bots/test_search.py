"""The search player over the engine contract, on a toy game and on the real ones."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pytest

from cardtable.bots import SearchBot, SearchKit, make_bot
from cardtable.core.engine import Event, Game, GameOptions, Outcome


@dataclass(frozen=True)
class Pile:
    stones: int
    turn: int


@dataclass(frozen=True)
class PileView:
    player: int
    stones: int
    turn: int


@dataclass(frozen=True)
class Take:
    n: int


class Nim(Game):
    """Take 1 or 2 stones; whoever takes the last stone wins. Nothing is hidden."""

    id = "toy-nim"
    name = "Nim"
    summary = "take stones"
    min_players = max_players = 2
    Options = GameOptions
    move_types = (Take,)

    def cards(self, players, options):
        return ()

    def deal(self, players, options, order, rng, seed):
        return Pile(seed or 7, 0)

    def to_act(self, state):
        return () if state.stones == 0 else (state.turn,)

    def candidate_moves(self, state, player):
        return [Take(1), Take(2)]

    def why_illegal(self, state, player, move):
        return None if move.n <= state.stones else "not enough stones"

    def perform(self, state, player, move):
        return Pile(state.stones - move.n, 1 - state.turn), (Event("take", f"{{p{player}}} takes {move.n}"),)

    def view(self, state, player):
        return PileView(player, state.stones, state.turn)

    def is_over(self, state):
        return state.stones == 0

    def outcome(self, state):
        winner = 1 - state.turn  # the one who took the last stone
        return Outcome(tuple(1 if s == winner else 2 for s in range(2)), (0, 0))

    def determinize(self, view, rng):
        return Pile(view.stones, view.turn)

    def zones(self, state):
        return {}

    def hidden_zones(self, state, player):
        return ()

    def with_zones(self, state, zones):
        return state

    def all_cards(self, state):
        return ()


def take_one(view, moves, rng):
    """A poor prior: always take one stone."""
    return next(m for m in moves if m.n == 1)


NIM = Nim()
KIT = SearchKit(policy=take_one)


def test_search_overrules_a_poor_prior_when_the_evidence_is_clear():
    # 2 stones: taking both wins at once; the prior's "take 1" loses
    bot = SearchBot(NIM, KIT, seed=1, iterations=20)
    assert bot.choose(PileView(0, 2, 0)) == Take(2)
    assert bot.report.prior == Take(1)
    assert bot.report.iterations == 20


def test_search_looks_past_the_next_move():
    # 4 stones: take 1 -> 3 -> 2 -> 1 and the opponent takes the last one;
    # take 2 -> 2 -> 1 and we take the last one. Only a played-out game shows it.
    bot = SearchBot(NIM, KIT, seed=1, iterations=10)
    assert bot.choose(PileView(0, 4, 0)) == Take(2)


def test_search_keeps_the_prior_when_the_evidence_shows_no_difference():
    flat = SearchKit(policy=take_one, value=lambda game, state, seat: 0.5)
    bot = SearchBot(NIM, flat, seed=1, iterations=10)
    assert bot.choose(PileView(0, 4, 0)) == Take(1)


def test_a_single_legal_move_is_played_without_search():
    bot = SearchBot(NIM, KIT, seed=1, iterations=50)
    assert bot.choose(PileView(0, 1, 0)) == Take(1)
    assert bot.report.iterations == 0


def test_fixed_iterations_are_exactly_reproducible():
    game = pytest.importorskip("cardtable.games.one_too_many").GAME
    state = game.new(3, seed=4)
    view = game.view(state, 1)
    moves = {make_bot(game, "hard", seed=9, iterations=8).choose(view) for _ in range(3)}
    assert len(moves) == 1


def test_the_time_budget_bounds_a_decision():
    game = pytest.importorskip("cardtable.games.shed").GAME
    state = game.new(2, seed=2)
    # play into the game so that there are choices to search
    rng = random.Random(0)
    while game.to_act(state) and (state.phase != "play" or len(game.legal_moves(state, game.to_act(state)[0])) < 3):
        seat = game.to_act(state)[0]
        state, _ = game.apply(
            state, seat, make_bot(game, "normal", seed=rng.randrange(99)).choose(game.view(state, seat))
        )
    seat = game.to_act(state)[0]
    bot = make_bot(game, "hard", seed=1, budget=0.05)
    started = time.perf_counter()
    move = bot.choose(game.view(state, seat))
    elapsed = time.perf_counter() - started
    assert move in game.legal_moves(state, seat)
    assert bot.report.iterations >= 1
    assert elapsed < 2.0  # generous: the machine may be busy; the budget itself is 0.05 s
