"""A kill during a game's very first write, at each point of the write (see probing.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from probing import Tally, child_env, escaped, remove, run_cli, user_dirs

# -- a kill during a game's very first write ----------------------------------------------------

#: Where the child kills itself during the first write of its one-move game, and whether the
#: game is then whole somewhere on disk (so it must be listed at the next start).
KILL_POINTS = {
    "before the temporary file is written": False,
    "half of the temporary file written": False,
    "the temporary file written, before its rename": True,
    "renamed, before the folder is synced": True,
}

FIRST_WRITE = r"""
import os, signal, sys
from cardtable.storage import atomic
from cardtable.storage.autosave import Autosaver
from cardtable.session import Seat, Session
import random
point, game_id = sys.argv[1], sys.argv[2]
session = Session.start(game_id, [Seat("Ann"), Seat("Bob")], seed=5)
saver = Autosaver(session).attach()
print(saver.save_id, flush=True)
def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
write = atomic._write_fd
if point == "before the temporary file is written":
    atomic._write_fd = die
elif point == "half of the temporary file written":
    def half(fd, data):
        os.write(fd, data[: len(data) // 2]); os.fsync(fd); die()
    atomic._write_fd = half
elif point == "the temporary file written, before its rename":
    os.replace = die  # (the first write keeps no backup: its rename is the only os.replace)
elif point == "renamed, before the folder is synced":
    atomic.fsync_dir = die
rng = random.Random(1)
player = session.to_act[0]
move = rng.choice(session.legal_moves(player))
print(session.game.digest(session.game.apply(session.state, player, move)[0]), flush=True)
session.apply(player, move)
print("survived", flush=True)
"""


def probe_first_write(quick: bool = False) -> Tally:
    """A game killed during its very first save (one move), at each point of the write: at
    the next start the one-move game is listed (when its save was whole on disk), nothing is
    reported damaged, and nothing is left in the way."""
    from cardtable.games import GAME_IDS

    tally = Tally("a kill during the first write")
    games = GAME_IDS[:1] if quick else GAME_IDS
    with user_dirs():
        for game_id in games:
            for point, whole in KILL_POINTS.items():
                try:
                    problem = _first_write_problem(game_id, point, whole)
                except BaseException as exc:  # noqa: BLE001
                    problem = escaped(exc)
                tally.add(f"{game_id}: {point}", problem)
    return tally


def _first_write_problem(game_id: str, point: str, whole: bool) -> str | None:
    from cardtable.storage import paths
    from cardtable.storage.saves import SaveStore

    proc = subprocess.run(
        [sys.executable, "-c", FIRST_WRITE, point, game_id],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=120,
    )
    lines = proc.stdout.split()
    if proc.returncode != -9 or len(lines) != 2:
        return f"the child was not killed where asked: {proc.returncode} {proc.stdout!r} {proc.stderr[-300:]!r}"
    save_id, digest = lines
    status, out, err = run_cli(["resume", "--json"])
    listing = json.loads(out)
    listed = {s["id"]: s for s in listing["saves"]}
    try:
        if status != 0 or listing["problems"]:
            return f"the next start reports {listing['problems']!r:.300}"
        if whole and (save_id not in listed or listed[save_id]["moves"] != 1):
            return f"the one-move game is not listed: {sorted(listed)}"
        resumed = SaveStore().load(save_id).session if whole else None
        if resumed is not None and resumed.game.digest(resumed.state) != digest:
            return "the game listed is not the one played"
        if not whole and save_id in listed:
            return "a game with no whole save is listed"
        return None
    finally:
        for entry in paths.saves_dir().iterdir():
            remove(entry)
