"""``cardtable host`` and ``cardtable join``: bad arguments and unreachable or refused addresses
give one line, and a table with nobody at the host's keyboard runs without a terminal."""

from __future__ import annotations

import builtins
import socket

import pytest

from cardtable import cli


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["host"], "name the game to host"),
        (["host", "one-card", "--seats", "human,human"], "needs a remote seat"),
        (["host", "one-card", "--seats", "remote,wizard"], "unknown seat kind 'wizard'"),
        (["host", "one-card", "--players", "3", "--seats", "remote,remote"], "--seats lists 2 seats for 3 players"),
        (["host", "one-card", "--names", "Ann,Ann"], "--names"),
        (["host", "--resume", "nothing-like-it"], "cardtable"),
        (["host", "--resume", "x", "--seats", "remote"], "--resume takes the saved table as it was"),
        (["host", "one-card", "--port", "70000"], "must be at most"),
        (["host", "one-card", "--host", ""], "an address is needed"),
    ],
)
def test_bad_host_arguments_give_one_line_and_status_2(capsys, argv, needle):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_join_refused_or_unreachable_is_one_line(capsys, monkeypatch):
    monkeypatch.setenv("CARDTABLE_NO_TTY_CHECK", "1")
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert cli.main(["join", f"ws://127.0.0.1:{port}/table?token=abc"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardtable join: cannot reach") and err.count("\n") == 1


def test_without_the_web_extra_one_clear_line(capsys, monkeypatch):
    real_import = builtins.__import__

    def no_aiohttp(name, *args, **kwargs):
        if name == "aiohttp":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_aiohttp)
    for command in (["host", "one-card"], ["join", "ws://127.0.0.1:1/table?token=x"]):
        assert cli.main(command) == 2
        err = capsys.readouterr().err
        assert "needs the web extra: pip install 'cardtable[web]'" in err and err.count("\n") == 1
