""":class:`SaveStore`: saves in progress (``saves/``) and finished games (``history/``),
each job done by its own module: where files are (:mod:`.folder`), one window per
game (:mod:`.claims`), reading and writing a file (:mod:`.files`), listing
(:mod:`.listing`), recovery (:mod:`.recovery`), the end of a game
(:mod:`.finishing`) and export (:mod:`.export`).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ...session import Session
from ..tidy import tidy_up
from . import finishing, listing, recovery
from .claims import Claims
from .errors import DamagedSave, NoSuchSave, SavesFolderError
from .export import write_record
from .files import LoadedSave, check_file, write_save
from .finishing import FinishResult
from .folder import SaveFolder
from .format import SaveFile
from .listing import CheckCache, Listing

if TYPE_CHECKING:
    from ..stats import StatsStore


class SaveStore:
    """The user's games. ``root`` is the state folder (by default the user's, looked up
    on every use); ``stats`` receives finished games (by default the user's statistics)."""

    def __init__(self, root: Path | None = None, stats: StatsStore | None = None) -> None:
        self.folder = SaveFolder(root)
        self.claims = Claims(self.folder)
        self.checked = CheckCache()
        self._stats = stats

    # -- where, and which
    @property
    def root(self) -> Path:
        return self.folder.root

    @property
    def saves_dir(self) -> Path:
        return self.folder.saves_dir

    @property
    def history_dir(self) -> Path:
        return self.folder.history_dir

    @property
    def stats(self) -> StatsStore:
        if self._stats is None:
            from ..stats import StatsStore

            return StatsStore()
        return self._stats

    def path_of(self, save_id: str, history: bool = False) -> Path:
        return self.folder.path_of(save_id, history)

    def ids(self, history: bool = False) -> list[str]:
        return self.folder.ids(history)

    def resolve(self, text: str, history: bool = False) -> str:
        """The id ``text`` names: an exact id or a unique prefix of one."""
        return self.folder.resolve(text, history)

    # -- one window per game (see .claims)
    def new_id(self, game_id: str, now: datetime | None = None) -> str:
        return self.claims.new_id(game_id, now)

    def lock(self, save_id: str) -> None:
        self.claims.lock(save_id)

    def release(self, save_id: str, *, remove: bool = False) -> None:
        self.claims.release(save_id, remove=remove)

    def in_use(self, save_id: str) -> int | None:
        return self.claims.in_use(save_id)

    # -- writing and reading
    def write(self, save_id: str, session: Session, created: datetime | None = None) -> SaveFile:
        """Save ``session`` as ``save_id`` (atomically; the previous version becomes the .bak)."""
        return write_save(self.path_of(save_id), session, created)

    def load(self, save_id: str, history: bool = False) -> LoadedSave:
        """The save ``save_id``, replayed and checked. A damaged one is set aside first
        (the DamagedSave raised says where it went and whether its backup was restored)."""
        path = self.path_of(save_id, history)
        try:
            return check_file(path)
        except DamagedSave as exc:
            if not history:
                self.set_aside(exc)
            raise

    def load_any(self, text: str) -> LoadedSave:
        """A save in progress or a finished game, by id or unique prefix (saves first)."""
        try:
            return self.load(self.resolve(text))
        except (NoSuchSave, SavesFolderError):  # (a broken saves folder does not hide the finished games)
            return self.load(self.resolve(text, history=True), history=True)

    # -- listing, tidying, recovery
    def list_saves(self, *, set_aside: bool = True) -> Listing:
        """Every save in progress, checked (replayed). Damaged ones are set aside
        and reported; finished ones (left by a crash at the very end) are filed away."""
        return listing.list_saves(self, set_aside=set_aside)

    def list_history(self) -> Listing:
        """Finished games, most recent first (read, not replayed; nothing is moved)."""
        return listing.list_history(self.folder)

    def tidy(self) -> list[Path]:
        """Remove what a crash left behind (see :mod:`..tidy`)."""
        return tidy_up(self.root, self.stats.path)

    def set_aside(self, problem: DamagedSave) -> DamagedSave:
        """Rename the damaged file (never delete or overwrite); restore its backup if sound."""
        if problem.path is not None:
            self.checked.forget(problem.path)
        return recovery.set_aside(problem)

    # -- the end of a game, export
    def finish(self, save_id: str, session: Session, created: datetime | None = None) -> FinishResult:
        """A finished game: count it in the statistics (once), then move its save to history/."""
        result = finishing.file_away(self.folder, self.stats, save_id, session, created)
        self.checked.forget(self.path_of(save_id))
        self.release(save_id, remove=True)
        return result

    def export(self, save_id: str, target: Path, *, overwrite: bool = False) -> Path:
        """Write the game's record (saved or finished) as a file ``cardtable replay`` reads."""
        return write_record(self.load_any(save_id).file.record, target, overwrite=overwrite)
