"""Undo at the table (u, and the palette's Undo): back to the player's own last decision,
the computers' moves since taken back and replayed exactly, another human asked behind the
curtain, the reveal of secret numbers never taken back, refusals that change nothing, and the
save after an undo. Privacy is judged on the rendered screen."""

from __future__ import annotations

from tui_helpers import (
    gate_thinking,
    make_app,
    press_for_prompt,
    press_for_table_move,
    random_session,
    ready,
    run_async,
    screen_text,
    table_app,
    table_of,
    wait_until,
)

from cardtable.games.shed.moves import PickUp
from cardtable.session import Session
from cardtable.storage.saves import SaveStore
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.screens.history import HistoryScreen
from cardtable.tui.screens.interlude import RevealScreen, SummaryScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings
from cardtable.tui.widgets.card_rows import CardRows
from cardtable.tui.widgets.move_log import MoveLog


def first_playable(session: Session, seat: int):
    legal = session.legal_moves(seat)
    return next((m for m in legal if type(m).__name__ == "Play"), legal[0])


async def my_turn(pilot, table: TableScreen, seat: int) -> None:
    """Wait for ``seat``'s turn at the table, lifting curtains and interludes on the way."""
    app = pilot.app
    while True:
        await wait_until(pilot, lambda: ready(app))
        if isinstance(app.screen, (CurtainScreen, RevealScreen, SummaryScreen)):
            screen = app.screen
            await pilot.press("enter")
            await wait_until(pilot, lambda screen=screen: app.screen is not screen)
            continue
        if app.screen is table and table.viewer == seat:
            return
        raise AssertionError(f"expected seat {seat}'s turn, found {app.screen!r} for {table.viewer}")


async def play(pilot, table: TableScreen, move) -> None:
    before = len(table.session.moves)
    await press_for_table_move(pilot, table, move)
    await wait_until(pilot, lambda: len(table.session.moves) > before)


def log_text(table: TableScreen) -> str:
    return "\n".join(table.query_one(MoveLog).source)


@run_async
async def test_undo_against_a_computer_takes_its_moves_back_and_they_replay_exactly():
    app = make_app("one-card", 3, kinds=["human", "normal", "normal"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        session = table.session
        await my_turn(pilot, table, 0)
        at = len(session.moves)
        move = first_playable(session, 0)
        hand_before = session.view(0).hand
        await play(pilot, table, move)
        await my_turn(pilot, table, 0)
        after = list(session.moves)
        assert len(after) >= at + 3  # Ann's move and both computers'
        await pilot.press("u")
        await wait_until(pilot, lambda: len(session.moves) == at and ready(app))
        assert session.undos[-1].model_dump() == {"at": at, "taken": len(after) - at, "player": 0}
        assert f"Undone: Ann took back {len(after) - at} moves" in log_text(table)
        assert "Undone: Ann took back" in table._status
        shown = {item.card for row in table.query_one(CardRows).area.rows for item in row.items}
        assert shown == set(hand_before) == set(session.view(0).hand)
        # the same move again: the computers answer exactly as before (they are seeded)
        await play(pilot, table, move)
        await my_turn(pilot, table, 0)
        assert session.moves == after
        # the history keeps the "undone" line, after the moves the undo kept
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        texts = [entry.text for entry in app.screen.entries]
        undone = next(i for i, text in enumerate(texts) if text.startswith("Undone: Ann took back"))
        ann_plays = [i for i, text in enumerate(texts) if text.startswith("Ann plays")]
        assert ann_plays and ann_plays[-1] > undone, texts
        assert "Undone: Ann took back" in screen_text(app)


@run_async
async def test_nothing_to_undo_before_the_first_move():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        moves = list(table.session.moves)
        assert all(seat != 0 for seat, _ in moves)
        await pilot.press("u")
        await pilot.pause()
        assert table._status == "Nothing to undo: Ann has not made a move yet."
        assert "Nothing to undo" in screen_text(app)
        assert table.session.moves == moves and table.session.undos == [] and table.request is not None


@run_async
async def test_undo_and_hint_while_a_computer_thinks_are_refused(monkeypatch):
    gate = gate_thinking(monkeypatch)
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            gate.set()  # Bob's opening move
            await wait_until(pilot, lambda: ready(app))
            table = table_of(app)
            session = table.session
            gate.clear()
            await play(pilot, table, first_playable(session, 0))
            await wait_until(pilot, lambda: "thinking" in table._status)
            moves = list(session.moves)
            await pilot.press("u")
            await pilot.pause()
            assert table._status == "Undo works on your own turn: wait until it comes (nothing was undone)."
            await pilot.press("h")
            await pilot.pause()
            assert table._status == "A hint is for your own turn: wait until it comes."
            assert session.moves == moves and session.undos == [] and session.hints == []
            gate.set()
            await my_turn(pilot, table, 0)
    finally:
        gate.set()


@run_async
async def test_no_undo_after_the_game_is_over():
    session = random_session(
        "one-too-many", ["human", "normal"], seed=3, stop=lambda s: s.is_over, options={"target": 5}
    )
    moves = list(session.moves)
    app = table_app(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        # the keys that cannot act are not shown (nor offered by the palette); the others are
        assert "Undo" not in footer and "Hint" not in footer, footer
        assert "o Results" in footer and "l History" in footer and "esc Menu" in footer, footer
        assert not {"Undo", "Hint"} & {command.title for command in app.get_system_commands(table)}
        await pilot.press("u", "h")
        await pilot.pause()
        assert session.moves == moves and session.undos == [] and session.hints == []
        assert app.screen is table


@run_async
async def test_revealed_numbers_cannot_be_taken_back():
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        prompt = app.screen
        table = table_of(app)
        session = table.session
        await pilot.press("u")  # no number chosen yet
        await pilot.pause()
        assert "Nothing to undo: Ann has not made a move yet." in screen_text(app)
        await press_for_prompt(pilot, prompt, session.legal_moves(0)[2])
        while not (isinstance(app.screen, SecretPromptScreen) and app.screen is not prompt):
            await wait_until(pilot, lambda: ready(app))
            if isinstance(app.screen, (RevealScreen, SummaryScreen)):
                screen = app.screen
                await pilot.press("enter")
                await wait_until(pilot, lambda screen=screen: app.screen is not screen)
        moves = list(session.moves)
        await pilot.press("u")
        await pilot.pause()
        note = str(app.screen.query_one("#secret-note").render())
        assert note == "Cannot undo: the secret numbers have been revealed, and a reveal cannot be taken back."
        assert "Cannot undo: the secret numbers" in screen_text(app)
        assert isinstance(app.screen, SecretPromptScreen) and session.moves == moves and session.undos == []


def private_faces(session: Session) -> set[str]:
    """Card faces in someone's hand that no public line or the public table shows."""
    public = {e.render(session.names) for e in session.events if e.visible(None)}
    words = {word.strip(".,:;()") for line in public for word in line.split()}
    words |= {card.face for card in session.view(None).discard}
    return {card.face for seat in range(len(session.seats)) for card in session.view(seat).hand} - words


def assert_nothing_private(app, session: Session) -> None:
    text = screen_text(app)
    leaked = private_faces(session) & {word.strip(".,:;()") for word in text.split()}
    assert not leaked, f"hand cards {leaked} on screen:\n{text}"
    table = table_of(app)
    assert table.viewer is None and table.query_one(CardRows).area is None


async def hot_seat_undo(pilot, answer: str):
    """Ann, Bob, Ann have played one move each in a hot-seat One-Card game; Ann asks to undo,
    Bob answers ``answer`` behind the curtain. Returns (table, moves before the undo)."""
    app = pilot.app
    await wait_until(pilot, lambda: ready(app))
    table = table_of(app)
    session = table.session
    for _ in range(3):
        seat = session.to_act[0]
        await my_turn(pilot, table, seat)
        await play(pilot, table, first_playable(session, seat))
    ann = session.to_act[0]
    bob = 1 - ann
    await my_turn(pilot, table, ann)
    moves = list(session.moves)
    await pilot.press("u")
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
    curtain = app.screen
    assert curtain.player_name == session.names[bob]
    assert curtain.recap_title == f"{session.names[bob]}: {session.names[ann]} asks to undo"
    assert_nothing_private(app, session)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen) and "Allow" in screen_text(app))
    text = screen_text(app)
    assert f"{session.names[ann]} asks to undo" in text and "2 moves taken back" in text, text
    assert_nothing_private(app, session)
    await pilot.press(answer)
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen is not curtain)
    assert app.screen.player_name == session.names[ann]
    assert_nothing_private(app, session)
    await pilot.press("enter")
    await my_turn(pilot, table, ann)
    return table, moves, ann


@run_async
async def test_hot_seat_undo_asks_the_other_player_behind_the_curtain():
    app = make_app("one-card", 2, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        table, moves, ann = await hot_seat_undo(pilot, "enter")
        session = table.session
        last = max(i for i, (seat, _) in enumerate(moves) if seat == ann)
        assert session.moves == moves[:last] and session.undos[-1].taken == len(moves) - last
        assert "Undone: Ann took back 2 moves" in log_text(table) and "Undone" in table._status
        shown = {item.card for row in table.query_one(CardRows).area.rows for item in row.items}
        assert shown == set(session.view(ann).hand)


@run_async
async def test_hot_seat_undo_refused_by_the_other_player_changes_nothing():
    app = make_app("one-card", 2, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        table, moves, ann = await hot_seat_undo(pilot, "escape")
        assert table.session.moves == moves and table.session.undos == []
        assert table._status.startswith("Bob did not agree to the undo: nothing was taken back.")
        assert "Undone" not in log_text(table)


@run_async
async def test_shed_picks_up_with_t_and_u_undoes():
    def pick_up_turn(s: Session) -> bool:
        return (
            s.to_act == (0,)
            and s.state.phase.name == "PLAY"
            and any(p == 0 for p, _ in s.moves)
            and any(isinstance(m, PickUp) for m in s.legal_moves(0))
        )

    session = random_session("shed", ["human", "normal"], seed=6, stop=pick_up_turn, options={"short_game": True})
    app = table_app(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        assert "t to pick up the stack" in table._status
        moves = list(session.moves)
        await pilot.press("t")
        await wait_until(pilot, lambda: table.confirming)
        assert "Pick up the stack" in screen_text(app)
        await pilot.press("u")  # not while the question is open
        await pilot.pause()
        assert table._status.startswith("Answer the question first") and session.moves == moves
        await pilot.press("escape")
        await wait_until(pilot, lambda: not table.confirming)
        await pilot.press("u")
        await wait_until(pilot, lambda: len(session.moves) < len(moves) and ready(app))
        assert session.undos and session.moves[-1:] != moves[-1:]


@run_async
async def test_a_game_resumed_after_an_undo_is_the_undone_game():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        session = table.session
        for _ in range(2):
            await my_turn(pilot, table, 0)
            await play(pilot, table, first_playable(session, 0))
        await my_turn(pilot, table, 0)
        await pilot.press("u")
        await wait_until(pilot, lambda: session.undos and ready(app))
        saver = app.persistence.saver_of(session)
        save_id = saver.save_id
        saver.flush()
        saved = SaveStore().load(save_id).session
        assert saved.moves == session.moves and saved.undos == session.undos
        expected = (list(session.moves), session.game.digest(session.state))
    app = CardtableApp(resume=save_id, settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        assert (table.session.moves, table.session.game.digest(table.session.state)) == expected
        assert "Undone: Ann took back" in log_text(table)


@run_async
async def test_f1_and_the_keys_screen_mention_undo_hint_history_and_replays():
    from cardtable.tui.screens.keys import KeysScreen
    from cardtable.tui.screens.rules import RulesScreen

    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(110, 60)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and "At the table" in screen_text(app))
        text = " ".join(screen_text(app).split())
        assert "u undoes back to your own last decision" in text and "h marks the move" in text
        assert "l shows the whole history" in text and "r in Resume" in text, text
        await pilot.press("escape")
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and "Keys" in screen_text(app))
        text = screen_text(app).lower()
        assert "undo" in text and "hint" in text and "pick up" in text
