"""Bad command lines, and commands whose reader goes away (see probing.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from probe_files import finished_game, good_saves
from probing import (
    RAW_CONTROL,
    SRC,
    Tally,
    child_env,
    escaped,
    good_record,
    one_line,
    run_cli,
    stderr_lines,
    user_dirs,
)


def bad_command_lines(folder: Path) -> list[tuple[list[str], int]]:
    """(argv, the exit status promised): 2 for bad arguments, 1 for a bad file."""
    damaged = folder / "damaged.json"
    damaged.write_text('{"game": "shed", "players": 2, "moves": [')
    sim = ["simulate", "one-card", "--players", "2"]
    arena = ["arena", "shed", "--players", "2", "--seats", "normal,random"]
    lines: list[tuple[list[str], int]] = [
        (["frobnicate"], 2),
        (["--nope"], 2),
        (["rules"], 2),
        (["rules", "chess"], 2),
        (["rules", "\x1b[2J"], 2),
        (["rules", "[/]"], 2),
        (["replay"], 2),
        (["replay", str(folder / "missing.json")], 2),
        (["replay", str(damaged)], 1),
        (["replay", str(damaged), "--json"], 1),
        (["replay", str(folder)], 1),
        (["replay", "/dev/zero"], 1),
        (["resume", "no-such-game"], 2),
        (["resume", "../../etc/passwd"], 2),
        (["resume", "\x1b]0;x\x07"], 2),
        (["resume", ""], 2),
        (["export", "nothing"], 2),
        (["export", "x", "y", "z"], 2),
        (["stats", "chess"], 2),
        (["stats", "\x1b[2J"], 2),
        (["stats", "--player"], 2),
        (["play"], 2),
        (["play", "chess"], 2),
        (["play", "shed", "--players", "9"], 2),
        (["play", "shed", "--players", "0"], 2),
        (["play", "shed", "--players", "-1"], 2),
        (["play", "shed", "--players", "10000000000000000000000"], 2),
        (["play", "shed", "--seed", "x"], 2),
        (["play", "shed", "--seed", str(2**64)], 2),
        (["play", "shed", "--seed", "-" + str(2**63 + 1)], 2),
        (["play", "shed", "--seed", "1e5"], 2),
        (["play", "shed", "--seats", "human,robot"], 2),
        (["play", "shed", "--seats", "human"], 2),
        (["play", "shed", "--names", "A,B,C"], 2),
        (["play", "one-card", "--option", "target=10000000000000000000000"], 2),
        (["play", "one-card", "--option", "target=true"], 2),
        (["play", "one-card", "--option", 'target="3"'], 2),
        (["play", "one-card", "--option", "target=3.5"], 2),
        (["play", "one-card", "--option", "target=0"], 2),
        (["play", "one-card", "--option", "hand_size=99"], 2),
        (["play", "one-card", "--option", "nope=1"], 2),
        (["play", "one-card", "--option", "target"], 2),
        (["play", "one-card", "--option", "=3"], 2),
        (["play", "one-card", "--option", "target=" + "9" * 5000], 2),
        (["play", "one-card", "--option", "target=" + "[" * 5000], 2),
        (["play", "shed", "--option", "stall_limit=1"], 2),
        (["play", "one-too-many", "--option", "target=NaN"], 2),
        (["play", "one-too-many", "--option", "target=Infinity"], 2),
        (["play", "shed"], 2),
        (["play", "shed", "--names", "Ann,[b]Bob[/b]"], 2),
        ([], 2),
        (["resume", "good-0"], 1),  # (open in another window, in the probe)
    ]
    for names in (
        "",
        ",",
        "Ann,",
        ",Bob",
        "Ann,ann",
        "Ann,ANN ",
        "Ann, ann",
        "x" * 17 + ",Bob",
        "Ann," + "y" * 100,
        "Ann,\x1b]0;title\x07",
        "Ann,\x1b[2J",
        "Ann,B\x00b",
        "Ann,\u202eboB",
        "Ann,\n",
        "Ann,\t",
        "Ann,\x7f",
        "Ann,\r",
        " , ",
        "Ann,Bob,Cat",
        "Ann",
    ):
        lines.append((["play", "shed", "--players", "2", "--names", names], 2))
    for games in ("0", "-1", "x", "1.5", "", "100000000", "9" * 50, "1e9", "nan"):
        lines.append((sim + ["--games", games], 2))
        lines.append((arena + ["--games", games], 2))
    for players in ("0", "1", "9", "-3", "x", "999999999999"):
        lines.append((["simulate", "one-card", "--players", players, "--games", "1"], 2))
        lines.append((["arena", "shed", "--players", players, "--seats", "normal,random", "--games", "1"], 2))
    for jobs in ("0", "-1", "65", "100000", "x", "1.5"):
        lines.append((arena + ["--games", "2", "--jobs", jobs], 2))
    for budget in ("0", "-1", "inf", "-inf", "nan", "1e309", "x", "601", "100000000"):
        lines.append((arena + ["--games", "2", "--budget", budget], 2))
    for iterations in ("0", "-1", "x", "1000000000"):
        lines.append((arena + ["--games", "2", "--iterations", iterations], 2))
    lines.append((arena + ["--games", "2", "--budget", "1", "--iterations", "3"], 2))
    for seats in ("normal", "", ",", "normal,random,easy", "\x1b[2J,normal"):
        lines.append((["arena", "shed", "--players", "2", "--seats", seats, "--games", "1"], 2))
    # a level the game does not offer (One-Card has no expert; Shed and One Too Many do)
    lines.append((["arena", "one-card", "--players", "2", "--seats", "normal,expert", "--games", "1"], 2))
    for seed in ("x", "1.5", str(2**64), "-" + str(2**64), "9" * 100, ""):
        lines.append((sim + ["--games", "1", "--seed", seed], 2))
        lines.append((arena + ["--games", "1", "--seed", seed], 2))
    for option in (
        "target=0",
        "target=501",
        "target=true",
        'target="21"',
        "first_turn_limit=99",
        "nope=1",
        "target",
        "target=" + "1" * 30,
        "later_turn_limit=-1",
        "target=[1]",
    ):
        lines.append((["simulate", "one-too-many", "--players", "2", "--games", "1", "--option", option], 2))
    return lines


def probe_command_lines(quick: bool = False) -> Tally:
    """Each bad command line: one line on stderr, the promised status, no traceback, no hang."""
    from cardtable.storage.saves import SaveStore

    tally = Tally("command lines")
    with user_dirs() as root:
        good_saves(root)
        holder = hold_in_another_process("good-0")
        try:
            lines = bad_command_lines(root)
            if quick:
                lines = lines[::4]
            for argv, expected in lines:
                label = " ".join(argv)[:80] or "(no arguments, no terminal)"
                try:
                    status, out, err = run_cli(argv)
                    problem = one_line(err) if status == expected else f"status {status}, not {expected}: {err[:200]!r}"
                    if problem is None and ("\x1b" in err or "\x07" in err or "\x00" in err):
                        problem = "a control character reached the terminal"
                except BaseException as exc:  # noqa: BLE001
                    problem = escaped(exc)
                tally.add(label, problem)
        finally:
            holder.kill()
            holder.wait()
        assert SaveStore().in_use("good-0") is None
    return tally


def hold_in_another_process(save_id: str):
    """Another window: a process that opens ``save_id`` and keeps it open until killed."""

    code = (
        "import sys, time\n"
        "from cardtable.storage.autosave import Autosaver\n"
        f"saver = Autosaver.resume({save_id!r})\n"
        "print('ready', flush=True)\n"
        "time.sleep(600)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


# -- every command's output to a full disk, or to a reader gone away ---------------------------


def output_commands(root: Path) -> list[list[str]]:
    """A command line of every command that writes to standard output (and every --help)."""
    from cardtable.cli import COMMANDS
    from cardtable.games import GAME_IDS

    record = root / "game.json"
    record.write_text(json.dumps(good_record("shed", 1)))
    good_saves(root)
    done = finished_game()
    sim = ["simulate", "shed", "--players", "2", "--games", "2"]
    arena = ["arena", "one-card", "--players", "2", "--seats", "random,random", "--games", "2"]
    lines = [["--version"], ["--help"], *([name, "--help"] for name in COMMANDS)]
    lines += [["rules", game_id] for game_id in GAME_IDS]
    lines += [
        sim,
        [*sim, "--json"],
        arena,
        [*arena, "--json"],
        ["replay", str(record)],
        ["replay", str(record), "--json"],
    ]
    lines += [["resume"], ["resume", "--json"], ["stats"], ["stats", "--json"], ["stats", "--csv"]]
    lines += [["export"], ["export", done, "-"], *(["completion", shell] for shell in ("bash", "zsh", "fish"))]
    return lines


def _run_to(argv: list[str], stdout) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=child_env(),
        timeout=120,
        text=True,
    )


def probe_full_disk(quick: bool = False) -> Tally:
    """Every command's output to a full disk (``> /dev/full``): one line on stderr saying so,
    status 1, no traceback."""
    from concurrent.futures import ThreadPoolExecutor

    tally = Tally("output to a full disk")
    with user_dirs() as root:
        commands = output_commands(root)[:: 3 if quick else 1]

        def one(argv: list[str]) -> str | None:
            with open("/dev/full", "w") as full:
                proc = _run_to(argv, full)
            lines = stderr_lines(proc.stderr)
            if proc.returncode != 1:
                return f"status {proc.returncode}, not 1: {proc.stderr[-300:]!r}"
            if "Traceback" in proc.stderr or len(lines) != 1 or "cannot write the output" not in lines[0]:
                return f"not one line saying so: {proc.stderr[-300:]!r}"
            return None

        with ThreadPoolExecutor(3) as pool:
            for argv, problem in zip(commands, pool.map(one, commands), strict=True):
                tally.add(" ".join(argv)[:80], problem)
    return tally


def probe_closed_pipes(quick: bool = False) -> Tally:
    """Every command with its reader gone before the first byte: quiet (no traceback, nothing
    on stderr but the arena's progress), status 1."""
    from concurrent.futures import ThreadPoolExecutor

    tally = Tally("closed pipes")
    with user_dirs() as root:
        commands = output_commands(root)[:: 3 if quick else 1]

        def one(argv: list[str]) -> str | None:
            read, write = os.pipe()
            os.close(read)  # the reader is gone before the first byte
            try:
                proc = _run_to(argv, write)
            except subprocess.TimeoutExpired:
                return "a hang"
            finally:
                os.close(write)
            if stderr_lines(proc.stderr):
                return f"stderr: {proc.stderr.strip()[-200:]!r}"
            return None if proc.returncode == 1 else f"status {proc.returncode}, not 1"

        with ThreadPoolExecutor(3) as pool:
            for argv, problem in zip(commands, pool.map(one, commands), strict=True):
                tally.add(" ".join(argv)[:80], problem)
    return tally


# -- arguments: serve's address and port, --version, long values ---------------------------------

BAD_HOSTS = ("", " ", "\t", "999.1.1.1", "256.0.0.1", "1.2.3.4.5", "300.300.300.300", "::zz", ":::", "1::2::3")
BAD_HOSTS += ("a..b", "-x", "a b", "x" * 300, "\x1b[2J", "under_score", "host.", ".host", "münchen", "[::1]")
BAD_PORTS = ("-1", "65536", "x", "1e3", "9" * 30, "", "0x50", "80.5")


def argument_lines() -> list[list[str]]:
    """Bad arguments the parser must refuse: serve's --host and --port, --version with more."""
    lines = [["serve", "--host", host] for host in BAD_HOSTS]
    lines += [["serve", "--port", port] for port in BAD_PORTS]
    lines += [["serve", "--public-url", url] for url in ("", "ftp://x", "x" * 5000, "\x1b[2J")]
    lines += [["--version", extra] for extra in ("extra", "rules", "--json", "stats", "-", "x" * 5000)]
    lines += [["--version", "rules", "shed"], ["rules", "--version"], ["stats", "--version"]]
    return lines


def long_value_lines(length: int, kind: str) -> list[tuple[list[str], tuple[int, ...]]]:
    """(argv, the statuses promised): every argument given a value of ``length`` characters."""
    value = {"digits": "9", "letters": "x", "spaced": "ab "}[kind] * (length // (3 if kind == "spaced" else 1))
    two = (2,)
    lines = [([value], two), (["--" + value], two), (["rules", value], two), (["play", value], two)]
    for option in ("--names", "--seed", "--seats", "--players", "--option"):
        lines.append((["play", "shed", option, value], two))
    lines.append((["play", "one-card", "--option", "target=" + value], two))
    sim, arena = ["simulate", "shed"], ["arena", "shed", "--players", "2"]
    lines += [([*sim, "--players", value], two), ([*sim, "--games", value], two), ([*sim, "--seed", value], two)]
    for option in ("--seats", "--budget", "--jobs", "--iterations", "--games"):
        lines.append(([*arena, option, value], two))
    lines += [(["stats", value], two), (["stats", "--player", value], two), (["stats", "--games", value], two)]
    lines += [(["resume", value], two), (["export", value], two), (["completion", value], two)]
    lines += [(["serve", "--host", value], two), (["serve", "--port", value], two)]
    lines += [(["replay", value], (1, 2))]  # (a file name the system refuses: 1 or 2, one line either way)
    return lines


def _refused(argv: list[str], statuses: tuple[int, ...]) -> str | None:
    status, out, err = run_cli(argv)
    if status not in statuses:
        return f"status {status}, not {statuses}: {err[:200]!r}"
    problem = one_line(err)
    if problem is None and RAW_CONTROL.search(err):
        problem = "a control character reached the terminal"
    if problem is None and len(err) > 1200:
        problem = f"{len(err):,} characters echoed"
    return problem


def probe_arguments(quick: bool = False) -> Tally:
    """serve's bad addresses and ports, --version with anything more, and every argument given
    a value of 5,000 to 100,000 characters: status 2, one line (the value cut), no traceback."""
    tally = Tally("bad and long arguments")
    with user_dirs():
        lines = [(argv, (2,)) for argv in argument_lines()]
        for length in (5_000,) if quick else (5_000, 20_000, 100_000):
            for kind in ("digits", "letters", "spaced"):
                lines += long_value_lines(length, kind)
        for argv, statuses in lines:
            label = " ".join(a if len(a) < 30 else f"<{len(a):,} characters>" for a in argv)[:80]
            try:
                problem = _refused(argv, statuses)
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(label, problem)
        try:
            status, out, err = run_cli(["--version"])
            problem = None if status == 0 and out.startswith("cardtable ") and not err else "refused"
        except BaseException as exc:  # noqa: BLE001 - (argparse's own --version exits)
            problem = escaped(exc)
        tally.add("--version alone", problem)
    return tally
