"""One-Card scenario tests with stacked decks: the deal and the up-card, the
empty draw pile, scoring, the dealer's rotation and the end of the game.

Every game here starts with seed 0, whose dealer is the last seat, so seat 0
leads.
"""

from __future__ import annotations

import dataclasses

import pytest
from one_card_helpers import c, cards, play, start  # noqa: F401

from cardtable.core.cards import Suit, multi_deck
from cardtable.games.one_card import (
    ALL_CARDS,
    GAME,
    Draw,
    Pass,
    Play,
    card_points,
    deal_size,
    named,
    stacked_deck,
)
from cardtable.games.one_card.deal import deal
from cardtable.games.one_card.options import Options
from cardtable.games.one_card.tables import card_ids


def with_totals(state, totals):
    state = named(state)
    return state._replace(table=dataclasses.replace(state.table, totals=tuple(totals)))


# -- cards and the deal ---------------------------------------------------------------


def test_three_decks_of_54_cards():
    assert ALL_CARDS == multi_deck(3, jokers=True)
    assert len(ALL_CARDS) == 162 and sum(1 for x in ALL_CARDS if x.suit is None) == 6
    s = named(GAME.new(4, seed=5))
    assert sorted(GAME.all_cards(s)) == sorted(ALL_CARDS)


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 5), (8, 5)])
def test_hand_sizes(players, size):
    s = named(GAME.new(players, seed=1))
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.pile) == 162 - size * players - 1
    assert deal_size(players, Options()) == size


def test_hand_size_option():
    s = named(GAME.new(3, {"hand_size": 9}, seed=1))
    assert [len(h) for h in s.hands] == [9, 9, 9]


def test_players_from_two_to_eight():
    from cardtable.core.engine import BadOptions

    for players in (1, 9):
        with pytest.raises(BadOptions):
            GAME.new(players)


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left():
    deck = cards("2C 3C 4C 5C 6C 8C 9D") + [x for x in ALL_CARDS if x not in cards("2C 3C 4C 5C 6C 8C 9D")]
    s = named(GAME.new(3, {"hand_size": 2}, seed=0, deck=deck))  # dealer: seat 2
    assert s.table.dealer == 2 and s.turn == 0
    assert [s.hand(seat) for seat in range(3)] == [tuple(cards("2C 5C")), tuple(cards("3C 6C")), tuple(cards("4C 8C"))]
    assert s.top == c("9D") and len(s.discard) == 1


def test_the_first_dealer_is_random_and_the_left_player_leads():
    dealers = {named(GAME.new(4, seed=seed)).table.dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(10):
        s = named(GAME.new(4, seed=seed))
        assert s.turn == (s.table.dealer + 1) % 4 and s.direction == 1


def test_a_stacked_deck_must_hold_one_card_games_cards():
    from cardtable.core.engine import BadOptions

    with pytest.raises(BadOptions, match="twice"):
        GAME.new(2, {"hand_size": 1}, deck=cards("2C 2C 3C 4C"))
    with pytest.raises(BadOptions, match="not in One-Card's three decks"):
        GAME.new(2, {"hand_size": 1}, deck=cards("2C 3C 4C#3"))
    with pytest.raises(BadOptions, match="at least 3 cards"):
        GAME.new(2, {"hand_size": 1}, deck=cards("2C 3C RJ BJ"))


# -- the up-card ---------------------------------------------------------------------


@pytest.mark.parametrize("up", ["2S", "AS", "JS", "QS", "KS", "3S"])
def test_the_up_cards_power_is_ignored(up):
    s = start(["9S 5H", "4D 4C", "6D 6C"], up)
    assert (s.pending, s.jack, s.king, s.direction, s.turn) == (0, False, False, 1, 0)
    assert set(GAME.legal_moves(s, 0)) == {Play(c("9S")), Draw()}


def test_an_up_card_seven_keeps_its_own_suit():
    s = start(["9H 5S", "4D 4C", "6D 6C"], "7H")
    assert s.suit == Suit.HEARTS
    assert set(GAME.legal_moves(s, 0)) == {Play(c("9H")), Draw()}


def test_a_joker_up_card_goes_back_into_the_pile_and_another_is_turned():
    s = start(["9H 5S", "4D 4C", "6D 6C"], "RJ", pile="BJ 9C")
    zones = GAME.zones(s)
    assert zones["discard"] == (c("9C"),) and s.suit == Suit.CLUBS
    assert c("RJ") in zones["deck"] and c("BJ") in zones["deck"]
    assert len(s.pile) == 162 - 6 - 1


def test_a_joker_up_card_is_reported_in_the_deal_events():
    s = start(["9H 5S", "4D 4C", "6D 6C"], "9C")
    order = cards("2C 3C 4C 5C 6C 8C RJ 9D") + [x for x in ALL_CARDS if x not in cards("2C 3C 4C 5C 6C 8C RJ 9D")]
    dealt, events = deal(s.table, card_ids(order))
    assert [e.kind for e in events] == ["deal", "upcard_joker", "upcard"]
    assert events[1].get("card") == "RJ" and events[2].get("card") == "9D"
    assert GAME.zones(dealt)["discard"] == (c("9D"),) and c("RJ") in GAME.zones(dealt)["deck"]


# -- an empty draw pile and blocked hands -------------------------------------------------


def test_passes_on_an_empty_pile_block_the_hand_and_everyone_scores():
    s = start(["4D 4H", "5D 5H", "6D 9S"], "9C", rest=False)
    assert len(s.pile) == 0
    assert set(GAME.legal_moves(s, 0)) == {Pass()}
    assert "the draw pile is empty" in GAME.why_illegal(s, 0, Draw())
    s, _ = play(s, 0, Pass())
    s, _ = play(s, 1, Pass())
    assert s.passes == 2 and GAME.view(s, 2).passes == 2
    assert Play(c("9S")) in GAME.legal_moves(s, 2)
    s, events = play(s, 2, Pass())  # passing with a good card is allowed on an empty pile
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["pass", "blocked", "hand_end"]
    end = events[2]
    assert end.get("blocked") is True and end.get("winner") is None
    assert end.get("points") == (8, 10, 15)
    assert s.table.totals == (8, 10, 15) and s.table.last_points == (8, 10, 15)
    assert s.table.hand_no == 2


def test_a_play_resets_the_passes():
    s = start(["4D 4H", "5D 5H", "6D 9C"], "9S", rest=False)
    s, _ = play(s, 0, Pass())
    s, _ = play(s, 1, Pass())
    s, _ = play(s, 2, Play(c("9C")))
    assert s.passes == 0 and s.table.hand_no == 1


def test_losing_a_turn_to_a_jack_is_not_a_pass():
    s = start(["JS 4H", "5D 5H", "6D 6H"], "9S", rest=False)
    s, _ = play(s, 0, Play(c("JS")))
    s, _ = play(s, 1, Pass())
    assert s.passes == 0 and s.turn == 2


# -- scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "points"),
    [("7C", 50), ("7H", 50), ("JD", 30), ("QS", 30), ("2H", 10), ("AH", 15), ("AC", 15), ("AD", 15),
     ("AS", 25), ("BJ", 35), ("RJ", 50), ("KC", 20), ("3D", 20), ("4S", 4), ("5H", 5), ("6C", 6),
     ("8D", 8), ("9S", 9), ("10H", 10)],
)  # fmt: skip
def test_card_values(code, points):
    assert card_points(c(code)) == points


def test_every_card_has_a_value():
    values = {card_points(x) for x in ALL_CARDS}
    assert values == {4, 5, 6, 8, 9, 10, 15, 20, 25, 30, 35, 50}


def test_the_winner_scores_zero_and_the_others_their_hands():
    s = start(["9H", "7C", "AS"], "9S", pile="")
    s, events = play(s, 0, Play(c("9H")))
    end = next(e for e in events if e.kind == "hand_end")
    assert end.get("winner") == 0 and end.get("points") == (0, 50, 25)
    assert s.table.totals == (0, 50, 25) and s.table.last_winner == 0


def test_a_hand_is_scored_card_by_card():
    s = start(["9H 9D", "BJ RJ", "JD QD"], "9S", pile="4C 5C")
    s, _ = play(s, 0, Play(c("9H")))
    s, _ = play(s, 1, Draw())
    s, _ = play(s, 2, Draw())
    s, events = play(s, 0, Play(c("9D")))
    end = next(e for e in events if e.kind == "hand_end")
    assert end.get("points") == (0, 35 + 50 + 4, 30 + 30 + 5)


def test_points_add_up_over_hands():
    s = start(["9H", "7C", "AS"], "9S")
    s = with_totals(s, (100, 10, 20))
    s, _ = play(s, 0, Play(c("9H")))
    assert s.table.totals == (100, 60, 45) and s.table.last_points == (0, 50, 25)


# -- the dealer's rotation ---------------------------------------------------------------


def test_the_deal_rotates_clockwise_and_the_next_hand_is_dealt_automatically():
    s = start(["9H", "7C", "AS"], "9S")
    assert s.table.dealer == 2
    s, events = play(s, 0, Play(c("9H")))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["play", "hand_end"] and kinds[2] == "deal" and kinds[-1] == "upcard"
    assert s.table.dealer == 0 and s.turn == 1 and s.table.hand_no == 2
    assert events[2].get("dealer") == 0 and events[2].get("leader") == 1
    assert [len(h) for h in s.hands] == [1, 1, 1] and not GAME.invariant_violations(s)


def test_every_hand_starts_clockwise_with_nothing_pending():
    s = start(["QS 9S", "5D 5H", "6D 6S"], "9S#1")
    s, _ = play(s, 0, Play(c("QS")))  # reverses: seat 2 is next
    assert s.direction == -1 and s.turn == 2
    s, _ = play(s, 2, Play(c("6S")))
    s, _ = play(s, 1, Draw())
    assert s.turn == 0 and s.direction == -1
    s, _ = play(s, 0, Play(c("9S")))  # goes out
    assert s.table.hand_no == 2 and s.direction == 1 and s.turn == 1


def test_the_dealer_keeps_rotating():
    s = named(GAME.new(3, {"hand_size": 1}, seed=0, deck=stacked_deck(3, [[c("9S")], [c("4D")], [c("6D")]], c("9H"))))
    dealers = [s.table.dealer]
    while len(dealers) < 5 and not GAME.is_over(s):
        before = s.table.hand_no
        while s.table.hand_no == before and not GAME.is_over(s):
            s = named(GAME.apply(s, s.turn, GAME.legal_moves(s, s.turn)[0])[0])
        dealers.append(s.table.dealer)
    assert dealers == [2, 0, 1, 2, 0][: len(dealers)] and len(dealers) >= 3


# -- the end of the game ---------------------------------------------------------------


def test_the_game_ends_after_the_hand_that_reaches_the_target():
    s = start(["9H", "7C", "AS"], "9S", target=50)
    s, events = play(s, 0, Play(c("9H")))
    assert GAME.is_over(s) and GAME.to_act(s) == () and GAME.legal_moves(s, 0) == []
    assert [e.kind for e in events] == ["play", "hand_end", "game_end"]
    out = GAME.outcome(s)
    assert out.points == (0, 50, 25) and out.places == (1, 3, 2) and out.winners() == (0,)
    assert out.reasons[0] == "lowest total: 0 points"


def test_the_game_goes_on_below_the_target():
    s = start(["9H", "7C", "AS"], "9S", target=51)
    s, events = play(s, 0, Play(c("9H")))
    assert not GAME.is_over(s) and "game_end" not in [e.kind for e in events]


def test_the_lowest_total_wins_not_the_hands_winner():
    s = with_totals(start(["9H", "7C", "4S"], "9S", target=100), (90, 0, 0))
    s, _ = play(s, 0, Play(c("9H")))
    assert s.table.totals == (90, 50, 4)
    assert not GAME.is_over(s)
    s = with_totals(start(["9H", "7C", "4S"], "9S", target=100), (90, 60, 0))
    s, _ = play(s, 0, Play(c("9H")))
    assert GAME.outcome(s).places == (2, 3, 1)


def test_ties_share_the_win():
    s = with_totals(start(["9H", "7C", "KD"], "9S", target=50), (20, 0, 0))
    s, events = play(s, 0, Play(c("9H")))
    assert s.table.totals == (20, 50, 20)
    out = GAME.outcome(s)
    assert out.places == (1, 3, 1) and out.winners() == (0, 2)
    assert "tied with seat 3" in out.reasons[0]
    assert events[-1].kind == "game_end" and "share the win" in events[-1].text
    assert events[-1].get("winners") == (0, 2)


def test_a_blocked_hand_can_end_the_game():
    s = start(["4D 4H", "5D 5H", "6D 6H"], "9C", rest=False, target=12)
    for seat in range(3):
        s, events = play(s, seat, Pass())
    assert GAME.is_over(s) and GAME.outcome(s).places == (1, 2, 3)
