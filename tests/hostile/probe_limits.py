"""Inputs that would cost too much, and names that look like other names (see probing.py).

Costly files: records, saves, settings and statistics files of up to a million moves,
entries or keys, a second move already illegal in a long record, one huge move. Each is
read by a child process (``cardtable replay``, ``resume --json``, ``stats``, the settings)
whose peak memory is measured (:data:`MAX_MEMORY`) and whose time is printed, not judged
(a timed assertion would fail on a busy machine): the refusal comes before the parsing
(by the size), or at the first illegal move.

Names: every invisible character alone, or added to a name; look-alikes (full-width,
mathematical letters, ligatures, other cases, composed and decomposed accents) of a name
at the same table; the new-game form's check, ``play --names``, records and saves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

from probing import (
    RAW_CONTROL,
    Tally,
    child_env,
    escaped,
    good_record,
    played_session,
    run_cli,
    stderr_lines,
    user_dirs,
)

#: The most a child may use to read any one file (its peak resident memory, Python included).
MAX_MEMORY = 200 * 1024 * 1024


def _costly_records(folder: Path) -> list[tuple[str, Path, str]]:
    """(label, file, what the refusal must say: by its size, or the move refused)."""
    from cardtable.core.jsonfile import MAX_FILE_BYTES

    good = good_record("shed", 3)
    moves = good["moves"]
    cases: list[tuple[str, dict | bytes, str]] = []
    for count in (20_000, 100_000, 200_000, 1_000_000):
        many = (moves * (count // len(moves) + 1))[:count]
        cases.append((f"{count:,} moves", {**good, "moves": many}, f"move {len(moves)}"))
        cases.append((f"{count:,} moves, the second illegal", {**good, "moves": [moves[0], moves[0], *many]}, "move 1"))
    cases.append(("130,000 tiny moves", {**good, "moves": [{"player": 0, "move": {}}] * 130_000}, "130,000 moves"))
    cases.append(("one move of 3 MB", {**good, "moves": [{"player": 0, "move": {"type": "x" * 3_000_000}}]}, "move"))
    cases.append(("a million hints", {**good, "hints": [{"at": 0, "player": 0}] * 1_000_000}, "too large"))
    cases.append(("100,000 undos", {**good, "undos": [{"at": 0, "taken": 1, "player": 0}] * 100_000}, ""))
    cases.append(("a deck of a million cards", {**good, "deck": ["AS"] * 1_000_000}, "too large"))
    cases.append(("100,000 options", {**good, "options": {f"o{n}": n for n in range(100_000)}}, ""))
    cases.append(("4 MB of spaces", json.dumps(good).encode() + b" " * MAX_FILE_BYTES, "too large"))
    found = []
    for n, (label, doc, says) in enumerate(cases):
        path = folder / f"costly-{n}.json"
        path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
        if path.stat().st_size > MAX_FILE_BYTES:
            says = "too large"  # (refused by its size, before a byte is parsed)
        found.append((label, path, says))
    return found


#: Runs in a child after the code given: prints the child's peak memory (kilobytes) on stderr.
PEAK = (  # (VmHWM: this process's own peak; ru_maxrss would count the parent's, forked before exec)
    "\nimport re, sys\nwith open('/proc/self/status') as own:\n"
    "    sys.stderr.write('\\npeak ' + re.search(r'VmHWM:\\s*(\\d+)', own.read()).group(1) + '\\n')\n"
)
CLI = "import sys\nfrom cardtable.cli import main\nstatus = main(sys.argv[1:])\nsys.stdout.flush()"


def _child(code: str, *argv: str) -> tuple[int, str, str, float, int]:
    """``code`` in a child: (status, stdout, stderr, seconds, peak memory in bytes)."""
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code + PEAK + ("sys.exit(status)" if code == CLI else ""), *argv],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=120,
    )
    seconds = time.perf_counter() - start
    err, _, peak = proc.stderr.rstrip().rpartition("\npeak ")
    return proc.returncode, proc.stdout, err, seconds, int(peak or 0) * 1024


def probe_costly_files(quick: bool = False) -> Tally:
    """Each costly file refused (or read) within :data:`MAX_MEMORY`, in one line naming it."""
    tally = Tally("costly files")
    with user_dirs() as root:
        folder = root / "costly"
        folder.mkdir()
        cases = _costly_records(folder)
        for label, path, says in cases[:: 3 if quick else 1]:
            tally.add(f"replay, {label}", _costly_problem(_child(CLI, "replay", str(path), "--json"), path.name, says))
        for label, path, _ in cases[:: 4 if quick else 2]:  # the same records inside saves
            _save_around(path)
            tally.add(f"resume --json, a save of {label}", _costly_problem(_child(CLI, "resume", "--json"), "", ""))
            for entry in (Path(os.environ["XDG_STATE_HOME"]) / "cardtable" / "saves").iterdir():
                entry.unlink()  # (the save, or the file it was set aside as)
        settings = root / "config" / "cardtable" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text('{"keymap": {' + ", ".join(f'"k{n}": "x"' for n in range(200_000)) + "}}")
        app = "from cardtable.tui.app import CardtableApp\nimport sys\nsys.stderr.write(CardtableApp().settings_notice + '\\n')"
        tally.add("settings of 200,000 keys", _costly_problem(_child(app), "settings.json", "too large"))
        settings.unlink()
        legacy = root / "data" / "cardtable" / "stats.json"
        legacy.parent.mkdir(parents=True, exist_ok=True)
        legacy.write_text(json.dumps({"format": "cardtable-stats", "schema_version": 2, "counted": ["k"] * 2_000_000}))
        tally.add("stats.json of 2,000,000 keys", _costly_problem(_child(CLI, "stats"), "stats.json", "too large"))
    return tally


def _save_around(record: Path) -> Path:
    """A save holding the record in ``record`` (as it is, if it is not JSON)."""
    from cardtable.storage.saves import SaveFile

    save = json.loads(SaveFile.snapshot(played_session("shed", 3, moves=0)).to_json())
    data = record.read_bytes()
    inner = data.decode().strip() if data.strip().startswith(b"{") else json.dumps(data.decode())
    path = Path(os.environ["XDG_STATE_HOME"]) / "cardtable" / "saves" / "costly.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**save, "record": None}).replace('"record": null', f'"record": {inner}', 1))
    return path


def _costly_problem(result: tuple[int, str, str, float, int], name: str, says: str) -> str | None:
    status, out, err, seconds, peak = result
    lines = stderr_lines(err)
    shown = f"{seconds:.2f} s, {peak / 2**20:.0f} MB"
    if os.environ.get("PROBE_TIMES"):
        print(f"  {shown}: {name} {lines[:1]!r:.100}", file=sys.stderr)
    if "Traceback" in err or status not in (0, 1):
        return f"status {status} ({shown}): {err[-300:]!r}"
    if name and (status, says) != (0, "") and (len(lines) != 1 or name not in lines[0] or says not in lines[0]):
        return f"not one line naming {name} and saying {says!r} ({shown}): {err[-300:]!r}"
    if peak > MAX_MEMORY:
        return f"{peak / 2**20:.0f} MB (at most {MAX_MEMORY / 2**20:.0f}) in {seconds:.2f} s"
    return None


# -- names ------------------------------------------------------------------------------------


def invisible_characters() -> list[str]:
    """Every format character (category Cf), and the other default-ignorable and blank ones."""
    found = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"]
    found += [chr(c) for c in (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180F, 0x2800, 0x3164, 0xFFA0)]
    found += [chr(c) for c in (0xFE00, 0xFE0F, 0xE0100, 0xE01EF, 0x1D173)]
    return found


def look_alikes(name: str) -> list[str]:
    """Names that show as ``name`` does (or as its other case)."""
    fullwidth = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)
    bold = "".join(chr(0x1D400 + ord(c) - ord("A")) if "A" <= c <= "Z" else c for c in name)
    variants = [name.upper(), name.lower(), name.swapcase(), fullwidth, bold, f" {name} ", name.replace("", "\u200b")]
    variants += [name[:1] + c + name[1:] for c in "\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\u180e"]
    variants += [c + name for c in "\ufeff\u200b\u2800"[:2]] + [unicodedata.normalize("NFD", name)]
    return [v for v in variants if v != name]


PAIRS = [("Ann", v) for v in look_alikes("Ann")] + [("Zoë", v) for v in look_alikes("Zoë")]
PAIRS += [("Strauss", "Strauß"), ("fin", "ﬁn"), ("Ⓐnn", "Ann"), ("Ann²", "Ann2"), ("Éve", "E\u0301ve")]


def probe_invisible_names(quick: bool = False) -> Tally:
    """An invisible-only name, or a look-alike of another name at the table: refused by the
    new-game form's check, by ``play --names`` (status 2, one line), in a record given to
    ``replay`` and in a save (status 1, one line naming the file)."""
    from cardtable.core.names import check_names

    tally = Tally("invisible and look-alike names")
    invisible = invisible_characters()
    tables = [([c, "Bob"], "") for c in invisible[:: 8 if quick else 1]]  # (refused: no visible character, or a
    tables += [([c * 3, "Bob"], "") for c in invisible[:: 16 if quick else 4]]  # bidirectional control)
    tables += [([first, second], "Same name") for first, second in PAIRS[:: 3 if quick else 1]]
    with user_dirs() as root:
        good = good_record("shed", 4)
        for n, (names, says) in enumerate(tables):
            label = repr(names)[:70]
            try:
                problem = None
                errors = check_names(names)
                if not errors or says.lower() not in errors[min(errors)].lower():
                    problem = f"the form takes {names!r}: {errors}"
                problem = problem or _play_refuses(names)
                if problem is None and n % 4 == 0:  # (the same check, read from files: a sample)
                    problem = _record_refuses(root / "names.json", {**good, "names": names})
            except BaseException as exc:  # noqa: BLE001
                problem = escaped(exc)
            tally.add(label, problem)
    return tally


def _play_refuses(names: list[str]) -> str | None:
    status, out, err = run_cli(["play", "shed", "--names", ",".join(names)])
    if status != 2 or err.count("\n") != 1 or "--names" not in err or "Traceback" in err:
        return f"play --names: status {status}: {err[:200]!r}"
    if RAW_CONTROL.search(err):
        return "play --names: a control character reached the terminal"
    return None


def _record_refuses(path: Path, record: dict) -> str | None:
    path.write_text(json.dumps(record))
    status, out, err = run_cli(["replay", str(path)])
    if status != 1 or err.count("\n") != 1 or str(path) not in err:
        return f"replay: status {status}: {err[:200]!r}"
    return None
