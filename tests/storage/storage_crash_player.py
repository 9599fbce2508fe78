"""The subject of the crash-safety test: plays random moves with autosave until killed.

    python storage_crash_player.py GAME SEED SAVE_ID

Starts the game (or resumes SAVE_ID if it exists), prints ``ready N``, then
after every applied and saved move ``saved N DIGEST``; at the end ``over``,
then waits to be killed. The moves are a function of SEED and the move count,
so a resumed run continues as the killed one would have.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import storage_toygame  # noqa: E402

from cardtable.session import Seat, Session  # noqa: E402
from cardtable.storage.autosave import Autosaver  # noqa: E402
from cardtable.storage.saves import SaveStore  # noqa: E402

OPTIONS = {"toy": {"decks": 20}}


def main(game_id: str, seed: int, save_id: str) -> int:
    storage_toygame.register()
    store = SaveStore()
    if store.path_of(save_id).exists():
        saver = Autosaver.resume(save_id, store)
    else:
        game = __import__("cardtable.games", fromlist=["get_game"]).get_game(game_id)
        seats = [Seat(f"P{i + 1}") for i in range(game.min_players)]
        session = Session.start(game_id, seats, OPTIONS.get(game_id), seed=seed)
        saver = Autosaver(session, store, save_id)
    saver.attach()
    session = saver.session
    print("ready", len(session.moves), flush=True)
    while not session.is_over:
        rng = random.Random(seed * 1_000_003 + len(session.moves))
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
        if saver.error:
            print("error", saver.error, flush=True)
            return 3
        print("saved", len(session.moves), session.game.digest(session.state), flush=True)
    print("over", flush=True)
    time.sleep(120)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
