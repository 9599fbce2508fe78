"""Screen figures: the rules on F1, the new-game screen's first opening, autosave;
run alone, also the app's start and key to screen (``bench_app``), with their targets.

``python benchmarks/bench_screens.py [--json] [--quick] [--only rules,new-game,start,keys,autosave] [--hog N]``
prints every figure (``--json``: one JSON object shaped like ``run.py --json``'s,
with the targets it measured); ``run.py`` calls the functions here for its
``screens`` section.

*F1 to the rules*: on a One-Card table in ``app.run_test()``, the time from
handing F1 to the Pilot to the first frame in which the rules screen shows the
rules (a section of its rules document has a place on screen; for Textual's
Markdown widget, which parses in a thread and mounts its blocks later, one with
its blocks). Escape goes back to the table between presses. ``median_ms``: the
median of the presses; ``first_ms``: the first press of that process alone
(the rules screen imported and built); ``tab_first_ms``: Right on the rules
screen to another game's rules on screen (that tab's document built); and
``first_open``: the first press in fresh processes (median), the figure a
player meets on their first F1.

*Menu to new game, first time*: a fresh process each time (``python
bench_screens.py new-game``), the menu in ``app.run_test()``; the time from
Enter on the first game to the first frame of the new-game screen. The child
says which engines (``cardtable.games.<game>.rules``) had been imported before
the key and after the screen showed.

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
import bench_report  # noqa: E402

RULES_SCREEN = "RulesScreen"
NEW_GAME_SCREEN = "NewGameScreen"
# The engines proper (each game package itself is imported at start, for its description).
ENGINE_MODULES = ("cardtable.games.one_card.rules", "cardtable.games.one_too_many.rules", "cardtable.games.shed.rules")


# -- F1 to the rules -----------------------------------------------------------------


def _rules_shown(app, screen) -> bool:
    """The rules screen is up with rules text in sight: a section of its rules document
    with a place on screen (or, for a Textual Markdown document, one that has its blocks:
    it parses in a thread and mounts them later, so the screen's first frame may be empty)."""
    if type(screen).__name__ != RULES_SCREEN:
        return False
    for widget in screen.query("RulesText, RulesSection, Markdown"):
        if widget.region.area > 0 and (type(widget).__name__ in ("RulesText", "RulesSection") or widget.children):
            return True
    return False


def _table_shown(app, screen) -> bool:
    return type(screen).__name__ == "TableScreen"


def _other_tab_shown(app, screen) -> bool:
    """The rules of another game than One-Card are on screen."""
    if not _rules_shown(app, screen):
        return False
    from textual.widgets import TabbedContent

    return screen.query_one(TabbedContent).active not in ("", "one-card")


async def _wait(watch, ready, timeout: float, what: str) -> float:
    try:
        await asyncio.wait_for(watch.arrived.wait(), timeout=timeout)
    except TimeoutError:
        raise RuntimeError(f"{what} did not show (screen: {type(watch.app.screen).__name__})") from None
    return watch.frame_at


async def _press_and_time(pilot, watch, key: str, ready, what: str, timeout: float = 20.0) -> float:
    watch.ready = ready
    watch.reset()
    pressed = time.perf_counter()
    await pilot.press(key)
    return (await _wait(watch, ready, timeout, what) - pressed) * 1000


async def _rules_key(samples: int) -> tuple[list[float], float]:
    """(F1 timings, Right to an unbuilt tab's rules) on a One-Card table."""
    app, setup, _keys = ba.table_scenario("one-card")()
    timings: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await setup(pilot)
        await pilot.pause()
        watch = ba._FrameWatch(app)
        tab_first = None
        for index in range(samples):
            timings.append(await _press_and_time(pilot, watch, "f1", _rules_shown, "the rules after F1"))
            await pilot.pause()
            if index == 0:
                tab_first = await _press_and_time(pilot, watch, "right", _other_tab_shown, "another game's rules")
                await pilot.pause()
                await pilot.press("left")
                await pilot.pause()
            await _press_and_time(pilot, watch, "escape", _table_shown, "the table after Escape", 10.0)
            await pilot.pause()
    return timings, tab_first


async def _rules_first_child() -> dict:
    app, setup, _keys = ba.table_scenario("one-card")()
    async with app.run_test(size=(120, 40)) as pilot:
        await setup(pilot)
        await pilot.pause()
        imported = "cardtable.tui.screens.rules" in sys.modules
        watch = ba._FrameWatch(app)
        cpu = time.process_time()
        ms = await _press_and_time(pilot, watch, "f1", _rules_shown, "the rules after F1")
        return {"ms": ms, "cpu_ms": (time.process_time() - cpu) * 1000, "rules_screen_imported_before": imported}


def _child(args: list[str]) -> dict:
    """The JSON result of one fresh child process (``bench_screens.py ARGS``)."""
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"the {' '.join(args)} child failed: {proc.stderr.strip().splitlines()[-1:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _children(mode: str, reps: int, progress, what: str) -> list[dict]:
    """The results of ``reps`` fresh child processes (one more, discarded, warms the caches)."""
    results = []
    for rep in range(reps + 1):
        result = _child([mode])
        if rep:
            results.append(result)
        progress(f"{what} {rep}/{reps}")
    return results


def rules_first_open(reps: int, progress=lambda msg: None) -> dict:
    """The first F1 of fresh processes, each on a One-Card table."""
    with ba.private_dirs():
        results = _children("rules-first", reps, progress, "rules, first F1")
    timings = [r["ms"] for r in results]
    return {
        "median_ms": round(statistics.median(timings), 1),
        "p95_ms": round(ba._percentile(timings, 0.95), 1),
        "cpu_median_ms": round(statistics.median(r["cpu_ms"] for r in results), 1),
        "samples": len(timings),
        "rules_screen_imported_before": any(r["rules_screen_imported_before"] for r in results),
    }


def rules_key(samples: int, first_reps: int = 0, progress=lambda msg: None) -> dict:
    """F1 on a table, ``samples`` presses; with ``first_reps``, also the first F1 of fresh processes."""
    with ba.private_dirs():
        timings, tab_first = asyncio.run(_rules_key(samples))
    result = {
        "median_ms": round(statistics.median(timings), 1),
        "first_ms": round(timings[0], 1),
        "p95_ms": round(ba._percentile(timings, 0.95), 1),
        "tab_first_ms": round(tab_first, 1),
        "samples": len(timings),
        "all_ms": [round(t, 1) for t in timings],
    }
    if first_reps:
        result["first_open"] = rules_first_open(first_reps, progress)
    return result


# -- menu to the new-game screen, first time ------------------------------------------------


async def _new_game_child(settle: float = 0.0, prewarm: bool = True) -> dict:
    """Enter on the menu's first game, ``settle`` seconds after the menu shows (a person
    reads it first); ``prewarm=False``: without the app's background imports."""
    from cardtable.tui.app import CardtableApp

    if not prewarm:
        CardtableApp.PREWARM = False
    app = CardtableApp()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if type(app.screen).__name__ == "MenuScreen":
                break
            await pilot.pause(0.01)
        await pilot.pause(settle) if settle else await pilot.pause()
        imported = [name for name in ENGINE_MODULES if name in sys.modules]
        watch = ba._FrameWatch(app)
        cpu = time.process_time()
        ms = await _press_and_time(
            pilot, watch, "enter", lambda app, screen: type(screen).__name__ == NEW_GAME_SCREEN, "the new-game screen"
        )
        cpu_ms = (time.process_time() - cpu) * 1000
        after = [name for name in ENGINE_MODULES if name in sys.modules]
        return {"ms": ms, "cpu_ms": cpu_ms, "engines_imported_before": imported, "engines_imported_after": after}


#: The ways the new-game screen is opened: (name, child arguments). The first is the target's figure.
NEW_GAME_WAYS = (
    ("after_a_look", ["--settle", "0.5"]),  # Enter half a second after the menu shows
    ("at_once", []),  # Enter as soon as the menu is drawn (the background imports may still run)
    ("no_prewarm", ["--settle", "0.5", "--no-prewarm"]),  # without the background imports
)


def new_game_first_open(reps: int, progress=lambda msg: None) -> dict:
    """Medians over ``reps`` fresh processes for each way of opening (interleaved;
    one more round, discarded, warms the caches). The top-level figures are the first way's."""
    results: dict[str, list[dict]] = {name: [] for name, _ in NEW_GAME_WAYS}
    with ba.private_dirs():
        for rep in range(reps + 1):
            for name, extra in NEW_GAME_WAYS:
                result = _child(["new-game", *extra])
                if rep:
                    results[name].append(result)
            progress(f"new game, first open {rep}/{reps}")

    def summary(runs: list[dict]) -> dict:
        timings = [r["ms"] for r in runs]
        return {
            "median_ms": round(statistics.median(timings), 1),
            "p95_ms": round(ba._percentile(timings, 0.95), 1),
            "cpu_median_ms": round(statistics.median(r["cpu_ms"] for r in runs), 1),
            "samples": len(timings),
        }

    first = NEW_GAME_WAYS[0][0]
    out = summary(results[first]) | {"way": first}
    out["ways"] = {name: summary(runs) for name, runs in results.items()}
    out["engines_imported_before"] = sorted({m for r in results[first] for m in r["engines_imported_before"]})
    out["engines_imported_after"] = sorted({m for r in results[first] for m in r["engines_imported_after"]})
    return out


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
        saver = app.persistence.attach_autosave(sessions["saved"])
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


def autosave(
    before: int = 1000, samples: int = 40, pause: float = 0.01, game_id: str = "one-card", players: int = 4
) -> dict:
    with ba.private_dirs():
        return asyncio.run(_autosave(before, samples, pause, game_id, players))


# -- alone: every figure of the screens, the start and the keys --------------------------

SECTIONS = ("rules", "new-game", "start", "keys", "autosave")


def parse_args(argv):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="tiny counts (a smoke run)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated: " + ", ".join(SECTIONS))
    parser.add_argument("--hog", type=int, default=1, help="CPU hogs beside the loaded start and key runs (0: none)")
    parser.add_argument("--reps", type=int, help="fresh processes per first-open figure and app starts (default 9)")
    parser.add_argument("--samples", type=int, help="F1 presses and key presses (default 9 and 60)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    args.only = {name.strip() for name in args.only.split(",") if name.strip()}
    if args.only - set(SECTIONS):
        parser.error(f"unknown section(s): {', '.join(sorted(args.only - set(SECTIONS)))}")
    args.reps = args.reps or (2 if args.quick else 9)
    args.rules_samples = args.samples or (2 if args.quick else 9)
    args.key_samples = args.samples or (4 if args.quick else 60)
    return args


def measure(args, say) -> dict:
    """A report shaped like ``run.py --json``'s (only these sections), with the targets measured."""

    def guarded(what, figure, fallback=None):
        try:
            result = figure()
        except Exception as exc:  # a figure that cannot be measured says why; the others still are
            result = dict(fallback or {}) | {"error": f"{type(exc).__name__}: {exc}"}
        say(f"{what} done")
        return result

    def loaded(figure):
        def run_loaded():
            with ba.cpu_hog(args.hog):
                return figure() | {"cpu_hogs": args.hog}

        return run_loaded

    report: dict = {"screens": {}}
    if "rules" in args.only:
        report["screens"]["rules_key_ms"] = guarded("rules", lambda: rules_key(args.rules_samples, args.reps, say))
    if "new-game" in args.only:
        report["screens"]["new_game_first_open_ms"] = guarded("new game", lambda: new_game_first_open(args.reps, say))
    if "autosave" in args.only:
        before, samples = (30, 4) if args.quick else (1000, 40)
        report["screens"]["autosave"] = guarded("autosave", lambda: autosave(before, samples))
    if "start" in args.only:
        report["app"] = guarded("app start", lambda: ba.app_start(args.reps, say))
        if args.hog:
            report["app_loaded"] = guarded("app start (loaded)", loaded(lambda: ba.app_start(args.reps, say)))
    if "keys" in args.only:
        report["key_to_screen_ms"] = guarded("keys", lambda: ba.key_to_screen(args.key_samples))
        if args.hog:
            report["key_to_screen_loaded_ms"] = guarded(
                "keys (loaded)", loaded(lambda: ba.key_to_screen(args.key_samples))
            )
    report["targets"] = [t for t in bench_report.targets(report) if t["value"] is not None]
    report["meta"] = {
        "command": "python benchmarks/bench_screens.py " + " ".join(sys.argv[1:]),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "commit": bench_report.git_commit(),
    }
    return report


def text(report: dict) -> str:
    """The figures as lines of text."""
    lines = []
    screens = report.get("screens", {})
    rules = screens.get("rules_key_ms")
    if rules:
        first = rules.get("first_open") or {}
        lines.append(
            f"F1 to the rules: median {rules.get('median_ms')} ms, p95 {rules.get('p95_ms')} ms; first press "
            f"{rules.get('first_ms')} ms (fresh processes: median {first.get('median_ms')} ms, p95 {first.get('p95_ms')} ms); "
            f"another game's tab first shown {rules.get('tab_first_ms')} ms"
        )
    new_game = screens.get("new_game_first_open_ms")
    if new_game:
        lines.append(
            f"menu to the new-game screen, first time: median {new_game.get('median_ms')} ms, p95 {new_game.get('p95_ms')} ms "
            f"(engines imported before: {new_game.get('engines_imported_before')}, after: {new_game.get('engines_imported_after')})"
        )
        for name, fig in (new_game.get("ways") or {}).items():
            lines.append(
                f"  {name.replace('_', ' ')}: median {fig['median_ms']} ms, p95 {fig['p95_ms']} ms, CPU {fig['cpu_median_ms']} ms"
            )
    save = screens.get("autosave")
    if save:
        lines.append(
            f"autosave: {save.get('ms_per_move')} ms of event-loop time per move at {save.get('moves_before')} moves"
        )
    for key, what in (("app", "app start"), ("app_loaded", "app start, CPU hog beside")):
        app = report.get(key)
        if app:
            lines.append(
                f"{what}: {app.get('first_frame_ms')} ms, minimal Textual app {app.get('textual_floor_ms')} ms, "
                f"ratio {app.get('start_ratio')}"
            )
    for key, what in (
        ("key_to_screen_ms", "key to screen"),
        ("key_to_screen_loaded_ms", "key to screen, CPU hog beside"),
    ):
        keys = report.get(key)
        if keys:
            lines.append(f"{what}: median {keys.get('median')} ms, p95 {keys.get('p95')} ms")
    for section in (screens, report):
        for name, fig in section.items():
            if isinstance(fig, dict) and fig.get("error"):
                lines.append(f"not measured, {name}: {fig['error']}")
    for t in report.get("targets", []):
        lines.append(
            f"target {t['id']}: {t['value']} (at most {t['at_most']}{t['unit']}) {'met' if t['met'] else 'MISSED'}"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    args = parse_args(argv)

    def say(message: str) -> None:
        if not args.quiet:
            print(f"[bench_screens] {message}", file=sys.stderr, flush=True)

    report = measure(args, say)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else text(report))
    return 0


def _child_main(argv: list[str]) -> None:
    import argparse

    os.environ.setdefault("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    if argv[0] == "rules-first":
        print(json.dumps(asyncio.run(_rules_first_child())))
        return
    parser = argparse.ArgumentParser(prog="bench_screens.py new-game")
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--no-prewarm", action="store_true")
    args = parser.parse_args(argv[1:])
    print(json.dumps(asyncio.run(_new_game_child(args.settle, not args.no_prewarm))))


if __name__ == "__main__":
    if sys.argv[1:2] and sys.argv[1] in ("new-game", "rules-first"):
        _child_main(sys.argv[1:])
    else:
        sys.exit(main())
