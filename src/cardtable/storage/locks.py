"""One window per saved game: an exclusive lock held while a game is open.

A game open in a window holds ``saves/.<id>.lock`` with ``fcntl.flock``; the
file says which process holds it. The operating system drops the lock when
that process ends, however it ends (SIGKILL included), so a lock never
outlives its window and needs no clean-up to be released; the file itself is
removed when the game is filed away (or by :func:`~.tidy.tidy_up` once unused).

Creating the lock file with ``O_EXCL`` is also how a new game claims its id:
two games started in the same second by two windows get two ids.

Where the OS has no ``fcntl`` (Windows) the lock is only the claim of the id.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ..core.osfile import open_regular

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_TRIES = 5  # a probe by another process (holder()) holds the lock for microseconds


class LockHeld(Exception):
    """The game is open in another window: ``pid`` is its process (0 if unknown)."""

    def __init__(self, pid: int) -> None:
        super().__init__(pid)
        self.pid = pid


def lock_path(saves_dir: Path, save_id: str) -> Path:
    return saves_dir / f".{save_id}.lock"


def _read_pid(fd: int) -> int:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else 0
    except OSError:
        return 0


class GameLock:
    """A held lock (release it with :meth:`release`; process exit releases it too)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, path: Path, *, new: bool = False) -> GameLock:
        """Take the lock at ``path``. ``new``: the file must not exist yet (FileExistsError).
        Raises LockHeld if another window holds it, OSError if the folder is unusable."""
        flags = os.O_RDWR | os.O_CREAT | (os.O_EXCL if new else 0)
        for _ in range(_TRIES):
            fd = open_regular(path, flags, 0o600)  # (a FIFO, a folder, a loop there: FileProblem)
            try:
                if fcntl is not None:
                    if not _try_flock(fd):
                        pid = _read_pid(fd)
                        os.close(fd)
                        raise LockHeld(pid)
                    try:  # the file may have been removed (and made anew) meanwhile: lock the one in place
                        same = os.stat(path).st_ino == os.fstat(fd).st_ino
                    except FileNotFoundError:
                        same = False
                    if not same:
                        os.close(fd)
                        flags &= ~os.O_EXCL
                        continue
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            except LockHeld:
                raise
            except BaseException:
                os.close(fd)
                raise
            return cls(path, fd)
        raise LockHeld(0)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, *, remove: bool = False) -> None:
        """Let go of the lock (``remove``: delete the lock file first, the game being over)."""
        if self._fd is None:
            return
        if remove:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        os.close(self._fd)  # closing drops the flock
        self._fd = None

    def __del__(self) -> None:  # pragma: no cover - a safety net
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass


def _try_flock(fd: int) -> bool:
    for attempt in range(_TRIES):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if attempt < _TRIES - 1:
                time.sleep(0.01)
    return False


def holder(path: Path) -> int | None:
    """The process holding the lock at ``path`` (0 if unknown), or None if nobody does."""
    if fcntl is None:
        return None
    try:
        fd = open_regular(path)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_pid(fd)
        except OSError:
            return None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
