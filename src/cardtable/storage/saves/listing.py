"""Listing the saves, which also tidies: what a crash left is cleared, a damaged
save is set aside (and reported), and a finished game still in ``saves/`` (a
crash at its very end) is filed away. Finished games are listed from
``history/`` without being replayed.

A save checked once is not replayed again while its file is unchanged
(:class:`CheckCache`, keyed by modification time, size and inode).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

from ...core.osfile import reason, what_is_there
from ...session import Session
from .errors import DamagedSave, NoSuchSave, SaveError
from .files import SaveInfo, check_file, read_save, save_id_of
from .finishing import FinishResult
from .folder import SaveFolder


@dataclass
class Listing:
    saves: list[SaveInfo] = field(default_factory=list)  # most recently played first
    problems: list[SaveError] = field(default_factory=list)
    finished: list[Path] = field(default_factory=list)  # finished games filed away while listing
    in_use: dict[str, int] = field(default_factory=dict)  # open in another window: id -> its process (0: unknown)


class CheckCache:
    """What :func:`~.files.check_file` found for each file, while the file stays the same."""

    def __init__(self) -> None:
        self._found: dict[Path, tuple[tuple[int, int, int], SaveInfo]] = {}

    def info(self, path: Path) -> SaveInfo:
        try:
            st = what_is_there(path)
        except OSError as exc:
            raise SaveError(save_id_of(path), f"cannot be used: {reason(exc)}", path) from None
        if st is None:
            raise NoSuchSave(save_id_of(path), "no saved game with this id", path)
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        cached = self._found.get(path)
        if cached and cached[0] == key:
            return cached[1]
        info = check_file(path).info
        self._found[path] = (key, info)
        return info

    def forget(self, path: Path) -> None:
        self._found.pop(path, None)


def stray(where: Path, name: str) -> SaveError:
    """A ``*.json`` file whose name is not a save id: reported, never opened nor moved."""
    return SaveError(
        name, "not a save's name (a save is <id>.json, the id of letters, digits, '.', '_', '-'); skipped", where / name
    )


class ListedStore(Protocol):
    """What listing needs of a store (:class:`~.store.SaveStore`)."""

    folder: SaveFolder
    checked: CheckCache

    def tidy(self) -> list[Path]: ...
    def in_use(self, save_id: str) -> int | None: ...
    def set_aside(self, problem: DamagedSave) -> DamagedSave: ...
    def finish(self, save_id: str, session: Session, created: datetime | None = None) -> FinishResult: ...


def list_saves(store: ListedStore, *, set_aside: bool = True) -> Listing:
    """Every save in progress, checked (replayed), most recently played first."""
    listing = Listing()
    store.tidy()
    try:
        ids, strays = store.folder.scan()
    except SaveError as exc:
        listing.problems.append(exc)
        return listing
    listing.problems.extend(stray(store.folder.saves_dir, name) for name in strays)
    for save_id in ids:
        info = _one_save(store, listing, save_id, set_aside)
        if info is not None:
            listing.saves.append(info)
    listing.saves.sort(key=lambda i: i.updated, reverse=True)
    return listing


def _one_save(store: ListedStore, listing: Listing, save_id: str, set_aside: bool) -> SaveInfo | None:
    """The save ``save_id`` if it is to be listed; its problem, or its filing away, noted in ``listing``."""
    path = store.folder.path_of(save_id)
    elsewhere = store.in_use(save_id)
    if elsewhere is not None:
        listing.in_use[save_id] = elsewhere
    try:
        info = store.checked.info(path)
    except DamagedSave as exc:
        listing.problems.append(exc)
        if not set_aside or elsewhere is not None:
            return None
        store.set_aside(exc)
        if exc.restored is None:
            return None
        try:
            info = store.checked.info(path)
        except SaveError:
            return None
    except NoSuchSave:
        return None  # removed meanwhile
    except SaveError as exc:
        listing.problems.append(exc)
        return None
    if not info.over:
        return info
    if elsewhere is None:  # (else the other window files it away)
        try:
            loaded = check_file(path)
            listing.finished.append(store.finish(save_id, loaded.session, loaded.file.created).history_path)
        except (SaveError, OSError) as exc:
            listing.problems.append(SaveError(save_id, f"finished, but could not be filed away: {exc}", path))
    return None


def list_history(folder: SaveFolder) -> Listing:
    """Finished games, most recent first (read, not replayed; nothing is moved)."""
    listing = Listing()
    try:
        ids, strays = folder.scan(history=True)
    except SaveError as exc:
        listing.problems.append(exc)
        return listing
    listing.problems.extend(stray(folder.history_dir, name) for name in strays)
    for save_id in ids:
        path = folder.path_of(save_id, history=True)
        try:
            save = read_save(path)
        except NoSuchSave:
            continue  # removed meanwhile
        except SaveError as exc:
            listing.problems.append(exc)
            continue
        listing.saves.append(SaveInfo.of(save_id, path, save))
    listing.saves.sort(key=lambda i: i.updated, reverse=True)
    return listing
