"""One-Card announces every hand the same way, the first included: the deal
and the up-card are engine events of the deal, so the session's log, the
history, a record's replay and ``cardtable replay`` all open with them.

Seed 1 with four players: the first dealer is seat 2 (Cy), so Dee leads.
"""

from __future__ import annotations

import json

from one_card_helpers import cards

from cardtable.cli import main
from cardtable.core.record import replay
from cardtable.games import get_game
from cardtable.games.one_card import GAME, Draw, first_dealer, named, stacked_deck
from cardtable.session import Seat, Session
from cardtable.tui.flow.timeline import Timeline
from cardtable.tui.presenters.one_card import PRESENTER
from cardtable.tui.screens.history import history_entries

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SEED = 1
HANDS = ["4H 5H 6H 8H 9H", "4S 5S 6S 8S 9S", "4C 5C 6C 8C 9C", "4D 5D 6D 8D 9D"]
DEAL = "Hand 1: Cy deals 5 cards to each player; Dee leads."
UPCARD = "The up-card is 3♣ (its power does not apply)."


def deck():
    return stacked_deck(4, [cards(h) for h in HANDS], cards("3C")[0], seed=SEED)


def test_the_seed_deals_as_this_module_says():
    assert first_dealer(4, SEED) == 2


def test_the_first_deal_is_announced_as_every_later_one():
    state, events = GAME.start(4, seed=SEED, deck=deck())
    assert [e.render(NAMES) for e in events] == [DEAL, UPCARD]
    assert [e.kind for e in events] == ["deal", "upcard"] and all(e.visible(None) for e in events)
    assert dict(events[0].data) == {"hand": 1, "dealer": 2, "leader": 3, "cards": 5}
    assert state == GAME.new(4, seed=SEED, deck=deck())  # the same state as ``new``'s
    # hand 2's deal says the same two things, with its own dealer and up-card
    later = [e.kind for e in GAME.deal_with_events(4, GAME.make_options(), deck(), named(state).table.rng, SEED)[1]]
    assert later == ["deal", "upcard"]


def test_a_joker_turned_up_at_the_first_deal_is_told_too():
    order = list(deck())
    joker = next(c for c in order if c.suit is None)
    order.remove(joker)
    order.insert(20, joker)  # the up-card's place: a Joker, put back into the pile
    _, events = GAME.start(4, seed=SEED, deck=order)
    assert [e.kind for e in events] == ["deal", "upcard_joker", "upcard"]


def test_the_session_the_history_and_an_undo_keep_the_opening_lines():
    session = Session.start("one-card", [Seat(n) for n in NAMES], seed=SEED, deck=deck())
    assert [e.render(NAMES) for e in session.events] == [DEAL, UPCARD]
    lines = [entry.text for entry in history_entries(session.events, NAMES, PRESENTER.heading)]
    assert lines == ["Hand 1", DEAL, UPCARD]  # one heading, then the two lines
    made = session.apply(3, Draw())
    assert session.events[2:] == list(made) and session.move_events(0) == list(made)
    session.undo(session.plan_undo(3))
    assert [e.render(NAMES) for e in session.events] == [DEAL, UPCARD]


def test_a_record_replays_with_the_opening_lines_and_resumes_with_them():
    session = Session.start("one-card", [Seat(n) for n in NAMES], seed=SEED)
    for _ in range(6):
        player = session.to_act[0]
        session.apply(player, session.legal_moves(player)[0])
    record = session.record()
    replayed = replay(record, get_game)
    assert [(i, e.kind) for i, e in replayed.events[:2]] == [(-1, "deal"), (-1, "upcard")]
    assert all(i >= 0 for i, _ in replayed.events[2:])
    resumed = Session.from_record(record)
    assert resumed.events == session.events and resumed.ends == session.ends
    assert [resumed.move_events(i) for i in range(6)] == [session.move_events(i) for i in range(6)]
    timeline = Timeline.of(record)
    assert [e.kind for e in timeline.events_until(0)] == ["deal", "upcard"]
    assert timeline.events_until(6) == session.events


def test_cardtable_replay_prints_the_first_hand(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    session = Session.start("one-card", [Seat(n) for n in NAMES], seed=SEED, deck=deck())
    session.apply(3, Draw())
    path = tmp_path / "game.json"
    path.write_text(session.record().model_dump_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.index(DEAL) < out.index(UPCARD) < out.index("Dee draws")
    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)["events"]
    assert [(e["move"], e["kind"]) for e in printed[:3]] == [(None, "deal"), (None, "upcard"), (0, "draw")]
