"""Building the command line's parser imports nothing heavy, and the arena's
arguments (cardtable.commands.arena) agree with cardtable.bots."""

from __future__ import annotations

import subprocess
import sys

from cardtable import bots, cli
from cardtable.commands import arena, common


def test_the_arena_constants_agree_with_the_bots():
    assert arena.ARENA_LEVELS == tuple(bots.LEVELS)
    assert arena.ARENA_DEFAULT_BUDGET == bots.DEFAULT_BUDGET


def test_the_seed_bounds_agree_with_the_records():
    from cardtable.core import record

    assert (common.SEED_MIN, common.SEED_MAX) == (record.SEED_MIN, record.SEED_MAX)


def test_the_arena_command_parses_its_arguments():
    args = cli.build_parser().parse_args(["arena", "shed", "--players", "2", "--seats", "easy,hard", "--games", "3"])
    assert (args.game, args.players, args.seats, args.games, args.budget, args.iterations) == (
        "shed",
        2,
        "easy,hard",
        3,
        None,
        None,
    )


def test_building_the_parser_imports_no_engine_bot_or_arena():
    code = (
        "import sys\n"
        "from cardtable.cli import build_parser\n"
        "build_parser()\n"
        "heavy = [m for m in sys.modules if m.startswith(('cardtable.bots', "
        " 'cardtable.core', 'cardtable.storage', 'cardtable.tui', 'pydantic', 'textual'))]\n"
        "engines = [m for m in sys.modules if m.startswith('cardtable.games.') and m.count('.') >= 3]\n"
        "print(heavy + engines)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
