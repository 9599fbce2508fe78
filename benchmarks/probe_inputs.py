"""Hostile input, probed: damaged files of every kind and bad command lines.

    python benchmarks/probe_inputs.py [--json] [--quick]

Builds a corpus of damaged game records, saves, statistics files and settings
files (truncations, byte flips, bad encodings, deep nesting, huge numbers,
wrong types, hostile names, a symlink to /dev/zero, a FIFO, a huge sparse
file...) and a list of bad command lines, runs each through the program in
this process (in temporary user folders), and counts what held. A case holds
when there is no traceback, no hang (10 s), one line naming the problem on
stderr with the promised exit status (2 for bad arguments, 1 for a bad file),
and nothing else is lost (the other saves stay listed and unchanged, a game
still counts in the statistics, the app still starts).

tests/test_hostile_inputs.py runs the same corpus and requires every case to hold.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

HOSTILE_VALUES: list[Any] = [
    None, "3", True, 3.5, [], {}, -1, 10**30, "x" * 5000, "[/]", "\x1b]0;pwned\x07\x1b[2J",
]
TIMEOUT = 10


# -- the results -------------------------------------------------------------------------


@dataclass
class Tally:
    kind: str
    tried: int = 0
    held: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, name: str, problem: str | None) -> None:
        self.tried += 1
        if problem is None:
            self.held += 1
        else:
            self.failures.append(f"{name}: {problem}")


class Timeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def alarm(signum, frame):
        raise Timeout(f"no answer in {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def limit_memory(gigabytes: int = 2) -> tuple[int, int] | None:
    """Unbounded memory shows up as a MemoryError (counted), not as the probe killed.
    Returns the limit it replaced (for :func:`restore_memory`), None if it set none."""
    try:
        import resource

        old = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (gigabytes << 30, old[1]))
        return old
    except (ImportError, ValueError, OSError):
        return None


def restore_memory(old: tuple[int, int] | None) -> None:
    """Put back the limit :func:`limit_memory` replaced: a process started later (a browser
    in a later test, say) must not inherit the probe's cap."""
    if old is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, old)


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``cardtable ARGV`` in this process: (status, stdout, stderr). Raises what escapes main()."""
    from cardtable.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_limit(TIMEOUT):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def one_line(err: str) -> str | None:
    lines = err.splitlines()
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr: {err[:300]!r}"
    if "Traceback" in err:
        return "a traceback"
    return None


@contextlib.contextmanager
def user_dirs() -> Iterator[Path]:
    """Fresh XDG folders for one case."""
    root = Path(tempfile.mkdtemp(prefix="cardtable-probe-"))
    saved = {k: os.environ.get(k) for k in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    for key, sub in (("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")):
        os.environ[key] = str(root / sub)
    try:
        yield root
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(root, ignore_errors=True)


# -- damage ------------------------------------------------------------------------------


def _paths(doc: Any, prefix: tuple = (), depth: int = 0) -> Iterator[tuple]:
    """Every place in a JSON document (the first two items of each list only)."""
    if depth > 4:
        return
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,), depth + 1)
    elif isinstance(doc, list):
        for index, value in enumerate(doc[:2]):
            yield prefix + (index,)
            yield from _paths(value, prefix + (index,), depth + 1)


def _replaced(doc: Any, path: tuple, value: Any) -> Any:
    doc = json.loads(json.dumps(doc))
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


def _removed(doc: Any, path: tuple) -> Any:
    doc = json.loads(json.dumps(doc))
    target = doc
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return doc


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def damaged_documents(good: dict, seed: int, values: list[Any] = HOSTILE_VALUES, flips: int = 20) -> Iterator[tuple[str, bytes]]:
    """(label, bytes): the good document damaged in every way the probe knows."""
    raw = json.dumps(good, indent=1).encode()
    rng = random.Random(seed)
    yield "empty", b""
    yield "spaces", b"  \n "
    for text in ("null", "[]", '"text"', "3", "true", "{}"):
        yield f"not an object {text}", text.encode()
    yield "byte order mark", b"\xef\xbb\xbf" + raw
    yield "latin-1 byte", raw[:20] + b"\xe9" + raw[20:]
    yield "utf-16", json.dumps(good).encode("utf-16")
    yield "deep 1000", _nested(1000).encode()
    yield "deep 100000", _nested(100_000).encode()
    yield "deep inside", raw[:-2] + b', "deep": ' + _nested(5000).encode() + b"}"
    yield "NaN", raw[:-2] + b', "nan": NaN}'
    yield "Infinity", raw[:-2] + b', "inf": -Infinity}'
    yield "huge float", raw[:-2] + b', "big": 1e400}'
    yield "4301 digits", raw[:-2] + b', "big": ' + b"9" * 4301 + b"}"
    yield "100000 digits", raw[:-2] + b', "big": ' + b"9" * 100_000 + b"}"
    yield "lone surrogate", raw[:-2] + b', "s": "\\ud800"}'
    yield "duplicate keys", raw[:-2] + b', "format": "other"}'
    for cut in sorted({1, 2, len(raw) // 10, len(raw) // 3, len(raw) // 2, len(raw) - 2, len(raw) - 1} | {rng.randrange(1, len(raw)) for _ in range(5)}):
        yield f"truncated at {cut}", raw[:cut]
    for _ in range(flips):
        at = rng.randrange(len(raw))
        yield f"byte {at} flipped", raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1:]
    for path in _paths(good):
        label = "/".join(map(str, path))
        yield f"{label} removed", json.dumps(_removed(good, path)).encode()
        for value in values:
            shown = repr(value) if len(repr(value)) < 20 else repr(value)[:17] + "..."
            yield f"{label} = {shown}", json.dumps(_replaced(good, path, value)).encode()


SPECIAL_FILES = ("symlink to /dev/zero", "fifo", "folder", "sparse 100 MB", "unreadable")


def make_special(path: Path, kind: str) -> None:
    """A file that is not a plain small file at ``path``."""
    if kind == "symlink to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "sparse 100 MB":
        with open(path, "wb") as handle:
            handle.truncate(100 * 1024 * 1024)
    elif kind == "unreadable":
        path.write_text("{}")
        path.chmod(0)


# -- good files --------------------------------------------------------------------------


def played_session(game_id: str, seed: int, moves: int = 25, names=None, kinds=None):
    from cardtable.session import Seat, Session
    from cardtable.games import get_game

    game = get_game(game_id)
    players = game.min_players
    names = names or [f"Player {i + 1}" for i in range(players)]
    kinds = kinds or ["human"] * players
    session = Session.start(game_id, [Seat(n, k) for n, k in zip(names, kinds)], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over:
            break
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    return session


def good_record(game_id: str, seed: int) -> dict:
    return played_session(game_id, seed).record().model_dump(mode="json")


# -- the probes ----------------------------------------------------------------------------


def probe_records(quick: bool = False) -> Tally:
    """``cardtable replay FILE`` on damaged records: status 0 (still a good record) or 1, one line naming the file."""
    from cardtable.games import GAME_IDS

    tally = Tally("record files")
    games = GAME_IDS[:1] if quick else GAME_IDS
    with user_dirs() as root:
        folder = root / "records"
        folder.mkdir()
        cases: list[tuple[str, Callable[[Path], None]]] = []
        for n, game_id in enumerate(games):
            good = good_record(game_id, 11 + n)
            for label, data in damaged_documents(good, seed=n, values=HOSTILE_VALUES[:6] if quick else HOSTILE_VALUES,
                                                 flips=5 if quick else 20):
                cases.append((f"{game_id} {label}", lambda path, data=data: path.write_bytes(data)))
            odd = {
                "players '3'": {**good, "players": str(good["players"])},
                "seed true": {**good, "seed": True},
                "player '0'": {**good, "moves": [{**good["moves"][0], "player": "0"}] + good["moves"][1:]},
                "move type a list": {**good, "moves": [{**good["moves"][0], "move": {**good["moves"][0]["move"], "type": ["Play"]}}]},
                "move type an object": {**good, "moves": [{**good["moves"][0], "move": {**good["moves"][0]["move"], "type": {"a": 1}}}]},
                "names shorter than players": {**good, "names": good["names"][:1]},
                "names with an escape": {**good, "names": ["\x1b]0;x\x07", *good["names"][1:]]},
                "names the same but case": {**good, "names": ["Ann", "ann", *good["names"][2:]]},
                "name of 17": {**good, "names": ["x" * 17, *good["names"][1:]]},
                "unknown game": {**good, "game": "chess"},
                "game with an escape": {**good, "game": "\x1b[2J"},
                "option target 10^22": {**good, "options": {"target": 10**22}},
                "option target true": {**good, "options": {"target": True}},
                "a move by seat 9": {**good, "moves": [{"player": 9, "move": good["moves"][0]["move"]}]},
            }
            for label, doc in odd.items():
                cases.append((f"{game_id} {label}", lambda path, doc=doc: path.write_text(json.dumps(doc))))
        for kind in SPECIAL_FILES:
            cases.append((kind, lambda path, kind=kind: make_special(path, kind)))
        cases.append(("a save given to replay", _write_a_save))
        for index, (label, make) in enumerate(cases):
            path = folder / f"case-{index}.json"
            try:
                make(path)
                status, out, err = run_cli(["replay", str(path)])
                if status == 0:
                    problem = None if not err.strip() else f"status 0 but stderr {err[:200]!r}"
                elif status != 1:
                    problem = f"status {status}, not 1"
                else:
                    problem = one_line(err) or (None if str(path) in err else "the line does not name the file")
                    if problem is None and label == "a save given to replay" and "export" not in err:
                        problem = "does not say to export the save first"
            except BaseException as exc:  # noqa: BLE001 - a probe counts whatever escapes
                problem = _escaped(exc)
            tally.add(label, problem)
            _remove(path)
    return tally


def _write_a_save(path: Path) -> None:
    from cardtable.storage.saves import SaveFile

    path.write_text(SaveFile.snapshot(played_session("one-card", 3)).to_json())


def _escaped(exc: BaseException) -> str:
    if isinstance(exc, Timeout):
        return "a hang"
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code})"
    return "traceback: " + "".join(traceback.format_exception_only(type(exc), exc)).strip()[:300]


def _remove(path: Path) -> None:
    try:
        path.chmod(0o600)
    except OSError:
        pass
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            path.unlink()


def _good_saves(root: Path) -> dict[str, bytes]:
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveStore

    store = SaveStore()
    saved = {}
    for n, game_id in enumerate(("one-too-many", "one-card", "shed")):
        session = played_session(game_id, 20 + n, moves=6, names=["Ann", "[b]Bob[/b]"])
        saver = Autosaver(session, store, save_id=f"good-{n}")
        saver.save()
        _close(saver)
        saved[saver.save_id] = store.path_of(saver.save_id).read_bytes()
    return saved


def _finished_game() -> str:
    """A game played to its end and filed away: its id (``export`` refuses games in progress)."""
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveStore

    session = played_session("one-too-many", 7, moves=100_000)
    saver = Autosaver(session, SaveStore(), save_id="done-1")
    saver.save()
    _close(saver)
    return saver.finished.id if hasattr(saver.finished, "id") else "done-1"


def _close(saver) -> None:
    """The window closes the game (lets another open it)."""
    release = getattr(saver, "release", None)  # (the probe also runs against older versions)
    if release is not None:
        release()


def probe_saves(quick: bool = False) -> Tally:
    """A damaged save among sound ones: listed as a problem on one line, set aside, the others untouched."""
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveError, SaveStore

    tally = Tally("saves")
    with user_dirs() as root:
        good = _good_saves(root)
        template = json.loads(next(iter(good.values())))
        cases: list[tuple[str, Callable[[Path], None]]] = []
        values = [None, "3", True, [], {}, -1, 10**30, "\x1b[2J"]
        for label, data in damaged_documents(template, seed=7, values=values[:3] if quick else values, flips=5 if quick else 15):
            if "record/" in label and label.count("/") > 2:
                continue  # the record inside is probed as a record
            cases.append((label, lambda path, data=data: path.write_bytes(data)))
        for kind in SPECIAL_FILES:
            cases.append((kind, lambda path, kind=kind: make_special(path, kind)))
        state = Path(os.environ["XDG_STATE_HOME"]) / "cardtable" / "saves"
        keep = {p.name: p.read_bytes() for p in state.iterdir() if p.is_file()}
        for label, make in cases:
            for entry in state.iterdir():
                _remove(entry)
            for name, data in keep.items():
                (state / name).write_bytes(data)
            victim = state / "victim.json"
            try:
                make(victim)
                status, out, err = run_cli(["resume", "--json"])
                listing = json.loads(out)
                listed = {s["id"] for s in listing["saves"]}
                problems = {p["id"] for p in listing["problems"]}
                problem = None
                if status != 0:
                    problem = f"status {status}"
                elif not set(good) <= listed:
                    problem = f"a sound save is missing from the list ({sorted(set(good) - listed)})"
                elif any((state / f"{i}.json").read_bytes() != data for i, data in good.items()):
                    problem = "a sound save changed"
                elif "victim" not in listed | problems:
                    problem = "the damaged save is neither listed nor reported"
                elif any("\n" in p["message"] for p in listing["problems"]):
                    problem = "a problem takes more than one line"
                if problem is None and "victim" in problems:
                    status, out, err = run_cli(["resume"])
                    lines = [line for line in err.splitlines() if line.strip()]
                    if status != 0 or "Traceback" in err:
                        problem = f"the listing: status {status}"
                if problem is None:  # opening it: a SaveError, or a game
                    with time_limit(TIMEOUT):
                        try:
                            _close(Autosaver.resume("victim", SaveStore()))
                        except SaveError:
                            pass
            except BaseException as exc:  # noqa: BLE001
                problem = _escaped(exc)
            tally.add(label, problem)
    return tally


def probe_stats(quick: bool = False) -> Tally:
    """A damaged statistics database, or an earlier version's damaged stats.json: one line
    from ``cardtable stats``; the last move of a game still counts it (a damaged database
    set aside, a newer one left alone, stats.json never changed)."""
    import sqlite3

    from cardtable.core.engine import Outcome
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.stats import StatsStore
    from cardtable.storage.stats_db import SCHEMA_VERSION

    tally = Tally("statistics files")
    with user_dirs() as root:
        store = StatsStore()
        store.path.parent.mkdir(parents=True)
        session = played_session("one-card", 4, moves=0, names=["Ann", "Bob"])
        for n in range(30):
            store.record_game(f"g{n}", session.game, ["Ann", "Bob"], Outcome((1, 2), (0, 40)), kinds=["human", "easy"])
        sqlite3.connect(store.path).execute("PRAGMA wal_checkpoint(TRUNCATE)").connection.close()
        good_db = store.path.read_bytes()
        legacy = {
            "format": "cardtable-stats", "schema_version": 2, "low_points_win": {"one-card": True}, "counted": ["g0"],
            "players": {"human:ann": {"name": "Ann", "games": {"one-card": {"played": 3, "wins": 2, "points": 40, "best": 0, "worst": 30}}}},
        }
        cases: list[tuple[str, Path, Callable[[Path], None]]] = []
        values = [None, "3", True, [], {}, -1, 10**30, "\x1b[2J", 99]
        for label, data in damaged_documents(legacy, seed=3, values=values[:3] if quick else values, flips=5 if quick else 10):
            cases.append((f"stats.json {label}", store.legacy_path, lambda path, data=data: path.write_bytes(data)))
        rng = random.Random(5)
        for n in range(4 if quick else 12):
            cut = rng.randrange(1, len(good_db))
            cases.append((f"database cut at {cut}", store.path, lambda path, cut=cut: path.write_bytes(good_db[:cut])))
            flipped = bytearray(good_db)
            for _ in range(8):
                flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
            cases.append((f"database, 8 bits flipped ({n})", store.path, lambda path, data=bytes(flipped): path.write_bytes(data)))
        cases.append(("database from a newer cardtable", store.path, lambda path: _newer_db(path, good_db, SCHEMA_VERSION + 1)))
        for kind in SPECIAL_FILES:
            cases.append((f"database {kind}", store.path, lambda path, kind=kind: make_special(path, kind)))
            cases.append((f"stats.json {kind}", store.legacy_path, lambda path, kind=kind: make_special(path, kind)))
        for index, (label, where, make) in enumerate(cases):
            for entry in store.path.parent.iterdir():
                _remove(entry)
            try:
                make(where)
                before = _snapshot(where)
                status, out, err = run_cli(["stats"])
                problem = None
                if status != 0 or (err.strip() and one_line(err)):
                    problem = f"cardtable stats: status {status}, {one_line(err)}"
                if problem is None:
                    with time_limit(TIMEOUT):
                        game = _finished(index)
                        if not game.is_over:
                            problem = "the probe's game did not end"
                        else:
                            saver = Autosaver(game)
                            ok = saver.save()
                            report = StatsStore().report()
                            counted = any(g.key.startswith(saver.save_id) for g in report.games)
                            if not ok:
                                problem = f"the last move could not be saved: {saver.error}"
                            elif "newer" in label:
                                problem = None if _snapshot(where) == before and not counted else "a newer database was changed"
                            elif not counted:
                                problem = f"the game was not counted: {report.notice}"
                            elif where == store.legacy_path and _snapshot(where) != before:
                                problem = "stats.json was changed"
            except BaseException as exc:  # noqa: BLE001
                problem = _escaped(exc)
            tally.add(label, problem)
    return tally


def _newer_db(path: Path, good: bytes, version: int) -> None:
    import sqlite3

    path.write_bytes(good)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def _finished(index: int):
    """A finished game of One-Card (a low target: a few hands)."""
    from cardtable.session import Seat, Session

    session = Session.start("one-card", [Seat("Ann"), Seat("Bob", "easy")], {"target": 30}, seed=100 + index)
    rng = random.Random(index)
    while not session.is_over:
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    return session


def _snapshot(path: Path) -> bytes | None:
    try:
        if path.is_file() and path.stat().st_size < 10**6:
            return path.read_bytes()
    except OSError:
        pass
    return None


def probe_settings(quick: bool = False) -> Tally:
    """A damaged settings file: the app still starts (defaults, a one-line notice), the file is left alone."""
    from cardtable.storage.settings import Settings, load_settings
    from cardtable.tui.app import CardtableApp

    tally = Tally("settings files")
    with user_dirs():
        template = json.loads(Settings().model_dump_json())
        cases: list[tuple[str, Callable[[Path], None]]] = []
        values = [None, "3", True, [], {}, -1, 10**30, "\x1b[2J", "[/]"]
        for label, data in damaged_documents(template, seed=5, values=values[:3] if quick else values, flips=5 if quick else 10):
            cases.append((label, lambda path, data=data: path.write_bytes(data)))
        for kind in SPECIAL_FILES:
            cases.append((kind, lambda path, kind=kind: make_special(path, kind)))
        from cardtable.storage import paths

        path = paths.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        for label, make in cases:
            _remove(path)
            try:
                make(path)
                before = _snapshot(path)
                with time_limit(TIMEOUT):
                    loaded = load_settings()
                    app = CardtableApp()
                problem = None
                if loaded.notice is not None and "\n" in loaded.notice:
                    problem = "the notice takes more than one line"
                elif loaded.notice is not None and app.settings_notice != loaded.notice:
                    problem = "the app does not show the notice"
                elif _snapshot(path) != before:
                    problem = "the file was changed"
            except BaseException as exc:  # noqa: BLE001
                problem = _escaped(exc)
            tally.add(label, problem)
    return tally


def bad_command_lines(folder: Path) -> list[tuple[list[str], int]]:
    """(argv, the exit status promised): 2 for bad arguments, 1 for a bad file."""
    damaged = folder / "damaged.json"
    damaged.write_text('{"game": "shed", "players": 2, "moves": [')
    sim = ["simulate", "one-card", "--players", "2"]
    arena = ["arena", "shed", "--players", "2", "--seats", "normal,random"]
    lines: list[tuple[list[str], int]] = [
        (["frobnicate"], 2), (["--nope"], 2), (["rules"], 2), (["rules", "chess"], 2), (["rules", "\x1b[2J"], 2),
        (["rules", "[/]"], 2), (["replay"], 2), (["replay", str(folder / "missing.json")], 2),
        (["replay", str(damaged)], 1), (["replay", str(damaged), "--json"], 1), (["replay", str(folder)], 1),
        (["replay", "/dev/zero"], 1), (["resume", "no-such-game"], 2), (["resume", "../../etc/passwd"], 2),
        (["resume", "\x1b]0;x\x07"], 2), (["resume", ""], 2), (["export", "nothing"], 2), (["export", "x", "y", "z"], 2),
        (["stats", "chess"], 2), (["stats", "\x1b[2J"], 2), (["stats", "--player"], 2), (["play"], 2), (["play", "chess"], 2),
        (["play", "shed", "--players", "9"], 2), (["play", "shed", "--players", "0"], 2), (["play", "shed", "--players", "-1"], 2),
        (["play", "shed", "--players", "10000000000000000000000"], 2), (["play", "shed", "--seed", "x"], 2),
        (["play", "shed", "--seed", str(2**64)], 2), (["play", "shed", "--seed", "-" + str(2**63 + 1)], 2),
        (["play", "shed", "--seed", "1e5"], 2), (["play", "shed", "--seats", "human,robot"], 2),
        (["play", "shed", "--seats", "human"], 2), (["play", "shed", "--names", "A,B,C"], 2),
        (["play", "one-card", "--option", "target=10000000000000000000000"], 2), (["play", "one-card", "--option", "target=true"], 2),
        (["play", "one-card", "--option", "target=\"3\""], 2), (["play", "one-card", "--option", "target=3.5"], 2),
        (["play", "one-card", "--option", "target=0"], 2), (["play", "one-card", "--option", "hand_size=99"], 2),
        (["play", "one-card", "--option", "nope=1"], 2), (["play", "one-card", "--option", "target"], 2),
        (["play", "one-card", "--option", "=3"], 2), (["play", "one-card", "--option", "target=" + "9" * 5000], 2),
        (["play", "one-card", "--option", "target=" + "[" * 5000], 2), (["play", "shed", "--option", "stall_limit=1"], 2),
        (["play", "one-too-many", "--option", "target=NaN"], 2), (["play", "one-too-many", "--option", "target=Infinity"], 2),
        (["play", "shed"], 2), (["play", "shed", "--names", "Ann,[b]Bob[/b]"], 2), ([], 2),
        (["resume", "good-0"], 1),  # (open in another window, in the probe)
    ]
    for names in ("", ",", "Ann,", ",Bob", "Ann,ann", "Ann,ANN ", "Ann, ann", "x" * 17 + ",Bob", "Ann," + "y" * 100,
                  "Ann,\x1b]0;title\x07", "Ann,\x1b[2J", "Ann,B\x00b", "Ann,\u202eboB", "Ann,\n", "Ann,\t", "Ann,\x7f",
                  "Ann,\r", " , ", "Ann,Bob,Cat", "Ann"):
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
    for option in ("target=0", "target=501", "target=true", "target=\"21\"", "first_turn_limit=99", "nope=1",
                   "target", "target=" + "1" * 30, "later_turn_limit=-1", "target=[1]"):
        lines.append((["simulate", "one-too-many", "--players", "2", "--games", "1", "--option", option], 2))
    return lines


def probe_command_lines(quick: bool = False) -> Tally:
    """Each bad command line: one line on stderr, the promised status, no traceback, no hang."""
    from cardtable.storage.saves import SaveStore

    tally = Tally("command lines")
    with user_dirs() as root:
        _good_saves(root)
        holder = _hold_in_another_process("good-0")
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
                    problem = _escaped(exc)
                tally.add(label, problem)
        finally:
            holder.kill()
            holder.wait()
        assert SaveStore().in_use("good-0") is None
    return tally


def _hold_in_another_process(save_id: str):
    """Another window: a process that opens ``save_id`` and keeps it open until killed."""
    import subprocess

    code = (
        "import sys, time\n"
        "from cardtable.storage.autosave import Autosaver\n"
        f"saver = Autosaver.resume({save_id!r})\n"
        "print('ready', flush=True)\n"
        "time.sleep(600)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def probe_closed_pipes(quick: bool = False) -> Tally:
    """Every ``--json`` command with its reader gone at once: no traceback, nothing on stderr."""
    import subprocess

    tally = Tally("closed pipes")
    with user_dirs() as root:
        record = root / "game.json"
        record.write_text(json.dumps(good_record("shed", 1)))
        _good_saves(root)
        finished = _finished_game()
        commands = [
            ["stats", "--json"], ["resume", "--json"], ["replay", str(record), "--json"], ["replay", str(record)],
            ["simulate", "shed", "--players", "2", "--games", "3", "--json"],
            ["arena", "one-card", "--players", "2", "--seats", "random,random", "--games", "2", "--json"],
            ["rules", "shed"], ["resume"], ["export"], ["export", finished, "-"],
        ]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        for argv in commands:
            read, write = os.pipe()
            os.close(read)  # the reader is gone before the first byte
            try:
                proc = subprocess.run([sys.executable, "-m", "cardtable", *argv], stdout=write, stderr=subprocess.PIPE,
                                      env=env, timeout=60, text=True)
                # quiet: no traceback nor error (the arena's progress lines are not errors)
                noise = [line for line in proc.stderr.splitlines() if line.strip() and not line.startswith("arena: ")]
                problem = None if not noise else f"stderr: {proc.stderr.strip()[-200:]!r}"
            except subprocess.TimeoutExpired:
                problem = "a hang"
            finally:
                os.close(write)
            tally.add(" ".join(argv), problem)
    return tally


PROBES = {
    "command lines": probe_command_lines,
    "record files": probe_records,
    "saves": probe_saves,
    "statistics files": probe_stats,
    "settings files": probe_settings,
    "closed pipes": probe_closed_pipes,
}


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a sample of each corpus")
    parser.add_argument("--only", choices=list(PROBES), action="append")
    parser.add_argument("--failures", action="store_true", help="list every failure")
    args = parser.parse_args(argv)
    limit_memory()
    results = [PROBES[name](args.quick) for name in (args.only or PROBES)]
    if args.json:
        print(json.dumps({t.kind: {"tried": t.tried, "held": t.held, "failures": t.failures} for t in results}))
    else:
        print(f"{'input':<18} {'tried':>6} {'held':>6}")
        for t in results:
            print(f"{t.kind:<18} {t.tried:>6} {t.held:>6}")
        for t in results:
            for failure in t.failures if args.failures else t.failures[:5]:
                print(f"  {t.kind}: {failure}")
    return 0 if all(t.held == t.tried for t in results) else 1


if __name__ == "__main__":
    sys.exit(main())
