"""Where saves live: ``saves/`` (games in progress) and ``history/`` (finished games)
under the state folder, a file ``<id>.json`` each, and how an id is found from
what a user typed (an exact id or a unique prefix of one).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ...core.osfile import reason
from .. import paths
from .errors import NoSuchSave, SavesFolderError

SAVE_SUFFIX = ".json"
DAMAGED_SUFFIX = ".damaged"
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")


class SaveFolder:
    """The two folders under ``root`` (by default the user's state folder, looked up on every use)."""

    def __init__(self, root: Path | None = None) -> None:
        self._root = None if root is None else Path(root)

    @property
    def root(self) -> Path:
        return self._root if self._root is not None else paths.state_dir()

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def history_dir(self) -> Path:
        return self.root / "history"

    def path_of(self, save_id: str, history: bool = False) -> Path:
        if not ID_PATTERN.fullmatch(save_id):
            raise NoSuchSave(save_id, "not a save id (letters, digits, '.', '_' and '-' only)")
        return (self.history_dir if history else self.saves_dir) / f"{save_id}{SAVE_SUFFIX}"

    def ids(self, history: bool = False) -> list[str]:
        """The ids of the saves (or finished games), sorted. SavesFolderError if the folder cannot be read."""
        return self.scan(history)[0]

    def scan(self, history: bool = False) -> tuple[list[str], list[str]]:
        """(ids, strays): the saves' ids, and the names of the other ``*.json`` files there
        (a copy such as ``shed (copy).json``: not a save id, so never opened as a save)."""
        folder = self.history_dir if history else self.saves_dir
        what = "history" if history else "saves"
        try:
            names = sorted(p.name for p in folder.iterdir())
        except FileNotFoundError:
            if os.path.islink(folder):  # (no games can be saved there either)
                raise SavesFolderError(
                    f"the {what} folder {folder}", "cannot be read: a link to nothing", folder
                ) from None
            return [], []
        except NotADirectoryError:
            raise SavesFolderError(f"the {what} folder {folder}", "cannot be read: not a folder", folder) from None
        except OSError as exc:
            raise SavesFolderError(f"the {what} folder {folder}", f"cannot be read: {reason(exc)}", folder) from None
        found = [n[: -len(SAVE_SUFFIX)] for n in names if n.endswith(SAVE_SUFFIX) and not n.startswith(".")]
        ids = [i for i in found if ID_PATTERN.fullmatch(i)]
        return ids, [f"{i}{SAVE_SUFFIX}" for i in found if not ID_PATTERN.fullmatch(i)]

    def taken(self) -> set[str]:
        """Every name in use in either folder (a new id must be none of them)."""
        taken: set[str] = set()
        for folder in (self.saves_dir, self.history_dir):
            try:
                taken.update(p.name.split(SAVE_SUFFIX)[0] for p in folder.iterdir())
            except OSError:
                pass
        return taken

    def resolve(self, text: str, history: bool = False) -> str:
        """The id ``text`` names: an exact id or a unique prefix of one."""
        text = text.strip()
        if text.endswith(SAVE_SUFFIX):
            text = text[: -len(SAVE_SUFFIX)]
        ids = self.ids(history)
        if text in ids:
            return text
        matches = [i for i in ids if i.startswith(text)] if text else []
        if len(matches) == 1:
            return matches[0]
        where = "finished game" if history else "saved game"
        if matches:
            raise NoSuchSave(text, f"ambiguous: it starts {len(matches)} {where} ids ({', '.join(matches[:5])})")
        raise NoSuchSave(text, f"no {where} with this id")
