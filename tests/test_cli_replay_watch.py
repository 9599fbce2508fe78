"""``cardtable replay FILE --watch``: the app opens straight into the replay viewer.

It needs a terminal, as ``play`` does; a bad file or a bad combination of
options is one line on stderr and nothing opens.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from cardtable.cli import main
from cardtable.commands.common import NO_TTY_CHECK_ENV
from cardtable.session import Seat, Session
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.replay import ReplayScreen
from random_play import play_randomly


def record_file(tmp_path, moves: int | None = None):
    session = Session.start("shed", [Seat("Ann"), Seat("Bob")], {"short_game": True}, 3)
    play_randomly(session, random.Random(3), moves)
    path = tmp_path / "game.json"
    path.write_text(session.record().model_dump_json())
    return path, session


@pytest.fixture
def no_app(monkeypatch):
    """Fails the test if an app is started (records it otherwise)."""
    started: list[CardtableApp] = []
    monkeypatch.setattr(CardtableApp, "run", lambda self, *a, **k: started.append(self))
    return started


def test_needs_a_terminal(capsys, tmp_path, monkeypatch, no_app):
    monkeypatch.delenv(NO_TTY_CHECK_ENV, raising=False)
    path, _ = record_file(tmp_path)
    code = main(["replay", str(path), "--watch"])
    err = capsys.readouterr().err
    assert code == 2 and "needs a terminal" in err and err.count("\n") == 1
    assert not no_app


@pytest.mark.parametrize(
    "argv,status,needle",
    [
        (["--watch", "--json"], 2, "--watch and --json do not go together"),
        (["--watch"], 1, "not JSON"),
    ],
)
def test_bad_input_is_one_line_and_opens_nothing(capsys, tmp_path, monkeypatch, no_app, argv, status, needle):
    monkeypatch.setenv(NO_TTY_CHECK_ENV, "1")
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    code = main(["replay", str(path), *argv])
    err = capsys.readouterr().err
    assert code == status and needle in err and err.count("\n") == 1
    assert not no_app


def test_a_record_that_does_not_replay_opens_nothing(capsys, tmp_path, monkeypatch, no_app):
    monkeypatch.setenv(NO_TTY_CHECK_ENV, "1")
    path, _ = record_file(tmp_path)
    data = json.loads(path.read_text())
    data["moves"][3] = data["moves"][2]  # the same move twice: refused by the engine
    path.write_text(json.dumps(data))
    code = main(["replay", str(path), "--watch"])
    err = capsys.readouterr().err
    assert code == 1 and "replay stopped" in err and "move 3" in err
    assert not no_app


def test_opens_the_viewer_at_the_files_game(tmp_path, monkeypatch, no_app):
    monkeypatch.setenv(NO_TTY_CHECK_ENV, "1")
    path, session = record_file(tmp_path)
    assert main(["replay", str(path), "--watch"]) == 0
    (app,) = no_app

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, ReplayScreen):
                await pilot.pause(0.01)
            viewer = app.screen
            assert viewer.timeline.moves == len(session.moves) and viewer.timeline.names == ("Ann", "Bob")
            assert viewer.can_face_up  # the game is over
            await pilot.press("end")
            await pilot.pause()
            assert f"Move {len(session.moves)} of {len(session.moves)}" in "\n".join(
                strip.text for strip in app.screen._compositor.render_strips()
            )
            await pilot.press("escape")
            while not isinstance(app.screen, MenuScreen):
                await pilot.pause(0.01)

    asyncio.run(look())


def test_a_game_not_over_is_watched_in_the_public_view_only(tmp_path, monkeypatch, no_app):
    monkeypatch.setenv(NO_TTY_CHECK_ENV, "1")
    path, session = record_file(tmp_path, moves=12)
    assert not session.is_over
    assert main(["replay", str(path), "--watch"]) == 0
    (app,) = no_app

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, ReplayScreen):
                await pilot.pause(0.01)
            await pilot.press("f")
            await pilot.pause()
            assert not app.screen.can_face_up and not app.screen.face_up

    asyncio.run(look())
