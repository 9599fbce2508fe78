"""Where cardtable keeps its files.

Every location is computed when it is asked for (never at import time), so
changing ``XDG_STATE_HOME``, ``XDG_DATA_HOME`` or ``XDG_CONFIG_HOME`` (as the
tests do) takes effect at once. An XDG variable holding an absolute path wins
on every platform; otherwise platformdirs decides (``~/.local/state/cardtable``
and so on on Linux).

* state (``$XDG_STATE_HOME/cardtable``): ``saves/`` (games in progress) and
  ``history/`` (finished games); both on one file system, so filing a finished
  game away is a rename.
* data (``$XDG_DATA_HOME/cardtable``): ``stats.sqlite3`` (the statistics), and
  ``stats.json`` (those of earlier versions, imported once and kept).
* config (``$XDG_CONFIG_HOME/cardtable``): ``settings.json``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"


def _xdg(variable: str) -> Path | None:
    value = os.environ.get(variable, "").strip()
    # The XDG spec: a relative path is invalid and must be ignored.
    if value and os.path.isabs(value):
        return Path(value) / APP_NAME
    return None


def state_dir() -> Path:
    return _xdg("XDG_STATE_HOME") or platformdirs.user_state_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    return _xdg("XDG_DATA_HOME") or platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    return _xdg("XDG_CONFIG_HOME") or platformdirs.user_config_path(APP_NAME, appauthor=False)


def saves_dir() -> Path:
    return state_dir() / "saves"


def history_dir() -> Path:
    return state_dir() / "history"


def stats_path() -> Path:
    """The statistics file of earlier versions (imported once into the database)."""
    return data_dir() / "stats.json"


def stats_db_path() -> Path:
    return data_dir() / "stats.sqlite3"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def ensure_dir(path: Path) -> Path:
    """Create ``path`` (private to the user) if it does not exist yet."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path
