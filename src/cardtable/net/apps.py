"""The Textual apps of ``cardtable host`` (with a seat at the host's keyboard) and ``cardtable join``.

Both are the usual :class:`~cardtable.tui.app.CardtableApp` opened straight at one table,
the same :class:`~cardtable.tui.screens.table.TableScreen`: at the host over the local
session, driven by the app's :class:`~cardtable.tui.flow.driver.GameDriver` with a
:class:`~.hub.RemoteSeat` for each remote seat; at a client over a
:class:`~.client.NetSource`, driven by a :class:`~.client_flow.ClientFlow`. A finished
game's "play again" is not offered over the network: leaving the game-over screen closes
the app (the host stops serving).
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual.binding import Binding
from textual.css.query import NoMatches

from ..session import Seat
from ..table.seats import HumanHere
from ..tui.app import CardtableApp
from ..tui.setup import GameSetup
from .client import NetSource
from .client_flow import ClientFlow
from .hosting import HostedTable
from .standin import ClockTicker, MarkedSource


class _OneTable(CardtableApp):
    def on_table_screen_game_ended(self, message: Any) -> None:
        from ..tui.screens.game_over import GameOverScreen

        message.prevent_default()  # (not the app's own: no "play again" over the network)
        source = message.table.source

        def chosen(choice: str | None) -> None:
            if choice != "table":
                self.exit()

        self.push_screen(
            GameOverScreen(source.game.name, message.outcome, list(source.names), source.seed_told), chosen
        )

    def on_table_screen_leave_requested(self, message: Any) -> None:
        from ..tui.screens.confirm import ConfirmScreen

        message.prevent_default()  # (not the app's own: leaving this table closes the app)
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(ConfirmScreen(self.LEAVE, "Leave", "Stay"), answered)

    LEAVE = "Leave the table?"


class JoinApp(_OneTable):
    LEAVE = "Leave the table? Join again with the same address to come back."

    def __init__(self, address: str, welcome: dict[str, Any], table: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.address = address
        self.net_source = NetSource(welcome, table)

    def on_mount(self) -> None:  # (Textual calls the app's own on_mount too, after this one)
        from ..tui.presenters import get_presenter
        from ..tui.screens.table import TableScreen

        source = self.net_source
        presenter = get_presenter(source.game.id)
        setup = GameSetup(source.game.id, tuple(Seat(name) for name in source.names), source.options)
        settings = self.settings

        def flow(ui: Any) -> ClientFlow:
            return ClientFlow(source, self.address, presenter, settings, ui)

        self.push_screen(TableScreen(setup, None, presenter, settings, source=source, flow=flow))


class HostApp(_OneTable):
    LEAVE = "Close the table? The game is saved: cardtable host --resume brings it back, with the same addresses."
    BINDINGS = [Binding("j", "join_codes", "Join codes", id="host.codes", tooltip="The seats' join codes (QR) again")]

    def __init__(self, table: HostedTable, lines: list[str], codes: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table = table
        self.lines = lines  # (the addresses, shown at start)
        self.codes = codes  # (the join codes' screen over the table at start)
        self.ticker: ClockTicker | None = None

    # Textual awaits an async handler and calls the app's own on_mount too, after this one; mypy
    # sees only that a coroutine function overrides a plain one.
    async def on_mount(self) -> None:  # type: ignore[override]
        from ..tui.flow.driver import GameDriver
        from ..tui.screens.table import TableScreen

        table, session, settings = self.table, self.table.session, self.settings
        await table.start_bound()
        table.hub.on_notice = lambda text: self.notify(text, markup=False)
        setup = GameSetup(session.game.id, session.seats, session.options, session.seed)

        source = MarkedSource(session, table.presenter.irreversible, table.hub.attendance)

        def flow(ui: Any) -> GameDriver:
            players = table.players(lambda seat: HumanHere(session, ui))
            self.ticker = ClockTicker(ui.set_clock, source.clock_line)  # (the turn clock, if the host set one)
            table.hub.attendance.on_change.append(lambda: self._marks_changed(ui))
            self.ticker.start()
            return GameDriver(session, table.presenter, settings, ui, players)

        self.push_screen(TableScreen(setup, session, table.presenter, settings, source=source, flow=flow))
        if self.codes:  # (the codes' screen shows each address too)
            self.action_join_codes()
        else:
            self.notify("\n".join(self.lines), title="Join addresses", timeout=30, markup=False)

    def action_join_codes(self) -> None:
        from .join_codes import JoinCodesScreen

        if not isinstance(self.screen, JoinCodesScreen):
            pairs = zip(self.table.browser_addresses(), self.table.addresses(), strict=True)
            rows = [(who, browser, join) for (who, browser), (_, join) in pairs]
            self.push_screen(JoinCodesScreen(rows))

    def _marks_changed(self, ui: Any) -> None:
        if ui.is_mounted:
            with contextlib.suppress(NoMatches):  # (not while the screen is taken down)
                ui.draw_public()  # (the names, marked again)
        if self.ticker is not None:
            self.ticker.wake.set()

    async def on_unmount(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        await self.table.close()
