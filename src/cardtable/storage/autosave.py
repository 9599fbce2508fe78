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
``session.apply`` saves afterwards and code that holds the session needs no
other change. A failed save (a full disk, say) never loses the
move in memory and never raises out of ``apply``: the reason is in
``saver.error`` and goes to ``on_error``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from pydantic import ValidationError

from ..core.engine import Event
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
        if self.finished is None:
            self.store.release(self.save_id)

    def _on_apply(self, session: Session, player: int, move: Any, events: tuple[Event, ...]) -> None:
        self.save()

    def apply(self, player: int, move: Any) -> tuple[Event, ...]:
        """Apply the move (IllegalMove passes through, nothing saved), then save."""
        events = self.session.apply(player, move)
        if self._on_apply not in self.session.listeners:
            self.save()
        return events

    def save(self) -> bool:
        """Save now (and file the game away if it is over). False if that failed."""
        try:
            if self.session.is_over:
                if self.finished is None:
                    self.finished = self.store.finish(self.save_id, self.session, self.created)
                    if self.on_finish is not None:
                        self.on_finish(self.finished)
            else:
                self.store.write(self.save_id, self.session, self.created)
        except OSError as exc:
            where = f" ({exc.filename})" if exc.filename else ""
            self.error = f"Could not save {self.save_id}: {exc.strerror or exc}{where}. The game goes on; its moves are kept in memory."
            if self.on_error is not None:
                self.on_error(self.error)
            return False
        except ValidationError as exc:
            self.error = f"Could not save {self.save_id}: the game cannot be written as a save ({first_error(exc, 'save')})."
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
