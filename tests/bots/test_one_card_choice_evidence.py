"""One-Card's evidence from the plays themselves, with three or more players
(``one_card_evidence``: "chose" notes and the rejection of deals)."""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

import pytest

one_card = pytest.importorskip("cardtable.games.one_card")
from cardtable.bots.one_card_evidence import (  # noqa: E402
    CHOSE_WEIGHT,
    _choice_weight,
    _deal,
    _was_choice,
    evidence,
    resample,
)
from cardtable.games.one_card.tables import ID  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_one_card_bots import _normal_games  # noqa: E402

GAME = one_card.GAME


def _chose(groups) -> list:
    return [c for _, constraints in groups for c in constraints if c[0] in ("chose", "answer")]


def test_two_players_read_no_choices():
    """The two-player hard level plays as before: no play is read as a choice."""
    notes = 0
    for state, view, seen in _normal_games(range(2), players=2, steps=600):
        for groups in evidence(view, seen).values():
            notes += len(groups)
            assert not _chose(groups)
    assert notes > 50


def test_normal_players_real_hands_fit_their_choices_better_than_random_deals():
    """Against normal players, the plays they made are the rules' choice among
    their real hands far more often than among hands dealt without this evidence:
    the evidence is informative (measured: about 0.59 against 0.36 on average)."""
    real, dealt = [], []
    for n, (state, view, seen) in enumerate(_normal_games(range(2), players=4, steps=800)):
        found = evidence(view, seen)
        if not any(_chose(groups) for groups in found.values()):
            continue
        zones = GAME.zones(state)
        weight = 1.0
        for seat, groups in found.items():
            hand = [ID[c] for c in zones[f"hand{seat}"]]
            for note in set(_chose(groups)):
                if not _was_choice(hand, note, seat, view.options):
                    weight *= CHOSE_WEIGHT
        real.append(weight)
        sample = GAME.determinize(view, random.Random(n))
        dealt.append(_choice_weight(view, _deal(GAME, view, sample, random.Random(n), found), found))
    assert len(real) > 100
    assert statistics.mean(real) > statistics.mean(dealt) + 0.1


def test_resampled_deals_are_whole_and_favour_the_choices():
    """``resample`` keeps every hand's size and the cards conserved, and its deals
    fit the choices better than the plain deals it starts from."""
    kept, plain = [], []
    for n, (state, view, seen) in enumerate(_normal_games(range(1), players=4, steps=500)):
        found = evidence(view, seen)
        if not any(_chose(groups) for groups in found.values()):
            continue
        sample = GAME.determinize(view, random.Random(n))
        new = resample(GAME, view, sample, random.Random(n), None, found)
        assert [len(h) for h in new.hands] == list(view.hand_sizes)
        assert sorted(
            [*new.pile, *(c for h in new.hands for c in h)]
        ) == sorted([*sample.pile, *(c for h in sample.hands for c in h)])
        zones = GAME.zones(new)
        kept.append(_choice_weight(view, {f"hand{s}": zones[f"hand{s}"] for s in found}, found))
        plain.append(_choice_weight(view, _deal(GAME, view, sample, random.Random(n + 1), found), found))
    assert len(kept) > 30
    assert statistics.mean(kept) > statistics.mean(plain)
