"""What the hard level reads from Shed's public events about the others' hidden hand
cards: never wrong about normal players, and it narrows the samples."""

from __future__ import annotations

import random

import pytest

shed = pytest.importorskip("cardtable.games.shed")
from cardtable.bots.shed import normal  # noqa: E402
from cardtable.bots.shed_evidence import evidence, resample  # noqa: E402

GAME = shed.GAME


def fits(cards, layers) -> bool:
    """Whether ``cards`` can be split into the layers (oldest, most bound, first)."""
    left = sorted(cards, key=lambda c: c.rank)
    for count, ruled_out in layers:
        ok = [c for c in left if c.rank not in ruled_out]
        if len(ok) < count:
            return False
        for c in ok[:count]:
            left.remove(c)
    return True


def normal_games(players, games, options=None):
    """Every decision of games played by normal players: (state, seat, the events it saw)."""
    for seed in range(games):
        state = GAME.new(players, options or {}, seed=seed)
        seen: list[list] = [[] for _ in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            yield state, seat, tuple(seen[seat])
            view = GAME.view(state, seat)
            move = normal(view, GAME.legal_moves(state, seat), random.Random(0))
            state, events = GAME.apply(state, seat, move)
            for event in events:
                for s in range(players):
                    if event.visible(s):
                        seen[s].append(event)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_inference_never_contradicts_normal_players_hands(players):
    read = bound = 0
    for state, seat, events in normal_games(players, 12):
        view = GAME.view(state, seat)
        found = evidence(view, events)
        assert seat not in found
        for p, layers in found.items():
            private = state.hands[p]
            assert sum(count for count, _ in layers) <= len(private)
            assert fits(private, layers), (p, private, layers)
            bound += sum(count for count, _ in layers)
        read += bool(found)
    assert read > 200 and bound > 500  # it does say something, often


@pytest.mark.parametrize("players", [2, 4])
def test_the_resampled_hands_are_closer_to_the_real_ones(players):
    """Against normal players, the opponents' private cards dealt by ``resample`` share
    more ranks with the real ones than a plain ``determinize`` deal does, and always fit."""
    rng = random.Random(5)
    plain = informed = positions = 0
    for index, (state, seat, events) in enumerate(normal_games(players, 10)):
        if index % 5 or state.phase != shed.PLAY:
            continue
        view = GAME.view(state, seat)
        found = evidence(view, events)
        if not found:
            continue
        positions += 1
        for _ in range(4):
            sample = GAME.determinize(view, rng)
            better = resample(GAME, view, sample, rng, normal, found)
            assert GAME.view(better, seat) == view  # still a state the seat cannot tell apart
            assert not GAME.invariant_violations(better)
            for p in found:
                real = [c.rank for c in state.hands[p]]
                plain += _shared(real, [c.rank for c in sample.hands[p]])
                informed += _shared(real, [c.rank for c in better.hands[p]])
    assert positions > 30
    assert informed > 1.15 * plain, (informed, plain)


def _shared(a, b) -> int:
    b = list(b)
    n = 0
    for r in a:
        if r in b:
            b.remove(r)
            n += 1
    return n


def test_a_player_who_breaks_the_rules_is_not_read():
    """A known card that the rules would have played, or a private card played that no
    layer allows: that player does not play like the model, and nothing is read about them."""
    from cardtable.bots.shed_evidence import _Seat

    seat = _Seat(3)
    seat.rule_out(frozenset({5, 6}))
    assert seat.layers == [[3, frozenset({5, 6})]]
    seat.play_private(7)  # fine: a card not ruled out
    assert seat.regular and seat.layers == [[2, frozenset({5, 6})]]
    seat.play_private(5)  # every private card was ruled out of 5s
    assert not seat.regular and seat.layers == []
    known = _Seat(3)
    known.known = ["KS"]
    known.rule_out(frozenset({13}))  # picked up though the known King could go
    assert not known.regular and known.layers == []
