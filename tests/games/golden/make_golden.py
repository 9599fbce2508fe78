"""Record the golden games (run from the repository root, on code known to be right):

python tests/games/golden/make_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from golden import CONFIGS, HERE, SEEDS, file_name, play, write  # noqa: E402


def main() -> None:
    for game_id, players, options in CONFIGS:
        for seed in SEEDS:
            path = HERE / file_name(game_id, players, options, seed)
            record = play(game_id, players, options, seed)
            write(record, path)
            print(f"{path.name}: {len(record['steps'])} moves, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
