"""Saved games: round trips, damaged saves, backups, history, export."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError
from storage_helpers import game_or_skip, play, play_to_end, random_move, start

from cardtable.games import GAME_IDS
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import (
    DamagedSave,
    NoSuchSave,
    SaveFile,
    SaveStore,
    UnsupportedSave,
    parse_save,
)
from cardtable.storage.stats import StatsStore
from cardtable.tui.save_text import describe_time, players_text, turn_text

PLAYERS = {"one-too-many": (2, 3, 6), "one-card": (2, 4, 8), "shed": (2, 3, 4)}


# -- round trips -------------------------------------------------------------------


def assert_same_game(original, resumed):
    game = original.game
    assert resumed.state == original.state
    assert game.digest(resumed.state) == game.digest(original.state)
    assert resumed.to_act == original.to_act
    assert resumed.seats == original.seats
    assert resumed.moves == original.moves
    assert resumed.events == original.events
    assert resumed.options == original.options
    for player in range(len(original.seats)):
        assert game.view(resumed.state, player) == game.view(original.state, player)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_round_trips_after_random_numbers_of_moves(game_id):
    game_or_skip(game_id)
    rng = random.Random(f"round-trip-{game_id}")
    store = SaveStore()
    for trial in range(6):
        players = rng.choice(PLAYERS[game_id])
        kinds = [rng.choice(["human", "random", "easy", "normal", "hard"]) for _ in range(players)]
        session = start(game_id, players, seed=rng.randrange(10**9), kinds=kinds)
        saver = Autosaver(session, store, save_id=f"{game_id}-trial-{trial}")
        play(session, rng.randrange(0, 150), rng)
        assert saver.save(), saver.error
        if session.is_over:  # filed away in the history: the record there replays too
            loaded = store.load(saver.save_id, history=True)
        else:
            loaded = SaveStore().load(saver.save_id)  # a fresh store: nothing cached
        assert_same_game(session, loaded.session)
        # Both go on identically.
        if not session.is_over:
            follow = random.Random(trial)
            for _ in range(5):
                if session.is_over:
                    break
                player, move = random_move(session, follow)
                assert session.apply(player, move) == loaded.session.apply(player, move)
            assert loaded.session.state == session.state


def test_toy_round_trip_at_every_move(toy):
    rng = random.Random(5)
    session = start("toy", 3, seed=11, kinds=["human", "easy", "hard"])
    saver = Autosaver(session).attach()
    store = SaveStore()
    for _ in range(12):
        session.apply(*random_move(session, rng))
        assert_same_game(session, store.load(saver.save_id).session)
    info = store.list_saves().saves[0]
    assert (info.id, info.game_name, info.moves) == (saver.save_id, "Toy Race", 12)
    assert players_text(info.seats) == "Ann, Bob (easy), Cleo (hard)"
    assert turn_text(info) == "Ann"


def test_saves_live_under_the_state_dir_with_a_backup(toy, user_dirs):
    session = start("toy")
    saver = Autosaver(session).attach()
    play(session, 2, random.Random(0))
    folder = user_dirs["XDG_STATE_HOME"] / "cardtable" / "saves"
    assert sorted(p.name for p in folder.iterdir()) == [
        f".{saver.save_id}.lock",  # held while the game is open (one window per game)
        f"{saver.save_id}.json",
        f"{saver.save_id}.json.bak",
    ]
    data = json.loads((folder / f"{saver.save_id}.json").read_text())
    assert data["schema_version"] == 1 and data["format"] == "cardtable-save"
    assert len(data["record"]["moves"]) == 2
    assert len(json.loads((folder / f"{saver.save_id}.json.bak").read_text())["record"]["moves"]) == 1
    assert data["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    assert data["digest"] == session.game.digest(session.state)


def test_resume_continues_saving_under_the_same_id(toy):
    rng = random.Random(1)
    session = start("toy")
    first = Autosaver(session).attach()
    play(session, 3, rng)
    first.release()  # that window closes the game (another process could not open it before)
    resumed = Autosaver.resume(first.save_id[:8]).attach()  # a unique prefix is enough
    assert resumed.save_id == first.save_id and resumed.created == first.created
    play(resumed.session, 2, rng)
    assert SaveStore().load(first.save_id).file.moves == 5
    assert SaveStore().ids() == [first.save_id]


# -- the end of a game ------------------------------------------------------------


def test_a_finished_game_goes_to_the_history_and_the_statistics_once(toy):
    rng = random.Random(2)
    session = start("toy", 2, kinds=["human", "normal"])
    finished = []
    saver = Autosaver(session, on_finish=finished.append).attach()
    play_to_end(session, rng)
    assert finished and finished[0].stats_recorded
    store = SaveStore()
    assert store.ids() == [] and store.ids(history=True) == [saver.save_id]
    assert not (store.saves_dir / f"{saver.save_id}.json.bak").exists()
    rows, notice = StatsStore().rows("toy")
    assert notice is None and sorted(r.player for r in rows) == ["Ann", "Bob (normal computer)"]
    assert all(r.played == 1 for r in rows) and sum(r.wins for r in rows) >= 1
    # Finishing again (a crash between the statistics and the move, say) counts nothing twice.
    store.write(saver.save_id, session, saver.created)
    listing = store.list_saves()
    assert listing.saves == [] and len(listing.finished) == 1
    assert all(r.played == 1 for r in StatsStore().rows("toy")[0])
    assert sorted(store.ids(history=True)) == [saver.save_id, f"{saver.save_id}-2"]


def test_history_lists_finished_games(toy):
    session = start("toy")
    saver = Autosaver(session).attach()
    play_to_end(session, random.Random(3))
    listing = SaveStore().list_history()
    assert [i.id for i in listing.saves] == [saver.save_id] and listing.saves[0].over
    assert turn_text(listing.saves[0]) == "game over"


# -- damaged saves ---------------------------------------------------------------------


def _good_saves(count=3, moves=4):
    rng = random.Random(9)
    ids = []
    for n in range(count):
        session = start("toy", seed=n)
        saver = Autosaver(session, save_id=f"toy-game-{n}").attach()
        play(session, moves, rng)
        ids.append(saver.save_id)
    return ids


def _edit(data: dict, change) -> bytes:
    change(data)
    return json.dumps(data).encode()


def _move_count(data):
    data["record"]["moves"][1]["move"]["count"] = 3


def _unknown_move(data):
    data["record"]["moves"][0]["move"] = {"type": "Fold"}


def _bad_digest(data):
    data["digest"] = "0123456789abcdef"


def _bad_turn(data):
    data["to_act"] = [1 - data["to_act"][0]]


def _bad_kind(data):
    data["seats"][0]["kind"] = "robot"


def _no_digest(data):
    del data["digest"]


def _extra_seat(data):
    data["seats"].append({"name": "Zed", "kind": "human"})


def _version(value):
    def change(data):
        data["schema_version"] = value

    return change


DAMAGE = {
    "truncated": (lambda raw, data: raw[: len(raw) // 2], "truncated"),
    "truncated-in-string": (lambda raw, data: raw[: raw.index(b'"Ann"') + 3], "truncated"),
    "empty": (lambda raw, data: b"", "empty file"),
    "not-json": (lambda raw, data: b"this is not a save\n", "not JSON"),
    "binary": (lambda raw, data: b"\x89PNG\xff\xfe\x00", "not JSON: not UTF-8"),
    "list": (lambda raw, data: b"[1, 2]", "wrong schema: expected a JSON object"),
    "a-record": (lambda raw, data: json.dumps(data["record"]).encode(), "a game record, not a save"),
    "missing-field": (lambda raw, data: _edit(data, _no_digest), "wrong schema: digest: Field required"),
    "bad-seat-kind": (lambda raw, data: _edit(data, _bad_kind), "unknown seat kind 'robot'"),
    "seat-count": (lambda raw, data: _edit(data, _extra_seat), "3 seats for a 2-player game"),
    "version-zero": (lambda raw, data: _edit(data, _version(0)), "wrong version: unknown schema version 0"),
    "version-text": (lambda raw, data: _edit(data, _version("1")), "wrong version: schema_version must be an integer"),
    "illegal-move": (
        lambda raw, data: _edit(data, _move_count),
        "the engine refuses it: move 1: take one or two cards",
    ),
    "unknown-move": (
        lambda raw, data: _edit(data, _unknown_move),
        "the engine refuses it: move 0: unknown move type 'Fold'",
    ),
    "digest-mismatch": (lambda raw, data: _edit(data, _bad_digest), "digest mismatch"),
    "turn-mismatch": (lambda raw, data: _edit(data, _bad_turn), "whose turn it is does not match"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_each_damaged_save_is_reported_set_aside_and_harms_nothing_else(toy, kind):
    ids = _good_saves()
    store = SaveStore()
    victim = store.path_of(ids[1])
    backup = victim.with_name(victim.name + ".bak")
    backup.unlink()  # no backup to fall back on: just reported and set aside
    others = {i: store.path_of(i).read_bytes() for i in (ids[0], ids[2])}
    raw = victim.read_bytes()
    damage, expected = DAMAGE[kind]
    broken = damage(raw, json.loads(raw))
    victim.write_bytes(broken)

    listing = SaveStore().list_saves()
    assert [i.id for i in sorted(listing.saves, key=lambda i: i.id)] == [ids[0], ids[2]]
    (problem,) = listing.problems
    assert isinstance(problem, DamagedSave)
    assert problem.name == ids[1] and expected in problem.reason
    assert problem.message.startswith(f"{ids[1]}: ") and "set aside as" in problem.message
    aside = victim.with_name(victim.name + ".damaged")
    assert problem.set_aside == aside and aside.read_bytes() == broken  # renamed, not rewritten
    assert not victim.exists()
    for other, data in others.items():  # nothing else harmed
        assert store.path_of(other).read_bytes() == data
        assert store.load(other).file.moves == 4
    # Reported once: the next listing has nothing to say, and the set-aside file stays.
    again = SaveStore().list_saves()
    assert again.problems == [] and len(again.saves) == 2 and aside.read_bytes() == broken


def test_loading_a_damaged_save_reports_it_and_sets_it_aside(toy):
    ids = _good_saves(2)
    store = SaveStore()
    path = store.path_of(ids[0])
    path.write_text("{")
    with pytest.raises(DamagedSave, match="truncated") as caught:
        store.load(ids[0])
    assert caught.value.set_aside.name == f"{ids[0]}.json.damaged"
    # its backup (the previous move) was sound, so it took the save's place
    assert caught.value.restored == 3 and "backup (after move 3) was restored" in caught.value.message
    assert store.load(ids[0]).file.moves == 3
    assert store.load(ids[1]).file.moves == 4


def test_a_damaged_backup_is_not_restored(toy):
    (save_id,) = _good_saves(1)
    store = SaveStore()
    path = store.path_of(save_id)
    path.write_text("not json")
    path.with_name(path.name + ".bak").write_text("not json either")
    listing = store.list_saves()
    assert listing.saves == [] and listing.problems[0].restored is None
    assert path.with_name(path.name + ".bak").read_text() == "not json either"


def test_setting_aside_never_overwrites(toy):
    (save_id,) = _good_saves(1)
    store = SaveStore()
    path = store.path_of(save_id)
    path.with_name(path.name + ".bak").unlink()
    earlier = path.with_name(path.name + ".damaged")
    earlier.write_text("an earlier damaged save")
    path.write_text("garbage")
    (problem,) = store.list_saves().problems
    assert problem.set_aside.name == f"{save_id}.json.damaged-2"
    assert earlier.read_text() == "an earlier damaged save"


def test_a_newer_schema_version_is_refused_clearly_and_left_alone(toy):
    ids = _good_saves(2)
    store = SaveStore()
    path = store.path_of(ids[0])
    data = json.loads(path.read_text())
    data["schema_version"] = 7
    data["something_new"] = True
    path.write_text(json.dumps(data))
    listing = store.list_saves()
    (problem,) = listing.problems
    assert isinstance(problem, UnsupportedSave)
    assert "saved by a newer cardtable (save schema version 7; this one reads up to 1)" in problem.message
    assert "update cardtable" in problem.message
    assert path.exists() and not path.with_name(path.name + ".damaged").exists()
    assert [i.id for i in listing.saves] == [ids[1]]
    with pytest.raises(UnsupportedSave):
        store.load(ids[0])
    assert path.exists()


def test_an_unknown_game_is_refused_and_left_alone(toy):
    (save_id,) = _good_saves(1)
    store = SaveStore()
    path = store.path_of(save_id)
    data = json.loads(path.read_text())
    data["record"]["game"] = "canasta"
    path.write_text(json.dumps(data))
    (problem,) = store.list_saves().problems
    assert isinstance(problem, UnsupportedSave) and "does not know ('canasta')" in problem.reason
    assert path.exists()


def test_parse_save_alone():
    with pytest.raises(DamagedSave, match="not JSON: Expecting value at line 1 column 1"):
        parse_save(b"nope", "x")
    with pytest.raises(UnsupportedSave):
        parse_save(json.dumps({"format": "cardtable-save", "schema_version": 2}).encode(), "x")


# -- ids, export, times ----------------------------------------------------------------


def test_ids_are_unique_and_safe(toy):
    store = SaveStore()
    first = store.new_id("toy")
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    (store.saves_dir / f"{first}.json").write_text("{}")
    assert store.new_id("toy") in (f"{first}-2", store.new_id("toy"))
    # two windows starting a game in the same second: two ids (each claimed when given)
    when = datetime(2025, 3, 1, 14, 25, 30, tzinfo=UTC)
    ids = {SaveStore().new_id("toy", when) for _ in range(5)}
    assert len(ids) == 5
    for bad in ("../etc/passwd", "", ".hidden", "a/b"):
        with pytest.raises(NoSuchSave):
            store.path_of(bad)


def test_resolve_by_prefix(toy):
    _good_saves(3)
    store = SaveStore()
    assert store.resolve("toy-game-1") == "toy-game-1"
    assert store.resolve("toy-game-2.json") == "toy-game-2"
    with pytest.raises(NoSuchSave, match="ambiguous"):
        store.resolve("toy-game")
    with pytest.raises(NoSuchSave, match="no saved game"):
        store.resolve("shed")


def test_export_gives_a_record_that_replay_accepts(toy, tmp_path, capsys):
    from cardtable.cli import main

    rng = random.Random(4)
    session = start("toy")
    saver = Autosaver(session).attach()
    play(session, 7, rng)
    target = SaveStore().export(saver.save_id, tmp_path / "game.json")
    assert main(["replay", str(target), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["digest"] == session.game.digest(session.state) and out["moves"] == 7
    with pytest.raises(FileExistsError):
        SaveStore().export(saver.save_id, target)
    # a finished game too
    play_to_end(session, rng)
    target = SaveStore().export(saver.save_id, tmp_path / "finished.json")
    assert main(["replay", str(target), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] and out["digest"] == session.game.digest(session.state)


def test_describe_time():
    from datetime import datetime, timedelta

    now = datetime(2025, 3, 5, 12, 0, tzinfo=UTC)
    assert describe_time(now - timedelta(seconds=20), now) == "just now"
    assert describe_time(now - timedelta(minutes=12), now) == "12 min ago"
    assert describe_time(now - timedelta(days=40), now).startswith("2025-01-")


def test_save_file_model_refuses_unknown_keys(toy):
    session = start("toy")
    data = SaveFile.snapshot(session).model_dump(mode="json")
    data["surprise"] = 1
    with pytest.raises(ValidationError):
        SaveFile.model_validate(data)


def test_a_failed_save_keeps_the_game_and_reports(toy, monkeypatch):
    session = start("toy")
    errors = []
    saver = Autosaver(session, on_error=errors.append).attach()
    play(session, 1, random.Random(0))

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:  # (not monkeypatch.undo(): that would undo the XDG variables too)
        patch.setattr("cardtable.storage.saves.files.atomic_write_text", full_disk)
        play(session, 1, random.Random(0))
    assert len(session.moves) == 2
    assert errors and "No space left on device" in errors[0] and saver.error == errors[0]
    assert saver.save() and saver.error is None
    assert SaveStore().load(saver.save_id).file.moves == 2
