"""Reading the table (issue 23): One Too Many's players table keeps its columns in place
whatever the statuses say, fits 80 columns and does not read the pile's size as a card;
One-Card's hand-end box and its hints say things in words."""

from __future__ import annotations

import re

from tui_helpers import random_session, ready, run_async, screen_text, table_app, table_of, wait_until

from cardtable.games.one_too_many import Phase

NAMES = ["Player 1", "Player 2", "Player 3"]
COLUMNS = ("Pile", "Newest", "Pts", "Redo")


def otm_views():
    """Public views of games of three at every move: choosing, the Redo, passes, busts, the end."""
    views = []

    def keep(session) -> bool:
        views.append(session.view(None))
        return session.is_over

    for seed in (10, 2, 8):
        random_session("one-too-many", ["human"] * 3, seed, keep, names=NAMES, prefer="Ask")
    return views


def players_rows(text: str) -> list[str]:
    """The players table's lines on screen, left of the log: its header and one line per seat."""
    lines = [line.split("│")[0] for line in text.splitlines()]
    top = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Player "))
    return lines[top : top + 4]


@run_async
async def test_one_too_many_players_table_keeps_its_columns_at_80_columns():
    views = otm_views()
    assert any(v.phase is Phase.REDO for v in views) and any(any(v.redo) for v in views)
    app = table_app(random_session("one-too-many", ["human"] * 3, 6, lambda s: True, names=NAMES), curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        screen = table_of(app)
        table = screen.query_one("#public-table")
        places = set()
        for view in views:
            table.show(view, NAMES, screen.card_style)
            await pilot.pause()
            header, *rows = players_rows(screen_text(app))
            # the header is whole at 80 columns, and no row is cut
            assert "…" not in header and all(word in header for word in COLUMNS), header
            assert not any("…" in row for row in rows if "deciding…" not in row and "choosing…" not in row), rows
            starts = tuple(header.index(word) for word in COLUMNS)
            places.add(starts)
            pts_end = starts[2] + len("Pts")
            for seat, row in enumerate(rows):
                # the pile's size stands alone under "Pile" (its cards under "Newest"), the points under "Pts"
                assert row[starts[0] : starts[0] + 4].strip() == str(len(view.piles[seat])), (row, header)
                assert row[starts[2] - 1 : pts_end].strip() == str(view.scores[seat]), (row, header)
            # the statuses start in one column
            status_starts = {match.start() for row in rows if (match := re.search(r"[a-z]", row[pts_end:]))}
            assert len(status_starts) <= 1, rows
        # every column stays where it was, whatever the statuses say
        assert len(places) == 1, places


def _goes_out_next(session) -> bool:
    """Seat 0 is to play and one of its legal moves is its last card (the hand ends with it)."""
    if session.is_over or session.to_act != (0,):
        return False
    view = session.view(0)
    return len(view.hand) == 1 and any(type(m).__name__ == "Play" for m in session.legal_moves(0))


@run_async
async def test_one_card_hand_end_box_shows_the_cards_left_and_says_hand_throughout():
    from tui_helpers import press_for_table_move

    from cardtable.tui.presenters.one_card import LEFT_SHOWN
    from cardtable.tui.screens.interlude import SummaryScreen

    session = random_session("one-card", ["human", "human", "human"], 3, _goes_out_next)
    left = {seat: session.game.view(session.state, seat).hand for seat in (1, 2)}  # what they will be left with
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        table = table_of(app)
        move = next(m for m in session.legal_moves(0) if type(m).__name__ == "Play")
        await press_for_table_move(pilot, table, move)
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.pause()
        text = screen_text(app)
        assert re.search(r"Hand \d+ is over", text) and "Next hand" in text and "Left with" in text, text
        assert "round" not in text.lower(), text
        for seat, cards in left.items():
            row = next(line for line in text.splitlines() if f" {session.names[seat]} " in line)
            shown = [card.face for card in cards if f" {card.face}" in row]
            assert len(shown) == min(len(cards), LEFT_SHOWN), (row, cards)


def _jack_on_seat_0(counter: bool):
    def stop(session) -> bool:
        if session.is_over or session.to_act != (0,) or not session.view(0).jack_pending:
            return False
        return any(type(m).__name__ == "Play" for m in session.legal_moves(0)) == counter

    return stop


@run_async
async def test_one_card_says_in_words_what_a_jack_leaves():
    for counter, expected in (
        (False, "A Jack is on you, and no card of yours counters it: press p to lose the turn."),
        (True, "A Jack is on you: counter it with a bright card, or press p to lose the turn."),
    ):
        session = random_session("one-card", ["human", "human"], 1, _jack_on_seat_0(counter), max_steps=20000)
        app = table_app(session, curtain="never")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda app=app: ready(app))
            await pilot.pause()
            text = " ".join(line.split("│")[0].strip() for line in screen_text(app).splitlines())
            assert expected in text, text


def _blind_play_next(session) -> bool:
    """Seat 0 is to play one of its face-down cards (at least two left: it does not go out)."""
    if session.is_over or session.to_act != (0,) or session.view(None).face_down[0] < 2:
        return False
    return any(type(m).__name__ == "PlayFaceDown" for m in session.legal_moves(0))


@run_async
async def test_shed_face_down_reveal_keeps_the_table_in_sight_and_says_if_the_card_was_played():
    from cardtable.tui.screens.curtain import CurtainScreen
    from cardtable.tui.screens.interlude import RevealScreen

    outcomes = set()
    for seed in range(1, 40):
        if len(outcomes) == 2:
            break
        try:
            session = random_session("shed", ["human", "human"], seed, _blind_play_next, {"short_game": True})
        except AssertionError:
            continue
        from cardtable.games.shed.moves import PlayFaceDown

        # (what the first face-down card, the cursor's, will do: one game of each outcome is enough)
        peek = [e.kind for e in session.game.apply(session.state, 0, PlayFaceDown(0))[1]]
        if ("flip_fail" not in peek) in outcomes or "burn" in peek:
            continue
        stack = session.view(None).stack
        app = table_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda app=app: isinstance(app.screen, CurtainScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda app=app: ready(app) and not isinstance(app.screen, CurtainScreen))
            await pilot.press("enter")  # the cursor is on a face-down card: choose it, then confirm
            await wait_until(pilot, lambda app=app: table_of(app).confirming)
            await pilot.press("enter")
            await wait_until(pilot, lambda app=app: isinstance(app.screen, (RevealScreen, CurtainScreen)) or ready(app))
            await pilot.pause()
            text = screen_text(app)
            played = session.events[-1].kind != "flip_fail" and any(
                e.kind == "play" and e.get("source") == "face-down" for e in session.move_events(len(session.moves) - 1)
            )
            outcomes.add(played)
            assert ("it is played" if played else "it cannot be played") in text, text
            # the table stays in sight behind the message: its stack line, with the card it was judged against
            stack_line = next((line for line in text.splitlines() if line.lstrip().startswith("Stack")), None)
            assert stack_line is not None, text
            if not played and stack:
                assert stack[-1].face in text, text
    assert outcomes == {True, False}, outcomes


@run_async
async def test_one_too_many_center_shows_every_diamond_at_80_columns():
    """Seven Diamonds or more ran off an 80-column table as chips ("... K♦ …"): every one shows."""
    from dataclasses import replace

    from cardtable.core.cards import parse_card

    app = table_app(random_session("one-too-many", ["human"] * 3, 6, lambda s: True, names=NAMES), curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        screen = table_of(app)
        table = screen.query_one("#public-table")
        base = screen.source.view(None)
        for count in (3, 7, 10, 13):
            ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"][:count]
            center = tuple(parse_card(f"{rank}D") for rank in ranks)
            table.show(replace(base, center=center), NAMES, screen.card_style)
            await pilot.pause()
            line = next(line.split("│")[0] for line in screen_text(app).splitlines() if "Center" in line)
            assert "…" not in line, line
            assert all(card.face in line for card in center), (count, line)
