"""Opening a path that may hold anything: one function, one report.

Every file cardtable opens that someone else could have put there (a record,
a save, the settings, the statistics database and its ``-wal``, ``-shm`` and
lock files, a lock file of a game, an export's target) is opened with
:func:`open_regular` or looked at with :func:`what_is_there` first. Either
turns any ``OSError`` (a symbolic link loop, a folder, a FIFO or device, no
permission, a name too long...) into a :class:`FileProblem`: an ``OSError``
whose ``strerror`` is the reason in words and whose ``str()`` is one line
naming the path (control characters escaped). Nothing there at all is a plain
``FileNotFoundError`` (most callers then use a default); a link to nothing is a
:class:`FileProblem`.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .names import visible

#: The reason for each errno a path itself can give, in words (others: the system's own words).
REASONS = {
    errno.ELOOP: "a symbolic link loop",
    errno.EISDIR: "a folder, not a file",
    errno.ENOTDIR: "a part of its path is a file, not a folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENXIO: "not a regular file (a socket or a device)",
    errno.ENOENT: "no such file or folder",
}


def reason(exc: OSError) -> str:
    """What went wrong, in words (no path)."""
    if isinstance(exc, FileProblem):
        return exc.strerror
    return REASONS.get(exc.errno or 0) or visible(exc.strerror or str(exc) or type(exc).__name__)


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "not a regular file (a pipe)"
    if stat.S_ISSOCK(mode):
        return "not a regular file (a socket)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "not a regular file (a device)"
    return "not a regular file"


class FileProblem(OSError):
    """A path that cannot be used as a file. ``strerror``: why, in words; ``str()``: ``path: why``."""

    strerror: str  # (always given: OSError's own may be None)

    def __init__(self, path: str | os.PathLike[str], why: str, code: int = 0) -> None:
        super().__init__(code, why, os.fspath(path))
        self.path = Path(path)

    def __str__(self) -> str:
        return f"{visible(str(self.path))}: {self.strerror}"


def problem(path: str | os.PathLike[str], exc: OSError) -> FileProblem:
    """The one report for ``exc``, met at ``path``."""
    if isinstance(exc, FileProblem):
        return exc
    return FileProblem(path, reason(exc), exc.errno or 0)


def _absent(path: str | os.PathLike[str], exc: FileNotFoundError) -> OSError:
    """Nothing at ``path`` (FileNotFoundError), or a link to nothing (a FileProblem)."""
    if os.path.islink(path):
        return FileProblem(path, "a link to nothing", errno.ENOENT)
    return exc


def open_regular(path: str | os.PathLike[str], flags: int = os.O_RDONLY, mode: int = 0o600) -> int:
    """A descriptor of the regular file at ``path`` (symbolic links followed), never blocking
    on a FIFO. FileNotFoundError if nothing is there (FileExistsError for ``O_EXCL``);
    FileProblem for anything else."""
    flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, mode)
    except FileNotFoundError as exc:
        raise _absent(path, exc) from None
    except FileExistsError:  # (O_EXCL asked for a new file: the caller's own question)
        raise
    except OSError as exc:
        raise problem(path, exc) from None
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise problem(path, exc) from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise FileProblem(path, kind_of(info.st_mode), errno.EISDIR if stat.S_ISDIR(info.st_mode) else 0)
    if flags & getattr(os, "O_NONBLOCK", 0):
        os.set_blocking(fd, True)
    return fd


def what_is_there(path: str | os.PathLike[str]) -> os.stat_result | None:
    """The status of the regular file at ``path`` (links followed), or None if nothing is
    there; FileProblem if something else is (a folder, a FIFO, a loop, a link to nothing...)."""
    try:
        info = os.stat(path)
    except FileNotFoundError as exc:
        found = _absent(path, exc)
        if isinstance(found, FileProblem):
            raise found from None
        return None
    except OSError as exc:
        raise problem(path, exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, kind_of(info.st_mode))
    return info
