"""One Too Many: scenario tests with stacked decks, one rule per test.

Decks are given top card first. ``stack("4D 5D")`` puts those cards on top and
the rest of the 52 cards below them, non-Diamonds first, so the cards after
the stacked ones never bust by accident. A pass shuffles the deck with the
state's Rng, so tests that need a known order stack things so that nobody
passes before the rule under test, or use a deck without Diamonds, where the
order does not matter.
"""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.core.cards import Card, Suit, parse_card, standard_deck
from cardtable.core.engine import IllegalMove
from cardtable.core.secret import CHOSEN
from cardtable.games import get_game
from cardtable.games.one_too_many import GAME, Ask, Phase, Redo, longest_run, longest_run_cards, rank_mask

G = GAME


def cards(codes: str) -> list[Card]:
    return [parse_card(code) for code in codes.split()]


def stack(codes: str = "") -> list[Card]:
    top = cards(codes)
    rest = [c for c in standard_deck() if c not in top]
    rest.sort(key=lambda c: (c.suit is Suit.DIAMONDS, c.suit, c.rank))
    return top + rest


def turn(state, asks):
    """Every seat in ``asks`` chooses its number; returns the state and all events."""
    events = []
    for seat, count in asks.items():
        state, evs = G.apply(state, seat, Ask(count))
        events.extend(evs)
    return state, events


def decide(state, uses):
    events = []
    for seat, use in uses.items():
        state, evs = G.apply(state, seat, Redo(use))
        events.extend(evs)
    return state, events


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def drawn(events):
    return [(e.get("seat"), parse_card(e.get("card"))) for e in kinds(events, "draw")]


# -- registry and setup ---------------------------------------------------------


def test_registered_and_player_counts():
    assert get_game("one-too-many") is G
    s = G.new(2, seed=1)
    assert len(s.deck) == 52 and all(c.suit is not None for c in s.deck)
    G.new(6, seed=1)
    for bad in (1, 7):
        with pytest.raises(ValueError):
            G.new(bad, seed=1)


def test_explicit_deck_order_is_used_top_first():
    s = G.new(2, seed=1, deck=stack("2C 3C"))
    assert s.deck[:2] == tuple(cards("2C 3C"))
    s, events = turn(s, {0: 1, 1: 1})
    assert drawn(events) == [(0, parse_card("2C")), (1, parse_card("3C"))]


# -- runs and the bust ----------------------------------------------------------


def test_run_helpers_ace_high_and_low_never_wrapping():
    assert longest_run(rank_mask(cards("AD 2D 3D"))) == 3
    assert longest_run(rank_mask(cards("QD KD AD"))) == 3
    assert longest_run(rank_mask(cards("KD AD 2D"))) == 2
    assert longest_run(rank_mask(cards("2D 4D 6D"))) == 1
    assert longest_run(0) == 0
    assert longest_run_cards(cards("9D 4D 5D 6D 2D")) == tuple(cards("4D 5D 6D"))


def test_run_of_players_plus_one_busts_and_run_of_players_does_not():
    s = G.new(2, seed=1, deck=stack("4D 5D 6D"))
    s, events = turn(s, {0: 1, 1: 1})
    assert s.center == tuple(cards("4D 5D"))  # a run of 2 = the number of players
    assert not kinds(events, "bust") and s.round == 1 and s.turn == 2
    s, events = turn(s, {0: 1, 1: 0})
    assert kinds(events, "bust") and s.round == 2


def test_bust_length_grows_with_players():
    # 3 players: 4 in a row busts, 3 in a row does not
    s = G.new(3, seed=1, deck=stack("4D 5D 6D 7D"))
    s, events = turn(s, {0: 1, 1: 1, 2: 1})
    assert not kinds(events, "bust") and len(s.center) == 3
    assert G.view(s, 0).bust_length == 4 and G.view(s, 0).longest_run == 3
    s, events = turn(s, {0: 1, 1: 0, 2: 0})
    assert kinds(events, "bust")


@pytest.mark.parametrize("run", ["AD 2D 3D", "QD KD AD"])
def test_ace_low_and_ace_high_runs_bust(run):
    s = G.new(2, seed=1, deck=stack(run))
    s, events = turn(s, {0: 3, 1: 0})
    bust = kinds(events, "bust")
    assert bust and set(bust[0].get("run")) == {c.code for c in cards(run)}


def test_king_ace_two_does_not_bust():
    s = G.new(2, seed=1, deck=stack("KD AD 2D"))
    s, events = turn(s, {0: 3, 1: 3})
    assert not kinds(events, "bust")
    assert s.round == 1 and set(s.center) == set(cards("KD AD 2D"))


def test_drawing_stops_the_instant_the_run_forms():
    # round robin: p0 2C, p1 4D, p0 3C, p1 5D, p0 4C, p1 6D -> bust; 5C is never drawn
    s = G.new(2, seed=1, deck=stack("2C 4D 3C 5D 4C 6D 5C 7C"))
    s, events = turn(s, {0: 5, 1: 4})
    assert [c.code for _, c in drawn(events)] == ["2C", "4D", "3C", "5D", "4C", "6D"]
    assert [e.kind for e in events].index("bust") == [e.kind for e in events].index("draw") + 6
    # p0 asked for the most: scores nothing, keeps the top card of the pile (4C)
    assert s.scores == (0, 0)
    assert s.kept[0] == parse_card("4C") and s.piles[0] == (parse_card("4C"),)


def test_the_greediest_score_nothing_keep_top_card_and_get_a_redo_others_bank():
    # 3 players; p0 asks 4, p1 asks 2, p2 asks 2
    # p0 2C, p1 3C, p2 4C, p0 5C, p1 2D, p2 3D, p0 4D, p0 5D -> bust (2-3-4-5)
    s = G.new(3, seed=1, deck=stack("2C 3C 4C 5C 2D 3D 4D 5D"))
    s, events = turn(s, {0: 4, 1: 2, 2: 2})
    assert kinds(events, "bust")
    greedy = kinds(events, "greediest")
    assert [e.get("seat") for e in greedy] == [0]
    assert s.scores == (0, 1, 1)  # p1 and p2 bank their one non-Diamond each
    assert s.passed_on == (0, 0, 0)  # banking at a bust is not a pass
    # the next round: p0's pile starts with its kept top card, p0 alone holds a Redo
    assert s.round == 2 and s.first == 1
    assert s.piles == ((parse_card("5C"),), (), ())
    assert s.kept == (parse_card("5C"), None, None)
    assert s.redo == (True, False, False)
    assert len(s.deck) == 51


def test_kept_card_counts_when_banked_next_round():
    s = G.new(2, seed=1, deck=stack("2C 3D 4D 5D"))
    s, events = turn(s, {0: 4, 1: 2})  # p0 2C, p1 3D, p0 4D, p1 5D -> bust; p0 greediest
    assert kinds(events, "bust") and s.piles[0] == (parse_card("2C"),)
    s, events = turn(s, {0: 0, 1: 0})  # p0 holds a Redo but sees only a pass: no Redo step
    assert not kinds(events, "redo")
    assert s.scores == (1, 0)
    assert {e.get("seat"): e.get("points") for e in kinds(events, "pass")} == {0: 1, 1: 0}


def test_two_players_tie_as_greediest():
    # p0 2C, p1 3D, p2 2H, p0 3C, p1 4D, p2 3H, p0 5D, p1 6D -> bust (3-4-5-6)
    s = G.new(3, seed=1, deck=stack("2C 3D 2H 3C 4D 3H 5D 6D"))
    s, events = turn(s, {0: 3, 1: 3, 2: 2})
    assert sorted(e.get("seat") for e in kinds(events, "greediest")) == [0, 1]
    assert s.scores == (0, 0, 2)
    assert s.redo == (True, True, False)
    assert s.kept[0] == parse_card("3C")


def test_greediest_with_an_empty_pile_keeps_nothing_but_gets_a_redo():
    # p1 draws only Diamonds: 3D, 4D, 6D
    s = G.new(3, seed=1, deck=stack("2C 3D 2H 3C 4D 3H 5D 6D"))
    s, events = turn(s, {0: 3, 1: 3, 2: 2})
    e1 = [e for e in kinds(events, "greediest") if e.get("seat") == 1][0]
    assert e1.get("kept") is None and "no card to keep" in e1.text
    assert s.piles[1] == () and s.kept[1] is None and s.redo[1] is True


def test_asking_the_most_makes_greediest_even_without_drawing():
    # turn 1: p0 2D, p1 3D, p2 2C; turn 2 asks 2/1/2: p0 4D, p1 5D -> bust before p2 draws
    s = G.new(3, seed=1, deck=stack("2D 3D 2C 4D 5D"))
    s, events = turn(s, {0: 1, 1: 1, 2: 1})
    assert not kinds(events, "bust")  # p2 drew 2C: only 2-3 in the center
    s, events = turn(s, {0: 2, 1: 1, 2: 2})  # p0 4D, p1 5D -> bust before p2 draws
    assert [(seat, c.code) for seat, c in drawn(events)] == [(0, "4D"), (1, "5D")]
    assert sorted(e.get("seat") for e in kinds(events, "greediest")) == [0, 2]
    assert s.scores == (0, 0, 0) and s.kept[2] == parse_card("2C")


# -- choosing numbers -----------------------------------------------------------


def test_limits_ten_on_the_first_turn_then_five():
    s = G.new(2, seed=1, deck=stack())
    assert G.legal_moves(s, 0) == [Ask(n) for n in range(11)]
    with pytest.raises(IllegalMove, match="at most 10 cards on the first turn"):
        G.apply(s, 0, Ask(11))
    s, _ = turn(s, {0: 1, 1: 1})
    assert s.turn == 2 and G.view(s, 0).limit == 5
    assert G.legal_moves(s, 0) == [Ask(n) for n in range(6)]
    with pytest.raises(IllegalMove, match="at most 5 cards after the first turn"):
        G.apply(s, 0, Ask(6))
    with pytest.raises(IllegalMove, match="fewer than 0"):
        G.apply(s, 0, Ask(-1))


def test_limits_are_options():
    s = G.new(2, {"first_turn_limit": 3, "later_turn_limit": 2}, seed=1, deck=stack())
    assert max(m.count for m in G.legal_moves(s, 0)) == 3
    s, _ = turn(s, {0: 1, 1: 1})
    assert max(m.count for m in G.legal_moves(s, 0)) == 2


def test_lone_player_may_not_ask_for_exactly_one():
    s = G.new(2, seed=1, deck=stack())
    assert Ask(1) in G.legal_moves(s, 0)  # two in the round: 1 is fine
    s, _ = turn(s, {0: 2, 1: 0})  # p1 passes with an empty pile
    assert s.in_round == (True, False) and G.to_act(s) == (0,)
    legal = G.legal_moves(s, 0)
    assert Ask(1) not in legal and Ask(0) in legal and Ask(2) in legal
    with pytest.raises(IllegalMove, match="alone in the round"):
        G.apply(s, 0, Ask(1))


def test_numbers_are_secret_until_everyone_has_chosen():
    s = G.new(3, seed=1, deck=stack())
    s, events = G.apply(s, 1, Ask(4))
    public = [e for e in events if e.visible(None)]
    assert public and all("4" not in e.text for e in public)
    assert [e for e in events if e.visible_to == frozenset({1})][0].get("count") == 4
    assert G.view(s, 1).choices == ((1, 4),)
    assert G.view(s, 0).choices == ((1, CHOSEN),)
    assert G.view(s, None).choices == ((1, CHOSEN),)
    assert G.to_act(s) == (0, 2)
    with pytest.raises(IllegalMove):
        G.apply(s, 1, Ask(3))  # already chosen
    s, events = turn(s, {0: 2, 2: 0})
    reveal = kinds(events, "reveal")[0]
    assert dict(reveal.get("asks")) == {0: 2, 1: 4, 2: 0}
    assert G.view(s, 0).last_reveal == (2, 4, 0) == G.view(s, None).last_reveal


def test_draw_order_is_one_card_at_a_time_from_the_first_seat():
    s = G.new(3, seed=1, deck=stack())
    s, events = turn(s, {0: 3, 1: 1, 2: 2})
    assert [seat for seat, _ in drawn(events)] == [0, 1, 2, 0, 2, 0]


def test_first_seat_rotates_each_round():
    s = G.new(2, seed=1, deck=stack())
    s, _ = turn(s, {0: 0, 1: 0})
    assert s.round == 2 and s.first == 1
    s, events = turn(s, {0: 2, 1: 2})
    seats = [seat for seat, _ in drawn(events)]
    assert seats == [1, 0, 1, 0][: len(seats)] and seats[0] == 1
    if s.round == 2:
        s, _ = turn(s, {0: 0, 1: 0})
    assert s.round == 3 and s.first == 0


# -- passing --------------------------------------------------------------------


def test_passing_banks_the_pile_and_shuffles_it_into_the_deck():
    s = G.new(2, seed=7, deck=stack())  # clubs come first: 2C..AC
    s, _ = turn(s, {0: 3, 1: 3})
    pile0 = s.piles[0]
    assert len(pile0) == 3
    before_deck, rng = s.deck, s.rng
    s, events = turn(s, {0: 0, 1: 2})
    assert s.scores[0] == 3 and s.round_points[0] == 3 and s.passed_on == (2, 0)
    assert s.piles[0] == () and not s.in_round[0]
    assert kinds(events, "shuffle")
    expected, _ = rng.shuffled(list(before_deck) + list(pile0))
    assert [c for _, c in drawn(events)] == list(expected[:2])
    assert s.deck == expected[2:]
    assert set(pile0) <= set(s.deck) | set(s.piles[1]) | set(s.center)


def test_passing_with_an_empty_pile_leaves_the_deck_order_alone():
    s = G.new(2, seed=1, deck=stack("2C 3C"))
    s, events = turn(s, {0: 0, 1: 2})
    assert not kinds(events, "shuffle")
    assert s.piles[1] == tuple(cards("2C 3C"))


def test_everyone_passing_ends_the_round():
    s = G.new(2, seed=1, deck=stack())
    s, _ = turn(s, {0: 2, 1: 1})
    s, events = turn(s, {0: 0, 1: 0})
    assert kinds(events, "round_end") and s.round == 2 and s.scores == (2, 1)
    assert s.in_round == (True, True) and s.passed_on == (0, 0) and s.round_points == (0, 0)
    assert len(s.deck) == 52 and s.center == () and s.piles == ((), ())


# -- the Redo -------------------------------------------------------------------


def redo_round():
    """Round 2 of a 3-player game where p0 and p1 hold a Redo (p0's pile holds 3C)."""
    s = G.new(3, seed=1, deck=stack("2C 3D 2H 3C 4D 3H 5D 6D"))
    s, _ = turn(s, {0: 3, 1: 3, 2: 2})
    assert s.round == 2 and s.redo == (True, True, False)
    return s


def test_redo_used_and_declined():
    s = redo_round()
    deck = s.deck
    s, events = turn(s, {0: 3, 1: 2, 2: 0})
    assert s.phase is Phase.REDO and G.to_act(s) == (0, 1)
    assert s.deck == deck and not drawn(events)  # nothing is drawn before the Redo
    assert G.legal_moves(s, 0) == [Redo(True), Redo(False)]
    with pytest.raises(IllegalMove, match="Redo"):
        G.apply(s, 0, Ask(1))
    with pytest.raises(IllegalMove):
        G.apply(s, 2, Redo(True))  # holds no Redo
    s, events = decide(s, {0: True, 1: False})
    assert s.phase is Phase.RECHOOSE and G.to_act(s) == (0,)
    assert s.redo == (False, True, False)  # used up / kept for later
    assert G.view(s, 1).last_reveal == (3, 2, 0)
    s, events = G.apply(s, 0, Ask(0))  # p0 changes its mind and passes
    assert G.view(s, 1).last_reveal == (0, 2, 0)
    assert s.passed_on == (1, 0, 1) and s.scores[0] == 1  # banked the kept card
    assert s.in_round == (False, True, False) and s.phase is Phase.CHOOSE


def test_redo_is_not_offered_to_a_lone_player():
    s = redo_round()
    s, _ = turn(s, {0: 0, 1: 2, 2: 0})
    # p0 revealed a pass but sees p1 ask: it may still use its Redo; p1 sees only passes: no Redo step
    assert s.phase is Phase.REDO and G.to_act(s) == (0,)
    with pytest.raises(IllegalMove, match="not seat 2"):
        G.apply(s, 1, Redo(True))
    s, _ = decide(s, {0: False})
    assert s.phase is Phase.CHOOSE and s.in_round == (False, True, False) and s.redo[1]
    s, events = turn(s, {1: 2})
    assert s.phase is not Phase.REDO
    assert kinds(events, "reveal") and not kinds(events, "redo")


def test_a_holder_who_sees_only_passes_gets_no_redo_step():
    """The ruling: one who revealed 0 is leaving the round and does not count as
    another player still in it, so the holder cannot Redo to the single card."""
    s = G.new(3, seed=1, deck=stack("2C 3C 4C 5C 2D 3D 4D 5D"))
    s, _ = turn(s, {0: 4, 1: 2, 2: 2})  # p0 busts as the greediest: round 2, p0 alone holds a Redo
    assert s.round == 2 and s.redo == (True, False, False)
    s, events = turn(s, {0: 3, 1: 0, 2: 0})
    assert not kinds(events, "redo") and drawn(events)  # no Redo step: the turn is played out at once
    assert s.phase is Phase.CHOOSE and s.in_round == (True, False, False) and s.turn == 2
    assert s.redo[0]  # p0 keeps its unused Redo for a later turn of the round
    # alone now, p0 may not ask for exactly 1, and no Redo step follows (nobody else is in)
    assert Ask(1) not in G.legal_moves(s, 0)
    s, events = turn(s, {0: 2})
    assert s.phase is not Phase.REDO and not kinds(events, "redo")


def test_only_the_holder_who_sees_another_ask_decides_on_the_redo():
    s = redo_round()
    s, _ = turn(s, {0: 3, 1: 0, 2: 0})  # p0 sees only passes; p1 (who passed) sees p0 ask
    assert s.phase is Phase.REDO and G.to_act(s) == (1,)
    s, events = decide(s, {1: False})
    assert kinds(events, "redo") and s.phase is Phase.CHOOSE and s.in_round == (True, False, False)


def test_redo_holder_is_asked_while_another_player_is_still_in():
    s = redo_round()
    s, _ = turn(s, {0: 0, 1: 0, 2: 3})  # p0 and p1 reveal passes, p2 asks: both holders may still Redo
    assert s.phase is Phase.REDO and G.to_act(s) == (0, 1)


def test_redo_holders_asking_give_each_other_a_redo_step():
    s = redo_round()
    s, _ = turn(s, {0: 2, 1: 4, 2: 0})  # each holder sees the other ask
    assert s.phase is Phase.REDO and G.to_act(s) == (0, 1)


def test_redo_is_lost_when_the_round_ends():
    s = redo_round()
    s, events = turn(s, {0: 0, 1: 0, 2: 0})  # everyone passes: no Redo step, the round ends
    assert not kinds(events, "redo")
    assert s.round == 3 and s.redo == (False, False, False)


def test_redo_choices_are_secret_until_all_decide():
    s = redo_round()
    s, _ = turn(s, {0: 3, 1: 2, 2: 0})
    s, events = G.apply(s, 0, Redo(True))
    assert all("uses" not in e.text for e in events if e.visible(None))
    assert G.view(s, 1).choices == ((0, CHOSEN),)
    assert G.view(s, 0).choices == ((0, True),)


# -- the deck running out -------------------------------------------------------


def test_deck_runs_out_mid_draw_then_everyone_banks():
    s = G.new(2, seed=1, deck=cards("2C 3C 4C"))
    s, events = turn(s, {0: 5, 1: 5})
    assert [seat for seat, _ in drawn(events)] == [0, 1, 0]
    assert kinds(events, "deck_empty")
    end = kinds(events, "round_end")[0]
    assert end.get("round_points") == (2, 1) and end.get("passed_on") == (0, 0)
    assert s.scores == (2, 1) and s.round == 2 and len(s.deck) == 3


# -- views, zones ---------------------------------------------------------------


def test_view_shows_the_table_and_hides_only_the_deck_order():
    s = G.new(2, seed=1, deck=stack("2C 4D"))
    s, _ = turn(s, {0: 1, 1: 1})
    v = G.view(s, 0)
    assert v.center == tuple(cards("4D")) and v.piles == (tuple(cards("2C")), ())
    assert v.deck_size == 50 and v.to_act == (0, 1) and v.target == 21 and v.limit == 5
    assert v.round == 1 and v.turn == 2 and v.phase is Phase.CHOOSE
    assert G.hidden_zones(s, 0) == ("deck",)
    other = G.with_zones(s, {"deck": tuple(reversed(s.deck))})
    assert G.view(other, 0) == v and G.view(other, None) == G.view(s, None)


def test_target_option_and_describe_move():
    assert G.new(2, {"target": 20}, seed=1).options.target == 20
    assert G.describe_move(Ask(0)) == "pass"
    assert G.describe_move(Ask(1)) == "ask for 1 card"
    assert G.describe_move(Ask(3)) == "ask for 3 cards"
    assert G.describe_move(Redo(True)) == "use the Redo"
    with pytest.raises(ValueError):
        G.new(2, {"target": 0})


def test_state_is_not_changed_by_a_move():
    s = G.new(2, seed=1, deck=stack())
    copy = dataclasses.replace(s)
    G.apply(s, 0, Ask(3))
    assert s == copy
