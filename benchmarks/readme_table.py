"""The benchmark suite's tables, from ``run.py --json``'s report (docs/performance.md's figures).

``python benchmarks/readme_table.py REPORT.json`` prints them;
``--write docs/performance.md`` replaces what lies between that page's
``<!-- bench:start -->`` and ``<!-- bench:end -->`` lines with them.
``run.py`` without ``--json`` prints the same tables. The page's figures come
from ``benchmarks/results/current.json`` (tests/benchmarks/test_performance_doc.py
checks they are that file's).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

START = "<!-- bench:start -->"
END = "<!-- bench:end -->"

PEERS = {
    "rlcard_uno_like_for_like": "RLCard UNO, like for like: `get_legal_actions` + `proceed_round`",
    "openspiel_crazy_eights_like_for_like": "OpenSpiel crazy_eights, like for like: special cards, no cap, chance steps counted",
    "rlcard_uno": "RLCard UNO, `game.step` (rebuilds the observation; before)",
    "openspiel_crazy_eights": "OpenSpiel crazy_eights, defaults, chance steps not counted (before)",
}


def _fmt(value, digits=1, suffix="") -> str:
    if value is None:
        return "—"
    return f"{value:,.{digits}f}{suffix}"


def _engine_table(report: dict) -> list[str]:
    engine, peers, ratios = report.get("engine") or {}, report.get("peers") or {}, report.get("ratios") or {}
    if not engine and not peers:
        return []
    lines = [
        "| engine | µs per step | steps per game | vs RLCard like for like | vs OpenSpiel like for like "
        "| vs RLCard `game.step` | vs OpenSpiel defaults |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for game_id, fig in engine.items():
        cells = [
            _fmt(ratios.get(f"{game_id}/{peer}"), 2, "×")
            for peer in (
                "rlcard_uno_like_for_like",
                "openspiel_crazy_eights_like_for_like",
                "rlcard_uno",
                "openspiel_crazy_eights",
            )
        ]
        lines.append(
            f"| {fig.get('name', game_id)} | {_fmt(fig.get('us_per_step'), 2)} | "
            f"{_fmt(fig.get('steps_per_game'), 0)} | " + " | ".join(cells) + " |"
        )
    ordered = [name for name in PEERS if name in peers] + [name for name in peers if name not in PEERS]
    for name in ordered:
        fig = peers[name]
        label = PEERS.get(name, name)
        if fig.get("skipped"):
            lines.append(f"| {label} | — | {fig['skipped']} | | | | |")
            continue
        lines.append(f"| {label} | {_fmt(fig.get('us_per_step'), 2)} | {_fmt(fig.get('steps_per_game'), 0)} | | | | |")
    c8 = peers.get("openspiel_crazy_eights_like_for_like") or {}
    if c8.get("us_per_decision"):
        lines.append("")
        lines.append(
            f"OpenSpiel like for like: {_fmt(c8['us_per_decision'], 2)} µs per player decision when its chance steps "
            f"are not counted as steps ({c8.get('decisions', 0):,} decisions and {c8.get('chance_steps', 0):,} "
            f"chance steps a repetition); parameters {_params(c8.get('params'))}; "
            f"at most {c8.get('most_plays_in_a_game', '—')} plays in a game, {c8.get('games_capped', 0)} games capped."
        )
    return lines


def _params(params) -> str:
    if not params:
        return "—"
    return ", ".join(f"`{k}={v}`" for k, v in params.items())


def _game_table(report: dict) -> list[str]:
    engine = report.get("engine") or {}
    rows = [(g, f) for g, f in engine.items() if f.get("us_per_game")]
    if not rows:
        return []
    lines = [
        "| game | µs per complete game | games per second | steps per game | µs per step |",
        "|---|--:|--:|--:|--:|",
    ]
    for game_id, fig in rows:
        lines.append(
            f"| {fig.get('name', game_id)} | {_fmt(fig['us_per_game'], 0)} | {_fmt(fig.get('games_per_s'), 1)} | "
            f"{_fmt(fig.get('steps_per_game'), 0)} | {_fmt(fig.get('us_per_step'), 2)} |"
        )
    return lines


def _simulate_table(report: dict) -> list[str]:
    sim = report.get("simulate") or {}
    if not sim:
        return []
    lines = [
        "| `cardtable simulate` | µs per move, checked | µs per move, unchecked | ratio | target |",
        "|---|--:|--:|--:|--:|",
    ]
    for game_id, fig in sim.items():
        lines.append(
            f"| {fig.get('name', game_id)} | {_fmt(fig['us_per_move_checked'], 2)} | "
            f"{_fmt(fig['us_per_move_unchecked'], 2)} | {_fmt(fig['check_ratio'], 1, '×')} | ≤ 2× |"
        )
    return lines


def _screen_table(report: dict) -> list[str]:
    screens = report.get("screens") or {}
    app, app_loaded = report.get("app") or {}, report.get("app_loaded") or {}
    keys, keys_loaded = report.get("key_to_screen_ms") or {}, report.get("key_to_screen_loaded_ms") or {}
    if not (screens or app or keys):
        return []
    lines = ["| app | idle | CPU hog beside | reference | target |", "|---|--:|--:|--:|--:|"]
    if app:
        lines.append(
            f"| start to first frame | {_fmt(app.get('first_frame_ms'), 0, ' ms')} | "
            f"{_fmt(app_loaded.get('first_frame_ms'), 0, ' ms')} | minimal Textual app: "
            f"{_fmt(app.get('textual_floor_ms'), 0, ' ms')} / {_fmt(app_loaded.get('textual_floor_ms'), 0, ' ms')} | |"
        )
        lines.append(
            f"| start, ratio to the minimal app | {_fmt(app.get('start_ratio'), 2, '×')} | "
            f"{_fmt(app_loaded.get('start_ratio'), 2, '×')} | | ≤ 1.2× |"
        )
        lines.append(
            f"| peak memory | {_fmt(app.get('peak_rss_mb'), 1, ' MiB')} | | minimal Textual app: "
            f"{_fmt(app.get('textual_floor_rss_mb'), 1, ' MiB')} ({_fmt(app.get('memory_ratio'), 2, '×')}) | ≤ 1.3× |"
        )
    if keys:
        lines.append(
            f"| key to screen, median | {_fmt(keys.get('median'), 1, ' ms')} | "
            f"{_fmt(keys_loaded.get('median'), 1, ' ms')} | | ≤ 30 ms |"
        )
        lines.append(
            f"| key to screen, p95 | {_fmt(keys.get('p95'), 1, ' ms')} | {_fmt(keys_loaded.get('p95'), 1, ' ms')} | | ≤ 60 ms |"
        )
    rules = screens.get("rules_key_ms") or {}
    if rules:
        first_open = rules.get("first_open") or {}
        first = (
            f"first press in a fresh app: {_fmt(first_open.get('median_ms'), 0, ' ms')}"
            if first_open
            else f"first press: {_fmt(rules.get('first_ms'), 0, ' ms')}"
        )
        tab = (
            f"; another game's tab, first shown: {_fmt(rules.get('tab_first_ms'), 0, ' ms')}"
            if rules.get("tab_first_ms")
            else ""
        )
        lines.append(
            f"| F1 to the rules on screen, median | {_fmt(rules.get('median_ms'), 0, ' ms')} | | {first}{tab} | ≤ 200 ms |"
        )
    new_game = screens.get("new_game_first_open_ms") or {}
    if new_game:
        ways = new_game.get("ways") or {}
        others = "; ".join(
            f"{name.replace('_', ' ')}: {_fmt(fig.get('median_ms'), 0, ' ms')}"
            for name, fig in ways.items()
            if name != new_game.get("way")
        )
        how = {"after_a_look": "Enter half a second after the menu shows"}.get(new_game.get("way"), "fresh processes")
        lines.append(
            f"| menu to the new-game screen, first time, median | {_fmt(new_game.get('median_ms'), 0, ' ms')} | | "
            f"{how}{'; ' + others if others else ''} | ≤ 150 ms |"
        )
    save = screens.get("autosave") or {}
    if save:
        lines.append(
            f"| autosave, event-loop time per move at {save.get('moves_before', 1000):,} moves | "
            f"{_fmt(save.get('ms_per_move'), 2, ' ms')} | | | ≤ 2 ms |"
        )
    return lines


def _bots_table(report: dict) -> list[str]:
    bots = report.get("bots") or {}
    if not bots:
        return []
    lines = ["| computer level | decisions per second | search iterations per second |", "|---|--:|--:|"]
    for level, fig in bots.items():
        iters = _fmt(fig.get("iterations_per_s"), 0) if level == "hard" else ""
        lines.append(f"| {level} | {_fmt(fig.get('decisions_per_s'))} | {iters} |")
    by_game = (bots.get("hard") or {}).get("iterations_per_s_by_game") or {}
    if by_game:
        lines += [
            "",
            "| hard's search, iterations per second | with the game's playouts | with view-based playouts | ratio |",
            "|---|--:|--:|--:|",
        ]
        for game, fig in by_game.items():
            search, view = fig.get("search"), fig.get("view_playouts")
            ratio = f"{search / view:.2f}×" if search and view else ""
            lines.append(f"| {game} | {_fmt(search, 0)} | {_fmt(view, 0)} | {ratio} |")
    return lines


def _targets_table(report: dict) -> list[str]:
    rows = report.get("targets") or []
    if not isinstance(rows, list) or not rows:  # reports from before issue 14 held a dict of limits
        return []
    lines = ["| target | measured | at most | met |", "|---|--:|--:|:-:|"]
    for t in rows:
        unit = t.get("unit") or ""
        suffix = unit if unit == "×" else f" {unit}"
        met = {True: "yes", False: "**no**", None: "not measured"}[t.get("met")]
        digits = 2 if unit == "×" else 1
        value = t.get("value")
        if value is not None and round(value, digits) == t["at_most"] and not t.get("met"):
            digits += 1  # 1.204× against 1.2× is a miss, not a tie
        lines.append(
            f"| {t['what']} | {_fmt(t.get('value'), digits, suffix)} | {_fmt(t['at_most'], digits, suffix)} | {met} |"
        )
    return lines


def _errors(report: dict) -> list[str]:
    out = []
    for section in ("app", "app_loaded", "key_to_screen_ms", "key_to_screen_loaded_ms"):
        fig = report.get(section) or {}
        if fig.get("error"):
            out.append(f"{section}: {fig['error']}")
    for name, fig in (report.get("screens") or {}).items():
        if fig.get("error"):
            out.append(f"{name}: {fig['error']}")
    for level, fig in (report.get("bots") or {}).items():
        if fig.get("error"):
            out.append(f"bots {level}: {fig['error']}")
    return out


def markdown(report: dict) -> str:
    meta = report["meta"]
    load = meta.get("load_average")
    lines = [
        f"Python {meta['python']}, {meta['cpus']} CPUs"
        + (f" (load average {load[0]:.1f} at the start)" if load else "")
        + f", {meta['players']} players a game, medians of {meta['repetitions']} interleaved repetitions, "
        f"{meta['clock']} time for the engines, wall time for the rest."
    ]
    for table in (_engine_table, _game_table, _simulate_table, _screen_table, _bots_table, _targets_table):
        block = table(report)
        if block:
            lines.append("")
            lines.extend(block)
    errors = _errors(report)
    if errors:
        lines.append("")
        lines.extend(f"- not measured: {e}" for e in errors)
    lines.append("")
    seconds = meta.get("seconds")
    lines.append(
        f"(`{meta.get('command', 'python benchmarks/run.py').strip()}`" + (f", {seconds} s)" if seconds else ")")
    )
    return "\n".join(lines)


def write_readme(readme: Path, tables: str) -> None:
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{readme} has no {START} ... {END} block")
    head, rest = text.split(START, 1)
    _old, tail = rest.split(END, 1)
    readme.write_text(f"{head}{START}\n{tables}\n{END}{tail}", encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="a JSON file written by `run.py --json` (- for stdin)")
    parser.add_argument(
        "--write", metavar="PAGE", help="replace the page's bench block with the tables (docs/performance.md)"
    )
    args = parser.parse_args(argv)
    raw = sys.stdin.read() if args.report == "-" else Path(args.report).read_text(encoding="utf-8")
    report = json.loads(raw)
    tables = markdown(report)
    if args.write:
        write_readme(Path(args.write), tables)
    else:
        print(tables)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
