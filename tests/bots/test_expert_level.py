"""The expert level (issue 15): hard's search with four times the work, offered
only in the games whose registry row says it measured stronger than hard
(``GameRow.expert``), and refused everywhere else: by ``make_bot``, the arena,
``cardtable play``, the new-game form and a save naming it."""

from __future__ import annotations

import json

import pytest

from cardtable import games
from cardtable.bots import DEFAULT_BUDGET, EXPERT_BUDGET, EXPERT_SCALE, make_bot
from cardtable.bots.arena import level_settings, run_arena
from cardtable.commands import arena as arena_command
from cardtable.commands.common import Parser, UsageError
from cardtable.games import GAME_IDS, get_game, get_row
from cardtable.tui.setup import seat_choices

#: where expert is offered today (docs/bots.md, "The decision rule and the expert level, issue 15")
OFFERED = {game_id for game_id in GAME_IDS if get_row(game_id).expert}


@pytest.fixture(params=[True, False], ids=["offered", "not-offered"])
def offered(request, monkeypatch):
    """Every game, with its row saying expert is (or is not) offered: both branches tested
    whatever the measurements decided."""
    for game_id in GAME_IDS:
        monkeypatch.setitem(games.ROWS, game_id, get_row(game_id)._replace(expert=request.param))
    return request.param


def test_expert_is_offered_where_it_measured_stronger_than_hard_and_nowhere_else():
    # One Too Many: expert (120 states) beat hard (30) 58.3% (52.7-63.8%) over 300 games;
    # Shed: expert (40 states) beat hard (10) 61.0% (55.4-66.4%) over 300 games (docs/bots.md, Decisions);
    # One-Card: not measured stronger (docs/bots.md), so not offered
    assert OFFERED == {"one-too-many", "shed"}
    for game_id in OFFERED:
        assert "expert" in get_row(game_id).levels
        assert "expert" in [kind for _, kind in seat_choices(game_id)]
        assert make_bot(get_game(game_id), "expert").level == "expert"
    for game_id in ("one-card",):
        assert "expert" not in get_row(game_id).levels
        assert "expert" not in [kind for _, kind in seat_choices(game_id)]
        with pytest.raises(ValueError, match="offers no expert"):
            make_bot(get_game(game_id), "expert")


def test_the_levels_a_row_offers():
    for game_id in GAME_IDS:
        levels = get_row(game_id).levels
        assert levels[:4] == ("random", "easy", "normal", "hard")
        assert ("expert" in levels) == (game_id in OFFERED)
    assert games.SEAT_KINDS[-1] == "expert" and "expert" in games.LEVELS


def test_make_bot_gives_expert_only_where_offered(offered):
    for game_id in GAME_IDS:
        game = get_game(game_id)
        if offered:
            bot = make_bot(game, "expert", seed=1)
            assert bot.level == "expert" and bot.budget == EXPERT_BUDGET == 4 * DEFAULT_BUDGET
            assert make_bot(game, "hard", seed=1).budget == DEFAULT_BUDGET
        else:
            with pytest.raises(ValueError, match=f"{game.name} offers no expert computer player"):
                make_bot(game, "expert", seed=1)


def test_the_new_game_choices_follow_the_row(offered):
    for game_id in GAME_IDS:
        kinds = [kind for _, kind in seat_choices(game_id)]
        assert kinds[:5] == ["human", "random", "easy", "normal", "hard"]
        assert ("expert" in kinds) == offered
        assert ("Expert bot", "expert") in seat_choices(game_id) or not offered


def test_the_arena_gives_expert_four_times_hards_work():
    assert EXPERT_SCALE == arena_command.ARENA_EXPERT_SCALE == 4
    from cardtable.bots import RULES

    assert arena_command.ARENA_RULES == RULES  # copied so that building the parser imports no bot
    assert level_settings("expert", {"iterations": 8}) == {"iterations": 32}
    assert level_settings("expert", {"iterations": 8, "expert_iterations": 20}) == {"iterations": 20}
    assert level_settings("expert", {"budget": 0.5}) == {"budget": 2.0}
    assert level_settings("expert", {}) == {}  # its own default: 4 s
    assert level_settings("hard", {"iterations": 8, "expert_iterations": 20, "rule": "bayes"}) == {
        "iterations": 8,
        "rule": "bayes",
    }
    assert level_settings("normal", {"iterations": 8}) == {}
    text = arena_command.search_text(["expert", "hard"], {"iterations": 8}, summary=False)
    assert text == "hard: 8 sampled states per decision; expert: 32 sampled states per decision"
    assert arena_command.search_text(["expert", "normal"], {}, summary=False) == "expert: budget 4 s per decision"


def _args(*argv):
    parser = Parser()
    arena_command.add_arguments(parser)
    return parser.parse_args(argv)


def test_the_arena_refuses_expert_where_not_offered(offered):
    argv = (
        "one-too-many",
        "--players",
        "2",
        "--seats",
        "expert,hard",
        "--games",
        "2",
        "--iterations",
        "1",
        "--expert-iterations",
        "1",
        "--json",
    )
    if offered:
        return  # played in test_an_expert_arena_game below
    with pytest.raises(UsageError, match="unknown level 'expert'"):
        arena_command.run(_args(*argv))


def test_expert_iterations_need_an_expert_seat():
    with pytest.raises(UsageError, match="--expert-iterations needs an expert seat"):
        arena_command.run(
            _args("shed", "--players", "2", "--seats", "hard,normal", "--games", "2", "--expert-iterations", "3")
        )


@pytest.mark.slow
def test_an_expert_arena_game(monkeypatch, capsys):
    monkeypatch.setitem(games.ROWS, "one-too-many", get_row("one-too-many")._replace(expert=True))
    code = arena_command.run(
        _args(
            "one-too-many",
            "--players",
            "2",
            "--seats",
            "expert,hard",
            "--games",
            "2",
            "--iterations",
            "1",
            "--seed",
            "3",
            "--rule",
            "fixed",
            "--json",
        )
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hard"] == {"iterations": 1} and data["expert"] == {"iterations": 4}
    # the samples each level's searched decisions took (the fixed rule: exactly N): expert's are four times hard's
    assert data["levels"]["hard"]["samples"]["mean"] == 1
    assert data["levels"]["expert"]["samples"]["mean"] == 4


def test_the_arena_reports_the_samples_per_searched_decision():
    summary = run_arena("one-too-many", 2, ["hard", "normal"], 2, seed=2, settings={"iterations": 3, "rule": "bayes"})
    samples = summary["levels"]["hard"]["samples"]
    assert samples["searched"] > 0 and 2 <= samples["mean"] <= 6  # least 2 (at least two), most 2 x 3
    assert "samples" not in summary["levels"]["normal"]
    assert summary["rule"] == "bayes"


def test_cardtable_play_refuses_expert_where_not_offered(offered):
    from cardtable.commands import play

    parser = Parser()
    play.add_arguments(parser)
    args = parser.parse_args(["shed", "--seats", "human,expert"])
    if offered:
        return
    with pytest.raises(UsageError, match="Shed offers no expert computer player"):
        play.run(args)


def test_a_save_with_an_expert_seat_loads_only_where_expert_is_offered(offered):
    from cardtable.session import Seat, Session
    from cardtable.storage.saves import DamagedSave, SaveFile, parse_save

    session = Session.start("shed", [Seat("Ann", "human"), Seat("Bob", "hard")], None, seed=5)
    data = json.loads(SaveFile.snapshot(session).to_json())
    data["seats"][1]["kind"] = "expert"
    raw = json.dumps(data).encode()
    if offered:
        assert parse_save(raw).seats[1].kind == "expert"
    else:
        with pytest.raises(DamagedSave, match="shed offers no expert computer player"):
            parse_save(raw)
