"""Undo and hints in the session: what an undo takes back, the state it rebuilds, the record,
the autosave, and the refusals (nothing changes then)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core.record import HintMark, UndoMark, replay
from cardtable.games import get_game
from cardtable.session import Seat, Session, UndoRefused
from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore
from random_play import play_randomly

GAMES = [("one-card", 3, None), ("shed", 3, {"short_game": True}), ("one-too-many", 3, None)]


def played(game_id: str, players: int, options, seed: int, count: int) -> Session:
    """A session after ``count`` seeded random moves (fewer if the game ends first)."""
    session = Session.start(game_id, [Seat(f"P{i}") for i in range(players)], options, seed)
    rng = random.Random(seed)
    for _ in range(count):
        if session.is_over:
            break
        seat = rng.choice(session.to_act)
        session.apply(seat, rng.choice(session.legal_moves(seat)))
    return session


def snapshot(session: Session) -> tuple:
    """Everything a player could see, and the state's digest."""
    game = session.game
    return (
        game.digest(session.state),
        [game.view(session.state, p) for p in (None, *range(len(session.seats)))],
        list(session.events),
        list(session.moves),
    )


@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_undo_goes_back_to_the_players_own_last_move(game_id, players, options):
    session = played(game_id, players, options, seed=11, count=25)
    assert not session.is_over
    player = session.moves[-3][0]
    at = max(i for i, (p, _) in enumerate(session.moves) if p == player)
    plan = session.plan_undo(player)
    assert (plan.player, plan.at, plan.taken) == (player, at, len(session.moves) - at)
    assert set(plan.movers) == {p for p, _ in session.moves[at:]}
    expected = replay(session.record(), get_game, upto=at)
    session.undo(plan)
    assert len(session.moves) == at
    assert session.game.digest(session.state) == session.game.digest(expected.state)
    assert session.events == [e for _, e in expected.events]
    assert player in session.to_act  # their decision again
    assert session.undos == [UndoMark(at=at, taken=plan.taken, player=player)]
    assert session.event_ends() == Session.from_record(session.record()).ends


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), count=st.integers(1, 120), pick=st.integers(0, 7))
def test_undo_then_the_same_moves_again_gives_the_same_game(game, seed, count, pick):
    """Undo, then re-apply the moves taken back: the same digest, views, events and moves."""
    game_id, players, options = game
    session = played(game_id, players, options, seed, count)
    if session.is_over:
        session.undos.clear()
        with pytest.raises(UndoRefused, match="over"):
            session.plan_undo(0)
        return
    movers = sorted({p for p, _ in session.moves})
    if not movers:
        return
    player = movers[pick % len(movers)]
    before = snapshot(session)
    plan = session.plan_undo(player)
    taken = session.moves[plan.at :]
    session.undo(plan)
    assert len(session.moves) == plan.at
    for seat, move in taken:
        session.apply(seat, move)
    assert snapshot(session) == before
    assert len(session.undos) == 1


def test_refusals_change_nothing():
    session = played("one-card", 2, None, seed=3, count=0)
    first = session.to_act[0]
    other = 1 - first
    start = snapshot(session)
    with pytest.raises(UndoRefused, match=f"P{first} has not made a move yet"):
        session.plan_undo(first)
    assert snapshot(session) == start
    session.apply(first, session.legal_moves(first)[0])
    with pytest.raises(UndoRefused, match=f"P{other} has not made a move yet"):
        session.plan_undo(other)
    plan = session.plan_undo(first)
    session.apply(session.to_act[0], session.legal_moves(session.to_act[0])[0])
    with pytest.raises(UndoRefused, match="moved on"):
        session.undo(plan)  # a plan made before another move is stale
    assert len(session.moves) == 2 and session.undos == []
    session.undo(session.plan_undo(first))
    assert snapshot(session) == start and len(session.undos) == 1


def test_a_barrier_stops_the_undo_with_its_reason():
    session = played("one-too-many", 2, None, seed=5, count=6)
    reveals = [i for i in range(len(session.moves)) if any(e.kind == "reveal" for e in session.move_events(i))]
    assert reveals, "no reveal in these moves"

    def barrier(events):
        return "revealed" if any(e.kind == "reveal" for e in events) else None

    player = session.moves[reveals[-1]][0]
    before = snapshot(session)
    with pytest.raises(UndoRefused, match="revealed"):
        session.plan_undo(player, barrier)
    assert snapshot(session) == before and session.undos == []
    assert session.plan_undo(player).taken >= 1  # without the barrier it would go


def test_listeners_hear_of_undos_and_hints():
    session = played("shed", 2, {"short_game": True}, seed=2, count=8)
    heard = []
    session.listeners.append(lambda s, player, move, events: heard.append((player, move, events)))
    player = session.moves[-1][0]
    session.note_hint(player)
    session.undo(session.plan_undo(player))
    assert heard == [(player, None, ()), (player, None, ())]
    assert session.hints == [HintMark(at=8, player=player)]


@pytest.mark.parametrize("background", [False, True])
def test_the_autosave_writes_the_undone_game_and_resumes_it(background):
    session = played("one-card", 3, None, seed=8, count=0)
    saver = Autosaver(session, background=background).attach()
    rng = random.Random(8)
    play_randomly(session, rng, 12)
    player = session.moves[-4][0]
    session.note_hint(player)
    session.undo(session.plan_undo(player))
    saver.flush()
    loaded = SaveStore().load(saver.save_id)
    assert loaded.session.moves == session.moves and len(session.moves) < 12
    assert loaded.session.game.digest(loaded.session.state) == session.game.digest(session.state)
    assert loaded.session.undos == session.undos and loaded.session.hints == session.hints
    assert loaded.session.events == session.events
    saver.release()
    resumed = Autosaver.resume(saver.save_id)
    assert resumed.session.moves == session.moves and resumed.session.undos == session.undos
    resumed.release()


def test_the_logs_undone_lines_sit_where_the_moves_were_taken_back():
    from cardtable.table.undo import undo_notes, with_notes

    session = played("one-card", 2, None, seed=4, count=12)
    assert undo_notes(session, None) == []
    rng = random.Random(1)
    first = session.plan_undo(session.moves[-1][0])
    session.undo(first)
    assert undo_notes(session, None) == [
        (
            len(session.events),
            f"Undone: {session.names[first.player]} took back {first.taken} move" + ("s" if first.taken > 1 else ""),
        )
    ]
    play_randomly(session, rng, 6)
    later = session.plan_undo(session.moves[-1][0])
    session.undo(later)
    notes = undo_notes(session, None)
    assert [text.split(" took back ")[1] for _, text in notes] == [
        f"{first.taken} move" + ("s" if first.taken > 1 else ""),
        f"{later.taken} move" + ("s" if later.taken > 1 else ""),
    ]
    ends = session.event_ends()
    assert notes[1][0] == len(session.events)
    assert notes[0][0] == (ends[min(first.at, later.at) - 1] if min(first.at, later.at) else 0)
    lines = with_notes([(i, str(i)) for i in range(len(session.events))], notes)
    assert lines[-1].startswith("Undone") and len(lines) == len(session.events) + 2
    assert lines.index(notes[0][1]) == notes[0][0]  # after exactly the events kept before it


@pytest.mark.parametrize("game_id", ["one-too-many", "one-card", "shed"])
def test_an_undo_is_told_only_to_the_seats_that_saw_something_of_what_it_took_back(game_id):
    """Shed's swaps are seen by the swapper alone: an "undone" line in another seat's log
    would tell them there were swaps. Checked at random points of random games."""
    from cardtable.table.undo import undo_notes

    rng = random.Random(game_id)
    checked = {"private": 0, "public": 0}
    for seed in range(30):
        session = played(game_id, 3, None, seed=seed, count=rng.randrange(1, 12))
        if session.is_over or not session.moves:
            continue
        player = session.moves[-1][0]
        try:
            plan = session.plan_undo(player)
        except UndoRefused:
            continue
        ends = session.event_ends()
        taken = session.events[ends[plan.at - 1] if plan.at else 0 :]
        saw = {v: v == player or any(e.visible(v) for e in taken) for v in (None, 0, 1, 2)}
        saw[None] = any(e.visible(None) for e in taken)
        session.undo(plan)
        for viewer in (None, 0, 1, 2):
            told = [line for _, line in undo_notes(session, viewer)]
            assert bool(told) == (saw[None] or saw[viewer]), (seed, viewer, saw, told)
        checked["public" if saw[None] else "private"] += 1
    assert checked["public"] > 0
    if game_id == "shed":
        assert checked["private"] > 0  # (the exchange's swaps: the case that leaked)


def test_a_shed_swap_taken_back_leaves_no_line_in_the_other_players_log():
    from cardtable.games.shed import Exchange
    from cardtable.table.source import SessionSource
    from cardtable.tui.presenters import get_presenter
    from cardtable.tui.screens.table_log import log_lines

    session = Session.start("shed", [Seat("Ann"), Seat("Ben")], None, 3)
    swap = next(m for m in session.legal_moves(0) if isinstance(m, Exchange))
    session.apply(0, swap)
    session.undo(session.plan_undo(0))
    source, presenter = SessionSource(session), get_presenter("shed")
    assert any(line.startswith("Undone: Ann") for line in log_lines(source, presenter, 0, source.event_count))
    for viewer in (1, None):
        assert not any("Undone" in line for line in log_lines(source, presenter, viewer, source.event_count))
    assert session.undos[-1].seen_by == [0]
    reloaded = type(session.undos[-1]).model_validate(session.undos[-1].model_dump(mode="json"))
    assert reloaded == session.undos[-1]
