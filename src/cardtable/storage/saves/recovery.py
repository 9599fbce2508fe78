"""Recovery: a damaged save is *set aside*, renamed to ``<id>.json.damaged`` (never
deleted or overwritten), and if its backup (the save one move earlier) is sound,
the backup takes its place.
"""

from __future__ import annotations

import os

from ..atomic import backup_path, rename_no_clobber
from .errors import DamagedSave, SaveError
from .files import check_file
from .folder import DAMAGED_SUFFIX


def set_aside(problem: DamagedSave) -> DamagedSave:
    """Rename the damaged file (never delete or overwrite); restore its backup if sound.
    ``problem.set_aside`` and ``problem.restored`` then say what was done."""
    path = problem.path
    if path is None or not os.path.lexists(path):
        return problem
    try:
        problem.set_aside = rename_no_clobber(path, path.with_name(path.name + DAMAGED_SUFFIX))
    except OSError:
        return problem  # (a folder that cannot be written: the file stays, reported as damaged)
    backup = backup_path(path)
    if backup.exists():
        try:
            good = check_file(backup)
        except SaveError:
            return problem  # the backup is no better: leave it beside the damaged file
        try:
            os.link(backup, path)  # fails rather than overwrite a newer file
        except OSError:
            return problem
        problem.restored = good.file.moves
    return problem
