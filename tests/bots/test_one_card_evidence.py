"""What One-Card's public events tell the hard level (``bots/one_card_evidence.py``
and its notes, ``bots/one_card_notes.py``): the notes the fold reads, that they
never contradict normal players' real hands and say something about them, the
deals made to fit them, and the weight of a deal from the opponents' plays
(three or more players)."""

from __future__ import annotations

import random

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.one_card_evidence import CHOSE_WEIGHT, deal, evidence, weight  # noqa: E402
from cardtable.bots.one_card_notes import (  # noqa: E402
    Answered,
    Chose,
    Countered,
    Group,
    NamedSuit,
    NoAnswer,
    NoGood,
    NoPlain,
    NoQueen,
    is_plain,
)
from cardtable.core.cards import Rank, Suit  # noqa: E402
from cardtable.core.engine import Event  # noqa: E402
from cardtable.games.one_card import OneCardState, is_good_play  # noqa: E402

GAME = one_card.GAME


def _normal_games(seeds, players=2, steps=1500):
    """(state, seat's view, events the seat saw) at every step of normal players' games."""
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


def _choices(groups) -> list:
    return [note for group in groups for note in group.choices]


# -- the fold ---------------------------------------------------------------------------
def test_every_kind_of_note_is_read_from_normal_players_games():
    kinds = set()
    for _, view, seen in _normal_games(range(3), players=4, steps=600):
        for groups in evidence(view, seen).values():
            kinds |= {type(note) for group in groups for note in group.notes}
    assert kinds == {NoGood, NoAnswer, NoQueen, NoPlain, NamedSuit, Chose, Answered, Countered}


def test_two_players_read_no_choices():
    """The two-player hard level reads no play as a choice: its deals all weigh 1."""
    notes = 0
    for _, view, seen in _normal_games(range(2), players=2, steps=600):
        for groups in evidence(view, seen).values():
            notes += len(groups)
            assert not _choices(groups)
    assert notes > 50


def test_an_event_the_fold_cannot_follow_gives_no_evidence():
    found = []
    for _, view, seen in _normal_games(range(1), players=3, steps=200):
        if evidence(view, seen):
            found = (view, list(seen))
            break
    view, seen = found
    stranger = Event("draw", "{p7} draws a card.", None, (("count", 1), ("penalty", 0)))
    assert evidence(view, [*seen, stranger]) == {}


def test_the_evidence_never_contradicts_the_real_hands():
    """Against normal players (who draw only when they cannot play), every group the
    events say an opponent holds is really there."""
    checked = 0
    for state, view, seen in _normal_games(range(3), players=3, steps=400):
        for opponent, groups in evidence(view, seen).items():
            hand = GAME.zones(state)[f"hand{opponent}"]
            total = 0
            for group in groups:
                total += group.count
                assert len([c for c in hand if group.fits(c, view.options)]) >= total
                checked += 1
    assert checked > 50


def test_what_normal_players_spend_and_name_tells_about_their_hands():
    """The per-card notes are informative about normal players: after one spent a 7,
    a 3 or an attack card in a normal turn, its hand holds fewer plain good cards
    (for the top it played on) than the unseen cards do; after it named a suit with
    a 7, more cards of that suit."""
    share = {NoPlain: [0, 0, 0, 0], NamedSuit: [0, 0, 0, 0]}  # hand hits, hand cards, pool hits, pool cards
    for k, (state, view, seen) in enumerate(_normal_games(range(4))):
        if k % 3:
            continue
        zones = GAME.zones(state)
        for opponent, groups in evidence(view, seen).items():
            hand = zones[f"hand{opponent}"]
            pool = list(zones["deck"]) + list(hand)
            for group in groups:
                for note in group.soft:
                    fits = note.weight  # != 1 exactly for the cards the note is about
                    s = share[type(note)]
                    s[0] += sum(fits(c) != 1.0 for c in hand)
                    s[1] += len(hand)
                    s[2] += sum(fits(c) != 1.0 for c in pool)
                    s[3] += len(pool)
    for kind, (_, cards, _, _) in share.items():
        assert cards > 200, kind
    noplain, suit = share[NoPlain], share[NamedSuit]
    assert noplain[0] / noplain[1] < 0.75 * noplain[2] / noplain[3]
    assert suit[0] / suit[1] > 1.3 * suit[2] / suit[3]


# -- the deal -----------------------------------------------------------------------------
def test_the_dealt_hands_follow_the_per_card_notes():
    """A deal under "played a 7 where a plain card would do" holds fewer plain good
    cards, and under a named suit more of that suit, than one without."""
    state = GAME.new(2, seed=5)
    view = GAME.view(state, 0)
    size = view.hand_sizes[1]
    rank, suit = Rank.NINE, Suit.HEARTS
    counts = {"none": [0, 0], "noplain": [0, 0], "suit": [0, 0]}
    for k in range(300):
        sample = GAME.determinize(view, random.Random(k))
        for name, note in (("none", None), ("noplain", NoPlain(rank, suit)), ("suit", NamedSuit(Suit.CLUBS))):
            found = {1: [Group(size, (note,))]} if note else {}
            hand = GAME.zones(deal(GAME, view, sample, random.Random(k), None, found))["hand1"]
            counts[name][0] += sum(1 for c in hand if is_plain(c) and is_good_play(c, rank, suit))
            counts[name][1] += sum(1 for c in hand if c.suit == Suit.CLUBS and c.rank != 7)
    assert counts["noplain"][0] < 0.6 * counts["none"][0]
    assert counts["suit"][1] > 1.5 * counts["none"][1]


def test_a_deal_without_notes_spreads_the_unseen_cards_evenly():
    """The deal keeps the order ``determinize`` dealt the hidden cards in (no second
    shuffle): with notes that say nothing, each card the seat cannot see is as
    likely as any other in an opponent's hand, and the draw pile's top card too."""
    state = GAME.new(3, seed=4)
    view = GAME.view(state, 0)
    sizes = view.hand_sizes
    found = {1: [Group(sizes[1], ())], 2: [Group(sizes[2], ())]}
    unseen = len(one_card.ALL_CARDS) - sizes[0] - len(view.discard)
    in_hand, on_top, samples = {}, {}, 3000
    for k in range(samples):
        sample = deal(GAME, view, GAME.determinize(view, random.Random(k)), random.Random(-k), None, found)
        for card in sample[1][1]:  # (the state's hands: seat 1's)
            in_hand[card] = in_hand.get(card, 0) + 1
        on_top[sample[2][0]] = on_top.get(sample[2][0], 0) + 1  # (the draw pile's top card)
    assert len(in_hand) == unseen
    expected = samples * sizes[1] / unseen
    assert expected * 0.4 < min(in_hand.values()) and max(in_hand.values()) < expected * 1.8
    assert len(on_top) > 0.9 * unseen and max(on_top.values()) < 5 * samples / unseen


def test_every_deal_fits_the_hard_notes_and_keeps_the_view():
    """The opponents' hands dealt again hold, group by group, cards no hard note
    rules out (``Group.fitting``, worked out once per card, says as ``fits``), the
    cards are each in one place, and the seat's view is the one searched."""
    checked = 0
    for k, (_, view, seen) in enumerate(_normal_games(range(2), players=3, steps=300)):
        found = evidence(view, seen)
        if k % 7 or not found:
            continue
        sample = deal(GAME, view, GAME.determinize(view, random.Random(k)), random.Random(k), None, found)
        assert GAME.view(sample, view.player) == view
        assert not GAME.invariant_violations(sample)
        for seat, groups in found.items():
            hand = GAME.zones(sample)[f"hand{seat}"]
            held = 0
            for group in groups:
                fits = group.fitting(view.options)
                assert fits == tuple(group.fits(card, view.options) for card in one_card.ALL_CARDS)
                assert group.weights() == tuple(group.card_weight(card) for card in one_card.ALL_CARDS)
                held += group.count
                assert sum(1 for card in hand if group.fits(card, view.options)) >= held
                checked += 1
    assert checked > 20


# -- the weight of a deal ---------------------------------------------------------------------
def _contradicting_case():
    """A ``Chose`` note read from a normal player's game, a card whose holding makes
    the play not the rules' choice, and one whose holding does not."""
    for _, view, seen in _normal_games(range(3), players=4, steps=400):
        for seat, groups in evidence(view, seen).items():
            for note in _choices(groups):
                if type(note) is not Chose:
                    continue
                every = range(len(one_card.ALL_CARDS))
                against = [c for c in every if not note.was_choice([c], seat, view.options)]
                fits = [c for c in every if note.was_choice([c], seat, view.options)]
                if against and fits:
                    return view, seat, note, against[0], fits[0]
    raise AssertionError("no play in these games could have been otherwise")


def _Hands(hands):  # noqa: N802 (a state that holds only these hands: all ``weight`` reads)
    return OneCardState(table=None, hands=hands, pile=b"", discard=b"", turn=0, mode=None)


def test_a_deal_that_contradicts_an_observed_choice_weighs_less_than_one_that_fits():
    view, seat, note, against, fits = _contradicting_case()
    found = {seat: [Group(1, (note,))]}
    bad = weight(GAME, view, _Hands({seat: [against]}), found)
    good = weight(GAME, view, _Hands({seat: [fits]}), found)
    assert good == 1.0
    assert bad == pytest.approx(CHOSE_WEIGHT)
    assert weight(GAME, view, _Hands({seat: [against]}), found, miss=0.5) == pytest.approx(0.5)  # the tunable


def test_real_hands_never_weigh_zero_and_outweigh_deals_made_without_the_plays():
    """Against normal players, the real hands (as the game holds them) always keep
    a positive weight, and on average more than the deals the search makes from
    the hard evidence alone: the weight is informative and never rules the truth out."""
    real, dealt = [], []
    for n, (state, view, seen) in enumerate(_normal_games(range(3), players=4, steps=700)):
        found = evidence(view, seen)
        if not any(_choices(groups) for groups in found.values()):
            continue
        truth = weight(GAME, view, state, found)
        assert truth > 0
        real.append(truth)
        sample = deal(GAME, view, GAME.determinize(view, random.Random(n)), random.Random(n), None, found)
        assert [len(h) for h in OneCardState._make(sample).hands] == list(view.hand_sizes)
        dealt.append(weight(GAME, view, sample, found))
    assert len(real) > 150
    assert sum(real) / len(real) > sum(dealt) / len(dealt) + 0.05


def test_two_player_deals_all_weigh_one():
    """With two players no play is read as a choice: every deal weighs 1, so the
    two-player search runs the plain statistics."""
    count = 0
    for n, (_, view, seen) in enumerate(_normal_games(range(2), players=2, steps=400)):
        found = evidence(view, seen)
        sample = deal(GAME, view, GAME.determinize(view, random.Random(n)), random.Random(n), None, found)
        assert weight(GAME, view, sample, found) == 1.0
        count += 1
    assert count > 100
