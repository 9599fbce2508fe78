"""Clearing what a crash can leave behind, at the next start (light: no pydantic).

* temporary files of an interrupted write (``.<name>.<random>.tmp``) in the
  saves folder and beside the statistics, once a minute old;
* the ``<id>.json.bak`` of a game already filed in the history (a kill between
  filing the game and removing its backup);
* the lock file of a game that no longer has a save and that nobody holds
  (a new game closed before its first move).

Nothing else is ever removed: a damaged save's backup, kept beside it, stays.
"""

from __future__ import annotations

import time
from pathlib import Path

from . import paths
from .atomic import BACKUP_SUFFIX, sweep_temp_files
from .locks import holder

SAVE_SUFFIX = ".json"
LOCK_SUFFIX = ".lock"


def tidy_up(state: Path | None = None, stats_file: Path | None = None, older_than: float = 60.0) -> list[Path]:
    """Remove the leftovers listed above; returns what was removed. Never raises OSError."""
    state = state if state is not None else paths.state_dir()
    stats_file = stats_file if stats_file is not None else paths.stats_path()
    saves, history = state / "saves", state / "history"
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
