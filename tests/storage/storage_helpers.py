"""Shared helpers of the storage tests."""

from __future__ import annotations

import random

import pytest

from cardtable.session import Seat, Session


class FakeGame:
    """A game known only by its id: all the statistics store reads of a game."""

    def __init__(self, game_id):
        self.id = game_id


NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana"]


def game_or_skip(game_id: str):
    from cardtable.games import get_game

    try:
        return get_game(game_id)
    except ModuleNotFoundError:
        pytest.skip(f"{game_id} engine not present yet")


def start(game_id: str, players: int = 2, seed: int = 0, kinds: list[str] | None = None, options=None) -> Session:
    kinds = kinds or ["human"] * players
    seats = [Seat(NAMES[i], kinds[i]) for i in range(players)]
    return Session.start(game_id, seats, options, seed=seed)


def random_move(session: Session, rng: random.Random):
    player = rng.choice(session.to_act)
    return player, rng.choice(session.legal_moves(player))


def play(session: Session, moves: int, rng: random.Random) -> int:
    """Apply up to ``moves`` random legal moves (fewer if the game ends); return how many."""
    done = 0
    while done < moves and not session.is_over:
        session.apply(*random_move(session, rng))
        done += 1
    return done


def play_to_end(session: Session, rng: random.Random, cap: int = 50_000) -> None:
    for _ in range(cap):
        if session.is_over:
            return
        session.apply(*random_move(session, rng))
    raise AssertionError("game did not end")
