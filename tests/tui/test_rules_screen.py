"""The rules screen builds each game's rules when its tab is first shown (F1 stays quick)."""

from __future__ import annotations

from tui_helpers import make_app, ready, run_async, screen_text, wait_until

from cardtable.tui.screens.rules import RulesScreen, RulesViewer


def built(screen: RulesScreen) -> set[str]:
    return {viewer.parent.id for viewer in screen.query(RulesViewer)}


@run_async
async def test_only_the_shown_tab_is_built_and_each_other_when_first_shown():
    app = make_app("one-card", 2, kinds=["human", "normal"], options={"target": 150}, seed=4)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        await pilot.pause()
        assert built(screen) == {"one-card"}
        await pilot.press("right")
        await wait_until(pilot, lambda: len(built(screen)) == 2)
        other = (built(screen) - {"one-card"}).pop()
        assert screen.focused is not None and screen.focused.parent.id == other
        await pilot.press("left")
        await pilot.pause(0.3)
        assert len(built(screen)) == 2  # not built twice
        assert len(screen.query_one("#one-card").query(RulesViewer)) == 1
        text = screen_text(app)
        assert "This game" in text and "150" in text, text  # this game's options, on its tab


@run_async
async def test_the_rules_screen_is_built_once_and_shown_again_on_the_current_games_tab():
    from textual.widgets import TabbedContent

    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.menu import MenuScreen
    from cardtable.tui.settings import TuiSettings

    app = CardtableApp(settings=TuiSettings())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("down", "down", "f1")  # Shed highlighted
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and built(app.screen) == {"shed"})
        first = app.screen
        shed_viewer = first.query_one("#shed").query_one(RulesViewer)
        assert first.query_one(TabbedContent).active == "shed"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("up", "f1")  # One-Card highlighted
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and "one-card" in built(app.screen))
        assert app.screen is first
        assert first.query_one(TabbedContent).active == "one-card"
        assert first.query_one("#shed").query_one(RulesViewer) is shed_viewer  # kept, not built again
        assert first.focused is not None and first.focused.parent.id == "one-card"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("down", "f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        assert app.screen is first and first.query_one(TabbedContent).active == "shed"
        assert first.query_one("#shed").query_one(RulesViewer) is shed_viewer
        assert "Shed is the game Board Game Arena calls Palace" in screen_text(app)


@run_async
async def test_a_tab_is_built_again_when_the_options_to_show_change():
    app = make_app("one-card", 2, kinds=["human", "normal"], options={"target": 150}, seed=4)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and built(app.screen) == {"one-card"})
        screen = app.screen
        await pilot.pause()
        assert "150" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, RulesScreen))
        app.show_rules("one-card")  # the table's game: its options again, the same document
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        viewer = screen.query_one("#one-card").query_one(RulesViewer)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, RulesScreen))
        screen.show("one-card", None)  # (as from the menu: no game at the table)
        app.push_screen(screen)
        await wait_until(pilot, lambda: screen.query_one("#one-card").query(RulesViewer).first() is not viewer)
        await pilot.pause()
        assert screen.query_one("#one-card").query_one(RulesViewer).options is None
        assert "This game" not in screen_text(app)
        assert viewer.options is not None


@run_async
async def test_the_contents_list_the_headings_and_take_you_to_one():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and built(app.screen) == {"one-card"})
        await pilot.pause()
        await pilot.press("t")
        viewer = app.screen.query_one(RulesViewer)
        await wait_until(pilot, lambda: viewer.contents is not None)
        contents = viewer.contents
        titles = [str(contents.get_option_at_index(i).prompt).strip() for i in range(contents.option_count)]
        assert titles[:3] == ["One-Card", "Players and cards", "The deal"]
        assert "Scoring" in titles and app.screen.focused is contents
        for _ in range(titles.index("Scoring")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert viewer.scroll_y > 0
        rows = [row.strip() for row in screen_text(app).splitlines()]
        top = rows[2]  # below the tabs and their underline
        assert top.endswith("Scoring"), rows[:4]
        await pilot.press("t")
        await pilot.pause()
        assert not contents.display and app.screen.focused is viewer


def test_headings_take_the_themes_markdown_colours():
    import asyncio

    from textual.color import Color

    from cardtable.tui.app import CardtableApp
    from cardtable.tui.settings import TuiSettings
    from cardtable.tui.widgets.rules_document import rules_theme

    async def check():
        app = CardtableApp(settings=TuiSettings())
        async with app.run_test(size=(80, 24)):
            for theme in ("textual-dark", "textual-light"):
                app.theme = theme
                variables = app.get_css_variables()
                style = rules_theme(app).styles["markdown.h2"]
                assert style.color == Color.parse(variables["markdown-h2-color"]).rich_color, theme
                assert rules_theme(app).styles["markdown.code"].color is None  # no fixed colours

    asyncio.run(check())


@run_async
async def test_the_kept_rules_screen_fits_a_terminal_resized_while_it_was_put_away():
    app = make_app("one-card", 2, kinds=["human", "normal"], seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: ready(app))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert not rules.has_class("-too-narrow")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, RulesScreen))
        await pilot.resize_terminal(38, 30)  # (narrower than even the narrow layout's 40)
        await pilot.pause()
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        assert app.screen is rules and rules.has_class("-too-narrow")
        assert "at least 64 columns" in screen_text(app)
