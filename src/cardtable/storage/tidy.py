"""Clearing what a crash can leave behind, at the next start (light: no pydantic).

* a save written whole to its temporary file but never renamed into place (a
  kill during a game's very first write, before its ``<id>.json`` existed):
  put in place, not removed, once nobody holds the game's lock;
* temporary files of an interrupted write (``.<name>.<random>.tmp``) in the
  saves folder and beside the statistics, once a minute old;
* the ``<id>.json.bak`` of a game already filed in the history (a kill between
  filing the game and removing its backup);
* the lock file of a game that no longer has a save and that nobody holds
  (a new game closed before its first move).

Nothing else is ever removed: a damaged save's backup, kept beside it, stays.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ..core.jsonfile import BadJson, load_json_file
from . import paths
from .atomic import BACKUP_SUFFIX, TEMP_SUFFIX, sweep_temp_files
from .locks import holder, lock_path

SAVE_SUFFIX = ".json"
LOCK_SUFFIX = ".lock"


def tidy_up(state: Path | None = None, stats_file: Path | None = None, older_than: float = 60.0) -> list[Path]:
    """Remove the leftovers listed above; returns what was removed. Never raises OSError."""
    state = state if state is not None else paths.state_dir()
    stats_file = stats_file if stats_file is not None else paths.stats_path()
    saves, history = state / "saves", state / "history"
    restore_first_writes(saves, history)
    removed = sweep_temp_files(saves, older_than) + sweep_temp_files(stats_file.parent, older_than)
    try:
        entries = list(saves.iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        try:
            if name.endswith(SAVE_SUFFIX + BACKUP_SUFFIX) and not name.startswith("."):
                save_name = name[: -len(BACKUP_SUFFIX)]
                if not (saves / save_name).exists() and (history / save_name).exists():
                    entry.unlink()
                    removed.append(entry)
            elif name.startswith(".") and name.endswith(LOCK_SUFFIX):
                save_id = name[1 : -len(LOCK_SUFFIX)]
                if (
                    not (saves / f"{save_id}{SAVE_SUFFIX}").exists()
                    and now - entry.stat().st_mtime >= older_than
                    and holder(entry) is None
                ):
                    entry.unlink()
                    removed.append(entry)
        except OSError:
            continue
    return removed


def _first_write_of(temp: Path) -> str | None:
    """The save's file name a temporary file ``.<id>.json.<random>.tmp`` was written for, else None."""
    name = temp.name
    if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
        return None
    target = name[1 : -len(TEMP_SUFFIX)].rpartition(".")[0]
    if not target.endswith(SAVE_SUFFIX) or target.startswith("."):
        return None  # (a staged backup, ``.<id>.json.bak.<pid>.<hex>.tmp``, is not a save)
    return target


def _whole_save(temp: Path) -> bool:
    try:
        data = load_json_file(temp)
    except (OSError, BadJson):
        return False
    return isinstance(data, dict) and data.get("format") == "cardtable-save"


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def restore_first_writes(saves: Path, history: Path) -> list[Path]:
    """Put in place each whole save left in a temporary file whose save does not exist
    (in ``saves/`` nor ``history/``) and whose game nobody has open; returns the saves restored."""
    try:
        temps = sorted(saves.iterdir(), key=_mtime, reverse=True)  # the newest first
    except OSError:
        return []
    restored = []
    for temp in temps:
        target = _first_write_of(temp)
        if target is None:
            continue
        save, save_id = saves / target, target[: -len(SAVE_SUFFIX)]
        try:
            if os.path.lexists(save) or os.path.lexists(history / target):
                continue
            if holder(lock_path(saves, save_id)) is not None or not _whole_save(temp):
                continue
            os.link(temp, save)  # (never over a save that appeared meanwhile)
            os.unlink(temp)
        except OSError:
            continue
        restored.append(save)
    return restored
