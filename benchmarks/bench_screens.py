"""Screen figures: the rules on F1, the new-game screen's first opening, autosave.

*F1 to the rules*: on a One-Card table in ``app.run_test()``, the time from
handing F1 to the Pilot to the first frame in which the rules screen shows the
rules (its visible Markdown has its blocks; the Markdown widget parses in a
thread and mounts later, so the screen's first frame may still be empty).
Escape goes back to the table between presses. Median of the presses; the first
press (which imports the rules screen) is also given alone.

*Menu to new game, first time*: a fresh process each time (``python
bench_screens.py new-game``, the engines not yet imported: the child says
whether they were), the menu in ``app.run_test()``; the time from Enter on the
first game to the first frame of the new-game screen.

*Autosave*: the event-loop time that saving costs per move, at 1,000 moves: a
One-Card game already 1,000 moves long, saved through the app's own
``attach_autosave``, and the same game unsaved, advanced move by move in
lockstep inside a running app (a short sleep after each move, when the loop
runs whatever the move scheduled). The loop's busy time is the sum of the
callbacks it runs (``asyncio.Handle._run`` timed); the figure is the median
busy time per move of the saved game minus that of the unsaved one.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_app as ba  # noqa: E402

RULES_SCREEN = "RulesScreen"
NEW_GAME_SCREEN = "NewGameScreen"
ENGINE_MODULES = ("cardtable.games.one_card", "cardtable.games.one_too_many", "cardtable.games.shed")


# -- F1 to the rules -----------------------------------------------------------------


def _rules_shown(app, screen) -> bool:
    """The rules screen is up and its visible Markdown (if it uses one) has its blocks."""
    if type(screen).__name__ != RULES_SCREEN:
        return False
    from textual.widgets import Markdown

    documents = list(screen.query(Markdown))
    if not documents:  # rules drawn some other way: the screen's first frame shows them
        return True
    shown = [md for md in documents if md.region.area > 0]
    return bool(shown) and all(len(md.children) > 0 for md in shown)


def _table_shown(app, screen) -> bool:
    return type(screen).__name__ == "TableScreen"


async def _rules_key(samples: int) -> list[float]:
    app, setup, _keys = ba.table_scenario("one-card")()
    timings: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await setup(pilot)
        await pilot.pause()
        watch = ba._FrameWatch(app)
        for _ in range(samples):
            watch.ready = _rules_shown
            watch.reset()
            pressed = time.perf_counter()
            await pilot.press("f1")
            try:
                await asyncio.wait_for(watch.arrived.wait(), timeout=20.0)
            except asyncio.TimeoutError:
                raise RuntimeError(f"the rules did not show after F1 (screen: {type(app.screen).__name__})") from None
            timings.append((watch.frame_at - pressed) * 1000)
            watch.ready = _table_shown
            watch.reset()
            await pilot.press("escape")
            await asyncio.wait_for(watch.arrived.wait(), timeout=10.0)
            await pilot.pause()
    return timings


def rules_key(samples: int) -> dict:
    with ba.private_dirs():
        timings = asyncio.run(_rules_key(samples))
    return {
        "median_ms": round(statistics.median(timings), 1),
        "first_ms": round(timings[0], 1),
        "p95_ms": round(ba._percentile(timings, 0.95), 1),
        "samples": len(timings),
        "all_ms": [round(t, 1) for t in timings],
    }


# -- menu to the new-game screen, first time ------------------------------------------------


async def _new_game_child() -> dict:
    from cardtable.tui.app import CardtableApp

    app = CardtableApp()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if type(app.screen).__name__ == "MenuScreen":
                break
            await pilot.pause(0.01)
        await pilot.pause()
        imported = [name for name in ENGINE_MODULES if name in sys.modules]
        watch = ba._FrameWatch(app, lambda app, screen: type(screen).__name__ == NEW_GAME_SCREEN)
        pressed = time.perf_counter()
        await pilot.press("enter")
        await asyncio.wait_for(watch.arrived.wait(), timeout=20.0)
        return {"ms": (watch.frame_at - pressed) * 1000, "engines_imported_before": imported}


def new_game_first_open(reps: int, progress=lambda msg: None) -> dict:
    """Median over ``reps`` fresh processes (one more, discarded, warms the caches)."""
    timings: list[float] = []
    imported: set[str] = set()
    with ba.private_dirs():
        for rep in range(reps + 1):
            proc = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "new-game"],
                capture_output=True,
                text=True,
                stdin=subprocess.DEVNULL,
                timeout=120,
                check=False,
            )
            if proc.returncode != 0:
                raise RuntimeError(f"the new-game child failed: {proc.stderr.strip().splitlines()[-1:]}")
            result = json.loads(proc.stdout.strip().splitlines()[-1])
            if rep:
                timings.append(result["ms"])
                imported.update(result["engines_imported_before"])
            progress(f"new game, first open {rep}/{reps}")
    return {
        "median_ms": round(statistics.median(timings), 1),
        "p95_ms": round(ba._percentile(timings, 0.95), 1),
        "samples": len(timings),
        "engines_imported_before": sorted(imported),
    }


# -- autosave -------------------------------------------------------------------------


class _LoopBusy:
    """Sums the wall time of every callback the event loop runs (while installed)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._original = None

    def __enter__(self):
        handle = asyncio.events.Handle
        original = self._original = handle._run
        busy = self

        def _run(h):
            started = time.perf_counter()
            try:
                return original(h)
            finally:
                busy.total += time.perf_counter() - started

        handle._run = _run
        return self

    def __exit__(self, *exc) -> None:
        asyncio.events.Handle._run = self._original


def _long_game(game_id: str, players: int, at_least: int) -> tuple[int, list[tuple[int, object]]]:
    """(seed, moves) of a random game at least ``at_least`` moves long."""
    from cardtable.games import get_game

    game = get_game(game_id)
    opts = game.make_options({})
    for seed in range(1, 10_000):
        rng = random.Random(seed)
        state = game.new(players, opts, seed=seed)
        moves = []
        while not game.is_over(state) and len(moves) < at_least:
            player = game.to_act(state)[0]
            move = rng.choice(game.legal_moves(state, player))
            state, _ = game.apply(state, player, move)
            moves.append((player, move))
        if len(moves) >= at_least:
            return seed, moves
    raise RuntimeError(f"no {game_id} game of {at_least} moves")


async def _autosave(before: int, samples: int, pause: float, game_id: str, players: int) -> dict:
    from cardtable.session import Seat, Session
    from cardtable.tui.app import CardtableApp

    seed, moves = _long_game(game_id, players, before + samples + 2)
    seats = [Seat(f"P{i + 1}", "human") for i in range(players)]
    sessions = {name: Session.start(game_id, seats, None, seed) for name in ("saved", "unsaved")}
    for session in sessions.values():
        for player, move in moves[:before]:
            session.apply(player, move)
    app = CardtableApp()
    busy_per_move: dict[str, list[float]] = {"saved": [], "unsaved": []}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saver = app.attach_autosave(sessions["saved"])
        at = before
        for session in sessions.values():  # the first save writes everything: not counted
            session.apply(*moves[at])
        at += 1
        await asyncio.sleep(pause * 4)
        with _LoopBusy() as busy:
            for _ in range(samples):
                for name, session in sessions.items():
                    await asyncio.sleep(pause)  # whatever the previous move left is done
                    mark = busy.total
                    session.apply(*moves[at])
                    await asyncio.sleep(pause)
                    busy_per_move[name].append(busy.total - mark)
                at += 1
        await asyncio.sleep(pause * 4)
        if saver.error:
            raise RuntimeError(saver.error)
        saved_moves = len(sessions["saved"].moves)
    saved = statistics.median(busy_per_move["saved"]) * 1000
    unsaved = statistics.median(busy_per_move["unsaved"]) * 1000
    return {
        "ms_per_move": round(max(saved - unsaved, 0.0), 3),
        "loop_ms_per_move_saved": round(saved, 3),
        "loop_ms_per_move_unsaved": round(unsaved, 3),
        "moves_before": before,
        "moves_at_end": saved_moves,
        "samples": samples,
        "game": game_id,
    }


def autosave(before: int = 1000, samples: int = 40, pause: float = 0.01, game_id: str = "one-card", players: int = 4) -> dict:
    with ba.private_dirs():
        return asyncio.run(_autosave(before, samples, pause, game_id, players))


if __name__ == "__main__":
    if sys.argv[1:] == ["new-game"]:
        os.environ.setdefault("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
        print(json.dumps(asyncio.run(_new_game_child())))
    else:
        sys.exit("usage: bench_screens.py new-game  (a child process of run.py)")
