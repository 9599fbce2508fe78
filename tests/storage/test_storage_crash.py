"""Crash safety: SIGKILL a process while it plays and saves; the save survives intact.

A child process plays random moves, saving after each, and reports every
completed save on stdout. It is killed with SIGKILL at a random moment (often
mid-write), several times over, each new child resuming the save. After each
kill the save must load (replay, digest), be at the last reported move (or one
further, if the kill came between the save and its report), and keep every
earlier move exactly.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from storage_helpers import game_or_skip

from cardtable.core.record import replay
from cardtable.games import GAME_IDS, get_game
from cardtable.storage.saves import SaveStore
from cardtable.storage.stats import StatsStore

PLAYER = Path(__file__).with_name("storage_crash_player.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def run_and_kill(game_id: str, seed: int, save_id: str, delay: float) -> list[str]:
    """Start the player, let it play ``delay`` seconds after it is ready, SIGKILL it."""
    proc = subprocess.Popen(
        [sys.executable, str(PLAYER), game_id, str(seed), save_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    lines: list[str] = []
    ready = threading.Event()

    def read():
        for line in proc.stdout:
            if line.endswith("\n"):  # only complete reports count
                lines.append(line.strip())
                if line.startswith(("ready", "over", "error")):
                    ready.set()
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert ready.wait(30), "the player did not start"
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        reader.join(10)
    stderr = proc.stderr.read()
    proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, f"the player ended by itself: {lines[-3:]} {stderr}"
    assert not any(line.startswith("error") for line in lines), lines
    return lines


@pytest.mark.parametrize("game_id", ["toy", *GAME_IDS])
def test_sigkill_while_saving_loses_nothing(game_id, toy):
    if game_id != "toy":
        game_or_skip(game_id)
    rounds = 4 if game_id == "toy" else 2
    rng = random.Random(f"crash-{game_id}")
    seed = rng.randrange(10**6)
    save_id = f"crash-{game_id}"
    store = SaveStore()
    kept: list = []  # the moves every earlier round ended with
    for _round in range(rounds):
        lines = run_and_kill(game_id, seed, save_id, rng.uniform(0.05, 0.5))
        assert store.list_saves().problems == [], "a kill left a damaged save"
        # (killed after the last move was saved but before "over" was printed: list_saves filed it away)
        filed = not store.path_of(save_id).exists() and store.path_of(save_id, history=True).exists()
        if "over" in lines or filed:  # the game ended: filed in the history, counted once
            loaded = store.load(save_id, history=True)
            assert loaded.session.is_over and store.ids() == []
            assert all(r.played == 1 for r in StatsStore().rows()[0])
            assert loaded.file.record.moves[: len(kept)] == kept
            return
        saved = [line.split() for line in lines if line.startswith("saved")]
        started = int(lines[0].split()[1])
        acknowledged = int(saved[-1][1]) if saved else started
        if not saved and not store.path_of(save_id).exists():
            assert kept == [], "the save vanished"
            continue  # killed before its first move was saved: nothing to lose
        loaded = store.load(save_id)  # replays and checks the digest
        record = loaded.file.record
        assert acknowledged <= len(record.moves) <= acknowledged + 1, (acknowledged, len(record.moves))
        if saved:
            game = loaded.session.game
            assert game.digest(replay(record, get_game, upto=acknowledged).state) == saved[-1][2]
        assert record.moves[: len(kept)] == kept, "an earlier move was lost or changed"
        kept = list(record.moves)
        # (the lock file stays: the kill released it; the next window reuses it)
        leftovers = {p.name for p in store.saves_dir.iterdir()} - {
            f"{save_id}.json",
            f"{save_id}.json.bak",
            f".{save_id}.lock",
        }
        assert all(name.startswith(".") and name.endswith(".tmp") for name in leftovers), leftovers
    assert len(kept) > 0
