"""Files the store does not expect (see probing.py): names in the saves folder that are not
save ids, odd things (loops, folders, FIFOs, sockets...) where each of the store's files
should be, a broken saves folder, export targets the system refuses, and a kill during
a game's very first write."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from probe_files import close_saver, finished_game, good_saves
from probing import (
    ODD_KINDS,
    RAW_CONTROL,
    Tally,
    escaped,
    make_odd,
    remove,
    run_cli,
    stderr_lines,
    tree,
    user_dirs,
)


def stray_names() -> list[str]:
    """Names of ``*.json`` files that are not save ids: copies, every control character,
    escape sequences, invisible and bidirectional characters, bytes that are not UTF-8,
    markup, 255 bytes, leading dashes, spaces, other scripts."""
    names = ["shed (copy).json", "shed copy.json", "Copy of shed.json", "shed~1.json", "a b.json", " .json"]
    names += [f"bad{chr(c)}name.json" for c in [*range(1, 32), 0x7F, 0x85, 0x9B]]
    names += ["\x1b[2J.json", "\x1b]0;pwned\x07.json", "\x1b[31mred\x1b[0m.json", "\x07bell.json"]
    names += [f"{c}x.json" for c in "\u200b\u200d\ufeff\u202e\u2066\u2028\u2029\u00ad"]
    names += [os.fsdecode(b"bad\xff\xfe.json"), os.fsdecode(b"\xc3(.json")]
    names += ["[red]x.json", "[bold].json", "-x.json", "--help.json", "x" * 250 + ".json", "é" * 125 + ".json"]
    names += ["ünïcode.json", "шед.json", "游戏.json", "a%2fb.json", "a:b.json", "$(reboot).json"]
    return names


def probe_stray_names(quick: bool = False) -> Tally:
    """A file in saves/ (and history/) whose name is not a save id: reported by name, escaped,
    on one line, and skipped (left as it is); the saves still list, the app's Resume opens."""
    from cardtable.storage.saves import SaveStore

    tally = Tally("names that are not save ids")
    names = stray_names()[::3] if quick else stray_names()
    with user_dirs():
        good = good_saves(Path())
        done = finished_game()
        store = SaveStore()
        copy = store.path_of("good-0").read_bytes()
        app_cases = []
        for index, name in enumerate(names):
            paths = [store.saves_dir / name, store.history_dir / name]
            try:
                for path in paths:
                    path.write_bytes(copy)
                before = tree(store.root)
                problem = _listed_with_a_stray(name, good, done)
                if problem is None and tree(store.root) != before:
                    problem = "the listing changed a file"
                if problem is None and index % 6 == 0:
                    app_cases.append(name)
            except BaseException as exc:  # noqa: BLE001 - a probe counts whatever escapes
                problem = escaped(exc)
            for path in paths:
                remove(path)
            tally.add(repr(name)[:60], problem)
        for name in app_cases:  # the app's Resume screen over the same files
            (store.saves_dir / name).write_bytes(copy)
            tally.add(f"the Resume screen over {name!r}"[:80], _resume_screen_problem(sorted(good), name))
            remove(store.saves_dir / name)
    return tally


def _listed_with_a_stray(name: str, good: dict[str, bytes], done: str) -> str | None:
    from cardtable.core.names import visible

    status, out, err = run_cli(["resume", "--json"])
    listing = json.loads(out)
    mine = [p for p in listing["problems"] if p["id"] == name]
    if status != 0:
        return f"resume --json: status {status}"
    if {s["id"] for s in listing["saves"]} != set(good):
        return "a sound save is missing from the list"
    if len(mine) != 1 or "\n" in mine[0]["message"]:
        return f"the stray is not one problem of one line: {listing['problems']!r:.200}"
    for argv in (["resume"], ["export"]):
        status, out, err = run_cli(argv)
        lines = stderr_lines(err)
        if status != 0 or "Traceback" in err:
            return f"{' '.join(argv)}: status {status} {err[:200]!r}"
        if len(lines) != 1 or visible(name)[:40] not in lines[0]:
            return f"{' '.join(argv)}: not one line naming the file: {err[:300]!r}"
        if RAW_CONTROL.search(out + err):
            return f"{' '.join(argv)}: a control character reached the terminal"
    status, out, err = run_cli(["export", done, "-"])
    if status != 0 or json.loads(out)["game"] != "one-too-many":
        return f"export of a finished game: status {status}"
    return None


def _resume_screen_problem(ids: list[str], name: str) -> str | None:
    import asyncio

    from cardtable.core.names import visible
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.resume import ResumeScreen
    from cardtable.tui.settings import TuiSettings

    async def run() -> str | None:
        app = CardtableApp(settings=TuiSettings(speed="instant"))
        async with app.run_test(size=(100, 30)) as pilot:
            app.show_resume()
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, ResumeScreen) and app.screen.listing.saves:
                    break
            screen = app.screen
            if not isinstance(screen, ResumeScreen):
                return f"the Resume screen did not open ({screen!r})"
            if sorted(s.id for s in screen.listing.saves) != ids:
                return "the Resume screen lacks a sound save"
            shown = str(screen.query_one("#resume-problems").render())
            if visible(name)[:30] not in shown or RAW_CONTROL.search(shown):
                return f"the problem is not shown escaped: {shown[:200]!r}"
        return None if app.return_code in (None, 0) else f"the app ended with {app.return_code}"

    return asyncio.run(run())


# -- odd things where the store's files should be ------------------------------------------------


def _places(root: Path) -> dict[str, Path]:
    from cardtable.storage import paths

    state, data = paths.state_dir(), paths.data_dir()
    return {
        "a save": state / "saves" / "victim.json",
        "a save's backup": state / "saves" / "good-0.json.bak",
        "a game's lock": state / "saves" / ".good-1.lock",
        "a finished game": state / "history" / "victim.json",
        "the settings": paths.settings_path(),
        "the statistics database": data / "stats.sqlite3",
        "its -wal": data / "stats.sqlite3-wal",
        "its -shm": data / "stats.sqlite3-shm",
        "its lock": data / ".stats.sqlite3.lock",
        "the earlier stats.json": data / "stats.json",
    }


def probe_odd_files(quick: bool = False) -> Tally:
    """Each odd thing (:data:`ODD_KINDS`) where each file of the store should be: the commands
    that read it give one line naming it (or nothing, where it holds no data and is set
    aside), no traceback, no hang; the other saves still list unchanged, the app starts,
    a finished game is still counted."""
    tally = Tally("odd files where the store's should be")
    kinds = ODD_KINDS[::2] if quick else ODD_KINDS
    with user_dirs() as root:
        good = good_saves(root)
        keep = {p.name: p.read_bytes() for p in _saves_dir().iterdir() if p.is_file()}
        for place in _places(root):
            for kind in kinds:
                _fresh_saves(keep)
                path = _places(root)[place]
                _clear(path)
                try:
                    make_odd(path, kind)
                    problem = _odd_problem(place, path, good)
                except BaseException as exc:  # noqa: BLE001
                    problem = escaped(exc)
                _clear(path)
                tally.add(f"{kind} as {place}", problem)
    return tally


def _saves_dir() -> Path:
    from cardtable.storage import paths

    return paths.saves_dir()


def _fresh_saves(keep: dict[str, bytes]) -> None:
    from cardtable.storage import paths

    for folder in (paths.saves_dir(), paths.history_dir(), paths.data_dir(), paths.config_dir()):
        if folder.exists() or folder.is_symlink():
            shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
    for name, data in keep.items():
        (paths.saves_dir() / name).write_bytes(data)


def _clear(path: Path) -> None:
    for sibling in path.parent.glob(path.name + "*"):
        remove(sibling)


def _odd_problem(place: str, path: Path, good: dict[str, bytes]) -> str | None:
    from cardtable.core.names import visible

    shown = visible(path.name)
    if place == "the settings":
        return _settings_problem(path)
    if place.startswith(("the statistics", "its", "the earlier")):
        return _statistics_problem(place, path)
    status, out, err = run_cli(["resume", "--json"])
    if status != 0:
        return f"resume --json: status {status}"
    listing = json.loads(out)
    if {s["id"] for s in listing["saves"]} != set(good):
        return f"a sound save is missing: {[s['id'] for s in listing['saves']]}"
    if any(_saves_dir().joinpath(f"{i}.json").read_bytes() != data for i, data in good.items()):
        return "a sound save changed"
    status, out, err = run_cli(["resume"])
    lines = stderr_lines(err)
    if status != 0 or "Traceback" in err or RAW_CONTROL.search(err):
        return f"resume: status {status}: {err[:200]!r}"
    if place == "a save" and (len(lines) != 1 or "victim" not in lines[0]):
        return f"resume: not one line naming {shown}: {err[:300]!r}"
    if place in ("a save's backup", "a game's lock") and lines:
        return f"resume: says something of a sound save: {err[:300]!r}"
    if place == "a finished game":
        status, out, err = run_cli(["export"])
        lines = stderr_lines(err)
        if status != 0 or len(lines) != 1 or "victim" not in lines[0]:
            return f"export: not one line naming {shown}: status {status} {err[:300]!r}"
    return _opens("good-1")


def _opens(save_id: str) -> str | None:
    """Opening a sound save works (a lock file that is odd does not stop it, nor hangs)."""
    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.saves import SaveError

    try:
        close_saver(Autosaver.resume(save_id))
    except SaveError as exc:
        return f"{save_id} cannot be opened: {exc}"
    return None


def _settings_problem(path: Path) -> str | None:
    from cardtable.storage.settings import load_settings
    from cardtable.tui.app import CardtableApp

    loaded = load_settings()
    app = CardtableApp()
    notice = app.settings_notice
    if notice is None or "\n" in notice or "settings.json" not in notice:
        return f"the app starts without one line naming the settings file: {notice!r}"
    if loaded.notice != notice:
        return "the Settings screen and the app do not say the same"
    if not os.path.lexists(path):
        return "the settings file was removed"
    return None


def _statistics_problem(place: str, path: Path) -> str | None:
    from probe_files import finished_stats_game

    from cardtable.storage.autosave import Autosaver
    from cardtable.storage.stats import StatsStore

    status, out, err = run_cli(["stats"])
    lines = stderr_lines(err)
    if status != 0 or "Traceback" in err or len(lines) > 1:
        return f"stats: status {status}: {err[:300]!r}"
    if lines and path.name not in lines[0]:
        return f"stats: the line does not name {path.name}: {lines[0][:200]!r}"
    game = finished_stats_game(7)
    saver = Autosaver(game)
    if not saver.save():
        return f"the last move could not be saved: {saver.error}"
    report = StatsStore().report()
    if not any(g.key.startswith(saver.save_id) for g in report.games):
        return f"the finished game was not counted: {report.notice}"
    if place != "the earlier stats.json" and os.path.lexists(path) and not _regular(path):
        return "the odd file is still in the way"
    return None


def _regular(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
