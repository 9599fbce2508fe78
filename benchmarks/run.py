"""cardtable's benchmarks: ``python benchmarks/run.py [--json] [--quick]``.

Measures, each figure a median over several repetitions in one run:

* engine step cost of each game (µs per step of complete random games) and of
  the peers, RLCard's UNO and OpenSpiel's crazy_eights, when installed
  (``pip install -e '.[bench]'``), with the ratios cardtable / peer;
* computer players: decisions per second of each level, and the hard level's
  search iterations per second;
* app start: wall time from process start to the first frame of the menu, and
  peak memory, against a minimal Textual app, both headless, whole processes;
* key to screen: from a key press on a game's table to the updated screen.

The table goes to stdout (Markdown, ready for the README); ``--json`` prints one
JSON object instead. Progress goes to stderr. No figure here is a pass or a
fail: the targets are printed beside the figures.
"""

from __future__ import annotations

import argparse
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

TARGETS = {
    "one-card/rlcard_uno": 0.5,
    "one-card/openspiel_crazy_eights": 8.0,
    "start_ratio": 1.2,
    "memory_ratio": 1.3,
    "key_to_screen_median_ms": 30.0,
}


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


def bench_engines(args, say) -> tuple[dict, dict, dict]:
    """(engine figures, peer figures, ratios), the loops interleaved in each repetition."""
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
    everything = {**loops, **peers}
    seeds = {}
    for name, loop in everything.items():
        seeds[name] = _seeds_for(loop, args.steps)
        say(f"{name}: {len(seeds[name])} games a repetition")
    samples: dict[str, list[float]] = {name: [] for name in everything}
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
                results[name] = result
            say(f"engines, repetition {rep + 1}/{args.reps}")
    finally:
        gc.unfreeze()

    def figures(name: str) -> dict:
        result = results[name]
        return {
            "us_per_step": round(statistics.median(samples[name]), 3),
            "steps": result.steps,
            "games": result.games,
            "steps_per_game": round(result.steps / result.games, 1),
            "spread_us": [round(min(samples[name]), 3), round(max(samples[name]), 3)],
            **result.extra,
        }

    engine = {name: figures(name) for name in loops}
    engine.update({name: {"us_per_step": None, "steps": 0, "skipped": why} for name, why in skipped.items()})
    peer_figures = {name: figures(name) for name in peers}
    peer_figures.update({name: {"us_per_step": None, "skipped": why} for name, why in peer_skips.items()})
    ratios = {}
    for game_id in engine:
        for peer in bench_engine.PEERS:
            ours = engine[game_id]["us_per_step"]
            theirs = peer_figures.get(peer, {}).get("us_per_step")
            ratios[f"{game_id}/{peer}"] = round(ours / theirs, 3) if ours and theirs else None
    return engine, peer_figures, ratios


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
        hard = level == "hard"
        chosen = {gid: bb.spread(s, args.hard_positions) for gid, s in spots.items()} if hard else spots
        settings = {"budget": args.hard_budget} if hard and args.hard_budget else {}
        per_rep: list[float] = []
        iter_rates: list[float] = []
        by_game: dict[str, list[float]] = {gid: [] for gid in games}
        errors: dict[str, str] = {}
        for rep in range(args.hard_reps if hard else args.reps):
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
        if errors:
            figures["error"] = "; ".join(f"{g}: {e}" for g, e in errors.items())
        out[level] = figures
        say(f"bots: {level} done")
    return out


def bench_app(args, say) -> dict:
    import bench_app as ba

    try:
        return ba.app_start(args.start_reps, say)
    except Exception as exc:
        return {key: None for key in ("first_frame_ms", "textual_floor_ms", "start_ratio", "peak_rss_mb",
                                      "textual_floor_rss_mb", "memory_ratio")} | {"error": str(exc)}


def bench_keys(args, say) -> dict:
    import bench_app as ba

    try:
        result = ba.key_to_screen(args.key_samples)
    except Exception as exc:
        result = {"median": None, "p95": None, "error": f"{type(exc).__name__}: {exc}"}
    say("key to screen done")
    return result


# -- output -------------------------------------------------------------------------


def _fmt(value, digits=1, suffix="") -> str:
    if value is None:
        return "—"
    return f"{value:,.{digits}f}{suffix}"


def markdown(report: dict) -> str:
    lines = []
    meta = report["meta"]
    lines.append(
        f"Python {meta['python']}, {meta['cpus']} CPUs, {meta['players']} players a game, "
        f"medians of {meta['repetitions']} repetitions, {meta['clock']} time for the engines, wall time for the rest."
    )
    ratios = report["ratios"]
    if report["engine"] or report["peers"]:
        lines.append("")
        lines.append("| engine | µs per step | steps | vs RLCard UNO | vs OpenSpiel crazy_eights |")
        lines.append("|---|--:|--:|--:|--:|")
    for game_id, fig in report["engine"].items():
        lines.append(
            f"| {game_id} | {_fmt(fig['us_per_step'], 2)} | {fig.get('steps', 0):,} | "
            f"{_fmt(ratios.get(f'{game_id}/rlcard_uno'), 2, '×')} | "
            f"{_fmt(ratios.get(f'{game_id}/openspiel_crazy_eights'), 2, '×')} |"
        )
    for name, fig in report["peers"].items():
        label = {"rlcard_uno": "RLCard UNO (raw game)", "openspiel_crazy_eights": "OpenSpiel crazy_eights"}[name]
        steps = f"{fig['steps']:,}" if fig.get("steps") else fig.get("skipped", "")
        lines.append(f"| {label} | {_fmt(fig['us_per_step'], 2)} | {steps} | | |")
    if report["engine"]:
        lines.append("")
        lines.append("Targets: One-Card at most 0.5× RLCard UNO's step and at most 8× OpenSpiel's.")
    if report.get("bots"):
        lines.append("")
        lines.append("| computer level | decisions per second | search iterations per second |")
        lines.append("|---|--:|--:|")
        for level, fig in report["bots"].items():
            lines.append(
                f"| {level} | {_fmt(fig['decisions_per_s'])} | {_fmt(fig.get('iterations_per_s'), 0) if level == 'hard' else ''} |"
            )
    app = report.get("app")
    keys = report.get("key_to_screen_ms")
    if app or keys:
        lines.append("")
        lines.append("| app | cardtable | minimal Textual app | ratio | target |")
        lines.append("|---|--:|--:|--:|--:|")
        if app:
            lines.append(
                f"| start to first frame | {_fmt(app['first_frame_ms'], 0, ' ms')} | "
                f"{_fmt(app['textual_floor_ms'], 0, ' ms')} | {_fmt(app['start_ratio'], 2, '×')} | ≤ 1.2× |"
            )
            lines.append(
                f"| peak memory | {_fmt(app['peak_rss_mb'], 1, ' MiB')} | "
                f"{_fmt(app['textual_floor_rss_mb'], 1, ' MiB')} | {_fmt(app['memory_ratio'], 2, '×')} | ≤ 1.3× |"
            )
        if keys:
            lines.append(
                f"| key to screen, median / p95 | {_fmt(keys['median'], 1, ' ms')} / {_fmt(keys['p95'], 1, ' ms')} | | | ≤ 30 ms median |"
            )
    errors = [f"{section}: {fig['error']}" for section, fig in _errors(report)]
    if errors:
        lines.append("")
        lines.extend(f"- not measured: {e}" for e in errors)
    return "\n".join(lines)


def _errors(report: dict):
    for section in ("app", "key_to_screen_ms"):
        fig = report.get(section) or {}
        if fig.get("error"):
            yield section, fig
    for level, fig in (report.get("bots") or {}).items():
        if fig.get("error"):
            yield f"bots {level}", fig


def targets_met(report: dict) -> dict:
    """Each target: met (true), missed (false) or not measured (null)."""
    app = report.get("app") or {}
    keys = report.get("key_to_screen_ms") or {}
    ratios = report.get("ratios") or {}
    figures = {
        "one-card/rlcard_uno": ratios.get("one-card/rlcard_uno"),
        "one-card/openspiel_crazy_eights": ratios.get("one-card/openspiel_crazy_eights"),
        "start_ratio": app.get("start_ratio"),
        "memory_ratio": app.get("memory_ratio"),
        "key_to_screen_median_ms": keys.get("median"),
    }
    return {name: None if value is None else value <= TARGETS[name] for name, value in figures.items()}


def peer_versions() -> dict:
    from importlib import metadata

    versions = {}
    for dist in ("rlcard", "open_spiel"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    return versions


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="tiny counts (the smoke test)")
    parser.add_argument("--reps", type=int, help="repetitions of each measurement (default 7; quick 2)")
    parser.add_argument("--players", type=int, default=4, help="players in every game (default 4)")
    parser.add_argument("--steps", type=int, help="player steps per repetition and engine (default 10000)")
    parser.add_argument(
        "--only",
        default="engine,peers,bots,app,keys",
        help="comma-separated sections: engine, peers, bots, app, keys",
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
    args.positions = 2 if q else 30
    args.hard_positions = 1 if q else 4
    args.hard_reps = 1 if q else 3
    args.hard_budget = 0.02 if q else None  # None: the hard level's default budget
    args.start_reps = 2 if q else max(args.reps, 9)
    args.key_samples = 4 if q else 60
    args.only = {s.strip() for s in args.only.split(",") if s.strip()}
    return args


def main(argv=None) -> int:
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
            "players": args.players,
            "repetitions": args.reps,
            "clock": args.clock,
            "quick": args.quick,
            "peer_versions": peer_versions(),
        },
        "engine": {},
        "peers": {},
        "ratios": {},
        "app": None,
        "key_to_screen_ms": None,
        "bots": {},
        "targets": TARGETS,
        "targets_met": {},
    }
    if args.only & {"engine", "peers"}:
        report["engine"], report["peers"], report["ratios"] = bench_engines(args, say)
    if "bots" in args.only:
        report["bots"] = bench_bots(args, say)
    if "app" in args.only:
        report["app"] = bench_app(args, say)
    if "keys" in args.only:
        report["key_to_screen_ms"] = bench_keys(args, say)
    report["targets_met"] = targets_met(report)
    report["meta"]["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(markdown(report))
        print(f"\n(`python benchmarks/run.py{' --quick' if args.quick else ''}`, {report['meta']['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
