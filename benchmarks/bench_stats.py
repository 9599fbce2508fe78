"""The statistics database: filing a finished game, and reading the Statistics screen's report.

    python benchmarks/bench_stats.py [--games N] [--json]

Files N games (3 players, with a record of 200 moves each) into a fresh database
in a temporary folder, then reads the report (players, head to head, 50 recent
games) as the Statistics screen does, and prints the times.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as root:
        os.environ["XDG_DATA_HOME"] = root
        from cardtable.core.engine import Outcome
        from cardtable.core.record import GameRecord, MoveEntry
        from cardtable.storage.stats import StatsStore

        class Game:
            id = "one-card"

        record = GameRecord(
            game="one-card",
            players=3,
            seed=7,
            moves=[MoveEntry(player=n % 3, move={"type": "Draw"}) for n in range(200)],
        )
        store = StatsStore()
        start = datetime(2025, 1, 1, tzinfo=UTC)
        began = time.perf_counter()
        for n in range(args.games):
            places = [(1, 2, 3), (2, 1, 3), (3, 2, 1)][n % 3]
            store.record_game(
                f"g{n}",
                Game,
                ["Ann", "Bob", "Cleo"],
                Outcome(places, (n % 50, 30, 60)),
                when=start + timedelta(minutes=n),
                kinds=["human", "easy", "normal"],
                record=record,
            )
        filing = (time.perf_counter() - began) / args.games
        began = time.perf_counter()
        report = StatsStore().report(games=50)
        reading = time.perf_counter() - began
        size = store.path.stat().st_size + sum(p.stat().st_size for p in store.path.parent.glob("stats.sqlite3-*"))
    figures = {
        "games": args.games,
        "file_one_game_ms": round(1000 * filing, 2),
        "report_ms": round(1000 * reading, 1),
        "rows": len(report.rows),
        "database_kb": size // 1024,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:<18} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
