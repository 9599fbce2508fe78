"""cardtable's benchmarks: ``python benchmarks/run.py [--json] [--quick]``.

Measures, each figure a median over several repetitions in one run:

* engine step cost of each game (µs per step of complete random games, on
  the integer interface: ``legal_actions`` and ``step``; ``engine_moves``: the
  same through the move objects and the events, as the app plays) and of
  the peers, RLCard's UNO and OpenSpiel's crazy_eights, when installed
  (``pip install -r benchmarks/requirements.txt``), each peer as measured before issue 14 and
  like for like (see ``bench_engine``), with the ratios cardtable / peer; the
  cost of a complete game (µs per game, games per second); ``cardtable
  simulate``'s loop with its invariant check after every move against the
  same loop without it. All these loops are interleaved in every repetition;
* research environments (``bench_env``, the ``rl`` extra): steps per second of
  our PettingZoo env, the observation and mask built every step, against
  RLCard's UNO env and OpenSpiel's crazy_eights through the same loop, and
  PettingZoo's ``performance_benchmark`` per game (not with ``--quick``);
* computer players: decisions per second of each level, and the hard level's
  search iterations per second;
* app start: wall time from process start to the first frame of the menu, and
  peak memory, against a minimal Textual app, both headless, whole processes;
  again with a CPU hog spinning beside it (``--hog``);
* key to screen: from a key press on a game's table to the updated screen,
  idle and with the CPU hog;
* screens (``bench_screens``): F1 to the rules on screen (and its first press in
  fresh processes), the new-game screen's first opening (three ways), autosave's
  event-loop time per move at 1,000 moves. ``bench_screens.py`` alone prints
  these with the app's start and key figures.

The Markdown tables go to stdout (``readme_table.markdown``: the figures of
docs/performance.md); ``--json`` prints one JSON object with every figure and
every target (its figure, its limit, met or not). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_engine  # noqa: E402
from bench_report import TARGETS, figure_at, git_commit, targets  # noqa: E402,F401


def _progress(enabled: bool):
    def say(message: str) -> None:
        if enabled:
            print(f"[bench] {message}", file=sys.stderr, flush=True)

    return say


def _seeds_for(loop, min_steps: int, min_games: int = 1, first_seed: int = 1) -> list[int]:
    """Seeds of enough games that one repetition makes at least ``min_steps`` steps."""
    seeds: list[int] = []
    steps = 0
    seed = first_seed
    while steps < min_steps or len(seeds) < min_games:
        steps += loop([seed]).steps
        seeds.append(seed)
        seed += 1
    return seeds


# -- sections ---------------------------------------------------------------------


def bench_engines(args, say) -> dict:
    """The engine, peer and simulate loops, interleaved in each repetition.

    Returns the report's ``engine``, ``engine_moves``, ``peers``, ``ratios`` and ``simulate``."""
    from cardtable.games import GAME_IDS, get_game

    loops = {}
    skipped: dict[str, str] = {}
    for game_id in GAME_IDS:
        try:
            get_game(game_id)
        except ModuleNotFoundError as exc:
            skipped[game_id] = f"engine not present ({exc.name})"
            continue
        loops[game_id] = bench_engine.cardtable_loop(game_id, args.players)
    # the same games' step through the move objects and the events, as the app plays
    move_loops = {
        _moves_name(g): bench_engine.cardtable_move_loop(g, args.players) for g in loops if "engine" in args.only
    }
    peers = {}
    peer_skips: dict[str, str] = {}
    if "peers" in args.only:
        for name, (_module, factory) in bench_engine.PEERS.items():
            reason = bench_engine.peer_missing(name)
            if reason:
                peer_skips[name] = reason
                say(f"peer {name} skipped: {reason}")
                continue
            peers[name] = factory(args.players)
    sims = {}
    if "simulate" in args.only:
        for game_id in loops:
            for check in (True, False):
                sims[_sim_name(game_id, check)] = bench_engine.simulate_loop(game_id, args.players, check)
    everything = {**loops, **move_loops, **peers, **sims}
    seeds = {}
    for name, loop in everything.items():
        seeds[name] = _seeds_for(loop, args.sim_steps if name in sims else args.steps)
        say(f"{name}: {len(seeds[name])} games a repetition")
    samples: dict[str, list[float]] = {name: [] for name in everything}
    game_samples: dict[str, list[float]] = {name: [] for name in everything}
    results: dict[str, bench_engine.LoopResult] = {}
    # Everything imported so far (cardtable, the peers, numpy...) is moved out
    # of the garbage collector's sight, so that no loop pays for scanning
    # another library's objects; collections of what the games allocate still run.
    gc.collect()
    gc.freeze()
    try:
        for rep in range(args.reps):
            for name, loop in everything.items():
                result = loop(seeds[name])
                samples[name].append(result.us_per_step)
                game_samples[name].append(result.us_per_game)
                results[name] = result
            say(f"engines, repetition {rep + 1}/{args.reps}")
    finally:
        gc.unfreeze()

    def figures(name: str) -> dict:
        result = results[name]
        per_game = statistics.median(game_samples[name])
        return {
            "us_per_step": round(statistics.median(samples[name]), 3),
            "steps": result.steps,
            "games": result.games,
            "steps_per_game": round(result.steps / result.games, 1),
            "spread_us": [round(min(samples[name]), 3), round(max(samples[name]), 3)],
            "us_per_game": round(per_game, 1),
            "games_per_s": round(1e6 / per_game, 1),
            **result.extra,
        }

    engine = {name: {"name": get_game(name).name, **figures(name)} for name in loops}
    engine.update({name: {"us_per_step": None, "steps": 0, "skipped": why} for name, why in skipped.items()})
    engine_moves = {}
    for game_id in loops:
        if _moves_name(game_id) in move_loops:
            moved = figures(_moves_name(game_id))
            engine_moves[game_id] = {
                **moved,
                "vs_codes": round(moved["us_per_step"] / engine[game_id]["us_per_step"], 3),
            }
    peer_figures = {name: figures(name) for name in peers}
    peer_figures.update({name: {"us_per_step": None, "skipped": why} for name, why in peer_skips.items()})
    ratios = {}
    for game_id in engine:
        for peer in bench_engine.PEERS:
            ours = engine[game_id]["us_per_step"]
            theirs = peer_figures.get(peer, {}).get("us_per_step")
            ratios[f"{game_id}/{peer}"] = round(ours / theirs, 3) if ours and theirs else None
    simulate = {}
    for game_id in loops:
        if _sim_name(game_id, True) not in sims:
            continue
        checked = figures(_sim_name(game_id, True))
        unchecked = figures(_sim_name(game_id, False))
        simulate[game_id] = {
            "name": engine[game_id]["name"],
            "us_per_move_checked": checked["us_per_step"],
            "us_per_move_unchecked": unchecked["us_per_step"],
            "check_ratio": round(checked["us_per_step"] / unchecked["us_per_step"], 3),
            "moves": checked["steps"],
            "games": checked["games"],
        }
    return {
        "engine": engine,
        "engine_moves": engine_moves,
        "peers": peer_figures,
        "ratios": ratios,
        "simulate": simulate,
    }


def _moves_name(game_id: str) -> str:
    return f"{game_id}/moves"


def _sim_name(game_id: str, check: bool) -> str:
    return f"simulate/{game_id}/{'checked' if check else 'unchecked'}"


def bench_bots(args, say) -> dict:
    """Every level on the same positions of each game; the hard level with its
    default time budget (fewer positions and repetitions: it thinks for about
    a second a decision)."""
    import bench_bots as bb
    from cardtable.bots import LEVELS
    from cardtable.games import available_games

    games = [g.id for g in available_games()]
    spots = {gid: bb.positions(gid, args.players, args.positions) for gid in games}
    out: dict[str, dict] = {}
    for level in LEVELS:
        if level == "expert":  # four seconds a decision: measured in the arena instead (docs/bots.md)
            continue
        hard = level == "hard"
        chosen = {gid: bb.spread(s, args.hard_positions) for gid, s in spots.items()} if hard else spots
        settings = {"budget": args.hard_budget} if hard and args.hard_budget else {}
        per_rep: list[float] = []
        iter_rates: list[float] = []
        by_game: dict[str, list[float]] = {gid: [] for gid in games}
        errors: dict[str, str] = {}
        for _rep in range(args.hard_reps if hard else args.reps):
            total_s = 0.0
            total_n = 0
            total_iters: int | None = None
            for gid in games:
                if gid in errors:
                    continue
                try:
                    seconds, n, iters = bb.time_level(level, chosen[gid], **settings)
                except Exception as exc:  # a game's bots not written yet must not hide the others
                    errors[gid] = f"{type(exc).__name__}: {exc}"
                    continue
                by_game[gid].append(n / seconds if seconds else float("nan"))
                total_s += seconds
                total_n += n
                if iters is not None:
                    total_iters = (total_iters or 0) + iters
            if total_n:
                per_rep.append(total_n / total_s)
                if total_iters is not None:
                    iter_rates.append(total_iters / total_s)
        figures: dict = {
            "decisions_per_s": round(statistics.median(per_rep), 1) if per_rep else None,
            "decisions": sum(len(chosen[g]) for g in games if g not in errors),
            "by_game": {g: round(statistics.median(v), 1) for g, v in by_game.items() if v},
        }
        if hard:
            figures["iterations_per_s"] = round(statistics.median(iter_rates), 1) if iter_rates else None
            figures["budget_s"] = args.hard_budget or "default"
            # per game, a fixed number of iterations on positions the search runs on,
            # against the view-based playouts (before issue 15)
            figures["iterations_per_s_by_game"] = {
                gid: bb.iteration_rates(
                    bb.searched(gid, args.players, args.hard_positions),
                    iterations=4 if args.quick else 20,
                    reps=1 if args.quick else 3,
                )
                for gid in games
                if gid not in errors
            }
        if errors:
            figures["error"] = "; ".join(f"{g}: {e}" for g, e in errors.items())
        out[level] = figures
        say(f"bots: {level} done")
    return out


def _load(args, loaded: bool):
    """``args.hog`` CPU hogs beside the measurement if ``loaded``, else nothing."""
    import bench_app as ba

    return ba.cpu_hog(args.hog) if loaded and args.hog else contextlib.nullcontext()


def bench_app(args, say, loaded: bool = False) -> dict:
    import bench_app as ba

    try:
        with _load(args, loaded):
            result = ba.app_start(args.start_reps, say)
    except Exception as exc:
        result = {
            key: None
            for key in (
                "first_frame_ms",
                "textual_floor_ms",
                "start_ratio",
                "peak_rss_mb",
                "textual_floor_rss_mb",
                "memory_ratio",
            )
        } | {"error": str(exc)}
    if loaded:
        result["cpu_hogs"] = args.hog
    return result


def bench_keys(args, say, loaded: bool = False) -> dict:
    import bench_app as ba

    try:
        with _load(args, loaded):
            result = ba.key_to_screen(args.key_samples)
    except Exception as exc:
        result = {"median": None, "p95": None, "error": f"{type(exc).__name__}: {exc}"}
    if loaded:
        result["cpu_hogs"] = args.hog
    say(f"key to screen{' (loaded)' if loaded else ''} done")
    return result


def bench_screens(args, say) -> dict:
    import bench_screens as bs

    out: dict = {}
    for name, measure in (
        ("rules_key_ms", lambda: bs.rules_key(args.rules_samples, args.new_game_reps, say)),
        ("new_game_first_open_ms", lambda: bs.new_game_first_open(args.new_game_reps, say)),
        ("autosave", lambda: bs.autosave(args.autosave_before, args.autosave_samples, players=args.players)),
    ):
        try:
            out[name] = measure()
        except Exception as exc:
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
        say(f"screens: {name} done")
    return out


def peer_versions() -> dict:
    from importlib import metadata

    versions = {}
    for dist in ("rlcard", "open_spiel"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    return versions


SECTIONS = ("engine", "peers", "simulate", "env", "bots", "app", "keys", "screens")


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="tiny counts (the smoke test)")
    parser.add_argument("--reps", type=int, help="repetitions of each measurement (default 7; quick 2)")
    parser.add_argument("--players", type=int, default=4, help="players in every game (default 4)")
    parser.add_argument("--steps", type=int, help="player steps per repetition and engine (default 10000)")
    parser.add_argument("--sim-steps", type=int, help="moves per repetition of the simulate loops (default 3000)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated sections: " + ", ".join(SECTIONS))
    parser.add_argument(
        "--hog", type=int, default=1, help="CPU hogs beside the loaded app and key runs (default 1; 0: no loaded runs)"
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="engine loops: process CPU time (default, steadier on a busy machine) or wall time",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    q = args.quick
    args.reps = args.reps or (2 if q else 7)
    args.steps = args.steps or (30 if q else 10_000)
    args.sim_steps = args.sim_steps or (30 if q else 3_000)
    args.positions = 2 if q else 30
    args.hard_positions = 1 if q else 4
    args.hard_reps = 1 if q else 3
    args.hard_budget = 0.02 if q else None  # None: the hard level's default budget
    args.start_reps = 2 if q else max(args.reps, 9)
    args.key_samples = 4 if q else 60
    args.rules_samples = 2 if q else 7
    args.new_game_reps = 2 if q else 7
    args.autosave_before = 30 if q else 1000
    args.autosave_samples = 4 if q else 40
    args.only = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = args.only - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    return args


def main(argv=None) -> int:
    import readme_table

    args = parse_args(argv)
    say = _progress(not args.quiet)
    bench_engine.set_clock(args.clock)
    say("peers installed: " + ", ".join(f"{k} {v or 'no'}" for k, v in peer_versions().items()))
    started = time.perf_counter()
    report: dict = {
        "meta": {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "players": args.players,
            "repetitions": args.reps,
            "clock": args.clock,
            "quick": args.quick,
            "cpu_hogs": args.hog,
            "peer_versions": peer_versions(),
            "commit": git_commit(),
            "command": "python benchmarks/run.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        },
        "engine": {},
        "peers": {},
        "ratios": {},
        "simulate": {},
        "bots": {},
        "app": None,
        "app_loaded": None,
        "key_to_screen_ms": None,
        "key_to_screen_loaded_ms": None,
        "screens": {},
        "targets": [],
        "targets_met": {},
    }
    if args.only & {"engine", "peers", "simulate"}:
        report.update(bench_engines(args, say))
    if "env" in args.only:  # the research environments against the peers' (bench_env.py; the rl extra)
        import bench_env

        report["env"] = bench_env.measure(args.players, args.reps, args.steps // 2, not args.quick, say)
    if "bots" in args.only:
        report["bots"] = bench_bots(args, say)
    if "app" in args.only:
        report["app"] = bench_app(args, say)
        if args.hog:
            report["app_loaded"] = bench_app(args, say, loaded=True)
    if "keys" in args.only:
        report["key_to_screen_ms"] = bench_keys(args, say)
        if args.hog:
            report["key_to_screen_loaded_ms"] = bench_keys(args, say, loaded=True)
    if "screens" in args.only:
        report["screens"] = bench_screens(args, say)
    report["targets"] = targets(report)
    report["targets_met"] = {t["id"]: t["met"] for t in report["targets"]}
    report["meta"]["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(readme_table.markdown(report))
        if report.get("env"):
            import bench_env

            print("\n" + bench_env.markdown(report["env"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
