"""Crash-safe file operations.

:func:`atomic_write_text` writes a temporary file in the target's folder,
flushes and fsyncs it, keeps the current version as ``<name>.bak`` and renames
the temporary file over the target, then fsyncs the folder. At every instant
the target is either the complete old version or the complete new one, so a
crash (or SIGKILL) mid-write never leaves a broken file behind; at worst an
orphaned temporary file, which :func:`sweep_temp_files` clears later.

:func:`rename_no_clobber` moves a file to a new name without ever replacing
an existing file (it picks ``name-2``, ``name-3``... instead): damaged saves
are set aside with it and finished games filed into the history.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from ..core.osfile import open_regular
from .paths import ensure_dir

TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_file(folder: Path, name: str, suffix: str = TEMP_SUFFIX) -> tuple[int, Path]:
    if len(os.fsencode(name)) > 200:  # (the temporary file's name must fit the file system's 255 bytes too)
        name = "long-name"
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=suffix)
    return fd, Path(temp)


def _write_fd(fd: int, data: bytes) -> None:
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _keep_backup(path: Path) -> None:
    """Make ``path.bak`` the current version of ``path`` (atomically replacing the old backup)."""
    staged = path.parent / f".{path.name}{BACKUP_SUFFIX}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
    try:
        os.link(path, staged)  # the same bytes under a second name: no copy
    except FileNotFoundError:
        return
    except OSError:  # no hard links on this file system: copy instead
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        _write_fd(os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), data)
    try:
        os.replace(staged, backup_path(path))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        raise


def atomic_write_bytes(path: Path, data: bytes, *, backup: bool = True, create_folder: bool = True) -> None:
    """Write ``data`` to ``path`` atomically; keep the previous version as ``path.bak``
    (``create_folder``: make the folder first if it is missing)."""
    path = Path(path)
    folder = ensure_dir(path.parent) if create_folder else path.parent
    fd, temp = _temp_file(folder, path.name)
    try:
        _write_fd(fd, data)
        if backup and path.exists():
            _keep_backup(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(folder)


def atomic_write_text(path: Path, text: str, *, backup: bool = True, create_folder: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup, create_folder=create_folder)


def _numbered(target: Path, n: int) -> Path:
    if n == 1:
        return target
    if target.suffix == ".json":
        return target.with_name(f"{target.stem}-{n}.json")
    return target.with_name(f"{target.name}-{n}")


def rename_no_clobber(source: Path, target: Path) -> Path:
    """Move ``source`` to ``target``, or ``target-2``... if taken; return where it went.

    Never replaces an existing file: the new name is claimed with a hard link
    (which fails if the name exists) before the old name is removed.
    """
    source, target = Path(source), Path(target)
    ensure_dir(target.parent)
    for n in range(1, 10_000):
        candidate = _numbered(target, n)
        try:
            os.link(source, candidate)
        except FileExistsError:
            continue
        except OSError:  # no hard links here: check, then rename
            if candidate.exists():
                continue
            os.rename(source, candidate)
        else:
            os.unlink(source)
        fsync_dir(candidate.parent)
        if candidate.parent != source.parent:
            fsync_dir(source.parent)
        return candidate
    raise FileExistsError(f"no free name for {target}")


def sweep_temp_files(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Remove temporary files orphaned by a crash (only ones older than ``older_than`` seconds)."""
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if now - entry.stat().st_mtime >= older_than:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return removed


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``path`` (a separate lock file), where the OS has one."""
    ensure_dir(Path(path).parent)
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; writes are still atomic
        yield
        return
    fd = open_regular(path, os.O_RDWR | os.O_CREAT)  # (a folder, a FIFO, a loop there: FileProblem)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
