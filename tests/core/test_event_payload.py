"""Event.payload: an event's data read as the typed record of its kind."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardtable.core.engine import Event
from cardtable.games import get_game
from cardtable.games.one_card.events import HandEnd, Played


@dataclass(frozen=True)
class Moved:
    seat: int
    to: str = "center"


def test_payload_reads_the_fields_and_defaults_the_missing_ones():
    event = Event("move", "{p0} moves", data=(("seat", 2), ("extra", "ignored")))
    assert event.payload(Moved) == Moved(2, "center")
    assert Event("move", "", data=(("seat", 1), ("to", "pile"))).payload(Moved).to == "pile"


def test_payload_without_a_required_field_is_refused():
    with pytest.raises(TypeError):
        Event("move", "").payload(Moved)


def test_one_card_hand_end_reads_as_its_record():
    game = get_game("one-card")
    rng = random.Random(1)
    state = game.new(2, {"target": 1}, seed=1)
    events = []
    while not game.is_over(state):
        player = game.to_act(state)[0]
        state, made = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
        events.extend(made)
    end = next(e for e in events if e.kind == "hand_end").payload(HandEnd)
    assert end.totals == game.outcome(state).points and len(end.points) == 2
    plays = [e.payload(Played) for e in events if e.kind == "play"]
    assert plays and all(isinstance(p.card, str) for p in plays)
