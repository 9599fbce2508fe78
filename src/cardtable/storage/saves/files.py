"""One save file on disk: read and checked (:func:`check_file`), read without replaying
(:func:`read_save`), or written (:func:`write_save`, atomically, keeping the ``.bak``).

Whatever a file holds, reading it raises a :class:`~.errors.SaveError` naming it,
never anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ...core.names import visible
from ...core.osfile import reason
from ...session import Seat, Session
from ..atomic import atomic_write_text
from ..jsonio import BadJson, read_bounded
from .errors import DamagedSave, NoSuchSave, SaveError
from .folder import SAVE_SUFFIX
from .format import SaveFile, parse_save
from .replay_check import replay_save


@dataclass(frozen=True)
class SaveInfo:
    """A save as listed: game, players, when, whose turn (how it is worded: the readers')."""

    id: str
    path: Path
    game_id: str
    game_name: str
    seats: tuple[Seat, ...]
    created: datetime
    updated: datetime
    moves: int
    to_act: tuple[int, ...]
    over: bool

    @classmethod
    def of(cls, save_id: str, path: Path, save: SaveFile) -> SaveInfo:
        return cls(
            save_id,
            path,
            save.record.game,
            _game_name(save.record.game),
            tuple(s.seat() for s in save.seats),
            save.created,
            save.updated,
            save.moves,
            tuple(save.to_act),
            save.over,
        )

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def _game_name(game_id: str) -> str:
    from ...games import get_game

    try:
        return get_game(game_id).name
    except (KeyError, ImportError):
        return game_id


@dataclass
class LoadedSave:
    info: SaveInfo
    file: SaveFile
    session: Session


def save_id_of(path: Path) -> str:
    return path.name.removesuffix(SAVE_SUFFIX)


def _read(path: Path) -> bytes:
    save_id = save_id_of(path)
    try:
        return read_bounded(path)
    except FileNotFoundError:
        raise NoSuchSave(save_id, "no saved game with this id", path) from None
    except BadJson as exc:
        raise DamagedSave(save_id, str(exc), path) from None
    except OSError as exc:  # (not a save's bytes at all: reported, left where it is)
        raise SaveError(save_id, f"cannot be used: {reason(exc)}", path) from None


def read_save(path: Path) -> SaveFile:
    """The save at ``path``, parsed and validated but not replayed. Raises SaveError."""
    return parse_save(_read(path), save_id_of(path), path)


def check_file(path: Path) -> LoadedSave:
    """Read, validate and replay one save file. Raises SaveError (nothing is moved)."""
    path = Path(path)
    save_id = save_id_of(path)
    data = _read(path)
    try:
        save = parse_save(data, save_id, path)
        session = replay_save(save, save_id, path)
        return LoadedSave(SaveInfo.of(save_id, path, save), save, session)
    except SaveError:
        raise
    except Exception as exc:  # whatever a hostile file finds: still this save's problem, not a crash
        raise DamagedSave(save_id, f"cannot be read ({type(exc).__name__}: {visible(str(exc))[:200]})", path) from None


def write_save(path: Path, session: Session, created: datetime | None = None) -> SaveFile:
    """Save ``session`` at ``path`` (atomically; the previous version becomes the .bak)."""
    save = SaveFile.snapshot(session, created)
    atomic_write_text(path, save.to_json())
    return save
