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

One module per job: :mod:`.format` (the file format), :mod:`.errors` (what can
be wrong), :mod:`.replay_check` (the moves replay to the digest), :mod:`.files`
(one file read and checked, or written), :mod:`.folder` (where saves are, ids),
:mod:`.claims` (one window per game), :mod:`.listing` (listing, which tidies
and files finished games away), :mod:`.recovery` (setting damage aside),
:mod:`.finishing` (the end of a game), :mod:`.export`, and :mod:`.store`, the
:class:`SaveStore` that puts them together. How a listed save is worded is up to
its readers (``cardtable.tui.save_text``).
"""

from __future__ import annotations

from .errors import DamagedSave, NoSuchSave, SaveError, SaveInUse, SavesFolderError, UnsupportedSave
from .files import LoadedSave, SaveInfo
from .finishing import FinishResult
from .folder import DAMAGED_SUFFIX, SAVE_SUFFIX
from .format import (
    FORMAT,
    MIGRATIONS,
    SCHEMA_VERSION,
    SavedSeat,
    SaveFile,
    parse_save,
    pretty_json,
    record_json,
    utcnow,
)
from .listing import Listing
from .replay_check import replay_save
from .store import SaveStore

__all__ = [
    "DAMAGED_SUFFIX",
    "FORMAT",
    "MIGRATIONS",
    "SAVE_SUFFIX",
    "SCHEMA_VERSION",
    "DamagedSave",
    "FinishResult",
    "Listing",
    "LoadedSave",
    "NoSuchSave",
    "SaveError",
    "SaveFile",
    "SaveInUse",
    "SaveInfo",
    "SaveStore",
    "SavedSeat",
    "SavesFolderError",
    "UnsupportedSave",
    "parse_save",
    "pretty_json",
    "record_json",
    "replay_save",
    "utcnow",
]
