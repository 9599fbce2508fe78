"""The replay check: a parsed save's moves, replayed through its engine, must arrive
at the state whose digest it holds, with the same players to act.

So a save cut short, edited, or written by a different engine is caught and
reported (:class:`~.errors.DamagedSave`) instead of resuming a wrong game.
"""

from __future__ import annotations

from pathlib import Path

from ...core.record import RecordError, upgraded_record
from ...session import Session
from .errors import DamagedSave, UnsupportedSave
from .format import SaveFile


def replay_save(save: SaveFile, name: str = "save", path: Path | None = None) -> Session:
    """Replay a parsed save through its engine and check the digest.

    Returns a fresh Session at the saved position; raises DamagedSave (a move
    refused, a digest or turn mismatch) or UnsupportedSave (an unknown game).
    """
    from ...games import UnknownGame, get_game

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
        if (upgraded := _under_old_rulings(save)) is not None:
            return upgraded
        raise DamagedSave(name, f"the engine refuses it: {exc}", path) from None
    except Exception as exc:  # an engine crash on strange input: still this save's problem
        raise DamagedSave(name, f"the engine fails on it: {type(exc).__name__}: {exc}", path) from None
    digest = session.game.digest(session.state)
    if digest != save.digest and (upgraded := _under_old_rulings(save)) is not None:
        return upgraded
    if digest != save.digest:
        raise DamagedSave(
            name,
            f"digest mismatch: the {save.moves} moves replay to state {digest}, but the save says {save.digest}",
            path,
        )
    if list(session.to_act) != save.to_act or session.is_over != save.over:
        raise DamagedSave(name, "whose turn it is does not match the moves", path)
    return session


def _under_old_rulings(save: SaveFile) -> Session | None:
    """A save played under a ruling since changed (its digest is the old ruling's
    state: ``core.record.upgraded_record``), at its position under today's rules."""
    from ...games import get_game

    record = upgraded_record(save.record, save.digest, get_game)
    if record is None:
        return None
    return Session.from_record(record, [s.seat() for s in save.seats])
