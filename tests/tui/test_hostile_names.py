"""Names full of markup are shown as written, on every screen and on the command line;
escape codes never get that far (refused by the one rule for names)."""

from __future__ import annotations

import json
import random

import pytest
from test_full_games import GAMES, sensible
from tui_helpers import play_to_game_over, run_async, screen_text, table_of

from cardtable.cli import main
from cardtable.session import Seat, Session
from cardtable.storage.autosave import Autosaver
from cardtable.tui.app import CardtableApp
from cardtable.tui.settings import TuiSettings

#: Each one crashed the table (MarkupError) or was interpreted (bold, a link, a quit button).
NAMES = {"one-too-many": ["[/]x", "[@click=quit]B"]}
#: One Too Many shows names on the most screens (curtain, secret prompt, reveal, summary, game over);
#: the other games draw them with the same widgets (and test_full_games plays them).
GAMES = [g for g in GAMES if g[0] in NAMES]


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, options, seed", GAMES, ids=[g[0] for g in GAMES])
@run_async
async def test_markup_in_names_is_shown_as_written(game_id, players, options, seed):
    names = NAMES[game_id]
    app = CardtableApp(
        start=dict(game_id=game_id, names=names, kinds=["human", "human"], options=options, seed=seed),
        settings=TuiSettings(speed="instant"),
    )
    curtains: list[str] = []

    def seen(app, screen: str) -> None:
        if screen == "CurtainScreen":
            curtains.append(screen_text(app))

    async with app.run_test(size=(100, 30)) as pilot:
        await play_to_game_over(pilot, sensible, seed=seed, on_step=seen)
        over = screen_text(app)
        session = table_of(app).session
        winner = names[session.outcome().winners()[0]]
        assert f"{winner} wins" in over or "share the win" in over
        assert all(name in over for name in names)  # the ranking, as written
        table = table_of(app)
        status_and_log = [table.query_one("#headline").render(), table.query_one("#status").render()]
        assert app.is_running  # the [@click=app.quit] name quit nothing
    assert curtains and any(f"Pass to {names[0]}" in text for text in curtains)
    assert any(f"I am {names[1]}" in text for text in curtains)
    assert status_and_log


@run_async
async def test_a_saved_game_with_markup_names_resumes():
    session = Session.start("one-card", [Seat("[/]"), Seat("[@click=quit]Q")], {"target": 40}, seed=9)
    saver = Autosaver(session, save_id="markup").attach()
    for _ in range(3):
        player = session.to_act[0]
        session.apply(player, session.legal_moves(player)[0])
    assert saver.error is None
    saver.release()
    app = CardtableApp(settings=TuiSettings(speed="instant"), resume="markup")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        table = table_of(app)
        assert table.session.names == ["[/]", "[@click=quit]Q"]
        text = screen_text(app)
        assert "[/]" in text or "[@click=quit]Q" in text


def test_replay_and_stats_print_markup_names_as_written(capsys, tmp_path):
    session = Session.start("one-card", [Seat("[b]Bo[/b]"), Seat("[/]")], {"target": 30}, seed=2)
    rng = random.Random(2)
    while not session.is_over:
        player = rng.choice(session.to_act)
        session.apply(player, rng.choice(session.legal_moves(player)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(session.record().model_dump(mode="json")))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[b]Bo[/b]" in out and "[/]" in out
    assert main(["replay", str(path), "--json"]) == 0
    assert "[b]Bo[/b]" in capsys.readouterr().out


def test_escape_codes_in_a_record_never_reach_the_terminal(capsys, tmp_path):
    session = Session.start("shed", [Seat("Ann"), Seat("Bob")], {"short_game": True}, seed=2)
    record = session.record().model_dump(mode="json")
    record["names"] = ["Ann", "\x1b]0;pwned\x07\x1b[2J"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "control characters" in err and "\x1b" not in err + out and "\x07" not in err + out
