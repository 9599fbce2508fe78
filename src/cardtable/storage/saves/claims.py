"""One window per game: the locks a store holds, and new ids claimed with them.

Each game open in this process holds ``saves/.<id>.lock`` (see
:mod:`cardtable.storage.locks`); a new game's id is claimed by creating its lock
file, so two windows starting a game in the same second get two ids.
"""

from __future__ import annotations

import os
from datetime import datetime

from ..locks import GameLock, LockHeld, holder, lock_path
from ..paths import ensure_dir
from .errors import SaveError, SaveInUse
from .folder import SaveFolder
from .format import utcnow


class Claims:
    """The locks held for the games of one :class:`~.folder.SaveFolder`."""

    def __init__(self, folder: SaveFolder) -> None:
        self.folder = folder
        self._locks: dict[str, GameLock] = {}

    def new_id(self, game_id: str, now: datetime | None = None) -> str:
        """A fresh id such as ``shed-20250301-142530`` (local time), unused in saves and history,
        and claimed: its lock file created, and held."""
        stamp = (now or utcnow()).astimezone().strftime("%Y%m%d-%H%M%S")
        base = f"{game_id}-{stamp}"
        taken = self.folder.taken()
        try:
            folder = ensure_dir(self.folder.saves_dir)
        except OSError:
            folder = None  # saving will fail, and say why
        for n in range(1, 10_000):
            candidate = base if n == 1 else f"{base}-{n}"
            if candidate in taken:
                continue
            if folder is None:
                return candidate
            try:
                self._locks[candidate] = GameLock.acquire(lock_path(folder, candidate), new=True)
            except (FileExistsError, LockHeld):
                continue
            except OSError:
                return candidate
            return candidate
        raise SaveError(base, "no free id")

    def lock(self, save_id: str) -> None:
        """Hold ``save_id``'s lock (nothing if this process holds it already).
        Raises SaveInUse if another window (process) has the game open."""
        held = self._locks.get(save_id)
        if held is not None and held.held:
            return
        try:
            self._locks[save_id] = GameLock.acquire(lock_path(self.folder.saves_dir, save_id))
        except LockHeld as exc:
            if exc.pid == os.getpid():
                return  # held by this very process (one process is one window): its own business
            raise SaveInUse(save_id, exc.pid, self.folder.path_of(save_id)) from None
        except OSError:
            pass  # a folder that cannot hold a lock file cannot hold the save either: reading it says why

    def release(self, save_id: str, *, remove: bool = False) -> None:
        """Let go of ``save_id``'s lock (``remove``: the game is over, delete the lock file)."""
        held = self._locks.pop(save_id, None)
        if held is not None:
            held.release(remove=remove)

    def in_use(self, save_id: str) -> int | None:
        """The other process that has ``save_id`` open (0 if unknown), or None."""
        held = self._locks.get(save_id)
        if held is not None and held.held:
            return None
        pid = holder(lock_path(self.folder.saves_dir, save_id))
        return None if pid == os.getpid() else pid
