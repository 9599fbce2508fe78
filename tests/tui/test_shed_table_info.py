"""What Shed's rules promise the table shows, on the rendered screen: the hand cards
everyone knows (each player's, and marked in your own hand) and the moves without
progress, with a warning when the stall limit is near. All of it from the view."""

from __future__ import annotations

import random

from tui_helpers import (
    CurtainScreen,
    GameOverScreen,
    make_app,
    press_for_table_move,
    ready,
    run_async,
    screen_text,
    table_of,
    wait_until,
)

from cardtable.games.shed.moves import PickUp
from cardtable.tui.presenters.shed import stall_warning_at
from cardtable.tui.widgets.card_rows import CardRows


def flat(text: str) -> str:
    return " ".join(text.split())


def region_text(app, selector: str) -> str:
    """The characters on screen inside one widget's region (the log beside it left out)."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).split("\n")[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


def test_the_warning_starts_near_the_limit():
    assert stall_warning_at(100) == 80
    assert stall_warning_at(20) == 15
    assert stall_warning_at(10) == 5


@run_async
async def test_known_cards_and_the_stall_counter_on_screen():
    app = make_app("shed", 3, options={"short_game": True, "stall_limit": 20}, seed=5)
    seen = {"count": False, "warning": False, "known": False, "marked": False}
    async with app.run_test(size=(110, 36)) as pilot:
        rng = random.Random(1)
        for _ in range(400):
            await wait_until(pilot, lambda: ready(app))
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
                await wait_until(pilot, lambda screen=screen: app.screen is not screen)
                continue
            table = table_of(app)
            seat, session = table.viewer, table.session
            public, mine = session.view(None), session.view(seat)
            text = region_text(app, "#table-main")
            if public.phase == "play" and not public.start_rank:
                limit = public.options.stall_limit
                moves = f"{public.stall} move{'s' if public.stall != 1 else ''}"
                if public.stall < stall_warning_at(limit):
                    assert f"No progress for {moves} (the game stops at {limit})" in text
                    assert "⚠" not in text
                    seen["count"] = True
                else:
                    assert f"⚠ No progress for {moves}: the game stops at {limit}" in text
                    seen["warning"] = True
            holders = [p for p in range(3) if public.known[p]]
            if holders:
                # every player's known hand cards, in order, on a line of their own
                line = flat(text)
                for p in holders:
                    faces = " ".join(c.face for c in public.known[p])
                    assert f"Known in {session.names[p]}'s hand: {faces}" in line
                seen["known"] = seen["known"] or any(p != seat for p in holders)
            else:
                assert "Known in" not in text
            # your own known cards are marked, and only those
            rows = table.query_one(CardRows).area.rows
            hand = next(r for r in rows if r.key == "hand")
            assert {item.card for item in hand.items if item.known} == set(mine.known[seat])
            marks = text.count("•")
            if mine.known[seat]:
                assert "• known" in text and marks == len(mine.known[seat]) + 1
                seen["marked"] = True
            else:
                assert marks == 0
            if all(seen.values()):
                break
            legal = session.legal_moves(seat)
            pick_up = [m for m in legal if isinstance(m, PickUp)]
            move = pick_up[0] if pick_up and rng.random() < 0.5 else rng.choice(legal)
            before = len(session.moves)
            await press_for_table_move(pilot, screen, move)
            await wait_until(pilot, lambda session=session, before=before: len(session.moves) > before)
    assert all(seen.values()), seen


@run_async
async def test_a_long_known_hand_wraps_instead_of_being_cut():
    """Sixteen known cards at 80 columns: every one of them on screen, none cut by an ellipsis."""
    from dataclasses import replace

    from tui_helpers import random_session, table_app

    from cardtable.core.cards import parse_card

    session = random_session("shed", ["human", "human"], 6, lambda s: s.view(None).phase != "exchange")
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        codes = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2H", "3H", "4H"]
        known = tuple(parse_card(code) for code in codes)
        view = replace(session.view(None), known=(known, ()))
        app.screen.query_one("#public-table").show(view, session.names, table_of(app).card_style)
        await pilot.pause()
        table = "\n".join(line.split("│")[0] for line in screen_text(app).splitlines())
        assert "…" not in table, table
        assert all(f" {card.face}" in table for card in known), table
