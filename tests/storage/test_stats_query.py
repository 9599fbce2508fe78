"""The statistics' queries: streaks, head-to-head, recent games, and a finished
game filed with its record (moves, undos, hints, options, seed, duration)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from storage_helpers import FakeGame, play_to_end, start

from cardtable.core.engine import Outcome
from cardtable.core.record import HintMark, UndoMark
from cardtable.storage.autosave import Autosaver
from cardtable.storage.stats import StatsStore
from cardtable.storage.stats_query import streaks

HIGH, LOW = FakeGame("one-too-many"), FakeGame("one-card")
T0 = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_streaks():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True, True, True]) == (3, 3)
    assert streaks([True, True, True, False, False]) == (-2, 3)
    assert streaks([False, True, True, False, True]) == (1, 2)


def test_streaks_and_recent_results_follow_the_time_a_game_ended_not_the_order_filed():
    stats = StatsStore()
    # filed out of order: Ann's games in time order are W W L W W W
    results = {3: True, 0: True, 5: True, 2: False, 1: True, 4: True}
    for minute, ann_won in results.items():
        places = (1, 2) if ann_won else (2, 1)
        stats.record_game(f"g{minute}", HIGH, ["Ann", "Bob"], Outcome(places, (10 + minute, 5)), when=at(minute))
    ann = next(r for r in stats.rows()[0] if r.player == "Ann")
    bob = next(r for r in stats.rows()[0] if r.player == "Bob")
    assert ann.recent_text == "WWLWWW" and [r.points for r in ann.recent] == [10, 11, 12, 13, 14, 15]
    assert (ann.current_streak, ann.longest_streak, ann.streak_text) == (3, 3, "W3")
    assert (bob.current_streak, bob.longest_streak, bob.streak_text) == (-3, 1, "L3")
    assert ann.last_played == at(5)


def test_head_to_head_counts_who_finished_ahead():
    stats = StatsStore()
    stats.record_game("a", HIGH, ["Ann", "Bob", "Cleo"], Outcome((1, 2, 3), (30, 20, 10)), when=at(0))
    stats.record_game("b", HIGH, ["Ann", "Bob", "Cleo"], Outcome((3, 1, 1), (0, 40, 40)), when=at(1))
    stats.record_game("c", LOW, ["ann", "Bob"], Outcome((1, 2), (0, 50)), when=at(2))
    stats.record_game("d", LOW, ["Ann", "Bob"], Outcome((1, 2), (0, 50)), kinds=["human", "easy"], when=at(3))
    one_too_many = {
        (v.first, v.second): (v.played, v.first_ahead, v.level, v.second_ahead) for v in stats.report(HIGH.id).versus
    }
    assert one_too_many == {("Ann", "Bob"): (2, 1, 0, 1), ("Ann", "Cleo"): (2, 1, 0, 1), ("Bob", "Cleo"): (2, 1, 1, 0)}
    everything = {
        (v.first, v.second): (v.played, v.first_ahead, v.level, v.second_ahead) for v in stats.report().versus
    }
    assert everything[("Ann", "Bob")] == (3, 2, 0, 1)  # the human Bob only: the easy computer Bob is another player
    assert everything[("Bob (easy computer)", "Ann")] == (1, 0, 0, 1)
    # asking about a player puts them first
    cleo = stats.report(player="CLEO").versus
    assert {(v.first, v.second) for v in cleo} == {("Cleo", "Ann"), ("Cleo", "Bob")}
    assert next(v for v in cleo if v.second == "Bob").first_ahead == 0


def test_recent_games_most_recent_first_filtered_and_limited():
    stats = StatsStore()
    for n in range(5):
        stats.record_game(f"g{n}", HIGH, ["Ann", "Bob"], Outcome((1, 2), (n, 0)), when=at(n))
    stats.record_game("c", LOW, ["Cleo", "Dev"], Outcome((2, 1), (9, 1)), when=at(10))
    games = stats.report(games=3).games
    assert [g.key for g in games] == ["c", "g4", "g3"]
    assert games[0].players_text == "Dev* 1, Cleo 9"  # by place, the winner starred
    assert [g.key for g in stats.report(player="ann", games=10).games] == ["g4", "g3", "g2", "g1", "g0"]
    assert [g.key for g in stats.report(LOW.id).games] == ["c"]
    assert stats.report(games=0).games == []


def test_a_finished_game_is_filed_with_its_record_undos_hints_and_duration(toy):
    session = start("toy", 2, seed=5, kinds=["human", "easy"])
    saver = Autosaver(session).attach()
    rng = random.Random(3)
    player = session.to_act[0]
    session.apply(player, session.legal_moves(player)[0])
    session.undos.append(UndoMark(at=0, taken=1, player=0))
    session.hints.extend([HintMark(at=1, player=0), HintMark(at=2, player=0)])
    play_to_end(session, rng)
    assert saver.finished is not None and saver.finished.stats_recorded and saver.finished.stats_notice is None
    stats = StatsStore()
    (game,) = stats.report().games
    assert (game.game_id, game.moves, game.undos, game.hints) == ("toy", len(session.moves), 1, 2)
    assert game.seed == str(session.seed) and game.duration is not None and game.duration >= 0
    assert [(s.name, s.kind) for s in game.seats] == [("Ann", "human"), ("Bob (easy computer)", "easy")]
    assert [s.won for s in game.seats] == [p in session.outcome().winners() for p in range(2)]
    record = stats.record_of(game.id)
    assert record == session.record()  # a replay needs nothing else
    assert record.undos == session.undos and len(record.hints) == 2
    assert stats.record_of(game.id + 1) is None


def test_a_game_without_a_record_has_no_replay():
    stats = StatsStore()
    stats.record_game("bare", HIGH, ["Ann", "Bob"], Outcome((1, 2), (3, 1)))
    (game,) = stats.report().games
    assert not game.has_record and stats.record_of(game.id) is None and game.moves is None
