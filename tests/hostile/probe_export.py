"""Export, probed (see probing.py): a broken saves folder does not stop the export of
finished games, and a target the file system refuses is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

from probe_files import finished_game
from probing import Tally, escaped, make_odd, one_line, remove, run_cli, stderr_lines, tree, user_dirs

# -- a broken saves folder ----------------------------------------------------------------------

SAVES_FOLDER_KINDS = ("a file", "symlink loop", "link to nothing", "fifo", "link to a file")


def probe_broken_saves_folder(quick: bool = False) -> Tally:
    """The saves folder itself broken: resume says so in one line, and export still lists and
    writes the finished games (they live in history/)."""
    from cardtable.storage import paths

    tally = Tally("a broken saves folder")
    with user_dirs() as root:
        done = finished_game()
        saves = paths.saves_dir()
        for kind in SAVES_FOLDER_KINDS:
            for argv in (["resume"], ["resume", "--json"], ["export"], ["export", done, "-"], ["export", done, "F"]):
                remove(saves)  # (never shutil.rmtree: it opens what it is given, and a FIFO would block it)
                try:
                    _broken_folder(saves, kind, root)
                    argv = [str(root / "out.json") if a == "F" else a for a in argv]
                    problem = _broken_folder_problem(argv, root)
                except BaseException as exc:  # noqa: BLE001
                    problem = escaped(exc)
                remove(root / "out.json")
                tally.add(f"{kind}: {' '.join(argv)}"[:80], problem)
        remove(saves)
        saves.mkdir()
    return tally


def _broken_folder(saves: Path, kind: str, root: Path) -> None:
    if kind == "a file":
        saves.write_text("not a folder")
    elif kind == "link to a file":
        (root / "a-file").write_text("x")
        saves.symlink_to(root / "a-file")
    else:
        make_odd(saves, kind)


def _broken_folder_problem(argv: list[str], root: Path) -> str | None:
    status, out, err = run_cli(argv)
    lines = stderr_lines(err)
    if status != 0 or "Traceback" in err:
        return f"status {status}: {err[:300]!r}"
    if argv[0] == "resume" and "--json" not in argv and (len(lines) != 1 or "saves folder" not in lines[0]):
        return f"not one line naming the saves folder: {err[:300]!r}"
    if argv[0] == "export" and lines:
        return f"export says something of the saves folder: {err[:300]!r}"
    if argv[-1] == "-" and json.loads(out).get("game") != "one-too-many":
        return "the record written is not the finished game"
    if argv[-1].endswith("out.json") and json.loads((root / "out.json").read_text()).get("game") != "one-too-many":
        return "the record file is not the finished game"
    return None


# -- export targets ----------------------------------------------------------------------------


def export_targets(folder: Path) -> list[tuple[str, Path]]:
    """(label, target): names the file system refuses, folders that do not exist or are not
    folders, a folder or a loop as the target, a file already there."""
    (folder / "a-file.txt").write_text("x")
    make_odd(folder / "loop", "symlink loop")
    (folder / "folder").mkdir()
    (folder / "exists.json").write_text("{}")
    make_odd(folder / "loop.json", "symlink loop")
    targets = [(f"a name of {n} bytes", folder / ("x" * (n - 5) + ".json")) for n in (256, 300, 1000, 5000)]
    targets += [("é x 128 (256 bytes)", folder / ("é" * 128)), ("游 x 86 (258 bytes)", folder / ("游" * 86))]
    targets += [(f"{d} missing folders", folder.joinpath(*["missing"] * d, "x.json")) for d in (1, 2, 3)]
    targets += [("a long missing folder", folder / ("m" * 300) / "x.json")]
    targets += [
        ("a file as its folder", folder / "a-file.txt" / "x.json"),
        ("a loop as its folder", folder / "loop" / "x.json"),
    ]
    targets += [
        ("a folder", folder / "folder"),
        ("a file there", folder / "exists.json"),
        ("a loop", folder / "loop.json"),
    ]
    return targets


def probe_export_targets(quick: bool = False) -> Tally:
    """``cardtable export ID FILE`` to each of :func:`export_targets`: status 2, one line naming
    the target, nothing written, no folder created."""
    tally = Tally("export targets")
    with user_dirs() as root:
        done = finished_game()
        folder = root / "targets"
        folder.mkdir()
        for label, target in export_targets(folder):
            before = tree(root)
            try:
                status, out, err = run_cli(["export", done, str(target)])
                problem = one_line(err) if status == 2 else f"status {status}, not 2: {err[:200]!r}"
                if problem is None and (target.name[:20] not in err and target.parent.name[:20] not in err):
                    problem = f"the line names neither the file nor its folder: {err[:200]!r}"
                if problem is None and len(err) > 1200:
                    problem = f"the line is {len(err)} characters long"
                if problem is None and tree(root) != before:
                    problem = "something was written or a folder created"
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(label, problem)
        try:
            status, out, err = run_cli(["export", done, str(folder / "exists.json"), "--force"])
            problem = None if status == 0 else f"status {status}: {err[:200]!r}"
        except BaseException as exc:  # noqa: BLE001
            problem = escaped(exc)
        tally.add("--force replaces a file", problem)
    return tally
