"""Damaged files: game records, saves, the statistics and the settings (see probing.py)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

from probing import (
    HOSTILE_VALUES,
    SPECIAL_FILES,
    TIMEOUT,
    Tally,
    damaged_documents,
    escaped,
    good_record,
    make_special,
    one_line,
    played_session,
    remove,
    run_cli,
    time_limit,
    user_dirs,
)


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
            for label, data in damaged_documents(
                good, seed=n, values=HOSTILE_VALUES[:6] if quick else HOSTILE_VALUES, flips=5 if quick else 20
            ):
                cases.append((f"{game_id} {label}", lambda path, data=data: path.write_bytes(data)))
            odd = {
                "players '3'": {**good, "players": str(good["players"])},
                "seed true": {**good, "seed": True},
                "player '0'": {**good, "moves": [{**good["moves"][0], "player": "0"}] + good["moves"][1:]},
                "move type a list": {
                    **good,
                    "moves": [{**good["moves"][0], "move": {**good["moves"][0]["move"], "type": ["Play"]}}],
                },
                "move type an object": {
                    **good,
                    "moves": [{**good["moves"][0], "move": {**good["moves"][0]["move"], "type": {"a": 1}}}],
                },
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
                problem = escaped(exc)
            tally.add(label, problem)
            remove(path)
    return tally


def _write_a_save(path: Path) -> None:
    from cardtable.storage.saves import SaveFile

    path.write_text(SaveFile.snapshot(played_session("one-card", 3)).to_json())


def good_saves(root: Path) -> dict[str, bytes]:
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveStore

    store = SaveStore()
    saved = {}
    for n, game_id in enumerate(("one-too-many", "one-card", "shed")):
        session = played_session(game_id, 20 + n, moves=6, names=["Ann", "[b]Bob[/b]"])
        saver = Autosaver(session, store, save_id=f"good-{n}")
        saver.save()
        close_saver(saver)
        saved[saver.save_id] = store.path_of(saver.save_id).read_bytes()
    return saved


def finished_game() -> str:
    """A game played to its end and filed away: its id (``export`` refuses games in progress)."""
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveStore

    session = played_session("one-too-many", 7, moves=100_000)
    saver = Autosaver(session, SaveStore(), save_id="done-1")
    saver.save()
    close_saver(saver)
    return saver.finished.id if hasattr(saver.finished, "id") else "done-1"


def close_saver(saver) -> None:
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
        good = good_saves(root)
        template = json.loads(next(iter(good.values())))
        cases: list[tuple[str, Callable[[Path], None]]] = []
        values = [None, "3", True, [], {}, -1, 10**30, "\x1b[2J"]
        for label, data in damaged_documents(
            template, seed=7, values=values[:3] if quick else values, flips=5 if quick else 15
        ):
            if "record/" in label and label.count("/") > 2:
                continue  # the record inside is probed as a record
            cases.append((label, lambda path, data=data: path.write_bytes(data)))
        for kind in SPECIAL_FILES:
            cases.append((kind, lambda path, kind=kind: make_special(path, kind)))
        state = Path(os.environ["XDG_STATE_HOME"]) / "cardtable" / "saves"
        keep = {p.name: p.read_bytes() for p in state.iterdir() if p.is_file()}
        for label, make in cases:
            for entry in state.iterdir():
                remove(entry)
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
                    if status != 0 or "Traceback" in err:  # (set aside by the first listing: no longer named)
                        problem = f"the listing: status {status}"
                if problem is None:  # opening it: a SaveError, or a game
                    with time_limit(TIMEOUT):
                        try:
                            close_saver(Autosaver.resume("victim", SaveStore()))
                        except SaveError:
                            pass
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
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
    with user_dirs():
        store = StatsStore()
        store.path.parent.mkdir(parents=True)
        session = played_session("one-card", 4, moves=0, names=["Ann", "Bob"])
        for n in range(30):
            store.record_game(f"g{n}", session.game, ["Ann", "Bob"], Outcome((1, 2), (0, 40)), kinds=["human", "easy"])
        sqlite3.connect(store.path).execute("PRAGMA wal_checkpoint(TRUNCATE)").connection.close()
        good_db = store.path.read_bytes()
        legacy = {
            "format": "cardtable-stats",
            "schema_version": 2,
            "low_points_win": {"one-card": True},
            "counted": ["g0"],
            "players": {
                "human:ann": {
                    "name": "Ann",
                    "games": {"one-card": {"played": 3, "wins": 2, "points": 40, "best": 0, "worst": 30}},
                }
            },
        }
        cases: list[tuple[str, Path, Callable[[Path], None]]] = []
        values = [None, "3", True, [], {}, -1, 10**30, "\x1b[2J", 99]
        for label, data in damaged_documents(
            legacy, seed=3, values=values[:3] if quick else values, flips=5 if quick else 10
        ):
            cases.append((f"stats.json {label}", store.legacy_path, lambda path, data=data: path.write_bytes(data)))
        rng = random.Random(5)
        for n in range(4 if quick else 12):
            cut = rng.randrange(1, len(good_db))
            cases.append((f"database cut at {cut}", store.path, lambda path, cut=cut: path.write_bytes(good_db[:cut])))
            flipped = bytearray(good_db)
            for _ in range(8):
                flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
            cases.append(
                (
                    f"database, 8 bits flipped ({n})",
                    store.path,
                    lambda path, data=bytes(flipped): path.write_bytes(data),
                )
            )
        cases.append(
            ("database from a newer cardtable", store.path, lambda path: _newer_db(path, good_db, SCHEMA_VERSION + 1))
        )
        for kind in SPECIAL_FILES:
            cases.append((f"database {kind}", store.path, lambda path, kind=kind: make_special(path, kind)))
            cases.append((f"stats.json {kind}", store.legacy_path, lambda path, kind=kind: make_special(path, kind)))
        for index, (label, where, make) in enumerate(cases):
            for entry in store.path.parent.iterdir():
                remove(entry)
            try:
                make(where)
                before = snapshot(where)
                status, out, err = run_cli(["stats"])
                problem = None
                if status != 0 or (err.strip() and one_line(err)):
                    problem = f"cardtable stats: status {status}, {one_line(err)}"
                if problem is None:
                    with time_limit(TIMEOUT):
                        game = finished_stats_game(index)
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
                                problem = (
                                    None
                                    if snapshot(where) == before and not counted
                                    else "a newer database was changed"
                                )
                            elif not counted:
                                problem = f"the game was not counted: {report.notice}"
                            elif where == store.legacy_path and snapshot(where) != before:
                                problem = "stats.json was changed"
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(label, problem)
    return tally


def _newer_db(path: Path, good: bytes, version: int) -> None:
    import sqlite3

    path.write_bytes(good)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def finished_stats_game(index: int):
    """A finished game of One-Card (a low target: a few hands)."""
    from cardtable.session import Seat, Session

    session = Session.start("one-card", [Seat("Ann"), Seat("Bob", "easy")], {"target": 30}, seed=100 + index)
    rng = random.Random(index)
    while not session.is_over:
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    return session


def snapshot(path: Path) -> bytes | None:
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
        for label, data in damaged_documents(
            template, seed=5, values=values[:3] if quick else values, flips=5 if quick else 10
        ):
            cases.append((label, lambda path, data=data: path.write_bytes(data)))
        for kind in SPECIAL_FILES:
            cases.append((kind, lambda path, kind=kind: make_special(path, kind)))
        from cardtable.storage import paths

        path = paths.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        for label, make in cases:
            remove(path)
            try:
                make(path)
                before = snapshot(path)
                with time_limit(TIMEOUT):
                    loaded = load_settings()
                    app = CardtableApp()
                problem = None
                if loaded.notice is not None and "\n" in loaded.notice:
                    problem = "the notice takes more than one line"
                elif loaded.notice is not None and app.settings_notice != loaded.notice:
                    problem = "the app does not show the notice"
                elif snapshot(path) != before:
                    problem = "the file was changed"
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(label, problem)
    return tally
