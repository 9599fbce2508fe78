"""A game's computer players are registered by its registry row alone (issue 26).

The row names the module (``GameRow.bots``) whose ``STRATEGIES``, ``SEARCH``
(with its decision rule) and ``explain`` (a hint's reason) are the game's
computer players; no table elsewhere is keyed by game id.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import random
import sys
import types

import pytest

import cardtable.bots
from cardtable import games
from cardtable.bots import BayesRule, make_bot
from cardtable.bots.hints import NO_REASON, explain


def test_no_table_in_the_bots_is_keyed_by_game_id():
    for info in pkgutil.iter_modules(cardtable.bots.__path__):
        module = importlib.import_module(f"cardtable.bots.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, dict):
                assert not set(value) & set(games.GAME_IDS), f"cardtable.bots.{info.name}.{name}"


def test_each_built_in_game_explains_its_hints_from_its_own_module():
    for game_id in games.GAME_IDS:
        module = importlib.import_module(games.get_row(game_id).bots)
        assert callable(module.explain) and module.SEARCH.rule.name in cardtable.bots.RULES


@pytest.fixture
def one_card_row(monkeypatch):
    """One-Card's row pointing at a module made here: the shipped strategies, a kit
    with another decision rule and a hint reason of its own."""
    from cardtable.bots import one_card as shipped

    module = types.ModuleType("toy_one_card_bots")
    module.STRATEGIES = shipped.STRATEGIES
    module.SEARCH = dataclasses.replace(shipped.SEARCH, rule=BayesRule(confidence=2.0))
    module.explain = lambda view, move: "the toy's reason"
    monkeypatch.setitem(sys.modules, module.__name__, module)
    row = games.get_row("one-card")
    monkeypatch.setitem(games.ROWS, "one-card", row._replace(bots=module.__name__))
    return module, row


def test_the_row_alone_says_where_a_games_computer_players_come_from(one_card_row, monkeypatch):
    module, row = one_card_row
    game = games.get_game("one-card")
    assert make_bot(game, "hard", seed=1).kit.rule == BayesRule(confidence=2.0)
    view = game.view(game.new(2, seed=1), 0)
    move = make_bot(game, "normal", seed=1).choose(view)
    assert explain(game, view, move) == "the toy's reason"
    del module.explain  # a module without reasons: the plain line
    assert explain(game, view, move) == NO_REASON
    monkeypatch.setitem(games.ROWS, "one-card", row._replace(bots=None))  # no computer players but random
    assert explain(game, view, move) == NO_REASON
    assert make_bot(game, "random", seed=1).choose(view) in game.legal_moves_from_view(view, random.Random(0))
    with pytest.raises(ValueError, match="offers no normal computer player|no computer players"):
        make_bot(game, "normal", seed=1)
