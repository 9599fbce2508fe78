"""Saved games: the file format and the store (``$XDG_STATE_HOME/cardtable/saves``).

A save is event-sourced: it holds the game record (game, options, seed or deck,
names, and every move in order) plus the seats' kinds, the times, whose turn
it is, and the digest of the state the moves replay to. Loading replays the
moves through the engine and compares the digest, so a save that was cut
short, edited, or written by a different engine is caught and reported::

    store = SaveStore()
    listing = store.list_saves()    # .saves (SaveInfo), .problems (SaveError)
    loaded = store.load("shed-20250301-142530")   # .session, .info, .file
    store.write(save_id, session)   # atomic, keeps <id>.json.bak
    store.finish(save_id, session)  # statistics, then moved to history/
    store.export(save_id, Path("game.json"))      # a record for ``cardtable replay``

A damaged save is *set aside*: renamed to ``<id>.json.damaged`` (never deleted
or overwritten), and if its backup (the previous move) is sound, the backup
takes its place. A save from a newer cardtable, or of a game this one does not
know, is refused and left where it is.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from ..core.record import GameRecord, RecordError
from ..core.names import name_problem, visible
from ..session import SEAT_KINDS, Seat, Session
from . import paths
from .atomic import atomic_write_text, backup_path, rename_no_clobber
from .jsonio import BadJson, first_error, parse_json, read_bounded
from .locks import GameLock, LockHeld, holder, lock_path
from .tidy import tidy_up

if TYPE_CHECKING:
    from .stats import StatsStore

FORMAT = "cardtable-save"
SCHEMA_VERSION = 1
SAVE_SUFFIX = ".json"
DAMAGED_SUFFIX = ".damaged"
_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")

# Upgrades of older save files, by the version they upgrade from (n -> n + 1).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


# -- the file format ---------------------------------------------------------


def _levels_offered(game_id: str) -> tuple[str, ...] | None:
    """The computer levels ``game_id`` offers (None: a game this program does not know)."""
    from ..games import get_row

    try:
        return get_row(game_id).levels
    except KeyError:
        return None


class SavedSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: StrictStr
    kind: StrictStr = "human"

    @field_validator("name")
    @classmethod
    def _good_name(cls, name: str) -> str:
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r} (expected one of {', '.join(SEAT_KINDS)})")
        return kind

    def seat(self) -> Seat:
        return Seat(self.name, self.kind)


class SaveFile(BaseModel):
    """One saved game, as stored (JSON)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["cardtable-save"] = FORMAT
    schema_version: StrictInt = SCHEMA_VERSION
    created: AwareDatetime
    updated: AwareDatetime
    seats: list[SavedSeat] = Field(max_length=64)
    to_act: list[StrictInt] = Field(max_length=64)
    over: StrictBool
    digest: StrictStr = Field(min_length=1, max_length=200)
    record: GameRecord

    @model_validator(mode="after")
    def _consistent(self) -> SaveFile:
        players = self.record.players
        if len(self.seats) != players:
            raise ValueError(f"{len(self.seats)} seats for a {players}-player game")
        if self.record.names is not None and self.record.names != [s.name for s in self.seats]:
            raise ValueError("the record's names differ from the seats' names")
        if any(not 0 <= p < players for p in self.to_act):
            raise ValueError(f"to_act {self.to_act} names a seat that does not exist")
        # expert is offered only where it measured stronger than hard (the game's registry
        # row); the other levels are checked against SEAT_KINDS alone, as they always were
        offered = _levels_offered(self.record.game)
        for seat in self.seats:
            if offered is not None and seat.kind == "expert" and seat.kind not in offered:
                raise ValueError(f"{self.record.game} offers no {seat.kind} computer player")
        return self

    @property
    def moves(self) -> int:
        return len(self.record.moves)

    @classmethod
    def snapshot(cls, session: Session, created: datetime | None = None, now: datetime | None = None) -> SaveFile:
        now = now or utcnow()
        return cls(
            created=created or now,
            updated=now,
            seats=[SavedSeat(name=s.name, kind=s.kind) for s in session.seats],
            to_act=list(session.to_act),
            over=session.is_over,
            digest=session.game.digest(session.state),
            record=session.record(),
        )

    def to_json(self) -> str:
        return pretty_json(self.model_dump(mode="json"))


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


# -- problems ----------------------------------------------------------------


class SaveError(Exception):
    """A save that cannot be used. ``str()`` names it and gives the reason."""

    def __init__(self, name: str, reason: str, path: Path | None = None) -> None:
        super().__init__(name, reason)
        self.name = name
        self.reason = reason
        self.path = path

    def __str__(self) -> str:
        return f"{self.name}: {self.reason}"

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
            text += f"; set aside as {self.set_aside.name}"
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


# -- reading and checking ------------------------------------------------------


def parse_save(data: bytes, name: str = "save", path: Path | None = None) -> SaveFile:
    """Parse and validate a save's bytes (no replay). Raises DamagedSave or UnsupportedSave."""

    def damaged(reason: str) -> DamagedSave:
        return DamagedSave(name, reason, path)

    try:
        raw = parse_json(data)
    except BadJson as exc:
        raise damaged(str(exc)) from None
    if not isinstance(raw, dict):
        raise damaged(f"wrong schema: expected a JSON object, found {type(raw).__name__}")
    if raw.get("format") != FORMAT:
        if {"game", "players", "moves"} <= raw.keys():
            raise damaged("wrong schema: a game record, not a save (`cardtable replay` reads records)")
        raise damaged("wrong schema: not a cardtable save (no \"format\": \"cardtable-save\")")
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise damaged(f"wrong version: schema_version must be an integer, found {version!r}")
    if version > SCHEMA_VERSION:
        raise UnsupportedSave(
            name,
            f"saved by a newer cardtable (save schema version {version}; this one reads up to "
            f"{SCHEMA_VERSION}): update cardtable to resume it",
            path,
        )
    if version < 1:
        raise damaged(f"wrong version: unknown schema version {version}")
    while version < SCHEMA_VERSION:  # pragma: no cover - no older versions yet
        raw = MIGRATIONS[version](raw)
        version += 1
        raw["schema_version"] = version
    try:
        return SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise damaged(f"wrong schema: {first_error(exc, 'save')}") from None


def replay_save(save: SaveFile, name: str = "save", path: Path | None = None) -> Session:
    """Replay a parsed save through its engine and check the digest.

    Returns a fresh Session at the saved position; raises DamagedSave (a move
    refused, a digest or turn mismatch) or UnsupportedSave (an unknown game).
    """
    from ..games import UnknownGame, get_game

    game_id = save.record.game
    try:
        get_game(game_id)
    except UnknownGame:
        raise UnsupportedSave(name, f"a game this cardtable does not know ({game_id!r})", path) from None
    except ImportError:
        raise UnsupportedSave(name, f"the {game_id} engine is not installed", path) from None
    try:
        session = Session.from_record(save.record, [s.seat() for s in save.seats])
    except RecordError as exc:
        raise DamagedSave(name, f"the engine refuses it: {exc}", path) from None
    except Exception as exc:  # an engine crash on strange input: still this save's problem
        raise DamagedSave(name, f"the engine fails on it: {type(exc).__name__}: {exc}", path) from None
    digest = session.game.digest(session.state)
    if digest != save.digest:
        raise DamagedSave(
            name,
            f"digest mismatch: the {save.moves} moves replay to state {digest}, "
            f"but the save says {save.digest}",
            path,
        )
    if list(session.to_act) != save.to_act or session.is_over != save.over:
        raise DamagedSave(name, "whose turn it is does not match the moves", path)
    return session


# -- what the menu and the command line show ----------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """A save as listed: game, players, when, whose turn."""

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

    @property
    def players_text(self) -> str:
        return ", ".join(s.name if s.is_human else f"{s.name} ({s.kind})" for s in self.seats)

    @property
    def turn_text(self) -> str:
        if self.over:
            return "game over"
        return ", ".join(self.seats[p].name for p in self.to_act)

    def when_text(self, now: datetime | None = None) -> str:
        return describe_time(self.updated, now)


def _game_name(game_id: str) -> str:
    from ..games import get_game

    try:
        return get_game(game_id).name
    except (KeyError, ImportError):
        return game_id


def describe_time(when: datetime, now: datetime | None = None) -> str:
    """``just now``, ``12 min ago``, ``today 14:02``, ``yesterday 09:15``, ``Mon 18:40``, ``2025-03-01 14:02``."""
    now = (now or utcnow()).astimezone()
    local = when.astimezone()
    seconds = (now - local).total_seconds()
    if -60 < seconds < 60:
        return "just now"
    if 0 < seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    clock = local.strftime("%H:%M")
    if local.date() == now.date():
        return f"today {clock}"
    if local.date() == (now - timedelta(days=1)).date():
        return f"yesterday {clock}"
    if 0 < seconds < 6 * 86400:
        return f"{local.strftime('%a')} {clock}"
    return local.strftime("%Y-%m-%d %H:%M")


@dataclass
class LoadedSave:
    info: SaveInfo
    file: SaveFile
    session: Session


@dataclass
class Listing:
    saves: list[SaveInfo] = field(default_factory=list)  # most recently played first
    problems: list[SaveError] = field(default_factory=list)
    finished: list[Path] = field(default_factory=list)  # finished games filed away while listing
    in_use: dict[str, int] = field(default_factory=dict)  # open in another window: id -> its process (0: unknown)


@dataclass(frozen=True)
class FinishResult:
    history_path: Path
    stats_recorded: bool  # False if this game was already counted
    stats_notice: str | None = None  # a problem with the statistics database (names it)


# -- the store ------------------------------------------------------------------


class SaveStore:
    """Saves in progress (``saves/``) and finished games (``history/``).

    ``root`` is the state folder; by default the user's, looked up on every use.
    ``stats`` receives finished games; by default the user's statistics.
    """

    def __init__(self, root: Path | None = None, stats: StatsStore | None = None) -> None:
        self._root = None if root is None else Path(root)
        self._stats = stats
        self._checked: dict[Path, tuple[tuple[int, int, int], SaveInfo]] = {}
        self._locks: dict[str, GameLock] = {}

    # -- locations
    @property
    def root(self) -> Path:
        return self._root if self._root is not None else paths.state_dir()

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def history_dir(self) -> Path:
        return self.root / "history"

    @property
    def stats(self) -> StatsStore:
        if self._stats is None:
            from .stats import StatsStore

            return StatsStore()
        return self._stats

    def path_of(self, save_id: str, history: bool = False) -> Path:
        if not _ID_PATTERN.fullmatch(save_id):
            raise NoSuchSave(save_id, "not a save id (letters, digits, '.', '_' and '-' only)")
        return (self.history_dir if history else self.saves_dir) / f"{save_id}{SAVE_SUFFIX}"

    def ids(self, history: bool = False) -> list[str]:
        folder = self.history_dir if history else self.saves_dir
        try:
            names = sorted(p.name for p in folder.iterdir())
        except FileNotFoundError:
            return []
        except OSError as exc:
            what = "history" if history else "saves"
            raise SavesFolderError(f"the {what} folder {visible(str(folder))}", f"cannot be read: {exc.strerror or exc}", folder) from None
        return [n[: -len(SAVE_SUFFIX)] for n in names if n.endswith(SAVE_SUFFIX) and not n.startswith(".")]

    def new_id(self, game_id: str, now: datetime | None = None) -> str:
        """A fresh id such as ``shed-20250301-142530`` (local time), unused in saves and history.

        The id is claimed (its lock file created, and held by this store), so a
        game started by another window in the same second gets another id."""
        stamp = (now or utcnow()).astimezone().strftime("%Y%m%d-%H%M%S")
        base = f"{game_id}-{stamp}"
        taken = set()
        for folder in (self.saves_dir, self.history_dir):
            try:
                taken.update(p.name.split(SAVE_SUFFIX)[0] for p in folder.iterdir())
            except OSError:
                pass
        try:
            folder = paths.ensure_dir(self.saves_dir)
        except OSError:
            folder = None  # saving will fail, and say why
        for n in range(1, 10_000):
            candidate = base if n == 1 else f"{base}-{n}"
            if candidate in taken:
                continue
            if folder is None:
                return candidate
            try:
                self._locks[candidate] = GameLock.acquire(lock_path(folder, candidate), new=True)
            except (FileExistsError, LockHeld):
                continue
            except OSError:
                return candidate
            return candidate
        raise SaveError(base, "no free id")

    # -- one window per game
    def lock(self, save_id: str) -> None:
        """Hold ``save_id``'s lock (nothing if this process holds it already).
        Raises SaveInUse if another window (process) has the game open."""
        held = self._locks.get(save_id)
        if held is not None and held.held:
            return
        try:
            self._locks[save_id] = GameLock.acquire(lock_path(self.saves_dir, save_id))
        except LockHeld as exc:
            if exc.pid == os.getpid():
                return  # held by this very process (one process is one window): its own business
            raise SaveInUse(save_id, exc.pid, self.path_of(save_id)) from None
        except OSError:
            pass  # a folder that cannot hold a lock file cannot hold the save either: reading it says why

    def release(self, save_id: str, *, remove: bool = False) -> None:
        """Let go of ``save_id``'s lock (``remove``: the game is over, delete the lock file)."""
        held = self._locks.pop(save_id, None)
        if held is not None:
            held.release(remove=remove)

    def in_use(self, save_id: str) -> int | None:
        """The other process that has ``save_id`` open (0 if unknown), or None."""
        held = self._locks.get(save_id)
        if held is not None and held.held:
            return None
        pid = holder(lock_path(self.saves_dir, save_id))
        return None if pid == os.getpid() else pid

    def tidy(self) -> list[Path]:
        """Remove what a crash left behind (see :mod:`.tidy`)."""
        return tidy_up(self.root, self.stats.path)

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

    # -- writing
    def write(self, save_id: str, session: Session, created: datetime | None = None) -> SaveFile:
        """Save ``session`` as ``save_id`` (atomically; the previous version becomes the .bak)."""
        save = SaveFile.snapshot(session, created)
        path = self.path_of(save_id)
        atomic_write_text(path, save.to_json())
        return save

    # -- reading
    def check(self, path: Path) -> LoadedSave:
        """Read, validate and replay one save file. Raises SaveError (nothing is moved)."""
        path = Path(path)
        save_id = path.name.removesuffix(SAVE_SUFFIX)
        try:
            data = read_bounded(path)
        except FileNotFoundError:
            raise NoSuchSave(save_id, "no saved game with this id", path) from None
        except BadJson as exc:
            raise DamagedSave(save_id, str(exc), path) from None
        except OSError as exc:
            raise SaveError(save_id, f"cannot read it: {exc.strerror or exc}", path) from None
        try:
            save = parse_save(data, save_id, path)
            session = replay_save(save, save_id, path)
            return LoadedSave(SaveInfo.of(save_id, path, save), save, session)
        except SaveError:
            raise
        except Exception as exc:  # whatever a hostile file finds: still this save's problem, not a crash
            raise DamagedSave(save_id, f"cannot be read ({type(exc).__name__}: {visible(str(exc))[:200]})", path) from None

    def load(self, save_id: str, history: bool = False) -> LoadedSave:
        """The save ``save_id``, replayed and checked. A damaged one is set aside first
        (the DamagedSave raised says where it went and whether its backup was restored)."""
        path = self.path_of(save_id, history)
        try:
            return self.check(path)
        except DamagedSave as exc:
            if not history:
                self.set_aside(exc)
            raise

    def list_saves(self, *, set_aside: bool = True) -> Listing:
        """Every save in progress, checked (replayed). Damaged ones are set aside
        and reported; finished ones (left by a crash at the very end) are filed away."""
        listing = Listing()
        self.tidy()
        try:
            ids = self.ids()
        except SaveError as exc:
            listing.problems.append(exc)
            return listing
        for save_id in ids:
            path = self.path_of(save_id)
            elsewhere = self.in_use(save_id)
            if elsewhere is not None:
                listing.in_use[save_id] = elsewhere
            try:
                info = self._checked_info(path)
            except DamagedSave as exc:
                listing.problems.append(exc)
                if not set_aside or elsewhere is not None:
                    continue
                self.set_aside(exc)
                if exc.restored is None:
                    continue
                try:
                    info = self._checked_info(path)
                except SaveError:
                    continue
            except NoSuchSave:
                continue  # removed meanwhile
            except SaveError as exc:
                listing.problems.append(exc)
                continue
            if info.over:
                if elsewhere is not None:
                    continue  # the other window files it away
                try:
                    loaded = self.check(path)
                    listing.finished.append(self.finish(save_id, loaded.session, loaded.file.created).history_path)
                except (SaveError, OSError) as exc:
                    listing.problems.append(SaveError(save_id, f"finished, but could not be filed away: {exc}", path))
                continue
            listing.saves.append(info)
        listing.saves.sort(key=lambda i: i.updated, reverse=True)
        return listing

    def _checked_info(self, path: Path) -> SaveInfo:
        try:
            st = path.stat()
        except FileNotFoundError:
            raise NoSuchSave(path.name.removesuffix(SAVE_SUFFIX), "no saved game with this id", path) from None
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        cached = self._checked.get(path)
        if cached and cached[0] == key:
            return cached[1]
        info = self.check(path).info
        self._checked[path] = (key, info)
        return info

    def list_history(self) -> Listing:
        """Finished games, most recent first (read, not replayed; nothing is moved)."""
        listing = Listing()
        try:
            ids = self.ids(history=True)
        except SaveError as exc:
            listing.problems.append(exc)
            return listing
        for save_id in ids:
            path = self.path_of(save_id, history=True)
            try:
                save = parse_save(read_bounded(path), save_id, path)
            except BadJson as exc:
                listing.problems.append(DamagedSave(save_id, str(exc), path))
                continue
            except SaveError as exc:
                listing.problems.append(exc)
                continue
            except OSError as exc:
                listing.problems.append(SaveError(save_id, f"cannot read it: {exc.strerror or exc}", path))
                continue
            listing.saves.append(SaveInfo.of(save_id, path, save))
        listing.saves.sort(key=lambda i: i.updated, reverse=True)
        return listing

    # -- damage
    def set_aside(self, problem: DamagedSave) -> DamagedSave:
        """Rename the damaged file (never delete or overwrite); restore its backup if sound."""
        path = problem.path
        if path is None or not os.path.lexists(path):
            return problem
        try:
            problem.set_aside = rename_no_clobber(path, path.with_name(path.name + DAMAGED_SUFFIX))
        except OSError:
            return problem  # (a folder that cannot be written: the file stays, reported as damaged)
        self._checked.pop(path, None)
        backup = backup_path(path)
        if backup.exists():
            try:
                good = self.check(backup)
            except SaveError:
                pass  # the backup is no better: leave it beside the damaged file
            else:
                try:
                    os.link(backup, path)  # fails rather than overwrite a newer file
                except OSError:
                    pass
                else:
                    problem.restored = good.file.moves
        return problem

    # -- the end of a game
    def finish(self, save_id: str, session: Session, created: datetime | None = None) -> FinishResult:
        """A finished game: count it in the statistics (once), then move its save to history/."""
        if not session.is_over:
            raise ValueError("finish() needs a finished game")
        path = self.path_of(save_id)
        save = self._saved_as(path, session) or self.write(save_id, session, created)
        stats = self.stats
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
        target = rename_no_clobber(path, self.path_of(save_id, history=True))
        self._checked.pop(path, None)
        try:
            backup_path(path).unlink()
        except FileNotFoundError:
            pass
        self.release(save_id, remove=True)
        return FinishResult(target, recorded, stats.notice)

    def _saved_as(self, path: Path, session: Session) -> SaveFile | None:
        """The save at ``path`` if it holds exactly ``session``'s position."""
        try:
            save = parse_save(read_bounded(path), path.name, path)
        except (OSError, SaveError, BadJson):
            return None
        same = save.digest == session.game.digest(session.state) and save.moves == len(session.moves)
        return save if same else None

    # -- export
    def export(self, save_id: str, target: Path, *, overwrite: bool = False) -> Path:
        """Write the game's record (saved or finished) as a file ``cardtable replay`` reads."""
        loaded = self.load_any(save_id)
        target = Path(target)
        if target.exists() and not overwrite:
            raise FileExistsError(f"{target} already exists")
        atomic_write_text(target, record_json(loaded.file.record), backup=False)
        return target

    def load_any(self, text: str) -> LoadedSave:
        """A save in progress or a finished game, by id or unique prefix (saves first)."""
        try:
            return self.load(self.resolve(text))
        except NoSuchSave:
            return self.load(self.resolve(text, history=True), history=True)


def record_json(record: GameRecord) -> str:
    return pretty_json(record.model_dump(mode="json"))


def pretty_json(value: Any, width: int = 100) -> str:
    """Indented JSON whose small parts (a move, a seat) stay on one line each."""

    def render(item: Any, depth: int) -> str:
        flat = json.dumps(item, ensure_ascii=False)
        if not isinstance(item, (dict, list)) or not item or len(flat) + depth <= width:
            return flat
        pad = " " * (depth + 1)
        if isinstance(item, dict):
            parts = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {render(v, depth + 1)}" for k, v in item.items()]
            return "{\n" + ",\n".join(parts) + "\n" + " " * depth + "}"
        parts = [pad + render(v, depth + 1) for v in item]
        return "[\n" + ",\n".join(parts) + "\n" + " " * depth + "]"

    return render(value, 0) + "\n"
