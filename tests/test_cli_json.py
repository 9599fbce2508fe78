"""Every ``--json`` output carries ``schema_version`` (first), as the one table says
(``commands/json_output.py``), and docs/json.md lists the same commands and versions."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardtable.cli import build_parser, main
from cardtable.commands.json_output import SCHEMA_VERSIONS
from random_play import play_randomly

ROOT = Path(__file__).resolve().parents[1]


def _json_commands() -> set[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")  # (argparse keeps its subparsers here)
    return {name for name, p in sub.choices.items() if any("--json" in a.option_strings for a in p._actions)}


def test_every_command_with_json_is_in_the_table():
    assert _json_commands() == set(SCHEMA_VERSIONS)


def test_the_docs_list_the_same_commands_and_versions():
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `cardtable (\w+)[^|]*--json` \| (\d+) \|", text, flags=re.M))
    assert {name: int(version) for name, version in rows.items()} == SCHEMA_VERSIONS


def _record(tmp_path) -> Path:
    from cardtable.session import Seat, Session

    session = Session.start("one-too-many", [Seat("Ann"), Seat("Bob")], seed=3)
    play_randomly(session, random.Random(3))
    path = tmp_path / "game.json"
    path.write_text(session.record().model_dump_json())
    return path


@pytest.mark.parametrize("command", sorted(SCHEMA_VERSIONS))
def test_each_json_output_starts_with_its_schema_version(command, tmp_path, capsys):
    argv = {
        "arena": ["arena", "one-too-many", "--players", "2", "--seats", "random,random", "--games", "1"],
        "replay": ["replay", str(_record(tmp_path))],
        "resume": ["resume"],
        "simulate": ["simulate", "one-too-many", "--players", "2", "--games", "1"],
        "stats": ["stats"],
    }[command]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert next(iter(data)) == "schema_version" and data["schema_version"] == SCHEMA_VERSIONS[command]
    assert len(data) > 1
