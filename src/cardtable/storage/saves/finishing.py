"""The end of a game: counted in the statistics (once), then its save moved to ``history/``.

The statistics row's key is the save id and its start time, so filing the same
game again (after a crash between the two steps, or from a second window)
counts nothing; the move to the history never overwrites a finished game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ...session import Session
from ..atomic import backup_path, rename_no_clobber
from .errors import SaveError
from .files import read_save, write_save
from .folder import SaveFolder
from .format import SaveFile

if TYPE_CHECKING:
    from ..stats import StatsStore


@dataclass(frozen=True)
class FinishResult:
    history_path: Path
    stats_recorded: bool  # False if this game was already counted
    stats_notice: str | None = None  # a problem with the statistics database (names it)


def file_away(
    folder: SaveFolder, stats: StatsStore, save_id: str, session: Session, created: datetime | None = None
) -> FinishResult:
    """Count the finished ``session`` in ``stats`` (once), then move its save to the history."""
    if not session.is_over:
        raise ValueError("finish() needs a finished game")
    path = folder.path_of(save_id)
    save = saved_as(path, session) or write_save(path, session, created)
    recorded = stats.record_game(
        f"{save_id}@{save.created.isoformat()}",
        session.game,
        session.names,
        session.game.outcome(session.state),
        when=save.updated,
        kinds=[seat.kind for seat in session.seats],
        record=save.record,
        started=save.created,
    )
    target = rename_no_clobber(path, folder.path_of(save_id, history=True))
    try:
        backup_path(path).unlink()
    except FileNotFoundError:
        pass
    return FinishResult(target, recorded, stats.notice)


def saved_as(path: Path, session: Session) -> SaveFile | None:
    """The save at ``path`` if it holds exactly ``session``'s position."""
    try:
        save = read_save(path)
    except SaveError:
        return None
    same = save.digest == session.game.digest(session.state) and save.moves == len(session.moves)
    return save if same else None
