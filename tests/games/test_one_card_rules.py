"""One-Card scenario tests with stacked decks: good plays and the power cards.

Every game here starts with seed 0, whose dealer is the last seat, so seat 0
leads and play goes to seat 1 first.
"""

from __future__ import annotations

import pytest
from one_card_helpers import c, cards, play, start  # noqa: F401

from cardtable.core.cards import Suit
from cardtable.core.engine import IllegalMove
from cardtable.games.one_card import GAME, Draw, Pass, Play


def legal(state):
    return set(GAME.legal_moves(state, state.turn))


# -- good plays and the 7 ----------------------------------------------------------


def test_match_by_rank_or_suit():
    s = start(["9H 5S 7D KC", "4D 4C 4H 4S", "6D 6C 6H 6S"], "9S")
    assert GAME.why_illegal(s, 0, Play(c("9H"))) is None  # rank
    assert GAME.why_illegal(s, 0, Play(c("5S"))) is None  # suit
    assert GAME.why_illegal(s, 0, Play(c("KC"))) == "K♣ does not match the top card 9♠"


def test_seven_goes_on_anything_and_names_the_suit():
    s = start(["7D 5H", "4D 4C", "6D 6C"], "9S")
    assert {Play(c("7D"), suit) for suit in Suit} <= legal(s)
    assert "name a suit" in GAME.why_illegal(s, 0, Play(c("7D")))
    s, events = play(s, 0, Play(c("7D"), Suit.CLUBS))
    assert s.suit == Suit.CLUBS and s.turn == 1
    assert "names Clubs" in events[0].text


def test_only_a_seven_names_a_suit():
    s = start(["9H 5H", "4D 4C", "6D 6C"], "9S")
    assert "only a 7 names a suit" in GAME.why_illegal(s, 0, Play(c("9H"), Suit.HEARTS))


def test_after_a_seven_the_named_suit_a_seven_or_a_joker_of_its_colour():
    s = start(["7D 5H 5D", "4C 4D 7H", "6D 6C 6S"], "9S")
    s, _ = play(s, 0, Play(c("7D"), Suit.CLUBS))
    assert GAME.why_illegal(s, 1, Play(c("4C"))) is None
    assert GAME.why_illegal(s, 1, Play(c("4D"))) == "4♦ does not match the top card 7♦ (Clubs named)"
    assert GAME.why_illegal(s, 1, Play(c("7H"), Suit.SPADES)) is None


@pytest.mark.parametrize(
    ("named", "joker", "ok"),
    [(Suit.CLUBS, "BJ", True), (Suit.SPADES, "BJ", True), (Suit.HEARTS, "BJ", False),
     (Suit.HEARTS, "RJ", True), (Suit.DIAMONDS, "RJ", True), (Suit.CLUBS, "RJ", False)],
)  # fmt: skip
def test_jokers_go_on_a_suit_of_their_colour(named, joker, ok):
    s = start(["7D 5H", f"{joker} 4D", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("7D"), named))
    assert (GAME.why_illegal(s, 1, Play(c(joker))) is None) is ok


@pytest.mark.parametrize(
    ("joker", "card", "ok"),
    [("BJ", "4S", True), ("BJ", "4C", True), ("BJ", "4H", False), ("BJ", "7H", True), ("BJ", "RJ", True),
     ("BJ", "BJ#1", True), ("RJ", "4D", True), ("RJ", "4S", False), ("RJ", "BJ", True), ("RJ", "7C", True)],
)  # fmt: skip
def test_on_a_joker_its_colour_a_seven_or_the_other_joker(joker, card, ok):
    # The Joker attacks; the attacked player draws, then plays on the Joker.
    up = "9S" if joker == "BJ" else "9H"
    s = start([f"{joker} 5H", f"{card} 5C", "6D 6C"], up)
    s, _ = play(s, 0, Play(c(joker)))
    s, _ = play(s, 1, Draw())
    move = Play(c(card), Suit.CLUBS) if card.startswith("7") else Play(c(card))
    assert (GAME.why_illegal(s, 1, move) is None) is ok


def test_drawing_is_allowed_with_a_good_card_and_ends_the_turn():
    s = start(["9H 5S", "4D 4C", "6D 6C"], "9S", pile="KD")
    assert Draw() in legal(s) and Pass() not in legal(s)
    s, events = play(s, 0, Draw())
    assert s.hand(0)[-1] == c("KD") and s.turn == 1
    assert events[0].text == "{p0} draws a card." and events[0].visible_to is None
    assert events[1].visible_to == frozenset({0}) and "K♦" in events[1].text


def test_option_no_drawing_with_a_good_card():
    s = start(["9H 5D", "4D 4C", "6D 6C"], "9S", draw_with_good_card=False)
    assert Draw() not in legal(s)
    assert "must play it" in GAME.why_illegal(s, 0, Draw())
    s = start(["3H 5D", "4D 4C", "6D 6C"], "9S", draw_with_good_card=False)
    assert legal(s) == {Draw()}


# -- Jack ------------------------------------------------------------------------


def test_jack_skips_the_next_player():
    s = start(["JS 5H", "QH 4D", "6D 6C"], "9S")
    s, events = play(s, 0, Play(c("JS")))
    assert s.turn == 1 and s.jack
    assert legal(s) == {Play(c("QH")), Pass()}
    assert "cannot draw" in GAME.why_illegal(s, 1, Draw())
    assert "cannot counter" in GAME.why_illegal(s, 1, Play(c("4D")))
    s, events = play(s, 1, Pass())
    assert s.turn == 2 and not s.jack and events[0].kind == "skip"
    assert s.hand(1) == (c("QH"), c("4D"))  # nothing drawn


def test_queen_counters_a_jack_and_reverses():
    s = start(["JS 5H", "QH 4D", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("JS")))
    s, _ = play(s, 1, Play(c("QH")))  # any suit counters
    assert not s.jack and s.direction == -1 and s.turn == 0


def test_option_queen_counter_must_match():
    s = start(["JS 5H", "QH QS", "6D 6C"], "9S", queen_counter_any_suit=False)
    s, _ = play(s, 0, Play(c("JS")))
    assert legal(s) == {Play(c("QS")), Pass()}


def test_jack_does_not_counter_a_jack_by_default():
    s = start(["JS 5H", "JH 4D", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("JS")))
    assert legal(s) == {Pass()}


def test_option_jack_counters_a_jack_and_moves_the_skip_on():
    s = start(["JS 5H", "JH 4D", "6D 6C"], "9S", jack_countered_by_jack=True)
    s, _ = play(s, 0, Play(c("JS")))
    s, _ = play(s, 1, Play(c("JH")))
    assert s.turn == 2 and s.jack
    s, _ = play(s, 2, Pass())
    assert s.turn == 0


def test_jack_with_two_players_lets_its_player_play_again():
    s = start(["JS 5S", "4D 4C"], "9S")
    s, _ = play(s, 0, Play(c("JS")))
    s, _ = play(s, 1, Pass())
    assert s.turn == 0


# -- Queen -----------------------------------------------------------------------


def test_queen_reverses():
    s = start(["QS 5S", "4D 4C", "6D 6C", "8D 8C"], "9S")
    s, events = play(s, 0, Play(c("QS")))
    assert s.direction == -1 and s.turn == 3 and "reverses" in events[0].text
    s, _ = play(s, 3, Draw())
    assert s.turn == 2


def test_queen_with_two_players_is_a_skip():
    s = start(["QS 5S", "4D 4C"], "9S")
    s, _ = play(s, 0, Play(c("QS")))
    assert s.turn == 0


def test_option_queen_with_two_players_only_ends_the_turn():
    s = start(["QS 5S", "4D 4C"], "9S", queen_skips_with_two=False)
    s, _ = play(s, 0, Play(c("QS")))
    assert s.turn == 1


def test_queen_countering_a_jack_with_two_players_plays_again():
    s = start(["JS 5S", "QH 4C"], "9S")
    s, _ = play(s, 0, Play(c("JS")))
    s, _ = play(s, 1, Play(c("QH")))
    assert s.turn == 1 and not s.jack


# -- King ------------------------------------------------------------------------


def test_king_gives_another_play():
    s = start(["KS 5S 6H", "4D 4C 4H", "6D 6C 8D"], "9S")
    s, events = play(s, 0, Play(c("KS")))
    assert s.turn == 0 and s.king and "plays again" in events[0].text
    assert legal(s) == {Play(c("5S")), Draw()}
    s, _ = play(s, 0, Play(c("5S")))
    assert s.turn == 1 and not s.king


def test_king_extra_play_may_be_a_draw():
    s = start(["KS 5S 6H", "4D 4C 4H", "6D 6C 8D"], "9S")
    s, _ = play(s, 0, Play(c("KS")))
    s, _ = play(s, 0, Draw())
    assert s.turn == 1 and not s.king and len(s.hands[0]) == 3


def test_king_on_king_plays_again_again():
    s = start(["KS KH 5H 6H", "4D 4C 4H 4S", "6D 6C 8D 8C"], "9S")
    s, _ = play(s, 0, Play(c("KS")))
    s, _ = play(s, 0, Play(c("KH")))
    assert s.turn == 0 and s.king


def test_no_going_out_on_the_kings_extra_card():
    s = start(["KS 5S", "4D 4C", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("KS")))
    assert legal(s) == {Draw()}
    assert "cannot be your last card" in GAME.why_illegal(s, 0, Play(c("5S")))
    s, _ = play(s, 0, Draw())
    assert len(s.hands[0]) == 2 and s.turn == 1


def test_not_even_a_king_goes_out_as_the_extra_card():
    s = start(["KS KH", "4D 4C", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("KS")))
    assert legal(s) == {Draw()}


def test_no_going_out_on_the_extra_card_with_an_empty_pile_passes():
    s = start(["KS 5S", "4D 4C", "6D 6C"], "9S", rest=False)
    assert len(s.pile) == 0
    s, _ = play(s, 0, Play(c("KS")))
    assert legal(s) == {Pass()}


def test_a_king_as_the_last_card_goes_out():
    s = start(["KS", "4D", "6D"], "9S")
    s, events = play(s, 0, Play(c("KS")))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["play", "hand_end"] and events[1].get("winner") == 0


def test_option_a_king_may_not_be_the_last_card():
    s = start(["KS", "4D", "6D"], "9S", king_last_card_goes_out=False)
    assert legal(s) == {Draw()}
    assert GAME.why_illegal(s, 0, Play(c("KS"))) == "you may not go out on a King"


# -- attacks -----------------------------------------------------------------------


def test_two_on_two_adds_up_to_four():
    s = start(["2S 5S", "2H 4C", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("2S")))
    assert s.pending == 2 and s.turn == 1
    s, events = play(s, 1, Play(c("2H")))
    assert s.pending == 4 and s.turn == 2 and "attack of 4" in events[0].text


@pytest.mark.parametrize(
    ("attack", "up", "value"),
    [("2D", "9D", 2), ("AH", "9H", 3), ("AC", "9C", 3), ("AD", "9D", 3), ("AS", "9S", 5), ("BJ", "9S", 7),
     ("RJ", "9H", 10)],
)  # fmt: skip
def test_attack_values(attack, up, value):
    s = start([f"{attack} 5S", "4D 4C", "6D 6C"], up)
    s, _ = play(s, 0, Play(c(attack)))
    assert s.pending == value and s.turn == 1
    assert GAME.view(s, 1).pending == value


@pytest.mark.parametrize(
    ("top", "answer", "ok"),
    [
        ("2S", "2H", True), ("2S", "AS", True), ("2S", "AH", False), ("2S", "BJ", True), ("2S", "RJ", False),
        ("AH", "2H", False), ("AH", "AD", True), ("AH", "AS", True), ("AH", "RJ", True), ("AH", "BJ", False),
        ("AS", "AH", False), ("AS", "AS#1", True), ("AS", "BJ", True), ("AS", "2S", False),
        ("BJ", "RJ", True), ("BJ", "BJ#1", True), ("BJ", "2S", False), ("BJ", "AS", False),
        ("RJ", "BJ", False), ("RJ", "RJ#1", True), ("RJ", "AH", False),
    ],
)  # fmt: skip
def test_which_attack_cards_answer_which(top, answer, ok):
    up = {"2S": "9S", "AH": "9H", "AS": "9S", "BJ": "9S", "RJ": "9H"}[top]
    s = start([f"{top} 5S", f"{answer} 4D", "6D 6C"], up)
    s, _ = play(s, 0, Play(c(top)))
    assert (Play(c(answer)) in legal(s)) is ok
    assert (GAME.why_illegal(s, 1, Play(c(answer))) is None) is ok


def test_a_lower_attack_card_is_refused_with_the_reason():
    s = start(["AS 5S", "2S 4D", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("AS")))
    assert GAME.why_illegal(s, 1, Play(c("2S"))).startswith("2♠ draws 2, fewer than A♠ (5)")


def test_option_any_attack_card_passes_on():
    s = start(["AS 5S", "2S 4D", "6D 6C"], "9S", attack_at_least_as_high=False)
    s, _ = play(s, 0, Play(c("AS")))
    s, _ = play(s, 1, Play(c("2S")))
    assert s.pending == 7


def test_an_attack_adds_up_through_several_players():
    s = start(["2S 5S", "AS 4D", "BJ 6C", "RJ 8C"], "9S")
    s, _ = play(s, 0, Play(c("2S")))
    s, _ = play(s, 1, Play(c("AS")))
    s, _ = play(s, 2, Play(c("BJ")))
    s, _ = play(s, 3, Play(c("RJ")))
    assert s.pending == 2 + 5 + 7 + 10 and s.turn == 0


def test_a_three_removes_the_whole_attack():
    s = start(["2S 5S", "2H 4C", "3D 6C", "8D 8C"], "9S")
    s, _ = play(s, 0, Play(c("2S")))
    s, _ = play(s, 1, Play(c("2H")))
    assert Play(c("3D")) in legal(s)  # a 3 of any suit
    s, events = play(s, 2, Play(c("3D")))
    assert s.pending == 0 and s.turn == 3 and "removes the attack of 4" in events[0].text
    # play goes on normally from the 3
    assert GAME.why_illegal(s, 3, Play(c("8D"))) is None
    assert GAME.why_illegal(s, 3, Play(c("8C"))) == "8♣ does not match the top card 3♦"
    assert Draw() in legal(s)


def test_option_the_three_must_be_a_good_play():
    s = start(["2S 5S", "3D 3S", "6D 6C"], "9S", three_on_anything=False)
    s, _ = play(s, 0, Play(c("2S")))
    assert legal(s) == {Play(c("3S")), Draw()}
    assert "a 3 against an attack must be a good play" in GAME.why_illegal(s, 1, Play(c("3D")))


def test_a_seven_does_not_dodge_an_attack():
    s = start(["2S 5S", "7S 4S", "6D 6C"], "9S")
    s, _ = play(s, 0, Play(c("2S")))
    assert legal(s) == {Draw()}
    assert "a 7 does not dodge an attack" in GAME.why_illegal(s, 1, Play(c("7S"), Suit.HEARTS))
    assert "does not answer the attack" in GAME.why_illegal(s, 1, Play(c("4S")))
    assert "you are attacked" in GAME.why_illegal(s, 1, Pass())


def test_drawing_the_total_then_a_normal_turn():
    s = start(["2S 5S", "2H 4C", "6D 6S"], "9S", pile="8H 8D 8C 8S 10D")
    s, _ = play(s, 0, Play(c("2S")))
    s, _ = play(s, 1, Play(c("2H")))
    s, events = play(s, 2, Draw())
    assert s.hand(2) == tuple(cards("6D 6S 8H 8D 8C 8S"))
    assert s.pending == 0 and s.turn == 2 and not s.king
    assert events[0].text == "{p2} draws 4 cards for the attack of 4."
    assert events[1].visible_to == frozenset({2})
    # a normal turn on the same top card (2♥): hearts or a 2, or draw one
    assert legal(s) == {Play(c("8H")), Draw()}
    s, _ = play(s, 2, Play(c("8H")))
    assert s.turn == 0


def test_option_the_turn_ends_after_the_penalty():
    s = start(["2S 5S", "2H 4C", "6D 6S"], "9S", play_after_penalty=False)
    s, _ = play(s, 0, Play(c("2S")))
    s, _ = play(s, 1, Draw())
    assert s.turn == 2 and len(s.hands[1]) == 4


def test_a_penalty_larger_than_the_draw_pile_draws_what_is_left():
    s = start(["RJ 5H", "4D 4C", "6D 6C"], "9H", pile="8S 8C 8D", rest=False)
    assert len(s.pile) == 3
    s, _ = play(s, 0, Play(c("RJ")))
    s, events = play(s, 1, Draw())
    assert len(s.pile) == 0 and len(s.hands[1]) == 5 and s.pending == 0
    assert "draws 3 cards for the attack of 10 (all the draw pile had)" in events[0].text
    # then a normal turn on the Red Joker, with an empty draw pile
    assert legal(s) == {Play(c("4D")), Play(c("8D")), Pass()}


def test_an_attack_on_an_empty_pile_draws_nothing():
    s = start(["2S 5H", "4D 4C", "6D 6C"], "9S", rest=False)
    s, _ = play(s, 0, Play(c("2S")))
    s, events = play(s, 1, Draw())
    assert len(s.hands[1]) == 2 and s.pending == 0 and s.turn == 1
    assert [e.kind for e in events] == ["draw"]


# -- moves that are not allowed ---------------------------------------------------------


def test_illegal_moves_are_refused_with_a_reason():
    s = start(["9H 5S", "4D 4C", "6D 6C"], "9S")
    with pytest.raises(IllegalMove, match="you do not hold 4♦"):
        GAME.apply(s, 0, Play(c("4D")))
    with pytest.raises(IllegalMove, match="not seat 2's turn"):
        GAME.apply(s, 1, Draw())
    with pytest.raises(IllegalMove, match="only when the draw pile is empty"):
        GAME.apply(s, 0, Pass())


def test_describe_moves():
    assert GAME.describe_move(Play(c("7H"), Suit.SPADES)) == "play 7♥ naming Spades"
    assert GAME.describe_move(Play(c("RJ"))) == "play Red Joker"
    assert GAME.describe_move(Draw()) == "draw"
    assert GAME.describe_move(Pass()) == "pass"
