"""One Too Many: the end of the game, the ranking and every tie-break clause."""

from __future__ import annotations

import dataclasses

from cardtable.core.cards import Card, Rank, Suit, parse_card, standard_deck
from cardtable.games.one_too_many import GAME, Ask, Phase

G = GAME
CLUBS = [Card(rank, Suit.CLUBS) for rank in Rank if rank <= Rank.ACE]  # no Diamonds: order never matters


def stack(codes: str) -> list[Card]:
    top = [parse_card(c) for c in codes.split()]
    rest = [c for c in standard_deck() if c not in top]
    rest.sort(key=lambda c: (c.suit is Suit.DIAMONDS, c.suit, c.rank))
    return top + rest


def turn(state, asks):
    events = []
    for seat, count in asks.items():
        state, evs = G.apply(state, seat, Ask(count))
        events.extend(evs)
    return state, events


def ended(players, scores, passed_on, round_points):
    """A finished game with the given last-round record."""
    s = G.new(players, seed=1)
    return dataclasses.replace(
        s,
        phase=Phase.OVER,
        scores=scores,
        passed_on=passed_on,
        round_points=round_points,
        in_round=(False,) * players,
    )


# -- the end of the game ----------------------------------------------------------


def test_game_ends_after_the_round_in_which_the_target_is_reached():
    s = G.new(2, {"target": 3}, seed=1, deck=CLUBS)
    s, _ = turn(s, {0: 3, 1: 1})
    s, events = turn(s, {0: 0, 1: 2})  # p0 banks 3 = the target, but p1 is still in the round
    assert s.scores == (3, 0) and not G.is_over(s) and G.to_act(s) == (1,)
    s, events = turn(s, {1: 0})
    assert G.is_over(s) and G.to_act(s) == () and G.legal_moves(s, 1) == []
    assert [e.kind for e in events][-2:] == ["round_end", "game_end"]
    assert s.scores == (3, 3)
    out = G.outcome(s)
    # tied on points: p0 passed on turn 2, p1 on turn 3 -> the earlier pass wins
    assert out.places == (1, 2) and out.points == (3, 3)
    assert "passed on turn 2" in out.reasons[0] and "an earlier pass ranks higher" in out.reasons[0]


def test_below_the_target_a_new_round_starts():
    s = G.new(2, {"target": 4}, seed=1, deck=CLUBS)
    s, _ = turn(s, {0: 3, 1: 3})
    s, _ = turn(s, {0: 0, 1: 0})
    assert not G.is_over(s) and s.round == 2 and s.scores == (3, 3)


def test_default_target_is_21_and_20_is_allowed():
    assert G.new(2, seed=1).options.target == 21
    s = G.new(2, {"target": 20}, seed=1, deck=CLUBS)
    s = dataclasses.replace(s, scores=(19, 0))
    s, _ = turn(s, {0: 1, 1: 0})  # p0 draws 1 card
    s, _ = turn(s, {0: 0})  # ... alone, passes: 20 points
    assert G.is_over(s) and G.outcome(s).places == (1, 2)


def test_passing_on_the_same_turn_leaves_a_shared_win():
    s = G.new(2, {"target": 3}, seed=1, deck=CLUBS)
    s, _ = turn(s, {0: 3, 1: 3})
    s, _ = turn(s, {0: 0, 1: 0})
    out = G.outcome(s)
    assert G.is_over(s) and out.places == (1, 1)
    assert all("shared" in r for r in out.reasons)


def test_game_ending_on_a_bust():
    # p0 asks 4, p1 2, p2 2: p0 2C, p1 3C, p2 4C, p0 5C, p1 2D, p2 3D, p0 4D, p0 5D -> bust
    s = G.new(3, {"target": 1}, seed=1, deck=stack("2C 3C 4C 5C 2D 3D 4D 5D"))
    s, _ = turn(s, {0: 4, 1: 2, 2: 2})
    assert G.is_over(s) and s.scores == (0, 1, 1)
    out = G.outcome(s)
    # p1 and p2 did not pass and scored 1 each in the last round: shared 1st
    assert out.places == (3, 1, 1)
    assert "did not pass" in out.reasons[1] and "shared" in out.reasons[1]
    # the table is left as the round ended
    assert len(s.center) == 4 and s.piles[0] == (parse_card("5C"),)


def test_deck_empty_banking_is_not_a_pass():
    s = G.new(2, {"target": 1}, seed=1, deck=CLUBS[:5])
    s, events = turn(s, {0: 3, 1: 3})  # p0 3, p1 2, the deck is empty
    assert G.is_over(s) and s.scores == (3, 2) and s.passed_on == (0, 0)
    assert G.outcome(s).places == (1, 2)


# -- the tie-break clauses on finished games ----------------------------------------


def test_most_points_win_before_any_tie_break():
    s = ended(2, scores=(25, 21), passed_on=(0, 1), round_points=(0, 5))
    out = G.outcome(s)
    assert out.places == (1, 2)
    assert out.reasons == ("1st with 25 points.", "2nd with 21 points.")


def test_earlier_pass_wins_a_tie():
    s = ended(3, scores=(21, 21, 9), passed_on=(4, 2, 1), round_points=(6, 3, 1))
    out = G.outcome(s)
    assert out.places == (2, 1, 3)
    assert "seat 2 passed on turn 2" in out.reasons[0] and "seat 1 passed on turn 4" in out.reasons[0]
    assert "an earlier pass ranks higher" in out.reasons[1]


def test_same_pass_turn_stays_tied():
    s = ended(3, scores=(21, 21, 23), passed_on=(2, 2, 3), round_points=(6, 3, 1))
    out = G.outcome(s)
    assert out.places == (2, 2, 1)
    assert "shared" in out.reasons[0] and "shared" in out.reasons[1]


def test_not_passing_ranks_below_passing():
    s = ended(2, scores=(22, 22), passed_on=(0, 5), round_points=(9, 1))
    out = G.outcome(s)
    assert out.places == (2, 1)  # more round points do not help a non-passer against a passer
    assert "not passing ranks below passing" in out.reasons[0]


def test_between_non_passers_more_last_round_points_win():
    s = ended(3, scores=(22, 22, 22), passed_on=(0, 0, 0), round_points=(0, 4, 2))
    out = G.outcome(s)
    assert out.places == (3, 1, 2)
    assert "more points in the last round ranks higher" in out.reasons[2]
    assert "seat 2 did not pass and scored 4" in out.reasons[0]


def test_non_passers_with_equal_last_round_points_share():
    s = ended(2, scores=(21, 21), passed_on=(0, 0), round_points=(3, 3))
    out = G.outcome(s)
    assert out.places == (1, 1) and "shared" in out.reasons[0]


def test_all_clauses_together():
    # 5 seats on 21: two passers (turns 1 and 3), three non-passers (round points 4, 4, 0)
    s = ended(6, scores=(21, 21, 21, 21, 21, 30), passed_on=(3, 0, 1, 0, 0, 2), round_points=(5, 4, 2, 4, 0, 9))
    out = G.outcome(s)
    assert out.places == (3, 4, 2, 4, 6, 1)
    assert out.winners() == (5,)
