"""Saving a game after every applied move, and resuming it.

The TUI (or anything that plays a :class:`~cardtable.session.Session`)::

    saver = Autosaver(session, on_error=app.notify).attach()   # a new game
    saver = Autosaver.resume("shed-20250301-142530").attach()  # or a saved one
    session = saver.session
    ...
    session.apply(player, move)   # applied, then saved; at the end of the game
                                  # counted in the statistics and filed in history

A game is open in one window at a time: the saver holds the game's lock
(:mod:`.locks`) from its creation until :meth:`Autosaver.release` (or the end
of the process); ``Autosaver.resume`` of a game open elsewhere raises
:class:`~.saves.SaveInUse`.

``attach()`` registers the saver as a listener of the session, so every
``session.apply`` saves afterwards (and so do an undo, which writes the
shortened game, and a hint, which the record counts) and code that holds the session needs no
other change. A failed save (a full disk, say) never loses the
move in memory and never raises out of ``apply``: the reason is in
``saver.error`` and goes to ``on_error``.

``background=True`` (the TUI) keeps the writing off the caller's thread:
``apply`` only takes a copy of the game (the moves list; states are
immutable) and a writer thread saves the newest copy, atomically as ever (a
copy overtaken by a newer one before its turn is skipped: the newer holds its
moves too). :meth:`Autosaver.flush` waits until the newest copy is on disk;
the end of the game, :meth:`Autosaver.release` and ``save()`` flush first, and
the writer is not a daemon thread, so the process does not exit before it has
written. A SIGKILL can lose only the moves of the write in flight (the file
stays the previous whole save); without ``background`` every ``apply``
returns after its save is on disk (tests/storage/test_storage_crash.py).
``on_error`` is then called from the writer thread.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from ..core.engine import Event
from ..core.names import visible
from ..core.osfile import reason
from ..session import Session
from .jsonio import first_error
from .saves import FinishResult, SaveError, SaveStore, utcnow


class Autosaver:
    def __init__(
        self,
        session: Session,
        store: SaveStore | None = None,
        save_id: str | None = None,
        created: datetime | None = None,
        on_error: Callable[[str], Any] | None = None,
        on_finish: Callable[[FinishResult], Any] | None = None,
        background: bool = False,
    ) -> None:
        self.session = session
        self.store = store or SaveStore()
        self.save_id = save_id or self.store.new_id(session.game.id)
        self.store.lock(self.save_id)  # (already held for a new id; SaveInUse if open elsewhere)
        self.created = created or utcnow()
        self.on_error = on_error
        self.on_finish = on_finish
        self.error: str | None = None
        self.finished: FinishResult | None = None
        self.background = background
        self._pending: Session | None = None  # the newest copy not yet written
        self._writer: threading.Thread | None = None
        self._idle = threading.Condition()

    @classmethod
    def resume(cls, save_id: str, store: SaveStore | None = None, **kwargs: Any) -> Autosaver:
        """The saved game ``save_id`` (an id or a unique prefix), replayed and checked.

        Raises :class:`~.saves.SaveError` (a damaged save is set aside first:
        its ``message`` says so)."""
        store = store or SaveStore()
        save_id = store.resolve(save_id)
        store.lock(save_id)  # before reading: the window that has it open may be writing it
        try:
            loaded = store.load(save_id)
        except BaseException:
            store.release(save_id)
            raise
        return cls(loaded.session, store, loaded.info.id, loaded.file.created, **kwargs)

    def attach(self) -> Autosaver:
        """Save after every move applied to the session."""
        if self._on_apply not in self.session.listeners:
            self.session.listeners.append(self._on_apply)
        return self

    def detach(self) -> None:
        if self._on_apply in self.session.listeners:
            self.session.listeners.remove(self._on_apply)

    def release(self) -> None:
        """The window closes the game: stop saving and let another window open it."""
        self.detach()
        self.flush()
        if self.finished is None:
            self.store.release(self.save_id)

    def _on_apply(self, session: Session, player: int, move: Any, events: tuple[Event, ...]) -> None:
        if self.background and not session.is_over:
            self._queue(session)
        else:
            self.save()

    # -- the writer thread (``background``)
    def _queue(self, session: Session) -> None:
        copy = dataclasses.replace(
            session,
            moves=list(session.moves),
            events=[],
            listeners=[],
            undos=list(session.undos),
            hints=list(session.hints),
            ends=[],
        )
        with self._idle:
            self._pending = copy
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_pending, name=f"autosave {self.save_id}")
                self._writer.start()

    def _write_pending(self) -> None:
        while True:
            with self._idle:
                copy, self._pending = self._pending, None
                if copy is None:
                    self._writer = None
                    self._idle.notify_all()
                    return
            try:
                self._write(copy)
            except Exception:  # noqa: BLE001 (on_error's own failure must not stop the writer)
                pass

    def flush(self) -> None:
        """Wait until the writer thread has saved the newest copy (at once without one)."""
        with self._idle:
            while self._writer is not None:
                self._idle.wait()

    def apply(self, player: int, move: Any) -> tuple[Event, ...]:
        """Apply the move (IllegalMove passes through, nothing saved), then save."""
        events = self.session.apply(player, move)
        if self._on_apply not in self.session.listeners:
            self.save()
        return events

    def save(self) -> bool:
        """Save now (and file the game away if it is over). False if that failed."""
        self.flush()
        return self._write(self.session)

    def _write(self, session: Session) -> bool:
        try:
            if session.is_over:
                if self.finished is None:
                    self.finished = self.store.finish(self.save_id, session, self.created)
                    if self.on_finish is not None:
                        self.on_finish(self.finished)
            else:
                self.store.write(self.save_id, session, self.created)
        except OSError as exc:
            where = f" ({visible(str(exc.filename))})" if exc.filename else ""
            self.error = (
                f"Could not save {self.save_id}: {reason(exc)}{where}. The game goes on; its moves are kept in memory."
            )
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        except ValidationError as exc:
            self.error = (
                f"Could not save {self.save_id}: the game cannot be written as a save ({first_error(exc, 'save')})."
            )
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        except (SaveError, ValueError) as exc:
            self.error = f"Could not save {self.save_id}: {exc}."
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        self.error = None
        return True
