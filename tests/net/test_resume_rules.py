"""A hosted table keeps its stand-in and its turn clock: ``cardtable host --resume`` brings
them back as they were set, what the command line gives again replaces them, and a table
saved before they were kept resumes with both off."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import build_parser
from cardtable.commands.common import UsageError
from cardtable.commands.host import resume_table
from cardtable.net.hosting import HostedTable
from cardtable.net.standin import StandInRules
from cardtable.net.tokens import load_tokens, tokens_path


def hosted_and_left(rules: StandInRules | None) -> str:
    """A table opened (as ``cardtable host`` opens it) and the host gone: its save id."""
    table = HostedTable.new("one-card", ["Ann", "Bob"], ["remote", "easy"], {"target": 40}, 5, rules=rules)
    table.saver.release()
    return table.saver.save_id


def resumed(save_id: str, *argv: str) -> HostedTable:
    table = resume_table(build_parser().parse_args(["host", "--resume", save_id, *argv]))
    table.saver.release()
    return table


def test_a_resumed_table_has_the_stand_in_and_the_clock_it_was_opened_with():
    rules = StandInRules("easy", away_after=7.5, turn_time=30.0)
    save_id = hosted_and_left(rules)
    assert load_tokens(save_id).rules == {"level": "easy", "away_after": 7.5, "turn_time": 30.0}
    assert resumed(save_id).rules == rules
    assert resumed(save_id).hub.attendance.rules == rules


def test_what_the_command_line_gives_again_replaces_what_was_kept_and_is_kept_in_turn():
    save_id = hosted_and_left(StandInRules("easy", away_after=7.5, turn_time=30.0))
    assert resumed(save_id, "--turn-time", "12").rules == StandInRules("easy", 7.5, 12.0)
    assert resumed(save_id, "--stand-in", "normal").rules == StandInRules("normal", 7.5, 12.0)
    with pytest.raises(UsageError, match="unknown level 'wizard'"):
        resumed(save_id, "--stand-in", "wizard")
    assert resumed(save_id).rules == StandInRules("normal", 7.5, 12.0)  # (the refused one changed nothing)


def test_a_table_saved_before_the_rules_were_kept_resumes_with_both_off():
    save_id = hosted_and_left(None)
    path = tokens_path(save_id)
    data = json.loads(path.read_text())
    del data["rules"]
    path.write_text(json.dumps(data))
    assert resumed(save_id).rules == StandInRules()


def test_a_saved_level_the_game_has_not_is_refused_in_words_and_given_again_is_fine():
    save_id = hosted_and_left(None)
    path = tokens_path(save_id)
    data = json.loads(path.read_text())
    data["rules"] = {"level": "wizard"}
    path.write_text(json.dumps(data))
    with pytest.raises(UsageError, match="the saved table's stand-in .*unknown level 'wizard'"):
        resumed(save_id)
    assert resumed(save_id, "--stand-in", "easy").rules == StandInRules("easy")


@pytest.mark.parametrize(
    "rules",
    [
        {"level": 3},
        {"away_after": -1},
        {"turn_time": "soon"},
        {"turn_time": True},
        {"away_after": float("nan")},
        {"away_after": float("inf")},
        {"turn_time": 1e9},
        {"colour": "red"},
        "fast",
        [1, 2],
    ],
)
def test_rules_that_make_no_sense_are_reported_by_the_files_name(rules):
    save_id = hosted_and_left(None)
    path = tokens_path(save_id)
    data = json.loads(path.read_text())
    data["rules"] = rules
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=str(path)):
        load_tokens(save_id)
