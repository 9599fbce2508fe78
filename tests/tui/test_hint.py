"""Hints (h, and the palette's Hint): the move the normal computer player would make from the
player's own view, marked on the hand (or put in the secret prompt) with a one-line reason,
counted in the record; nothing the player cannot see goes into it or onto the screen."""

from __future__ import annotations

import dataclasses
import random

import pytest
from tui_helpers import make_app, random_session, ready, run_async, screen_text, table_app, table_of, wait_until

from cardtable.bots import decision_seed, make_bot
from cardtable.bots.hints import explain
from cardtable.core.cards import Card
from cardtable.core.record import HintMark
from cardtable.session import Seat, Session
from cardtable.storage.saves import SaveStore
from cardtable.table.hints import make_hint
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.widgets.card_rows import CardRows


def normal_move(session: Session, seat: int):
    """What a normal computer player in ``seat`` would do now (seeded as the hint's bot)."""
    bot = make_bot(session.game, "normal", seed=decision_seed(session.seed, seat, len(session.moves), "hint"))
    return bot.choose(session.view(seat), [e for e in session.events if e.visible(seat)])


def marked_cards(text: str) -> list[str]:
    """The card faces under a "hint" mark on the screen (the mark sits right over its chip)."""
    lines = text.splitlines()
    faces = []
    for row, line in enumerate(lines[:-1]):
        start = line.find("hint")
        while start != -1:
            below = lines[row + 1][max(0, start - 1) : start + 5]
            faces.append(below.strip())
            start = line.find("hint", start + 1)
    return faces


@run_async
async def test_a_hint_marks_the_normal_players_card_and_enter_plays_it():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        session = table.session
        expected = normal_move(session, 0)
        at = len(session.moves)
        await pilot.press("h")
        await pilot.pause()
        describe = session.game.describe_move(expected)
        assert table._status.startswith(f"Hint (normal): {describe}: ")
        assert table._status == f"Hint (normal): {describe}: {explain(session.game, session.view(0), expected)}."
        assert marked_cards(screen_text(app)) == [expected.card.face]
        assert session.hints == [HintMark(at=at, player=0)]
        await pilot.press("h")  # the same position again: counted once
        await pilot.pause()
        assert session.hints == [HintMark(at=at, player=0)]
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.moves) > at)
        assert session.moves[at] == (0, expected)
        assert "hint" not in screen_text(app).replace("Hint", "")  # the mark goes with the move
        saver = app.persistence.saver_of(session)
        saver.flush()
        assert SaveStore().load(saver.save_id).session.hints == [HintMark(at=at, player=0)]


@run_async
async def test_a_hint_of_several_cards_selects_them_all():
    def pair_hinted(s: Session) -> bool:
        if s.to_act != (0,) or s.state.phase.name != "PLAY":
            return False
        move = make_hint(s, 0).move
        return type(move).__name__ == "Play" and len(move.cards) >= 2

    session = random_session("shed", ["human", "normal"], seed=0, stop=pair_hinted, options={"short_game": True})
    hint = make_hint(session, 0)
    app = table_app(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        at = len(session.moves)
        await pilot.press("h")
        await pilot.pause()
        rows = table.query_one(CardRows)
        assert rows.selected == rows.hinted and len(rows.hinted) == len(hint.move.cards)
        assert sorted(marked_cards(screen_text(app))) == sorted(card.face for card in hint.move.cards)
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.moves) > at)
        assert session.moves[at] == (0, hint.move)


@run_async
async def test_a_hint_for_a_secret_number_fills_the_prompt():
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        prompt = app.screen
        session = table_of(app).session
        expected = normal_move(session, 0)
        await pilot.press("h")
        await pilot.pause()
        assert prompt.query_one("#secret-number").value == str(expected.count)
        note = str(prompt.query_one("#secret-note").render())
        assert note.startswith(f"Hint (normal): {session.game.describe_move(expected)}: ") and "%" in note
        assert session.hints == [HintMark(at=0, player=0)]
        await pilot.press("enter")
        await wait_until(pilot, lambda: prompt.pending is not None)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.moves) >= 1)
        assert session.moves[0] == (0, expected)


@run_async
async def test_a_hint_in_a_hot_seat_game_shows_no_other_hand():
    app = make_app("one-card", 2, seed=9)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: ready(app) and not isinstance(app.screen, CurtainScreen))
        table = table_of(app)
        session = table.session
        seat = table.viewer
        await pilot.press("h")
        await pilot.pause()
        assert table._status.startswith("Hint (normal)")
        text = screen_text(app)
        public = {e.render(session.names) for e in session.events if e.visible(None)}
        seen = {w.strip(".,:;()") for line in public for w in line.split()} | {
            c.face for c in session.view(None).discard
        }
        others = {c.face for c in session.view(1 - seat).hand} - set(c.face for c in session.view(seat).hand) - seen
        assert others, "the other hand has no card of its own to look for"
        assert not others & {w.strip(".,:;()") for w in text.split()}


def cards_in(value) -> set[Card]:
    """Every card a view holds, however deep."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize(
    "game_id,options", [("one-card", None), ("shed", {"short_game": True}), ("one-too-many", None)]
)
def test_hints_come_from_the_view_alone(game_id, options):
    """A state with the hidden cards dealt otherwise (consistent with the seat's view) gives the
    same hint; and a hint's reason names no card the view does not show."""
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        session = Session.start(game_id, [Seat("A"), Seat("B"), Seat("C")], options, seed)
        for step in range(60):
            if session.is_over:
                break
            seat = session.to_act[0]
            if step % 7 == 3:
                hint = make_hint(session, seat)
                view = session.view(seat)
                other = dataclasses.replace(session, state=session.game.determinize(view, rng), listeners=[])
                assert session.game.view(other.state, seat) == view
                assert make_hint(other, seat) == hint
                shown = {card.face for card in cards_in(view)}
                named = {w.strip(".,:;()") for w in hint.reason.split()} & {
                    c.face for c in session.game.all_cards(session.state)
                }
                assert named <= shown, (hint.reason, named - shown)
                checked += 1
            session.apply(seat, rng.choice(session.legal_moves(seat)))
    assert checked >= 10


@run_async
async def test_a_hinted_exchange_marks_both_cards_and_the_picker_offers_it_first():
    from textual.widgets import OptionList

    from cardtable.games.shed.moves import Exchange
    from cardtable.tui.screens.picker import PickerScreen

    app = make_app("shed", 2, kinds=["human", "normal"], seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        session = table.session
        hint = make_hint(session, 0)
        assert isinstance(hint.move, Exchange)
        await pilot.press("h")
        await pilot.pause()
        assert sorted(marked_cards(screen_text(app))) == sorted([hint.move.hand_card.face, hint.move.face_up_card.face])
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        picker = app.screen
        await pilot.pause()
        assert picker.picker.choices[picker.query_one(OptionList).highlighted].move == hint.move
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.confirming)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.moves) == 1)
        assert session.moves[0] == (0, hint.move)


def test_shed_hint_counts_a_burned_stack_as_the_log_does():
    """A 10's hint says how many cards burn, the 10 (or 10s) played included, as the burn event does."""
    from cardtable.games.shed.moves import Play

    def ten_on_a_stack(session) -> bool:
        if session.is_over or not session.view(None).stack:
            return False
        seat = session.to_act[0]
        return any(type(m) is Play and m.cards[0].rank == 10 for m in session.legal_moves(seat))

    session = random_session("shed", ["human"] * 3, 11, ten_on_a_stack)
    seat = session.to_act[0]
    move = next(m for m in session.legal_moves(seat) if type(m) is Play and m.cards[0].rank == 10)
    reason = explain(session.game, session.view(seat), move)
    burn = next(e for e in session.apply(seat, move) if e.kind == "burn")
    count = burn.get("count")
    assert f"({count} cards)" in reason and f"({count} cards)" in burn.render(session.names), (reason, burn.text)
