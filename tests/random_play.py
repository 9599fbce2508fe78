"""Seeded random play of a session, shared by the tests that need a game under way or over."""

from __future__ import annotations

import random

from cardtable.session import Session


def play_randomly(session: Session, rng: random.Random, moves: int | None = None) -> Session:
    """Play ``moves`` random legal moves (all to the end if None; fewer if the game ends
    first), each by the first seat to act, chosen by ``rng``."""
    played = 0
    while not session.is_over and (moves is None or played < moves):
        seat = session.to_act[0]
        session.apply(seat, rng.choice(session.legal_moves(seat)))
        played += 1
    return session
