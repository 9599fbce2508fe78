"""Saves written before the engines were reorganised (issue 13: Game.new as a
template, One Too Many's classes renamed, Shed's phase an enum) still load:
the moves replay to the digest each save holds.

The files in ``saves_from_before/`` were written by commit a9b2010 (the code
before that work), one per game, a few dozen random moves into a game.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardtable.storage.saves import SaveStore

HERE = Path(__file__).parent / "saves_from_before"
FILES = sorted(HERE.glob("*.json"))


def test_there_is_an_old_save_of_every_game():
    assert {json.loads(p.read_text())["record"]["game"] for p in FILES} == {"one-too-many", "one-card", "shed"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_old_save_resumes(path):
    store = SaveStore()
    store.path_of(path.stem).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, store.path_of(path.stem))
    saved = json.loads(path.read_text())
    loaded = store.load(path.stem)  # replays the moves and checks the digest
    assert loaded.session.game.digest(loaded.session.state) == saved["digest"]
    assert len(loaded.session.moves) == len(saved["record"]["moves"]) > 20
