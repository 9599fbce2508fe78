"""App figures: start time and peak memory of whole processes, and key to screen.

*App start*: ``first_frame.py`` is run as a fresh process for cardtable (through
its command line, the way ``cardtable`` starts) and for a minimal Textual app
with one Static widget, alternately, both headless. The time runs from just
before the process is spawned to the first frame of the menu; peak memory is
the process's maximum resident set size until then (its VmHWM).

*Key to screen*: a game's table in ``app.run_test()``; the time from handing a
key to the Pilot to the next frame the compositor produces (turned into the
terminal's bytes, as a real driver would).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHILD = HERE / "first_frame.py"
# The class name of the menu's screen: its first frame ends the app-start clock.
MENU_SCREEN = os.environ.get("CARDTABLE_BENCH_MENU_SCREEN", "MenuScreen")


@contextlib.contextmanager
def private_dirs():
    """Empty configuration, data and state folders for the duration (no saved
    game, settings or statistics of the user's is read, and none is written)."""
    names = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
    saved = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as root:
        for name in names:
            os.environ[name] = os.path.join(root, name.lower())
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


@contextlib.contextmanager
def cpu_hog(processes: int = 1):
    """``processes`` processes that spin on a CPU each for the duration (a
    loaded machine); each is stopped by its own pid on the way out."""
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL) for _ in range(processes)
    ]
    try:
        time.sleep(0.2)  # let them get going
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def start_once(target: str, screen: str = "") -> tuple[float, float]:
    """(milliseconds to the first frame, peak RSS in MiB) of one fresh process."""
    env = dict(os.environ)
    args = [sys.executable, str(CHILD), target] + ([screen] if screen else [])
    started = time.monotonic()
    proc = subprocess.run(args, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, check=False, timeout=60)
    fields = proc.stdout.split()
    if proc.returncode != 0 or len(fields) != 2:
        what = f"the {screen} screen's" if screen else "its"
        raise RuntimeError(f"{target} did not reach {what} first frame (exit status {proc.returncode})")
    first_frame = (float(fields[0]) - started) * 1000
    return first_frame, int(fields[1]) / 1024


def app_start(reps: int, progress=lambda msg: None) -> dict:
    """Median start time and peak memory of cardtable and of the Textual floor."""
    with private_dirs():
        return _app_start(reps, progress)


def _app_start(reps: int, progress) -> dict:
    # One discarded start each: bytecode caches and the page cache warm alike.
    start_once("floor")
    start_once("cardtable", MENU_SCREEN)
    times: dict[str, list[float]] = {"floor": [], "cardtable": []}
    rss: dict[str, list[float]] = {"floor": [], "cardtable": []}
    for rep in range(reps):
        order = ("floor", "cardtable") if rep % 2 == 0 else ("cardtable", "floor")
        for target in order:
            ms, mb = start_once(target, MENU_SCREEN if target == "cardtable" else "")
            times[target].append(ms)
            rss[target].append(mb)
        progress(f"app start {rep + 1}/{reps}")
    first = statistics.median(times["cardtable"])
    floor = statistics.median(times["floor"])
    peak = statistics.median(rss["cardtable"])
    floor_peak = statistics.median(rss["floor"])
    return {
        "first_frame_ms": round(first, 1),
        "textual_floor_ms": round(floor, 1),
        "start_ratio": round(first / floor, 3),
        "peak_rss_mb": round(peak, 1),
        "textual_floor_rss_mb": round(floor_peak, 1),
        "memory_ratio": round(peak / floor_peak, 3),
        "repetitions": reps,
        "menu_screen": MENU_SCREEN or "(first frame of any screen)",
    }


# -- key to screen ---------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


class _FrameWatch:
    """Wraps the app's ``_display`` to time-stamp each frame the compositor produces
    (the first one after ``reset`` for which ``ready(app, screen)`` holds, if given)."""

    def __init__(self, app, ready=None) -> None:
        self.app = app
        self.ready = ready
        self.frame_at: float | None = None
        self.arrived = asyncio.Event()
        original = app._display

        def display(screen, renderable):
            original(screen, renderable)
            if renderable is not None and screen is app.screen:
                if hasattr(renderable, "render_segments"):
                    renderable.render_segments(app.console)
                if self.frame_at is None and (self.ready is None or self.ready(app, screen)):
                    self.frame_at = time.perf_counter()
                    self.arrived.set()

        app._display = display

    def reset(self) -> None:
        self.frame_at = None
        self.arrived.clear()


async def _key_to_screen(samples: int, scenario) -> list[float]:
    app, setup, keys = scenario()
    timings: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await setup(pilot)
        await pilot.pause()
        watch = _FrameWatch(app)
        for index in range(samples):
            key = keys[index % len(keys)]
            watch.reset()
            pressed = time.perf_counter()
            await pilot.press(key)
            try:
                await asyncio.wait_for(watch.arrived.wait(), timeout=2.0)
            except TimeoutError:
                raise RuntimeError(f"no new frame after pressing {key!r}") from None
            timings.append((watch.frame_at - pressed) * 1000)
    return timings


def table_scenario(game_id: str = "one-card", players: int = 2):
    """A hot-seat game of ``game_id`` on its table, all seats human; the keys
    move the selection along the hand of the player to act (each press changes
    the screen and no move is made)."""
    from cardtable.tui.app import CardtableApp

    def make():
        app = CardtableApp(
            start=dict(
                game_id=game_id,
                names=[f"P{i + 1}" for i in range(players)],
                kinds=["human"] * players,
                options=None,
                seed=1,
            )
        )

        async def setup(pilot):
            # Wait for the table, then lift the hand-off curtain (it ignores
            # keys for a moment, so a double Enter lifts nothing).
            for _ in range(100):
                await pilot.pause(0.05)
                name = type(app.screen).__name__
                if name == "CurtainScreen":
                    await pilot.press("enter")
                elif name == "TableScreen":
                    return
            raise RuntimeError(f"the table did not come up (screen: {type(app.screen).__name__})")

        return app, setup, ("right", "left")

    return make


def key_to_screen(samples: int, game_id: str = "one-card") -> dict:
    with private_dirs():
        timings = asyncio.run(_key_to_screen(samples, table_scenario(game_id)))
    return {
        "median": round(statistics.median(timings), 2),
        "p95": round(_percentile(timings, 0.95), 2),
        "samples": len(timings),
        "game": game_id,
    }
