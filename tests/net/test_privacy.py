"""Nothing leaks over the wire: random games over real sockets, every byte each seat and a
spectator received checked against the host's states.

After every move, what a receiver was sent of the table (its view, the public view, whose
turn, its legal moves) must be what it would have been sent had the cards hidden from it
been dealt again (``Game.reshuffle_hidden``); the events it was sent are exactly those
visible to it, and none names a card that is hidden from it; the seed is not sent before
the game is over."""

from __future__ import annotations

import json
import random
import re

import pytest
from net_helpers import Seat, hosted, play_all, run_async, seat_addresses

from cardtable.core.codec import move_to_json
from cardtable.core.record import replay
from cardtable.games import get_game
from cardtable.net.codec import encode, event_to_json
from cardtable.net.protocol import dumps

GAMES = [
    ("one-card", ["remote", "remote", "easy"], {"target": 40, "hand_size": 4}),
    ("shed", ["remote", "remote", "remote"], {"short_game": True}),
    ("one-too-many", ["remote", "remote", "random"], None),
]
CARD = re.compile(r'"((?:10|[2-9JQKA])[SHDC](?:#\d+)?|[BR]J(?:#\d+)?)"')


def states_of(session) -> list:
    states: list = []
    replay(session.record(), get_game, states=states)
    return states


def check_receiver(game, states, events_all, ends, receiver, texts, seed):
    """Every message ``receiver`` (a seat, None: a spectator) was sent, against the host's states."""
    rng = random.Random(0)
    moved = [json.loads(t) for t in texts if json.loads(t)["type"] == "moved"]
    first = next(json.loads(t) for t in texts if json.loads(t)["type"] == "table")
    joined = ends.index(first["event_count"])  # the moves made before this receiver joined
    assert len(moved) == len(states) - 1 - joined  # one per move after, none lost
    for text in texts:
        if not json.loads(text).get("over"):
            assert str(seed) not in text, "the seed was sent before the end"
    for number, data in enumerate(moved, start=joined + 1):
        state = states[number]
        for _ in range(2):
            other = game.reshuffle_hidden(state, receiver, rng)
            if receiver is not None:
                assert dumps(encode(game.view(other, receiver))) == dumps(data["view"])
            assert dumps(encode(game.view(other, None))) == dumps(data["public"])
            assert list(game.to_act(other)) == data["to_act"] or game.is_over(other)
        start, stop = ends[number - 1], ends[number]
        expected = [[i, event_to_json(events_all[i])] for i in range(start, stop) if events_all[i].visible(receiver)]
        assert data["events"] == json.loads(json.dumps(expected))
        # an event for some seats only (a card drawn) names no card hidden from its receiver
        # (a public one is shown to everyone by the rules: a hand's cards at its end)
        hidden = {c.code for name in game.hidden_zones(state, receiver) for c in game.zones(state)[name]}
        private = [e for _, e in data["events"] if e["visible_to"] is not None]
        named = set(CARD.findall(json.dumps(private)))
        assert not (named & hidden), f"an event named {named & hidden}, hidden from {receiver}"
    return moved


def check_requests(game, states, ends, seat, texts):
    """Each request's legal moves are the seat's own, whatever the cards hidden from it."""
    rng = random.Random(1)
    made, asked = None, 0
    for text in texts:
        data = json.loads(text)
        if data["type"] == "table":
            made = ends.index(data["event_count"])
        elif data["type"] == "moved":
            made += 1
        elif data["type"] == "request":
            other = game.reshuffle_hidden(states[made], seat, rng)
            legal = [move_to_json(m) for m in game.legal_moves(other, seat)]
            assert json.loads(json.dumps(legal)) == data["legal"]
            asked += 1
    assert asked


@pytest.mark.parametrize("game_id, kinds, options", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("seed", [1_234_567_891, 2_345_678_912])
@run_async
async def test_no_byte_sent_depends_on_a_card_hidden_from_its_receiver(game_id, kinds, options, seed):
    table = await hosted(game_id, kinds, seed=seed, options=options)
    try:
        seats = [Seat(a, random.Random(i)) for i, a in enumerate(seat_addresses(table))]
        spectator = Seat(table.addresses()[-1][1], random.Random(9))
        import asyncio

        watching = asyncio.ensure_future(spectator.play())
        await asyncio.sleep(0.05)
        await play_all(table, seats)
        await asyncio.wait_for(watching, 30)
        session = table.session
        game, states = session.game, states_of(session)
        ends = [session.opening, *session.event_ends()]
        for seat, client in enumerate(seats):
            check_receiver(game, states, session.events, ends, seat, client.texts, seed)
            check_requests(game, states, ends, seat, client.texts)
        check_receiver(game, states, session.events, ends, None, spectator.texts, seed)
        final = json.loads(seats[0].texts[-1])
        assert final["over"] and final["seed"] == seed  # (told once the game is over)
    finally:
        await table.close()
