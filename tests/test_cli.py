"""The command line: Rich for people, --json for machines, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardtable.cli import main
from cardtable.games import GAME_IDS, get_game


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["simulate", "chess", "--players", "2", "--games", "1"], "unknown game 'chess'"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["simulate", "one-too-many", "--players", "9", "--games", "1"], "2 to 6 players"),
        (["simulate", "one-too-many", "--players", "x", "--games", "1"], "expected a whole number"),
        (["simulate", "one-too-many", "--players", "3", "--games", "1", "--option", "nope=1"], "nope"),
        (["simulate", "one-too-many", "--players", "3", "--games", "1", "--option", "target=lots"], "target"),
        (["simulate", "one-too-many", "--players", "3", "--games", "1", "--option", "target"], "key=value"),
        (["simulate", "one-too-many", "--players", "3", "--games", "0"], "at least 1"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
        (["frobnicate"], "invalid choice"),
        (["play", "one-too-many", "--players", "3", "--seats", "human,robot,human"], "unknown seat kind"),
        (["play", "one-too-many", "--players", "3", "--names", "A,B"], "--names lists 2 seats"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("content,needle", [("{not json", "not JSON"), ('{"game": 3}', "not a game record")])
def test_malformed_record_files_are_reported(capsys, tmp_path, content, needle):
    """A bad file (not a bad argument): exit status 1, one line naming the file."""
    path = tmp_path / "broken.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and needle in err and str(path) in err and err.count("\n") == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_prints_the_rules_doc(capsys, game_id):
    from cardtable.rulebook import rules_markdown

    text = rules_markdown(game_id)
    code, out, _ = run(capsys, "rules", game_id)
    assert code == 0
    first_heading = next(line for line in text.splitlines() if line.startswith("#")).lstrip("# ").strip()
    assert first_heading.split()[0] in out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_simulate_json_is_deterministic_apart_from_seconds(capsys, game_id):
    game = get_game(game_id)
    argv = ["simulate", game_id, "--players", str(game.min_players), "--games", "3", "--seed", "4", "--json"]
    code1, out1, _ = run(capsys, *argv)
    code2, out2, _ = run(capsys, *argv)
    assert code1 == code2 == 0
    a, b = json.loads(out1), json.loads(out2)
    for key in (
        "game",
        "players",
        "games",
        "seed",
        "options",
        "completed",
        "invariant_violations",
        "mean_moves",
        "max_moves",
        "wins",
        "seconds",
    ):
        assert key in a
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert a["completed"] == 3 and a["invariant_violations"] == 0
    # the wins are Outcome.winners(): at least one per game, except in Shed, where random
    # play nearly always stops at the stall limit and only players with no cards left win
    from cardtable.simulate import game_seed, play_random_game

    expected = [0] * game.min_players
    for index in range(3):
        state, _, _ = play_random_game(game, game.min_players, game.make_options(), game_seed(4, index))
        for seat in game.outcome(state).winners():
            expected[seat] += 1
    assert a["wins"] == expected
    if game_id != "shed":
        assert sum(a["wins"]) >= 3


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_example_files(capsys, game_id):
    from pathlib import Path

    example = Path(__file__).parent.parent / "docs" / "examples" / f"{game_id}.json"
    code, out, err = run(capsys, "replay", str(example), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == game_id and data["events"]


def test_replay_stops_at_an_illegal_move_with_its_index(capsys, tmp_path):
    from cardtable.core.record import make_record

    game = get_game("one-too-many")
    state = game.new(3, seed=9)
    import random

    rng = random.Random(0)
    moves = []
    for _ in range(5):
        player = game.to_act(state)[0]
        move = rng.choice(game.legal_moves(state, player))
        state, _ = game.apply(state, player, move)
        moves.append((player, move))
    # a sixth move by a seat that is not to act, or repeated: make it illegal by replaying move 0's seat twice
    bad_player = next(p for p in range(3) if p not in game.to_act(state))
    moves.append((bad_player, moves[0][1]))
    record = make_record(game, 3, {}, 9, moves)
    path = tmp_path / "bad.json"
    path.write_text(record.model_dump_json())
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "move 5" in err
    assert len(err.strip().splitlines()) == 1


def test_python_dash_m_entry_point_works():
    result = subprocess.run([sys.executable, "-m", "cardtable", "rules", "chess"], capture_output=True, text=True)
    assert result.returncode == 2 and "unknown game" in result.stderr


@pytest.mark.parametrize("word, value", [("on", True), ("off", False), ("Yes", True), ("no", False), ("true", True)])
def test_a_yes_no_option_takes_the_words_the_rules_write(word, value):
    """The rules' option tables write ``off``/``on``: ``--option short_game=on`` was refused."""
    from cardtable.commands.common import checked_options
    from cardtable.games import get_game

    assert checked_options(get_game("shed"), 2, [f"short_game={word}"]).short_game is value


def test_a_yes_no_option_still_refuses_another_word():
    from cardtable.commands.common import UsageError, checked_options
    from cardtable.games import get_game

    with pytest.raises(UsageError, match="short_game"):
        checked_options(get_game("shed"), 2, ["short_game=maybe"])
