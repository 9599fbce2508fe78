"""Hidden information stays hidden, judged on what is actually on screen."""

from __future__ import annotations

import re

import pytest
from test_full_games import sensible
from tui_helpers import (
    gate_thinking,
    make_app,
    play_to_game_over,
    press_for_prompt,
    ready,
    run_async,
    screen_text,
    table_of,
    wait_until,
)

from cardtable.games.one_too_many import Ask
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.interlude import RevealScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card_rows import CardRows

SUITS = "♣♦♥♠"


def private_faces(session, seat: int) -> set[str]:
    """The faces of the cards only ``seat`` knows (Shed: dealt or drawn into the hand, and
    not shown in the public view, which during the exchange still shows the dealt face-up cards)."""
    public = session.view(None)
    seen = {c for cards in public.face_up for c in cards} | set(public.stack) | set(public.burned)
    seen |= {c for cards in public.known for c in cards}
    return {card.face for card in session.state.hands[seat] if card not in seen}


@pytest.mark.slow
@run_async
async def test_shed_no_other_hand_and_no_cards_behind_the_curtain():
    app = make_app("shed", 3, options={"short_game": True}, seed=21)
    checked = {"curtain": 0, "table": 0}

    def check(app, screen_name: str) -> None:
        session = table_of(app).session
        text = screen_text(app)
        if screen_name == "CurtainScreen":
            # nobody's private cards, and card faces only in public event lines
            for seat in range(3):
                assert not private_faces(session, seat) & set(text.split()), "a hand card shows on the curtain"
            public = {e.render(session.names) for e in session.events if e.visible(None)}
            for widget in app.screen.query(".recap-line"):
                assert str(widget.render()) in public
            assert not app.screen_stack[-2].query_one(CardRows).area, "the table under the curtain holds a hand"
            checked["curtain"] += 1
        elif screen_name == "TableScreen":
            table: TableScreen = app.screen
            viewer = table.viewer
            for seat in range(3):
                if seat != viewer:
                    leaked = private_faces(session, seat) & set(text.replace("(", " ").split())
                    assert not leaked, f"seat {seat}'s hand cards {leaked} show on seat {viewer}'s turn"
            shown = {item.card for row in table.query_one(CardRows).area.rows for item in row.items if item.card}
            view = session.view(viewer)
            assert shown <= set(view.hand) | set(view.face_up[viewer])
            checked["table"] += 1

    async with app.run_test(size=(100, 30)) as pilot:
        await play_to_game_over(pilot, sensible, seed=21, on_step=check)
    assert checked["curtain"] > 5 and checked["table"] > 5


def without_number_pad(text: str) -> str:
    """The screen but the prompt's buttons 0 to 10 (a tap pad: every number is on it)."""
    return "\n".join(line for line in text.splitlines() if not re.search(r"\b7 +8 +9 +10\b", line))


@run_async
async def test_secret_numbers_never_show_before_the_reveal():
    app = make_app("one-too-many", 2, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        assert "Ann" in screen_text(app)
        await press_for_prompt(pilot, app.screen, Ask(9))
        # Bob's curtain, then Bob's prompt: Ann's 9 is nowhere
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        text = screen_text(app)
        assert "Pass to Bob" in text and "Ann has chosen a number" in text
        assert "9" not in text and "asks for" not in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
        prompt = app.screen
        text = without_number_pad(screen_text(app))
        assert "Bob" in text and "9" not in text and "asks for" not in text
        # Bob's own number is hidden once entered: the prompt closes, the reveal shows both at once
        await press_for_prompt(pilot, prompt, Ask(3))
        await wait_until(pilot, lambda: isinstance(app.screen, RevealScreen))
        text = screen_text(app)
        assert "asks for 9" in text and "asks for 3" in text


@run_async
async def test_table_says_has_chosen_without_the_number(monkeypatch):
    """While a computer thinks, the table shows "has chosen" for the human, not the number."""
    gate = gate_thinking(monkeypatch)
    app = make_app("one-too-many", 2, kinds=["human", "normal"], seed=4)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen))
            await press_for_prompt(pilot, app.screen, Ask(9))
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and "thinking" in screen_text(app))
            text = screen_text(app)
            ann = next(line for line in text.splitlines() if " Ann " in line)
            assert "has chosen" in ann and "9" not in ann
            assert "asks for 9" not in text
            gate.set()
            await wait_until(pilot, lambda: isinstance(app.screen, RevealScreen))
    finally:
        gate.set()


@pytest.mark.slow
@run_async
async def test_one_card_shows_only_the_viewers_hand():
    app = make_app("one-card", 3, options={"target": 15, "hand_size": 3}, seed=8)
    turns = 0

    def check(app, screen_name: str) -> None:
        nonlocal turns
        if screen_name != "TableScreen":
            return
        table = app.screen
        session = table.session
        shown = [item.card for row in table.query_one(CardRows).area.rows for item in row.items]
        assert sorted(shown) == sorted(session.view(table.viewer).hand)
        turns += 1

    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, sensible, seed=8, on_step=check)
    assert turns >= 6
