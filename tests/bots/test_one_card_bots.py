"""One-Card's rule-based players: suits, defence, attacks and Jacks."""

from __future__ import annotations

import dataclasses
import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card import normal  # noqa: E402
from cardtable.core.cards import Suit, parse_card  # noqa: E402

GAME = one_card.GAME


def cards(text):
    return tuple(parse_card(c) for c in text.split())


def situation(hand, top, **changes):
    """Seat 0 to act holding ``hand`` on ``top``; returns (view, legal moves from the view)."""
    state = GAME.new(2, seed=3)
    view = GAME.view(state, state.turn if hasattr(state, "turn") else 0)
    view = dataclasses.replace(
        view, player=0, to_act=(0,), hand=hand, discard=(top,), suit=top.suit,
        hand_sizes=(len(hand), view.hand_sizes[1]), pending=0, jack_pending=False, king_pending=False,
    )
    view = dataclasses.replace(view, **changes)
    return view, GAME.legal_moves_from_view(view, random.Random(0))


def choose(hand, top, **changes):
    view, moves = situation(hand, top, **changes)
    return normal(view, moves, random.Random(0)), moves


def test_a_seven_names_the_suit_held_most():
    move, _ = choose(cards("7S#1 4H 9H KH 5C"), parse_card("6D"))
    assert move.card.rank == 7 and move.suit == Suit.HEARTS


def test_keeps_its_threes_and_sevens_when_a_plain_card_goes():
    move, _ = choose(cards("3H 7S 8H 5C 4S"), parse_card("6H"))
    assert move.card == parse_card("8H")


def test_passes_an_attack_on_rather_than_spending_a_three():
    move, moves = choose(cards("3C 2H 9S 5D 8C"), parse_card("2S"), pending=2)
    assert move.card == parse_card("2H")
    # with no attack card to pass it on, the 3 stops it
    move, _ = choose(cards("3C 9S 5D 8C 4H"), parse_card("2S"), pending=2)
    assert move.card.rank == 3


def test_counters_a_jack_with_a_queen():
    move, moves = choose(cards("QC 9S 5D 8C 4H"), parse_card("JS"), jack_pending=True)
    assert move.card == parse_card("QC")


def test_attacks_the_next_player_when_they_are_about_to_go_out():
    hand = cards("2H 9H 5H 8C 4S")
    calm, _ = choose(hand, parse_card("6H"), hand_sizes=(5, 6))
    urgent, _ = choose(hand, parse_card("6H"), hand_sizes=(5, 1))
    assert calm.card != parse_card("2H")  # an attack card is kept as defence...
    assert urgent.card == parse_card("2H")  # ...until the next player has one card left


def test_goes_out_when_it_can():
    move, _ = choose(cards("9H"), parse_card("6H"))
    assert move.card == parse_card("9H")


def test_the_evidence_never_contradicts_the_real_hands():
    """Against normal players (who draw only when they cannot play), every group the
    events say an opponent holds is really there."""
    from cardtable.bots import make_bot
    from cardtable.bots.one_card_evidence import _violates, evidence

    checked = 0
    for seed in range(3):
        state = GAME.new(3, seed=seed)
        seen = [[] for _ in range(3)]
        for step in range(400):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            for opponent, groups in evidence(view, seen[seat]).items():
                hand = GAME.zones(state)[f"hand{opponent}"]
                total = 0
                for count, constraints in groups:
                    total += count
                    fitting = [c for c in hand if not any(_violates(c, k, view.options) for k in constraints)]
                    assert len(fitting) >= total
                    checked += 1
            move = make_bot(GAME, "normal", seed=step).choose(view)
            state, events = GAME.apply(state, seat, move)
            for event in events:
                for s in range(3):
                    if event.visible(s):
                        seen[s].append(event)
    assert checked > 50


def _normal_games(seeds, players=2, steps=1500):
    """(state, seat's view, events the seat saw) at every step of normal players' games."""
    from cardtable.bots import make_bot

    for seed in seeds:
        state = GAME.new(players, seed=seed)
        seen = [[] for _ in range(players)]
        for step in range(steps):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            yield state, view, seen[seat]
            state, events = GAME.apply(state, seat, make_bot(GAME, "normal", seed=step).choose(view))
            for event in events:
                for s in range(players):
                    if event.visible(s):
                        seen[s].append(event)


def test_what_normal_players_spend_and_name_tells_about_their_hands():
    """The soft evidence read from play is informative about normal players: after
    one spent a 7, a 3 or an attack card in a normal turn, its hand holds fewer
    plain good cards (for the top it played on) than the unseen cards do; after it
    named a suit with a 7, more cards of that suit."""
    from cardtable.bots.one_card_evidence import _plain, evidence, is_good_play

    share = {"noplain": [0, 0, 0, 0], "suit": [0, 0, 0, 0]}  # hand hits, hand cards, pool hits, pool cards
    for k, (state, view, seen) in enumerate(_normal_games(range(4))):
        if k % 3:
            continue
        zones = GAME.zones(state)
        for opponent, groups in evidence(view, seen).items():
            hand = zones[f"hand{opponent}"]
            pool = list(zones["deck"]) + list(hand)
            for _, constraints in groups:
                for kind, rank, suit, _ in constraints:
                    if kind == "noplain":
                        fits = lambda c: _plain(c) and is_good_play(c, rank, suit)  # noqa: E731
                    elif kind == "suit":
                        fits = lambda c: c.suit == suit and c.rank != 7  # noqa: E731
                    else:
                        continue
                    s = share[kind]
                    s[0] += sum(map(fits, hand))
                    s[1] += len(hand)
                    s[2] += sum(map(fits, pool))
                    s[3] += len(pool)
    for kind, (hits, cards_, pool_hits, pool_cards) in share.items():
        assert cards_ > 200, kind
    noplain, suit = share["noplain"], share["suit"]
    assert noplain[0] / noplain[1] < 0.75 * noplain[2] / noplain[3]
    assert suit[0] / suit[1] > 1.3 * suit[2] / suit[3]


def test_the_sampled_hands_follow_the_soft_evidence():
    """A deal resampled under "played a 7 where a plain card would do" holds fewer
    plain good cards, and under a named suit more of that suit, than one without."""
    from cardtable.bots.one_card_evidence import _plain, is_good_play, resample
    from cardtable.core.cards import Rank, Suit

    state = GAME.new(2, seed=5)
    view = GAME.view(state, 0)
    size = view.hand_sizes[1]
    rank, suit = Rank.NINE, Suit.HEARTS
    plain_good = lambda c: _plain(c) and is_good_play(c, rank, suit)  # noqa: E731
    counts = {"none": [0, 0], "noplain": [0, 0], "suit": [0, 0]}
    for k in range(300):
        rng = random.Random(k)
        sample = GAME.determinize(view, rng)
        for name, note in (("none", None), ("noplain", ("noplain", rank, suit, 0)), ("suit", ("suit", Rank.SEVEN, Suit.CLUBS, 0))):
            evidence = {1: [(size, (note,))]} if note else {}
            hand = GAME.zones(resample(GAME, view, sample, random.Random(k), None, evidence))["hand1"]
            counts[name][0] += sum(map(plain_good, hand))
            counts[name][1] += sum(1 for c in hand if c.suit == Suit.CLUBS and c.rank != 7)
    assert counts["noplain"][0] < 0.6 * counts["none"][0]
    assert counts["suit"][1] > 1.5 * counts["none"][1]
