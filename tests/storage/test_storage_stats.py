"""Statistics per player name and game (the store's API; the database itself:
test_stats_db.py, the queries: test_stats_query.py)."""

from __future__ import annotations

from storage_helpers import FakeGame

from cardtable.core.engine import Outcome
from cardtable.storage.stats import StatsStore

HIGH, LOW = FakeGame("one-too-many"), FakeGame("one-card")


def test_results_accumulate_per_player_and_game(user_dirs):
    stats = StatsStore()
    assert stats.path == user_dirs["XDG_DATA_HOME"] / "cardtable" / "stats.sqlite3"
    assert stats.record_game("g1", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 9)))
    assert stats.record_game("g2", HIGH, [" ann ", "Bob"], Outcome((2, 1), (15, 22)))
    assert stats.record_game("g3", HIGH, ["ANN", "Bob"], Outcome((1, 1), (12, 12)))  # a shared win
    rows, notice = stats.rows()
    assert notice is None
    by_name = {r.player.casefold(): r for r in rows}
    ann = by_name["ann"]
    assert (ann.played, ann.wins, ann.points, ann.best, ann.worst) == (3, 2, 48, 21, 12)
    bob = by_name["bob"]
    assert (bob.played, bob.wins, bob.points, bob.best, bob.worst) == (3, 2, 43, 22, 9)
    assert round(ann.mean_points, 2) == 16.0 and round(bob.win_rate, 2) == 0.67


def test_low_points_win_games_rank_best_as_lowest():
    stats = StatsStore()
    stats.record_game("a", LOW, ["Ann", "Bob"], Outcome((1, 2), (40, 310)))
    stats.record_game("b", LOW, ["Ann", "Bob"], Outcome((2, 1), (305, 120)))
    stats.record_game("c", LOW, ["Ann", "Bob"], Outcome((1, 1), (200, 200)))  # tells nothing
    ann = next(r for r in stats.rows("one-card")[0] if r.player == "Ann")
    assert (ann.best, ann.worst, ann.wins) == (40, 305, 2)


def test_a_game_is_counted_once():
    stats = StatsStore()
    assert stats.record_game("same", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    assert not stats.record_game("same", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    assert all(r.played == 1 for r in stats.rows()[0])


def test_filters():
    stats = StatsStore()
    stats.record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    stats.record_game("b", LOW, ["Ann", "Cleo"], Outcome((1, 2), (0, 30)))
    assert {r.game_id for r in stats.rows("one-card")[0]} == {"one-card"}
    assert {(r.player, r.game_id) for r in stats.rows(player="ann")[0]} == {
        ("Ann", "one-too-many"),
        ("Ann", "one-card"),
    }


def test_a_broken_stats_database_is_reported_set_aside_and_replaced():
    stats = StatsStore()
    stats.path.parent.mkdir(parents=True)
    stats.path.write_text('{"format": "cardtable-stats", "players": 3')
    rows, notice = stats.rows()
    assert rows == [] and notice == (
        "statistics database stats.sqlite3 is damaged (not an SQLite database): "
        "set aside as stats.sqlite3.damaged, and a fresh one started"
    )
    assert (stats.path.parent / "stats.sqlite3.damaged").read_text().endswith("3")  # kept as it was
    assert stats.record_game("a", HIGH, ["Ann", "Bob"], Outcome((1, 2), (21, 3)))
    rows, notice = stats.rows()
    assert notice is None and len(rows) == 2


def test_a_win_is_what_the_outcome_says_in_shed_everyone_but_the_last():
    stats = StatsStore()
    shed = FakeGame("shed")
    outcome = Outcome((1, 3, 2), (2, 0, 1), ("", "", ""), won=(True, False, True))
    assert outcome.winners() == (0, 2)
    stats.record_game("s1", shed, ["Ann", "Bob", "Cleo"], outcome)
    wins = {r.player: r.wins for r in stats.rows("shed")[0]}
    assert wins == {"Ann": 1, "Bob": 0, "Cleo": 1}
