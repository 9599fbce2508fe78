"""Saves written before the engines were reorganised (issue 13: Game.new as a
template, One Too Many's classes renamed, Shed's phase an enum) still load:
the moves replay to the digest each save holds.

The files in ``saves_from_before/`` were written by commit a9b2010 (the code
before that work), one per game, a few dozen random moves into a game; the
``old-one-too-many-redo*`` ones by commit 48464e8, the code before the Redo
ruling (RULINGS.md: a holder who sees only passes gets no Redo step). Of
those, ``-pure`` ends waiting for such a holder's decision, ``-mixed`` for one
such holder after a holder today's rules keep has decided, and ``-declined``
holds a decision in such a step, declined, and a dozen moves after it: the
Redo decisions that no longer exist are dropped and the game goes on.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from cardtable.core.codec import move_to_json
from cardtable.games.one_too_many.moves import Redo
from cardtable.storage.saves import DamagedSave, SaveStore

HERE = Path(__file__).parent / "saves_from_before"
FILES = sorted(HERE.glob("*.json"))
#: saves from before the Redo ruling: how many Redo decisions are dropped, and whether
#: the save ends waiting for a decision that no longer exists
OLD_REDO = {
    "old-one-too-many-redo-pure-3p": (0, True),
    "old-one-too-many-redo-mixed-3p": (0, True),
    "old-one-too-many-redo-declined-3p": (1, False),
}


def test_there_is_an_old_save_of_every_game():
    assert {json.loads(p.read_text())["record"]["game"] for p in FILES} == {"one-too-many", "one-card", "shed"}


def _stored(path: Path, edit=None) -> SaveStore:
    store = SaveStore()
    store.path_of(path.stem).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, store.path_of(path.stem))
    if edit is not None:
        target = store.path_of(path.stem)
        target.write_text(json.dumps(edit(json.loads(target.read_text()))))
    return store


SAME_RULES = [p for p in FILES if p.stem not in OLD_REDO]


@pytest.mark.parametrize("path", SAME_RULES, ids=[p.stem for p in SAME_RULES])
def test_an_old_save_resumes(path):
    store = _stored(path)
    saved = json.loads(path.read_text())
    loaded = store.load(path.stem)  # replays the moves and checks the digest
    assert loaded.session.game.digest(loaded.session.state) == saved["digest"]
    assert len(loaded.session.moves) == len(saved["record"]["moves"]) > 20


@pytest.mark.parametrize("stem", sorted(OLD_REDO))
def test_a_save_from_before_the_redo_ruling_resumes_without_the_redo_step(stem):
    path = HERE / f"{stem}.json"
    saved = json.loads(path.read_text())
    old_moves = [(m["player"], m["move"]) for m in saved["record"]["moves"]]
    session = _stored(path).load(stem).session
    kept = [(p, move_to_json(m)) for p, m in session.moves]
    dropped_count, ends_waiting = OLD_REDO[stem]
    assert len(kept) == len(old_moves) - dropped_count
    dropped = list(old_moves)
    for entry in kept:  # the kept moves are the old ones in order, less some Redo decisions
        dropped.remove(entry)
    assert all(move["type"] == "Redo" and not move["use"] for _, move in dropped)
    if ends_waiting:  # nobody is asked the Redo decision that no longer exists
        assert not any(isinstance(m, Redo) for seat in session.to_act for m in session.legal_moves(seat))
    rng = random.Random(1)
    while not session.is_over:  # the game goes on to its end under today's rules
        player = session.to_act[0]
        session.apply(player, rng.choice(session.legal_moves(player)))
    assert session.outcome().places


@pytest.mark.parametrize("stem", sorted(OLD_REDO))
def test_a_save_from_before_the_redo_ruling_with_another_digest_is_refused(stem):
    def edit(data):
        data["digest"] = "0" * 16
        return data

    with pytest.raises(DamagedSave, match="digest mismatch|refuses it"):
        _stored(HERE / f"{stem}.json", edit).load(stem)
