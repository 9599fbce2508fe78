"""What a hint and an undo cost at the table: ``python benchmarks/undo_hint.py [--games N]``.

Prints, per game (3 players, seeded random play): the median and the slowest
time of a hint (the normal level's move from a seat's view, with its reason;
taken on the UI thread), and of an undo (planning it, then replaying the
moves kept) after 50, 150 and 300 moves. Standalone: not part of run.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.session import Seat, Session
from cardtable.tui.flow.hints import make_hint

GAMES = ("one-card", "shed", "one-too-many")


def measure(game_id: str, games: int) -> dict[str, float]:
    hints: list[float] = []
    undos: dict[int, list[float]] = {50: [], 150: [], 300: []}
    for seed in range(games):
        for length, times in undos.items():
            session = Session.start(game_id, [Seat("A"), Seat("B"), Seat("C")], None, seed)
            rng = random.Random(seed)
            for step in range(length):
                if session.is_over:
                    break
                seat = session.to_act[0]
                if length == 50 and step % 5 == 2:
                    start = time.perf_counter()
                    make_hint(session, seat)
                    hints.append(time.perf_counter() - start)
                session.apply(seat, rng.choice(session.legal_moves(seat)))
            if session.is_over or not session.moves or len(session.moves) < length:
                continue
            player = session.moves[-1][0]
            start = time.perf_counter()
            session.undo(session.plan_undo(player))
            times.append(time.perf_counter() - start)
    figures = {"hint median ms": statistics.median(hints) * 1000, "hint max ms": max(hints) * 1000}
    for length, times in undos.items():
        if times:
            figures[f"undo at {length} moves, median ms"] = statistics.median(times) * 1000
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for game_id in GAMES:
        figures = measure(game_id, args.games)
        print(game_id + ": " + ", ".join(f"{name} {value:.2f}" for name, value in figures.items()))


if __name__ == "__main__":
    main()
