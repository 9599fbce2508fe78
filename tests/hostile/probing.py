"""What every probe of hostile input shares: the tally, the limits, running the command
line in this process, fresh user folders, and the corpus of damage (documents damaged
every way the probe knows, files that are not plain small files, good files to damage).

A case holds when there is no traceback, no hang (:data:`TIMEOUT`), one line naming the
problem on stderr with the promised exit status (2 for bad arguments, 1 for a bad file),
and nothing else is lost.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: The source probed (PROBE_SRC: another tree's src/, to count what held before a change).
SRC = Path(os.environ.get("PROBE_SRC") or ROOT / "src")
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

HOSTILE_VALUES: list[Any] = [
    None,
    "3",
    True,
    3.5,
    [],
    {},
    -1,
    10**30,
    "x" * 5000,
    "[/]",
    "\x1b]0;pwned\x07\x1b[2J",
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


def held(tally, at_least: int = 1) -> None:
    """Every case of ``tally`` held (and it tried at least ``at_least``)."""
    assert tally.tried >= at_least, f"{tally.kind}: only {tally.tried} cases tried"
    assert tally.failures == [], f"{len(tally.failures)} of {tally.tried} {tally.kind} failed:\n" + "\n".join(
        tally.failures[:20]
    )


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


def damaged_documents(
    good: dict, seed: int, values: list[Any] = HOSTILE_VALUES, flips: int = 20
) -> Iterator[tuple[str, bytes]]:
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
    for cut in sorted(
        {1, 2, len(raw) // 10, len(raw) // 3, len(raw) // 2, len(raw) - 2, len(raw) - 1}
        | {rng.randrange(1, len(raw)) for _ in range(5)}
    ):
        yield f"truncated at {cut}", raw[:cut]
    for _ in range(flips):
        at = rng.randrange(len(raw))
        yield f"byte {at} flipped", raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1 :]
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
    from cardtable.games import get_game
    from cardtable.session import Seat, Session

    game = get_game(game_id)
    players = game.min_players
    names = names or [f"Player {i + 1}" for i in range(players)]
    kinds = kinds or ["human"] * players
    session = Session.start(game_id, [Seat(n, k) for n, k in zip(names, kinds, strict=True)], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over:
            break
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    return session


def good_record(game_id: str, seed: int) -> dict:
    return played_session(game_id, seed).record().model_dump(mode="json")


def escaped(exc: BaseException) -> str:
    if isinstance(exc, Timeout):
        return "a hang"
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code})"
    return "traceback: " + "".join(traceback.format_exception_only(type(exc), exc)).strip()[:300]


def remove(path: Path) -> None:
    """Remove whatever is at ``path`` (never following a link: a link to /dev/zero stays a
    link, and the device is left alone; never opening a FIFO)."""
    if path.is_symlink() or not os.path.lexists(path):
        with contextlib.suppress(OSError):
            path.unlink()
        return
    with contextlib.suppress(OSError):
        path.chmod(0o700 if path.is_dir() else 0o600)
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            path.unlink()


# -- odd files, and what a case may leave changed ---------------------------------------------

#: A control character that must never reach a terminal raw (a line break ends the line: counted apart).
RAW_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")

#: Things that can sit where a file of the store should be.
ODD_KINDS = (
    "symlink loop",
    "loop of two links",
    "link to nothing",
    "folder",
    "fifo",
    "socket",
    "link to /dev/zero",
    "link to a folder",
)


def make_odd(path: Path, kind: str) -> None:
    """One of :data:`ODD_KINDS` at ``path`` (its folder made first)."""
    import socket

    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "symlink loop":
        path.symlink_to(path.name)
    elif kind == "loop of two links":
        other = path.with_name(path.name + ".other")
        path.symlink_to(other.name)
        other.symlink_to(path.name)
    elif kind == "link to nothing":
        path.symlink_to(path.name + ".missing")
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        here = os.getcwd()
        os.chdir(path.parent)  # (a socket's path is limited to about 100 bytes: bind the bare name)
        try:
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(path.name)
            server.close()
        finally:
            os.chdir(here)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "link to a folder":
        (path.parent / "a-folder").mkdir(exist_ok=True)
        path.symlink_to("a-folder")
    else:  # pragma: no cover
        raise ValueError(kind)


def tree(root: Path) -> dict[str, Any]:
    """Every entry under ``root``: its bytes (regular files), or what it is (links: their
    target); a case compares the trees before and after to see what it changed."""
    found: dict[str, Any] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_dir():
                found[key] = "folder"
            elif path.is_file():
                found[key] = path.read_bytes() if path.stat().st_size < 10**6 else ("large", path.stat().st_size)
            else:
                found[key] = "special"
    return found


def child_env() -> dict[str, str]:
    """The environment of a child ``python -m cardtable``: these user folders, this source."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    env.pop("CARDTABLE_NO_TTY_CHECK", None)
    return env


def stderr_lines(err: str, progress: tuple[str, ...] = ("arena: ",)) -> list[str]:
    """The lines of ``err`` that say something (blank lines and the arena's progress aside)."""
    return [line for line in err.splitlines() if line.strip() and not line.startswith(progress)]
