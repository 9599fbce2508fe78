"""The player's cards (issue 23, Reaching things): every card of a long hand has a number
that chooses it, a hand goes on one line while there is room, Home and End move the cursor."""

from __future__ import annotations

from tui_helpers import random_session, ready, run_async, screen_text, table_app, wait_until

from cardtable.tui.cardfaces import face
from cardtable.tui.widgets.card_lines import card_number, typed_index
from cardtable.tui.widgets.card_rows import TYPING_PAUSE, CardRows


def _long_shed_hand(size: int):
    def stop(session) -> bool:
        view = session.view(0)
        return view.phase != "exchange" and session.to_act == (0,) and len(view.hand) == size

    return stop


def test_card_numbers_and_what_digits_name():
    assert [card_number(i, 10) for i in range(10)] == list("1234567890")
    assert [card_number(i, 12) for i in range(12)] == [str(n) for n in range(1, 13)]
    assert typed_index("1", 10) == (0, False) and typed_index("0", 10) == (9, False)
    assert typed_index("1", 12) == (0, True) and typed_index("2", 12) == (1, False)
    assert typed_index("12", 12) == (11, False) and typed_index("13", 12) == (None, False)
    assert typed_index("2", 25) == (1, True) and typed_index("0", 5) == (None, False)


def hand_lines(text: str) -> list[str]:
    return [line.split("│")[0] for line in text.splitlines()]


@run_async
async def test_a_twelve_card_hand_stays_on_one_line_at_120_columns():
    session = random_session("shed", ["human", "human"], 1, _long_shed_hand(12), prefer="PickUp")
    hand = session.view(0).hand
    app = table_app(session, curtain="never")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.pause()
        faces = [face(card) for card in hand]
        lines = hand_lines(screen_text(app))
        # one screen line holds every card of the hand, in order, under one line of numbers 1 to 12
        row = next(i for i, line in enumerate(lines) if all(f in line for f in faces))
        positions = [lines[row].index(f" {f} ") for f in faces]
        assert positions == sorted(positions), lines[row]
        assert lines[row - 1].split() == [str(n) for n in range(1, 13)] or "•" in lines[row - 1], lines[row - 1]


@run_async
async def test_every_card_of_a_long_hand_is_chosen_by_its_number():
    session = random_session("shed", ["human", "human"], 1, _long_shed_hand(12), prefer="PickUp")
    hand = session.view(0).hand
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        screen = app.screen
        rows = screen.query_one(CardRows)
        for keys, index in ((("1", "1"), 10), (("1", "2"), 11), (("0",), 9), (("1",), 0), (("2",), 1)):
            await pilot.press(*keys)
            await pilot.pause(TYPING_PAUSE + 0.3)  # (a lone 1 waits for a second digit, then takes card 1)
            assert rows.cursor == (0, index), (keys, rows.cursor)
            chosen = face(hand[index])
            text = screen_text(app)
            # chosen: the move is asked to be confirmed, or the reason it may not be made is shown
            assert "Enter yes" in text or "Not playable" in text, text
            assert chosen in screen.query_one("#confirm").render().plain or "Not playable" in screen._status
            if screen.confirming:
                await pilot.press("escape")
                await wait_until(pilot, lambda: not screen.confirming)


@run_async
async def test_home_and_end_move_the_card_cursor():
    session = random_session("shed", ["human", "human"], 1, _long_shed_hand(12), prefer="PickUp")
    app = table_app(session, curtain="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        rows = app.screen.query_one(CardRows)
        await pilot.press("end")
        assert rows.cursor == (0, 11)
        await pilot.press("home")
        assert rows.cursor == (0, 0)
        await pilot.press("tab")  # the focus stays on the cards: nothing else at the table takes it
        assert app.focused is rows
        await pilot.press("end")
        assert rows.cursor == (0, 11)


def _luminance(colour) -> float:
    def channel(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@run_async
async def test_the_card_under_the_cursor_shows_on_every_theme_for_every_card_colour():
    """The cursor's card stands out from the table and from the other cards, and its face
    reads, whatever its colour (a black card's cursor was a box as dark as a dark table)."""
    from textual.color import Color
    from textual.style import Style

    from cardtable.core.cards import Card, Rank, Suit
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.cardfaces import CardStyle, chip

    cards = [Card(Rank.QUEEN, suit) for suit in Suit] + [Card(Rank.RED_JOKER, None), Card(Rank.BLACK_JOKER, None)]
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        themes = [name for name, theme in app.available_themes.items() if not name.startswith("ansi")]
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            variables = app.get_css_variables()
            table = Color.parse(variables["background"])
            for style in (CardStyle(), CardStyle(four_colours=True)):
                for card in cards:
                    (span,) = chip(card, style, "cursor").spans
                    parsed = Style.parse(str(span.style), variables)
                    face, ground = (
                        (parsed.background, parsed.foreground)
                        if parsed.reverse
                        else (parsed.foreground, parsed.background)
                    )
                    where = f"{card} on {theme}, four colours {style.four_colours}"
                    assert contrast(ground, table) >= 1.6, f"{where}: the cursor's card is lost on the table"
                    assert contrast(ground, Color.parse(variables["card-paper"])) >= 3, (
                        f"{where}: looks like a card not under the cursor"
                    )
                    assert contrast(face, ground) >= 3, f"{where}: its face does not read"
