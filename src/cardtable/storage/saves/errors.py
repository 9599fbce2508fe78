"""What can be wrong with a save: each kind of problem is its own exception.

``str()`` of any of them is one line naming the save and giving the reason;
``message`` adds what the store did about it (set aside, backup restored).
"""

from __future__ import annotations

from pathlib import Path

from ...core.names import visible


class SaveError(Exception):
    """A save that cannot be used. ``str()`` names it and gives the reason."""

    def __init__(self, name: str, reason: str, path: Path | None = None) -> None:
        super().__init__(name, reason)
        self.name = name
        self.reason = reason
        self.path = path

    def __str__(self) -> str:  # (names and reasons come from files: control characters escaped)
        return f"{visible(self.name)}: {visible(self.reason)}"

    @property
    def message(self) -> str:
        """The whole message for people (the name, the reason and what was done)."""
        return str(self)


class DamagedSave(SaveError):
    """Truncated, not JSON, the wrong schema or version, a move the engine
    refuses, or a digest mismatch. Set aside by the store (see ``set_aside``)."""

    set_aside: Path | None = None  # where the damaged file now is
    restored: int | None = None  # the move count of the backup put in its place

    @property
    def message(self) -> str:
        text = str(self)
        if self.set_aside is not None:
            text += f"; set aside as {visible(self.set_aside.name)}"
        if self.restored is not None:
            text += f"; its backup (after move {self.restored}) was restored in its place"
        return text


class UnsupportedSave(SaveError):
    """Sound as far as this program can tell, but not for it (a newer schema
    version, an unknown game): refused, and left where it is."""


class NoSuchSave(SaveError):
    """No save by that id (or an ambiguous prefix)."""


class SaveInUse(SaveError):
    """Open in another window (which holds its lock): it can only be played there."""

    def __init__(self, name: str, pid: int, path: Path | None = None) -> None:
        where = f"process {pid}" if pid else "another process"
        super().__init__(name, f"open in another window ({where}); close it there to play it here", path)
        self.pid = pid


class SavesFolderError(SaveError):
    """The saves or history folder itself cannot be used (unreadable, or a file)."""
