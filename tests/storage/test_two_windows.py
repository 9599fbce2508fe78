"""Two windows, one save: the game is open in one window at a time.

The first window is a real app in another process (headless), holding the
game at the curtain; the second is an app in this process, through Pilot.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from storage_helpers import play, start

from cardtable.cli import main
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings

SRC = Path(__file__).resolve().parents[2] / "src"
WINDOW = """
import sys
from cardtable.tui.app import CardtableApp
from cardtable.tui.settings import TuiSettings
CardtableApp(resume=sys.argv[1], settings=TuiSettings(speed="instant")).run(headless=True, size=(100, 30))
"""


def _saved_game(save_id: str) -> str:
    session = start("one-card", 2, seed=3)
    saver = Autosaver(session, save_id=save_id).attach()
    play(session, 4, random.Random(1))
    saver.release()
    return save_id


def _first_window(save_id: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(SRC), CARDTABLE_NO_TTY_CHECK="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", WINDOW, save_id], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    store = SaveStore()
    deadline = time.monotonic() + 60
    while store.in_use(save_id) is None:
        assert proc.poll() is None, "the first window ended"
        assert time.monotonic() < deadline, "the first window never opened the game"
        time.sleep(0.05)
    return proc


def test_a_game_open_in_one_window_cannot_be_played_in_another(capsys):
    save_id = _saved_game("two-windows")
    store = SaveStore()
    path = store.path_of(save_id)
    first = _first_window(save_id)
    try:
        assert store.in_use(save_id) == first.pid
        before = path.read_bytes()

        async def second_window() -> list[str]:
            app = CardtableApp(settings=TuiSettings(speed="instant"), resume=save_id)
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause(0.3)
                assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
                return [n.message for n in app._notifications]

        messages = asyncio.run(second_window())
        assert any("open in another window" in m and str(first.pid) in m for m in messages), messages
        assert path.read_bytes() == before  # nothing written by the second window

        assert main(["resume", save_id]) == 1  # the command line says so too, on one line
        err = capsys.readouterr().err
        assert "open in another window" in err and err.count("\n") == 1
        assert main(["resume", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["in_use"] == {save_id: first.pid}
    finally:
        first.send_signal(signal.SIGKILL)  # the first window dies without a word...
        first.wait(30)

    assert store.in_use(save_id) is None  # ...and its lock with it

    async def second_window_again() -> int:
        app = CardtableApp(settings=TuiSettings(speed="instant"), resume=save_id)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            return len(table.session.moves)

    assert asyncio.run(second_window_again()) == 4
