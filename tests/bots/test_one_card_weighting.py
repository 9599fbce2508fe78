"""Importance weighting of the sampled deals (``SearchKit.weight``): the search's
weighted statistics, and One-Card's weight of a deal from the opponents' plays
(``one_card_evidence.weight``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card_evidence import (  # noqa: E402
    CHOSE_WEIGHT,
    _choice_weight_ids,
    _was_choice,
    deal,
    evidence,
    weight,
)
from cardtable.bots.search import _mean, _paired  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_one_card_bots import _normal_games  # noqa: E402
from test_one_card_choice_evidence import _chose as _choices  # noqa: E402

GAME = one_card.GAME


def test_weighted_statistics_ignore_a_weightless_sample_and_match_the_plain_ones_at_weight_one():
    a, b = [0.9, 0.8, 0.1, 0.7], [0.2, 0.3, 0.9, 0.4]
    assert _mean(a, [1.0, 1.0, 1.0, 1.0]) == pytest.approx(_mean(a))
    assert _paired(a, b, [1.0] * 4) == pytest.approx(_paired(a, b))
    # the third sample weighs nothing: as if it had not been drawn
    assert _mean(a, [1.0, 1.0, 0.0, 1.0]) == pytest.approx(_mean([0.9, 0.8, 0.7]))
    assert _paired(a, b, [1.0, 1.0, 0.0, 1.0]) == pytest.approx(_paired([0.9, 0.8, 0.7], [0.2, 0.3, 0.4]))
    # a heavy sample pulls the mean towards it, and fewer effective samples widen the error
    assert _mean(a, [1.0, 1.0, 9.0, 1.0]) < _mean(a)
    assert _paired(a, b, [1.0, 1.0, 9.0, 1.0])[1] > _paired(a, b)[1]


def _contradicting_case():
    """A "chose" note read from a normal player's game, a card whose holding makes
    the play not the rules' choice, and one whose holding does not."""
    for state, view, seen in _normal_games(range(3), players=4, steps=400):
        for seat, groups in evidence(view, seen).items():
            for note in _choices(groups):
                if note[0] != "chose":
                    continue
                against = [c for c in range(len(one_card.ALL_CARDS)) if not _was_choice([c], note, seat, view.options)]
                fits = [c for c in range(len(one_card.ALL_CARDS)) if _was_choice([c], note, seat, view.options)]
                if against and fits:
                    return view, seat, note, against[0], fits[0]
    raise AssertionError("no play in these games could have been otherwise")


def test_a_deal_that_contradicts_an_observed_choice_weighs_less_than_one_that_fits():
    view, seat, note, against, fits = _contradicting_case()
    found = {seat: [(1, (note,))]}
    bad = _choice_weight_ids(view, {seat: [against]}, found)
    good = _choice_weight_ids(view, {seat: [fits]}, found)
    assert good == 1.0
    assert bad == pytest.approx(CHOSE_WEIGHT)
    assert 0 < bad < good


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
        assert [len(h) for h in sample.hands] == list(view.hand_sizes)
        dealt.append(weight(GAME, view, sample, found))
    assert len(real) > 150
    assert sum(real) / len(real) > sum(dealt) / len(dealt) + 0.05


def test_two_player_deals_all_weigh_one():
    """With two players no play is read as a choice: every deal weighs 1, so the
    two-player search runs exactly as it did without weights."""
    count = 0
    for n, (state, view, seen) in enumerate(_normal_games(range(2), players=2, steps=400)):
        found = evidence(view, seen)
        sample = deal(GAME, view, GAME.determinize(view, random.Random(n)), random.Random(n), None, found)
        assert weight(GAME, view, sample, found) == 1.0
        count += 1
    assert count > 100


def test_the_weighted_search_decides_two_player_games_exactly_as_the_rejection_one():
    """Two-player One-Card is searched exactly as before the weighting: the same
    moves and the same values, decision by decision (every deal weighs 1 and a
    single deal replaces the redeals only where there were choices to weigh)."""
    import dataclasses

    from cardtable.bots.one_card import SEARCH
    from cardtable.bots.one_card_evidence import resample
    from cardtable.bots.search import SearchBot

    before = dataclasses.replace(SEARCH, resample=resample, weight=None)
    searched = 0
    for k, (state, view, seen) in enumerate(_normal_games(range(2), players=2, steps=300)):
        if k % 4:
            continue
        a = SearchBot(GAME, SEARCH, seed=k, iterations=6)
        b = SearchBot(GAME, before, seed=k, iterations=6)
        assert a.choose(view, tuple(seen)) == b.choose(view, tuple(seen))
        assert a.report.means == b.report.means
        searched += a.report.iterations > 0
    assert searched > 5
