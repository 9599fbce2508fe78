"""A game added through its one registry row and nothing else is taken everywhere.

The ``toy`` fixture (conftest.py) puts the toy game's ``ROW`` into
``cardtable.games.ROWS``; no other registry, list or test is edited. Then the
menu lists it, ``simulate``, ``replay`` and ``arena`` (at the random level: the
row names no strategies) play it, saves round-trip it, and it passes the
conformance suite.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from storage_helpers import play, start

from cardtable import games
from cardtable.cli import main
from cardtable.core.record import make_record
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore

sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
from conformance import run_suite  # noqa: E402


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_the_row_puts_the_toy_in_the_registry_and_the_menu(toy):
    assert games.get_game("toy") is toy
    assert "toy" in games.game_ids()
    assert "Toy Race" in [info.name for info in games.available_game_info()]
    assert games.get_row("toy").levels == ("random",)
    from cardtable.tui.screens.menu import game_prompt

    assert "Take one or two cards a turn." in game_prompt(games.get_row("toy").info).plain


def test_simulate_takes_the_toy(toy, capsys):
    summary = run(capsys, "simulate", "toy", "--players", "3", "--games", "4", "--seed", "2", "--json")
    assert summary["game"] == "toy" and summary["completed"] == 4 and summary["invariant_violations"] == 0
    assert sum(summary["wins"]) >= 4


def test_replay_takes_a_toy_record(toy, capsys, tmp_path):
    rng = random.Random(3)
    state, moves = toy.new(2, seed=9), []
    while not toy.is_over(state):
        player = toy.to_act(state)[0]
        move = rng.choice(toy.legal_moves(state, player))
        state, _ = toy.apply(state, player, move)
        moves.append((player, move))
    path = tmp_path / "toy.json"
    path.write_text(make_record(toy, 2, {}, 9, moves).model_dump_json())
    replayed = run(capsys, "replay", str(path), "--json")
    assert replayed["over"] and replayed["digest"] == toy.digest(state)
    assert replayed["places"] == list(toy.outcome(state).places)


def test_the_arena_plays_the_toy_at_the_random_level(toy, capsys):
    summary = run(capsys, "arena", "toy", "--players", "2", "--seats", "random,random", "--games", "4", "--json")
    assert summary["levels"]["random"]["games"] == 8 and summary["unfinished"] == 0


def test_the_arena_refuses_a_level_the_row_has_no_strategies_for(toy, capsys):
    code = main(["arena", "toy", "--players", "2", "--seats", "easy,random", "--games", "2"])
    assert code != 0
    assert "unknown level 'easy' in --seats (choose from random)" in capsys.readouterr().err


def test_saves_round_trip_the_toy(toy):
    session = start("toy", 2, seed=4)
    saver = Autosaver(session).attach()
    play(session, 7, random.Random(1))
    loaded = SaveStore().load(saver.save_id).session
    assert loaded.game is toy and len(loaded.moves) == 7
    assert toy.digest(loaded.state) == toy.digest(session.state)


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"decks": 2})])
def test_the_toy_passes_the_conformance_suite(toy, players, options):
    run_suite(toy, players, options)
