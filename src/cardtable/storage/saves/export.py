"""Export: a game's record written as a file ``cardtable replay`` reads.

The target is checked before anything is written: its folder must exist (no
folder is created), its name must be one the file system takes, and an
existing file is replaced only when asked. A refusal is a
:class:`~cardtable.core.osfile.FileProblem` naming the target (one line), or
``FileExistsError``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ...core.osfile import FileProblem, problem, reason
from ...core.record import GameRecord
from ..atomic import atomic_write_text
from .format import record_json


def check_target(target: Path, *, overwrite: bool = False) -> None:
    """Refuse ``target`` unless a record can be written there (see the module)."""
    folder = target.parent
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise FileProblem(target, f"its folder {folder} does not exist (export creates no folder)") from None
    except OSError as exc:
        raise FileProblem(target, f"its folder {folder} cannot be used: {reason(exc)}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise FileProblem(target, f"{folder} is not a folder")
    try:
        there = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise problem(target, exc) from None
    if stat.S_ISDIR(there.st_mode):
        raise FileProblem(target, "a folder, not a file")
    if not overwrite:
        raise FileExistsError(f"{target} already exists")


def write_record(record: GameRecord, target: Path, *, overwrite: bool = False) -> Path:
    """Write ``record`` to ``target`` (atomically) once :func:`check_target` agrees.
    Raises FileExistsError, or FileProblem (an OSError naming the target)."""
    target = Path(target)
    check_target(target, overwrite=overwrite)
    try:
        atomic_write_text(target, record_json(record), backup=False, create_folder=False)
    except OSError as exc:
        raise problem(target, exc) from None
    return target
