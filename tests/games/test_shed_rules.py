"""Shed scenario tests: one small stacked position per rule."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from cardtable.core.cards import parse_card
from cardtable.core.engine import IllegalMove
from cardtable.games.shed import (
    GAME,
    OVER,
    PLAY,
    Done,
    Exchange,
    PickUp,
    Play,
    PlayFaceDown,
    position,
    stacked_deck,
)


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def card(code: str):
    return parse_card(code)


def play(text: str) -> Play:
    return Play(cards(text))


def apply(state, player, move):
    new, events = GAME.apply(state, player, move)
    assert GAME.invariant_violations(new) == []
    return new, events


def all_done(state):
    for p in range(state.players):
        state, _ = apply(state, p, Done())
    return state


def check(state):
    assert GAME.invariant_violations(state) == []
    return state


def reason(state, player, move) -> str:
    why = GAME.check_move(state, player, move)
    assert why is not None, f"{move} should be illegal"
    with pytest.raises(IllegalMove):
        GAME.apply(state, player, move)
    return why


# -- the deal ---------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(2, 6), (3, 4), (4, 3)])
def test_deal_sizes(players, size):
    state = GAME.new(players, seed=7)
    assert all(len(state.down[p]) == size for p in range(players))
    assert all(len(state.up[p]) == size for p in range(players))
    assert all(state.hand_count(p) == size for p in range(players))
    assert len(state.deck) == 52 - 3 * size * players == 16
    assert state.unused == ()
    assert GAME.invariant_violations(state) == []


def test_deal_order_from_a_stacked_deck():
    deck = stacked_deck(2, down={0: ["3C"]}, up={1: ["4D"]}, hands={1: ["5H"]}, draw=["6S"])
    state = GAME.new(2, deck=deck)
    assert state.down[0][0] == card("3C")
    assert state.up[1][0] == card("4D")
    assert state.hands[1][0] == card("5H")
    assert state.deck[0] == card("6S")
    assert len(deck) == 52 and len(set(deck)) == 52


@pytest.mark.parametrize("players,unused", [(2, 18), (3, 9), (4, 0)])
def test_short_game_card_counts(players, unused):
    state = GAME.new(players, {"short_game": True}, seed=3)
    assert all(len(state.down[p]) == len(state.up[p]) == state.hand_count(p) == 3 for p in range(players))
    assert len(state.deck) == 16
    assert len(state.unused) == unused
    assert state.hand_size == 3
    assert GAME.invariant_violations(state) == []
    view = GAME.view(state, 0)
    assert view.unused_count == unused and view.deck_size == 16
    assert "unused" in GAME.hidden_zones(state, 0) and "unused" in GAME.hidden_zones(state, None)


def test_short_game_unused_cards_stay_out_of_play():
    state = GAME.new(2, {"short_game": True}, seed=11)
    unused = state.unused
    state = all_done(state)
    r = Random(1)
    for _ in range(300):
        if GAME.is_over(state):
            break
        p = GAME.to_act(state)[0]
        state, _ = apply(state, p, r.choice(GAME.legal_moves(state, p)))
        assert state.unused == unused


# -- the exchange -------------------------------------------------------------------


def exchange_table():
    deck = stacked_deck(
        2, up={0: ["KS", "4D", "5D", "6D", "7D", "8D"]}, hands={0: ["3H", "9H", "JH", "QH", "AH", "2H"]}
    )
    return GAME.new(2, deck=deck)


def test_exchange_swaps_a_hand_card_with_a_face_up_card_in_place():
    state = exchange_table()
    assert GAME.to_act(state) == (0, 1)
    state, events = apply(state, 0, Exchange(card("3H"), card("KS")))
    assert state.up[0][0] == card("3H")  # same position in the row
    assert card("KS") in state.hand(0) and card("3H") not in state.hand(0)
    assert [e.kind for e in events] == ["exchange"]
    (private,) = events
    assert private.visible_to == frozenset({0}) and private.get("to_hand") == "KS" and "K♠" in private.text


def test_exchange_is_private_until_everyone_is_done():
    state = exchange_table()
    before = {viewer: GAME.view(state, viewer) for viewer in (None, 1)}
    state, _ = apply(state, 0, Exchange(card("3H"), card("KS")))
    state, _ = apply(state, 0, Exchange(card("9H"), card("4D")))
    # the others (and the public) still see the row as dealt, and no known cards
    for viewer in (None, 1):
        assert GAME.view(state, viewer) == before[viewer]
        assert GAME.view(state, viewer).face_up[0] == cards("KS 4D 5D 6D 7D 8D")
        assert GAME.view(state, viewer).known == ((), ())
    # the owner sees the current row and hand
    mine = GAME.view(state, 0)
    assert mine.face_up[0] == cards("3H 9H 5D 6D 7D 8D")
    assert mine.hand == tuple(sorted(cards("JH QH AH 2H KS 4D")))
    assert mine.dealt_up[0] == cards("KS 4D 5D 6D 7D 8D")
    # being done is not a reveal while someone is still exchanging
    state, events = apply(state, 0, Done())
    assert [e.kind for e in events] == ["ready"] and events[0].render(["A", "B"]) == "A is done exchanging"
    assert GAME.view(state, 1).face_up[0] == cards("KS 4D 5D 6D 7D 8D")
    assert GAME.view(state, None).face_up[0] == cards("KS 4D 5D 6D 7D 8D")


def test_rows_are_revealed_when_the_last_player_is_done():
    state = exchange_table()
    state, _ = apply(state, 0, Exchange(card("3H"), card("KS")))
    state, _ = apply(state, 0, Done())
    dealt_1 = state.up[1]
    state, events = apply(state, 1, Done())
    assert state.phase == PLAY and state.dealt_up == ((), ())
    reveals = [e for e in events if e.kind == "reveal"]
    assert [e.get("seat") for e in reveals] == [0, 1]
    assert all(e.visible_to is None for e in reveals)
    assert reveals[0].get("cards") == ("3H", "4D", "5D", "6D", "7D", "8D")
    assert reveals[0].get("to_hand") == ("KS",)
    assert "3♥ 4♦ 5♦ 6♦ 7♦ 8♦" in reveals[0].text and "K♠" in reveals[0].text
    assert reveals[1].get("cards") == tuple(c.code for c in dealt_1) and reveals[1].get("to_hand") == ()
    # the reveal comes before the start
    kinds = [e.kind for e in events]
    assert kinds.index("reveal") < kinds.index("start")
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert view.face_up[0] == cards("3H 4D 5D 6D 7D 8D")
        assert view.face_up[1] == dealt_1
        assert view.known == (cards("KS"), ())
        assert view.dealt_up == ((), ())


def test_dealt_face_up_card_taken_into_the_hand_is_known():
    state = exchange_table()
    state, _ = apply(state, 0, Exchange(card("3H"), card("KS")))  # K♠ into the hand
    state, _ = apply(state, 0, Exchange(card("KS"), card("4D")))  # K♠ face up again, 4♦ into the hand
    state = all_done(state)
    assert state.up[0] == cards("3H KS 5D 6D 7D 8D")
    # everyone saw 4♦ dealt face up and sees it gone: it is known; K♠ is back on the table
    assert state.known[0] == cards("4D")
    assert card("4D") not in state.hands[0]
    assert GAME.view(state, 1).known[0] == cards("4D")


def test_hand_card_moved_face_up_and_back_is_not_known():
    state = exchange_table()
    state, _ = apply(state, 0, Exchange(card("3H"), card("KS")))  # 3♥ face up
    state, _ = apply(state, 0, Exchange(card("KS"), card("3H")))  # and back into the hand
    assert state.up[0] == cards("KS 4D 5D 6D 7D 8D")
    state = all_done(state)
    assert state.known[0] == ()
    assert card("3H") in state.hands[0]
    for viewer in (None, 1):
        assert GAME.view(state, viewer).known[0] == ()


def test_exchange_only_own_cards_and_only_before_done():
    state = exchange_table()
    assert "not in your hand" in reason(state, 0, Exchange(card("4D"), card("KS")))
    assert "not one of your face-up cards" in reason(state, 0, Exchange(card("3H"), card("9H")))
    state, _ = apply(state, 0, Done())
    assert GAME.to_act(state) == (1,)
    assert reason(state, 0, Exchange(card("3H"), card("KS"))) is not None
    assert "every player has finished exchanging" in reason(state, 1, play("3H"))


def test_exchange_is_over_once_play_starts():
    state = all_done(exchange_table())
    assert state.phase == PLAY
    assert "exchange is over" in reason(state, state.turn, Exchange(card("9H"), card("KS")))
    assert "exchange is over" in reason(state, state.turn, Done())


# -- the start --------------------------------------------------------------------


def test_lowest_card_starts_and_must_open_with_its_rank():
    deck = stacked_deck(
        3, hands={0: ["2C", "5C", "9C", "KC"], 1: ["4H", "4S", "8H", "JH"], 2: ["6D", "7D", "QD", "AD"]}
    )
    state = all_done(GAME.new(3, deck=deck))
    assert state.turn == 1  # 4 is the lowest of rank 3 or above; 0's 2 does not count
    assert state.start_rank == 4
    assert "opening play must be of 4s" in reason(state, 1, play("8H"))
    assert GAME.check_move(state, 1, play("4H 4S")) is None  # several cards of that rank
    assert set(GAME.legal_moves(state, 1)) == {play("4H"), play("4S"), play("4H 4S")}
    state, _ = apply(state, 1, play("4H"))
    assert state.start_rank == 0


def test_start_tie_is_broken_by_the_seeded_rng():
    deck = stacked_deck(2, hands={0: ["3C", "5C", "9C", "KC", "QC", "JC"], 1: ["3H", "8H", "JH", "QH", "KH", "AH"]})
    starters = set()
    for seed in range(20):
        s1 = all_done(GAME.new(2, seed=seed, deck=deck))
        s2 = all_done(GAME.new(2, seed=seed, deck=deck))
        assert s1.turn == s2.turn  # the same seed decides the same way
        assert s1.start_rank == 3
        starters.add(s1.turn)
    assert starters == {0, 1}


def test_start_event_does_not_name_the_tie():
    deck = stacked_deck(2, hands={0: ["3C", "5C", "9C", "KC", "QC", "JC"], 1: ["3H", "8H", "JH", "QH", "KH", "AH"]})
    for seed in range(6):
        state = GAME.new(2, seed=seed, deck=deck)
        state, _ = apply(state, 0, Done())
        state, events = apply(state, 1, Done())
        start = [e for e in events if e.kind == "start"][0]
        assert start.visible_to is None
        assert start.data == (("seat", state.turn), ("rank", 3))
        other = 1 - state.turn
        assert f"{{p{state.turn}}}" in start.text and f"{{p{other}}}" not in start.text
        assert "3s" in start.text and "drawn at random" in start.text


def test_start_event_reads_the_same_with_or_without_a_tie():
    """Only the starter is named: the text does not tell whether anyone else held the rank."""
    tied = stacked_deck(2, hands={0: ["3C", "5C", "9C", "KC", "QC", "JC"], 1: ["3H", "8H", "JH", "QH", "KH", "AH"]})
    alone = stacked_deck(2, hands={0: ["3C", "5C", "9C", "KC", "QC", "JC"], 1: ["4H", "8H", "JH", "QH", "KH", "AH"]})
    texts = {}
    for name, deck in (("tied", tied), ("alone", alone)):
        for seed in range(10):
            state = all_done(GAME.new(2, seed=seed, deck=deck))
            if state.turn == 0:
                state = GAME.new(2, seed=seed, deck=deck)
                state, _ = apply(state, 0, Done())
                _, events = apply(state, 1, Done())
                texts[name] = next(e for e in events if e.kind == "start")
                break
    assert texts["tied"].text == texts["alone"].text
    assert texts["tied"].data == texts["alone"].data


# -- ordinary plays ---------------------------------------------------------------


def test_equal_rank_is_allowed_lower_is_not():
    state = check(position(2, hands={0: ["7H", "6H"], 1: ["AS"]}, stack=["7C"]))
    assert GAME.check_move(state, 0, play("7H")) is None
    assert "lower than the top card 7♣" in reason(state, 0, play("6H"))


def test_multi_card_play_of_one_rank():
    state = check(position(2, hands={0: ["JH", "JS", "QH"], 1: ["AS"]}, stack=["5C"]))
    state, events = apply(state, 0, play("JH JS"))
    assert state.stack[-2:] == cards("JH JS")
    assert state.hand(0) == cards("QH")
    assert state.turn == 1
    assert events[0].get("cards") == ("JH", "JS")


def test_the_order_cards_are_named_in_does_not_matter():
    assert play("JS JH") == play("JH JS")
    state = check(position(2, hands={0: ["JH", "JS", "QH"], 1: ["AS"]}, stack=["5C"]))
    assert play("JS JH") in GAME.legal_moves(state, 0)


def test_a_play_is_one_rank_only():
    state = check(position(2, hands={0: ["JH", "QH"], 1: ["AS"]}))
    assert "one rank" in reason(state, 0, play("JH QH"))
    assert "at least one card" in reason(state, 0, Play(()))
    assert "do not hold" in reason(state, 0, play("AS"))


def test_hand_and_face_up_never_mixed():
    # Hand empty, deck gone: face-up cards may be played, but never with hand cards.
    state = check(position(2, up={0: ["8H", "8S"]}, down={0: ["3C"]}, hands={1: ["AS"]}))
    assert GAME.check_move(state, 0, play("8H 8S")) is None
    state = check(position(2, hands={0: ["8H"]}, up={0: ["8S"]}, down={0: ["3C"]}, known={1: ["AS"]}))
    assert "never both" in reason(state, 0, play("8H 8S"))


def test_face_up_only_after_the_hand():
    state = check(position(2, hands={0: ["4H"]}, up={0: ["8S"]}, known={1: ["AS"]}))
    assert "hand before your face-up cards" in reason(state, 0, play("8S"))
    assert Play(cards("8S")) not in GAME.legal_moves(state, 0)


# -- the special cards ---------------------------------------------------------


def test_two_goes_on_anything_and_anything_follows_it():
    state = check(position(2, hands={0: ["2H", "5H"], 1: ["3S", "4S"]}, stack=["KC"]))
    assert "lower" in reason(state, 0, play("5H"))
    state, _ = apply(state, 0, play("2H"))
    assert GAME.check_move(state, 1, play("3S")) is None


def test_ten_burns_and_its_player_plays_again():
    state = check(position(2, hands={0: ["10H", "5H"], 1: ["3S"]}, stack=["KC", "AC"]))
    state, events = apply(state, 0, play("10H"))
    assert state.stack == ()
    assert state.burned[-3:] == cards("KC AC 10H")
    assert state.turn == 0
    assert [e.kind for e in events] == ["play", "burn", "again"]
    assert GAME.view(state, 1).burned[-3:] == cards("KC AC 10H")  # the burned cards are public
    assert PickUp() not in GAME.legal_moves(state, 0)  # an empty stack: play anything
    assert GAME.check_move(state, 0, play("5H")) is None


def test_nine_asks_for_nine_or_lower():
    state = check(position(2, hands={0: ["JH", "8H", "9H", "2H", "10H", "3H"], 1: ["AS"]}, stack=["9C"]))
    assert "9 or lower" in reason(state, 0, play("JH"))
    for ok in ("8H", "9H", "2H", "10H", "3H"):
        assert GAME.check_move(state, 0, play(ok)) is None, ok


def test_nine_option_off_makes_nine_ordinary():
    state = check(position(2, hands={0: ["JH", "8H"], 1: ["AS"]}, stack=["9C"], options={"nine_plays_lower": False}))
    assert GAME.check_move(state, 0, play("JH")) is None
    assert "lower" in reason(state, 0, play("8H"))


def test_four_of_a_kind_in_one_play_burns():
    state = check(position(2, hands={0: ["6C", "6D", "6H", "6S", "KH"], 1: ["AS"]}, stack=["5C"]))
    state, events = apply(state, 0, play("6C 6D 6H 6S"))
    assert state.stack == ()
    assert state.turn == 0
    assert "burn" in [e.kind for e in events]


def test_four_of_a_kind_across_several_plays_burns_for_the_completer():
    state = check(position(3, hands={0: ["6C", "KH"], 1: ["6D", "6H", "QS"], 2: ["6S", "AS"]}, stack=["4C"]))
    state, _ = apply(state, 0, play("6C"))
    state, _ = apply(state, 1, play("6D 6H"))
    assert state.stack == cards("4C 6C 6D 6H")
    state, events = apply(state, 2, play("6S"))
    assert state.stack == ()
    assert state.burned[-5:] == cards("4C 6C 6D 6H 6S")
    assert state.turn == 2  # the player who completed the four plays again


def test_four_of_a_kind_option_off():
    state = check(
        position(
            2,
            hands={0: ["6C", "6D", "6H", "6S", "KH"], 1: ["AS"]},
            stack=["5C"],
            options={"four_of_a_kind_burns": False},
        )
    )
    state, _ = apply(state, 0, play("6C 6D 6H 6S"))
    assert state.stack == cards("5C 6C 6D 6H 6S")
    assert state.turn == 1


def test_burner_plays_again_option_off():
    state = check(position(2, hands={0: ["10H", "5H"], 1: ["3S"]}, stack=["KC"], options={"burner_plays_again": False}))
    state, _ = apply(state, 0, play("10H"))
    assert state.stack == () and state.turn == 1


def test_going_out_on_a_burn_passes_the_turn():
    state = check(position(3, up={0: ["10H"]}, hands={1: ["3S"], 2: ["4S"]}, stack=["KC"]))
    state, _ = apply(state, 0, play("10H"))
    assert state.places[0] == 1
    assert state.turn == 1


# -- refilling ----------------------------------------------------------------------


def test_refill_after_playing_up_to_the_hand_size():
    state = check(
        position(
            4,
            hands={0: ["5H", "5S", "KH"], 1: ["3C", "4C", "7C"], 2: ["3D", "4D", "7D"], 3: ["3S", "4S", "7S"]},
            deck=["8C", "9C", "JC"],
            stack=["4H"],
        )
    )
    state, events = apply(state, 0, play("5H 5S"))
    assert sorted(state.hand(0)) == sorted(cards("KH 8C 9C"))
    assert state.deck == cards("JC")
    private = [e for e in events if e.kind == "draw" and e.visible_to]
    public = [e for e in events if e.kind == "draw" and not e.visible_to]
    assert private[0].visible_to == frozenset({0}) and "8♣" in private[0].text
    assert "8♣" not in public[0].text and public[0].get("count") == 2


def test_refill_stops_when_the_deck_runs_out():
    state = check(
        position(
            4,
            hands={0: ["5H", "5S", "KH"], 1: ["3C", "4C", "7C"], 2: ["3D", "4D", "7D"], 3: ["3S", "4S", "7S"]},
            deck=["8C"],
            stack=["4H"],
        )
    )
    state, _ = apply(state, 0, play("5H 5S"))
    assert sorted(state.hand(0)) == sorted(cards("KH 8C")) and state.deck == ()


def test_no_refill_above_the_hand_size():
    state = check(
        position(
            4,
            hands={
                0: ["5H", "6H", "7H", "8H", "KH"],
                1: ["3C", "4C", "7C"],
                2: ["3D", "4D", "7D"],
                3: ["3S", "4S", "JS"],
            },
            deck=["8C"],
            stack=["4H"],
        )
    )
    state, _ = apply(state, 0, play("5H"))
    assert state.hand_count(0) == 4 and state.deck == cards("8C")


# -- hand, face-up, face-down --------------------------------------------------------


def test_order_hand_then_face_up_then_face_down():
    state = check(position(2, hands={0: ["5H"]}, up={0: ["7H"]}, down={0: ["9H"]}, known={1: ["3S", "3C", "3D"]}))
    assert "hand before your table cards" in reason(state, 0, PlayFaceDown(0))
    assert "hand before your face-up cards" in reason(state, 0, play("7H"))
    state, _ = apply(state, 0, play("5H"))
    state, _ = apply(state, 1, PickUp())
    assert "face-up cards before your face-down" in reason(state, 0, PlayFaceDown(0))
    assert GAME.legal_moves(state, 0) == [play("7H")]
    state, _ = apply(state, 0, play("7H"))
    state, _ = apply(state, 1, PickUp())
    assert GAME.legal_moves(state, 0) == [PlayFaceDown(0)]


def test_after_a_pick_up_the_hand_comes_before_table_cards():
    state = check(position(2, up={0: ["AH"]}, down={0: ["9H"]}, hands={1: ["3S", "3C"]}, stack=["KS"]))
    state, _ = apply(state, 0, PickUp())
    state, _ = apply(state, 1, play("3S"))
    assert "hand before your face-up cards" in reason(state, 0, play("AH"))
    assert GAME.check_move(state, 0, play("KS")) is None


def test_face_down_card_that_may_be_played():
    state = check(position(2, down={0: ["4H", "QH"]}, hands={1: ["3S"]}, stack=["JS"]))
    state, events = apply(state, 0, PlayFaceDown(1))
    assert state.stack == cards("JS QH")
    assert state.down[0] == cards("4H")
    assert events[0].kind == "play" and events[0].get("source") == "face-down"
    assert state.turn == 1


def test_face_down_card_that_may_not_be_played_takes_the_stack():
    state = check(position(2, down={0: ["4H", "QH"]}, hands={1: ["3S"]}, stack=["5C", "JS"]))
    state, events = apply(state, 0, PlayFaceDown(0))
    assert state.stack == ()
    assert sorted(state.hand(0)) == sorted(cards("5C JS 4H"))
    assert state.down[0] == cards("QH")
    assert state.turn == 1
    assert events[0].kind == "flip_fail"
    for viewer in (None, 0, 1):  # everyone saw the card and the stack go into the hand
        assert GAME.view(state, viewer).known[0] == tuple(sorted(cards("5C JS 4H")))


def test_face_down_cards_are_hidden_from_their_owner_too():
    state = check(position(2, down={0: ["4H", "QH"]}, hands={1: ["3S"]}, stack=["5C"]))
    view = GAME.view(state, 0)
    assert view.face_down == (2, 0)
    shown = {*view.hand, *view.stack, *view.burned, *(c for row in view.known for c in row)}
    shown |= {c for row in view.face_up for c in row}
    assert card("4H") not in shown and card("QH") not in shown
    assert set(GAME.hidden_zones(state, 0)) >= {"down0", "down1"}
    assert "no face-down card at position 2" in reason(state, 0, PlayFaceDown(2))


# -- picking up ---------------------------------------------------------------------


def test_voluntary_pick_up():
    state = check(position(3, hands={0: ["AH", "4H"], 1: ["3S"], 2: ["3C"]}, stack=["5C", "KD"]))
    assert GAME.check_move(state, 0, play("AH")) is None  # a play was possible
    state, events = apply(state, 0, PickUp())
    assert state.stack == ()
    assert state.turn == 1
    assert sorted(state.hand(0)) == sorted(cards("AH 4H 5C KD"))
    assert GAME.view(state, 2).known[0] == tuple(sorted(cards("5C KD")))
    assert events[0].kind == "pickup" and events[0].get("count") == 2


def test_pick_up_is_the_only_move_when_nothing_can_be_played():
    state = check(position(2, hands={0: ["4H", "5H"], 1: ["3S"]}, stack=["KD"]))
    assert GAME.legal_moves(state, 0) == [PickUp()]


def test_no_pick_up_on_an_empty_stack():
    state = check(position(2, hands={0: ["4H"], 1: ["3S"]}))
    assert "no stack to pick up" in reason(state, 0, PickUp())


def test_known_cards_leave_the_known_list_when_played():
    state = check(position(2, hands={0: ["4H"], 1: ["3S"]}, known={0: ["9S", "KD"]}))
    assert GAME.view(state, 1).known[0] == cards("9S KD")
    state, _ = apply(state, 0, play("9S"))
    assert state.known[0] == cards("KD")
    assert GAME.view(state, 1).known[0] == cards("KD")
    assert GAME.view(state, 1).hand_sizes[0] == 2


# -- going out and the end --------------------------------------------------------


def test_going_out_takes_the_next_place_and_is_skipped():
    state = check(position(3, hands={0: ["AH"], 1: ["3S", "3C"], 2: ["4C", "4D"]}))
    state, events = apply(state, 0, play("AH"))
    assert state.places == (1, 0, 0)
    assert "out" in [e.kind for e in events]
    state, _ = apply(state, 1, PickUp())
    assert state.turn == 2
    state, _ = apply(state, 2, play("4C"))
    assert state.turn == 1  # seat 0 is skipped


def test_the_last_player_left_loses():
    state = check(position(3, hands={0: ["5H"], 1: ["3S", "3C"], 2: ["4C"]}, places=(0, 0, 0)))
    state, _ = apply(state, 0, play("5H"))
    state, _ = apply(state, 1, PickUp())
    state, events = apply(state, 2, play("4C"))
    assert state.phase == OVER
    assert GAME.is_over(state) and GAME.to_act(state) == ()
    outcome = GAME.outcome(state)
    assert outcome.places == (1, 3, 2)
    assert outcome.points == (2, 0, 1)
    assert outcome.winners() == (0, 2)  # everyone but the last player wins
    assert "loses" in outcome.reasons[1]
    assert events[-1].kind == "game_end" and events[-1].get("loser") == 1


def test_two_player_game_end():
    state = check(position(2, down={0: ["KH"]}, hands={1: ["3S", "3C"]}, stack=["QC"]))
    state, _ = apply(state, 0, PlayFaceDown(0))
    assert GAME.outcome(state).places == (1, 2)
    assert GAME.outcome(state).points == (1, 0)


def test_no_moves_after_the_end():
    state = check(position(2, hands={0: ["KH"], 1: ["3S"]}))
    state, _ = apply(state, 0, play("KH"))
    assert GAME.check_move(state, 1, PickUp()) == "the game is over"
    assert GAME.legal_moves(state, 1) == []


# -- the stall limit ---------------------------------------------------------------


def loop_position(limit=10):
    # Every move here is forced and the cards just go round: without the stall
    # limit this position would never end.
    return check(
        position(
            3,
            known={0: ["QS"], 1: ["AC"]},
            up={0: ["3D"], 1: ["3C"], 2: ["7D"]},
            down={1: ["10H"]},
            turn=1,
            options={"stall_limit": limit},
        )
    )


def test_a_forced_loop_stops_at_the_stall_limit():
    state = loop_position(10)
    moves = 0
    while not GAME.is_over(state):
        legal = GAME.legal_moves(state, state.turn)
        assert len(legal) == 1  # nobody has a choice
        state, events = apply(state, state.turn, legal[0])
        moves += 1
        assert moves <= 10
    assert moves == 10
    assert events[-1].kind == "stalemate"
    outcome = GAME.outcome(state)
    left = [state.cards_left(p) for p in range(3)]
    # fewer cards left ranks higher; equal counts share a place
    for p in range(3):
        assert outcome.places[p] == 1 + sum(1 for q in range(3) if left[q] < left[p])
    assert "without progress" in outcome.reasons[0]
    assert GAME.view(state, None).stalled


def test_hand_plays_and_pick_ups_count_towards_the_stall():
    state = check(position(2, hands={0: ["5H", "6H"], 1: ["7S", "8S"]}, up={0: ["AS"], 1: ["AD"]}))
    state, _ = apply(state, 0, play("5H"))
    assert state.stall == 1
    state, _ = apply(state, 1, PickUp())
    assert state.stall == 2
    assert GAME.view(state, 0).stall == 2


@pytest.mark.parametrize(
    "setup,move",
    [
        ({"hands": {0: ["5H", "6H", "7H"], 1: ["7S", "8S", "9S"]}, "deck": ["KD"]}, "5H"),  # a card drawn
        ({"hands": {0: ["10H", "6H"], 1: ["7S"]}, "stack": ["4C"]}, "10H"),  # a burn
        ({"up": {0: ["5H", "6H"]}, "hands": {1: ["7S"]}}, "5H"),  # a table card played
        ({"up": {0: ["5H"]}, "hands": {1: ["7S"]}}, "5H"),  # a player out
    ],
)
def test_progress_resets_the_stall_counter(setup, move):
    players = 4 if "deck" in setup else 2
    if players == 4:
        setup["hands"].update({2: ["3C", "4C", "6C"], 3: ["3D", "4D", "6D"]})
    state = check(position(players, **setup))
    state = replace(state, stall=7)
    state, _ = apply(state, 0, play(move))
    assert state.stall == 0


def test_failed_face_down_card_is_progress():
    state = replace(check(position(2, down={0: ["4H"]}, hands={1: ["3S"]}, stack=["JS"])), stall=5)
    state, _ = apply(state, 0, PlayFaceDown(0))
    assert state.stall == 0


@pytest.mark.parametrize("seed,options", [(2, {"short_game": True}), (10, {"short_game": True}), (3, {})])
def test_only_the_players_with_no_cards_left_win(seed, options):
    # random play nearly always ends at the stall limit: those still holding cards do not win
    # (a normal end, everyone but the last winning, is test_the_last_player_left_loses)
    import random

    from cardtable.games.shed import GAME

    rng = random.Random(seed)
    state = GAME.new(3, options, seed=seed)
    while not GAME.is_over(state):
        player = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
    outcome = GAME.outcome(state)
    assert set(outcome.winners()) == {p for p in range(3) if state.cards_left(p) == 0}
    assert all(("no win" in outcome.reasons[p]) == (p not in outcome.winners()) for p in range(3))


def test_every_event_reads_as_its_typed_record():
    """Each kind of Shed event has a record in shed/events.py that takes all its data."""
    import dataclasses
    import random

    from cardtable.games.shed import events as records

    kinds = {
        "exchange": records.Exchanged, "ready": records.Seat, "reveal": records.RowShown,
        "start": records.Start, "play": records.Played, "flip_fail": records.FlipFailed,
        "pickup": records.Stack, "burn": records.Stack, "draw": records.Drew, "again": records.Seat,
        "out": records.Out, "game_end": records.GameEnd, "stalemate": records.Stalemate,
    }  # fmt: skip
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(3, seed=seed)
        while not GAME.is_over(state):
            player = rng.choice(GAME.to_act(state))
            state, events = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
            for event in events:
                record = kinds[event.kind]
                assert set(dict(event.data)) <= {f.name for f in dataclasses.fields(record)}, event.kind
                event.payload(record)
                seen.add(event.kind)
    assert {"play", "pickup", "draw", "out", "start", "reveal", "burn"} <= seen
