"""What the commands print for people: `replay` shows cards and a table (never Python
reprs), `resume` fits 80 columns, `arena` reports progress on stderr and says what its
timings are, and counts take the right noun ("1 point", "2 points")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.cells import cell_len

from cardtable.cli import main
from cardtable.core.words import and_list, plural
from cardtable.games import GAME_IDS, get_game
from random_play import play_randomly

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_prints_the_table_and_the_events_as_text(capsys, monkeypatch, game_id):
    from cardtable.core.record import load_record, replay

    monkeypatch.setenv("COLUMNS", "100")
    code, out, err = run(capsys, "replay", str(EXAMPLES / f"{game_id}.json"))
    assert code == 0, err
    for repr_piece in ("Card(", "Rank.", "Suit.", "View(", "deck=0", "options="):
        assert repr_piece not in out
    record = load_record(EXAMPLES / f"{game_id}.json")
    result = replay(record, get_game)
    names = record.names or [f"Player {i + 1}" for i in range(record.players)]
    lines = out.splitlines()
    # one row per player in the final table, with the player's name
    start = next(i for i, line in enumerate(lines) if "the table" in line)
    table = lines[start + 1 :]
    for name in names:
        assert any(line.strip().startswith(("▶", name)) and name in line for line in table), name
    # cards as faces: the public view's cards appear as "10♥"-style faces
    view = result.game.view(result.state, None)
    faces = {part for line in table for part in line.split()}
    public_cards = [c for value in (getattr(view, f, ()) for f in ("stack", "discard", "center")) for c in value or ()]
    assert public_cards and any(card.face in faces for card in public_cards)
    # the events, as text with names
    public = [e for _, e in result.events if e.visible(None)]
    assert public[-1].render(names) in " ".join(out.split())
    if result.game.is_over(result.state):
        winners = [names[s] for s in result.game.outcome(result.state).winners()]
        assert f"Won by {and_list(winners)}." in out
        code, out, _ = run(capsys, "replay", str(EXAMPLES / f"{game_id}.json"), "--json")
        assert [names[s] for s in json.loads(out)["winners"]] == winners


def test_replay_in_an_ascii_terminal(capsys, monkeypatch):
    import io
    import sys

    buffer = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", buffer)
    assert main(["replay", str(EXAMPLES / "shed.json")]) == 0
    buffer.flush()
    out = buffer.buffer.getvalue().decode("ascii")
    assert "Stack   2H    AC    AD    AS" in out and "plays 3C" in out


def open_saves(count: int = 3):
    from cardtable.session import Seat, Session
    from cardtable.storage.autosave import Autosaver

    long = ["Annabelle", "Bartholomew", "Christopher", "Dominique"]
    for i, (game_id, kinds) in enumerate(
        [
            ("shed", ["human", "normal", "hard", "easy"]),
            ("one-too-many", ["human", "human", "random"]),
            ("one-card", ["human", "human"]),
        ][:count]
    ):
        session = Session.start(game_id, [Seat(n, k) for n, k in zip(long, kinds, strict=False)], None, seed=i)
        Autosaver(session, save_id=f"{game_id}-20250301-14253{i}").attach()
        play_randomly(session, random.Random(i), 5)


def test_resume_fits_80_columns_one_line_per_save(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    open_saves()
    code, out, _ = run(capsys, "resume")
    assert code == 0
    lines = out.splitlines()
    assert all(cell_len(line.rstrip()) <= 80 for line in lines), out
    ids = ["shed-20250301-142530", "one-too-many-20250301-142531", "one-card-20250301-142532"]
    for save_id in ids:
        (line,) = [line for line in lines if save_id in line]  # never cut
        assert "Annabelle" in line and " 5 " in line
    assert len([line for line in lines if line.strip()]) == 2 + len(ids) + 1  # title, header, saves, hint


def test_resume_shows_the_game_name_when_wide(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "140")
    open_saves()
    _, out, _ = run(capsys, "resume")
    line = next(line for line in out.splitlines() if "one-too-many-" in line)
    assert "One Too Many" in line and "Christopher (random)" in line


def test_arena_progress_on_stderr_and_pure_json_on_stdout(capsys):
    code, out, err = run(
        capsys,
        "arena",
        "shed",
        "--players",
        "2",
        "--seats",
        "hard,normal",
        "--games",
        "2",
        "--iterations",
        "3",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["games"] == 2  # stdout holds nothing else
    assert "arena: Shed, 2 games: hard, normal (hard: 3 sampled states per decision)" in err
    assert "arena: 2/2 games played" in err


def test_arena_table_labels_its_timings(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    code, out, err = run(
        capsys, "arena", "one-card", "--players", "2", "--seats", "hard,random", "--games", "1", "--budget", "0.01"
    )
    assert code == 0
    assert "hard: budget 0.01 s per decision; total " in out
    assert "1 game, 2 players" in out and "1 games" not in out
    assert "hard: budget 0.01 s per decision" in err


def test_counts_take_the_right_noun():
    assert plural(1, "point") == "1 point" and plural(2, "point") == "2 points" and plural(0, "level") == "0 levels"
    assert and_list([]) == "" and and_list(["Ann"]) == "Ann" and and_list(["A", "B", "C"]) == "A, B and C"


def test_a_burn_by_a_single_ten_says_one_card():
    from cardtable.core.cards import parse_card
    from cardtable.games.shed import GAME, Play, position

    state = position(2, hands={0: ["10H", "4C"], 1: ["5S"]})
    _, events = GAME.apply(state, 0, Play((parse_card("10H"),)))
    burn = next(e for e in events if e.kind == "burn")
    assert burn.text.endswith("(1 card)")


def test_one_point_on_the_game_over_reasons():
    from dataclasses import replace

    from cardtable.games.one_too_many.outcome import reason

    game = get_game("one-too-many")
    state = game.new(2, seed=1)
    state = replace(state, scores=(1, 0))
    assert reason(state, 0, (1, 2), [(1, 0, 0), (0, 0, 0)]).startswith("1st with 1 point.")


def test_the_finished_games_listing_fits_80_columns(capsys, monkeypatch):
    from cardtable.session import Seat, Session
    from cardtable.storage.autosave import Autosaver

    monkeypatch.setenv("COLUMNS", "80")
    seats = [
        Seat(n, k)
        for n, k in zip(["Annabelle", "Bartholomew", "Christopher"], ["normal", "normal", "normal"], strict=True)
    ]
    session = Session.start("shed", seats, {"short_game": True}, seed=11)
    Autosaver(session, save_id="shed-20250301-142530").attach()
    play_randomly(session, random.Random(3))
    code, out, _ = run(capsys, "export")
    assert code == 0
    assert all(cell_len(line.rstrip()) <= 80 for line in out.splitlines()), out
    (line,) = [line for line in out.splitlines() if "shed-20250301-142530" in line]
    assert "Annabelle" in line and str(len(session.moves)) in line
