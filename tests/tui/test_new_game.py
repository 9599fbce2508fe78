"""The menu and the new-game screen: choices by keys, inline problems that block the start."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Button, Input, Select
from tui_helpers import run_async, screen_text, wait_until

from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.curtain import CurtainScreen
from cardtable.tui.screens.menu import MenuScreen
from cardtable.tui.screens.new_game import NewGameScreen, check_names, check_seed
from cardtable.tui.screens.rules import RulesScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.settings import TuiSettings


def app() -> CardtableApp:
    return CardtableApp(settings=TuiSettings(speed="instant"))


def test_name_and_seed_checks():
    assert check_names(["Ann", "Bob"]) == {}
    assert 1 in check_names(["Ann", "ann"])
    assert 0 in check_names(["", "Bob"])
    assert 0 in check_names(["x" * 40, "Bob"])
    assert check_seed("") is None and check_seed("42") is None
    assert check_seed("4.2") is not None


@run_async
async def test_menu_lists_games_with_player_ranges():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        text = screen_text(cardtable)
        for line in ("One Too Many", "2–6 players", "One-Card", "2–8 players", "Shed", "2–4 players", "Rules", "Quit"):
            assert line in text


@run_async
async def test_new_game_by_keys_starts_the_table():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "down", "enter")  # Shed
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#kind-1", Select).value = "human"
        screen.query_one("#seed", Input).value = "12"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, CurtainScreen))
        table = next(s for s in cardtable.screen_stack if isinstance(s, TableScreen))
        assert table.session.seed == 12 and table.session.game.id == "shed"
        assert [seat.kind for seat in table.session.seats] == ["human", "human"]


@run_async
async def test_invalid_input_is_shown_inline_and_blocks_the_start():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "enter")  # One-Card
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#name-1", Input).value = "player 1"
        screen.query_one("#opt-target", Input).value = "0"
        await pilot.pause()
        assert screen.query_one("#start", Button).disabled
        text = screen_text(cardtable)
        assert "Same name as seat 1" in text
        assert "problems to fix" in text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(cardtable.screen, NewGameScreen)
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#opt-target", Input).value = "50"
        await pilot.pause()
        assert not screen.query_one("#start", Button).disabled


@run_async
async def test_players_count_shows_the_seats():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        screen = cardtable.screen
        screen.query_one("#players", Select).value = 5
        await pilot.pause()
        assert [screen.query_one(f"#seat-{i}").display for i in range(5)] == [True] * 5
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert [line.display for line in screen.query(".seat-line")] == [True] * 3 + [False] * 2
        assert not screen.query("#seat-5")  # a seat never shown is not built


@run_async
async def test_rules_from_the_menu_and_f1():
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("down", "down", "f1")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, RulesScreen))
        assert cardtable.screen.game_id == "shed"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))


_FORM_BEFORE_THE_ENGINE = r"""
import asyncio, os, sys
os.environ["TEXTUAL_DRIVER"] = "textual.drivers.headless_driver:HeadlessDriver"
from cardtable.tui.app import CardtableApp
from cardtable.tui.settings import TuiSettings
from textual.widgets import Button, Input

ENGINE = "cardtable.games.one_too_many.rules"

async def main():
    CardtableApp.PREWARM = {prewarm}
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(100, 40)) as pilot:
        while type(app.screen).__name__ != "MenuScreen":
            await pilot.pause(0.01)
        await pilot.press("enter")  # One Too Many, the first game
        while type(app.screen).__name__ != "NewGameScreen":
            await pilot.pause(0.01)
        screen = app.screen
        await pilot.pause()
        assert ENGINE not in sys.modules, "the form imported the engine"
        assert "cardtable.session" not in sys.modules
        screen.query_one("#name-1", Input).value = "Player 1"  # the same name twice
        await pilot.pause(0.1)
        assert screen.query_one("#start", Button).disabled and "name-1" in screen.errors, screen.errors
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#seed", Input).value = "5"
        await pilot.pause(0.1)
        assert not screen.errors and not screen.query_one("#start", Button).disabled, screen.errors
        assert ENGINE not in sys.modules
        await pilot.press("ctrl+s")
        while type(app.screen).__name__ == "NewGameScreen":
            await pilot.pause(0.01)
        assert ENGINE in sys.modules, "the game started without its engine?"
        table = next(s for s in app.screen_stack if type(s).__name__ == "TableScreen")
        assert table.session.seed == 5 and table.session.game.id == "one-too-many"
    print("ok")

asyncio.run(main())
"""


def _run_fresh(code: str) -> str:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_the_form_works_before_the_engine_is_imported_and_the_game_imports_it():
    for prewarm in (False, True):
        assert _run_fresh(_FORM_BEFORE_THE_ENGINE.replace("{prewarm}", str(prewarm))).strip() == "ok"


def test_the_background_imports_bring_the_options_and_the_markdown_renderer_and_no_engine():
    code = (
        "import asyncio, os, sys\n"
        "os.environ['TEXTUAL_DRIVER'] = 'textual.drivers.headless_driver:HeadlessDriver'\n"
        "from cardtable.tui.app import CardtableApp\n"
        "from cardtable.tui.settings import TuiSettings\n"
        "async def main():\n"
        "    app = CardtableApp(settings=TuiSettings())\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        while getattr(app, 'prewarm_thread', None) is None:\n"
        "            await pilot.pause(0.01)\n"
        "        app.prewarm_thread.join(30)\n"
        "        wanted = ['cardtable.games.one_card.options', 'cardtable.games.shed.options',\n"
        "                  'cardtable.games.one_too_many.options', 'pydantic', 'rich.markdown']\n"
        "        engines = [m for m in sys.modules if m.startswith('cardtable.games.') and m.endswith('.rules')]\n"
        "        print([m for m in wanted if m not in sys.modules], engines, 'cardtable.session' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    assert _run_fresh(code).strip() == "[] [] False"


def backgrounds(app, region) -> set:
    """The background colours drawn on screen over ``region`` (the text's cells)."""
    strips = app.screen._compositor.render_strips()
    found = set()
    for y in range(region.y, min(region.bottom, len(strips))):
        x = 0
        for segment in strips[y]:
            width = len(segment.text)
            if x < region.right and x + width > region.x and segment.style is not None and segment.style.bgcolor:
                found.add(segment.style.bgcolor.triplet)
            x += width
    return found


def far_apart(these: set, those: set) -> bool:
    """Whether some colour of ``these`` is far from every colour of ``those`` (seen at a glance,
    not a tint of a few per cent)."""
    return any(min(sum((a - b) ** 2 for a, b in zip(c, d, strict=True)) for d in those) > 40**2 for c in these)


@run_async
async def test_the_focused_field_stands_out_and_an_open_list_is_a_list_of_its_own():
    from textual.widgets._select import SelectOverlay

    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        cardtable.new_game("one-card")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        await pilot.pause()
        screen = cardtable.screen
        kinds = [screen.query_one(f"#kind-{seat}", Select) for seat in (0, 1)]
        names = [screen.query_one(f"#name-{seat}", Input) for seat in (0, 1)]
        seen = []
        for _ in range(6):  # Tab by Tab: whatever field has the focus is drawn unlike the same field without it
            await pilot.press("tab")
            await pilot.pause()
            focused = cardtable.focused
            seen.append(focused)
            for pair in (kinds, names):
                if focused in pair:
                    other = pair[1 - pair.index(focused)]
                    assert far_apart(backgrounds(cardtable, focused.region), backgrounds(cardtable, other.region)), (
                        focused
                    )
        assert kinds[0] in seen and names[1] in seen
        kinds[0].focus()
        await pilot.press("enter")  # the seat's kind list opens over the rows below it
        await pilot.pause(0.2)
        overlay = next(o for o in kinds[0].query(SelectOverlay) if o.display)
        box = overlay.region
        lines = screen_text(cardtable).splitlines()
        # a border round the list, and a background of its own, not the form's
        assert lines[box.y][box.x] == "╭" and lines[box.bottom - 1][box.right - 1] == "╯", lines[box.y : box.bottom]
        inside = box.shrink((1, 1, 1, 1))
        beside = Region(box.x - 12, inside.y, 10, inside.height)  # the form's rows, left of the list
        assert not backgrounds(cardtable, inside) & backgrounds(cardtable, beside)


def burst(cardtable: CardtableApp, *keys: str) -> None:
    """Keys that arrive together, as a browser's websocket or a fast typist delivers them:
    each is posted to the app without waiting for the one before it to take effect."""
    from textual import events

    for key in keys:
        cardtable.post_message(events.Key(key, key if len(key) == 1 else None))


async def value_becomes(pilot, field: Input, expected: str) -> None:
    try:
        await wait_until(pilot, lambda: field.value == expected, timeout=5)
    except AssertionError:
        raise AssertionError(f"the field holds {field.value!r}, not {expected!r}") from None


@run_async
async def test_keys_typed_in_a_burst_edit_a_name_in_their_order():
    """End, five Backspaces and "Ann" at once: "Pla" + "Ann" (Textual's Input applied the
    letters before the Backspaces still on their way, and gave "nn")."""
    cardtable = app()
    async with cardtable.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(cardtable.screen, MenuScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(cardtable.screen, NewGameScreen))
        name = cardtable.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        burst(cardtable, "end", *["backspace"] * 5, "A", "n", "n", "left", "left", "backspace", "B")
        await value_becomes(pilot, name, "PlaBnn")
        burst(cardtable, "ctrl+a", "Z", "o", "e")  # Ctrl+A selects the whole name: typing replaces it
        await value_becomes(pilot, name, "Zoe")
        seed = cardtable.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        burst(cardtable, "1", "2", "backspace", "3")
        await value_becomes(pilot, seed, "13")


def test_a_tick_box_help_says_ticked_not_true_or_false():
    from cardtable.games.one_card.options import Options
    from cardtable.tui.widgets.options_form import help_text

    texts = [help_text(info) for info in Options.model_fields.values() if info.annotation is bool]
    assert any("if unticked" in text for text in texts)
    assert not any("False" in text or "True" in text for text in texts), texts
