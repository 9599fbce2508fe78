"""A hosted table: the session, its autosave, its tokens, its hub and its server, together.

:class:`HostedTable` is what ``cardtable host`` runs: a new game (or a saved one,
resumed with the tokens kept beside its save), saved after every move (just after the
move's messages are handed to the connections, and before the next move can be read: a
killed host loses at most the move being saved), filed in the statistics at its end, and
served. The turn loop is the app's own
(:class:`~cardtable.tui.flow.driver.GameDriver`), each remote seat a
:class:`~.hub.RemoteSeat`; with nobody at the host's keyboard it runs headless
(:class:`HeadlessUI`: nothing drawn, nothing waited for). ``rules``
(:class:`~.standin.StandInRules`) set the stand-in and the turn clock, both off by default.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from ..core.engine import Outcome
from ..session import Seat, Session
from ..table.seats import Computer, HumanHere, SeatPlayer
from .browser import BrowserSeats, browser_address
from .hub import TableHub
from .protocol import QUEUE_LIMIT
from .server import TableServer, table_address
from .standin import ClockedHere, StandInRules
from .tokens import TableTokens, forget_tokens, load_tokens, save_tokens


class HostError(Exception):
    """Why a table cannot be hosted (one line for the command)."""


class HostedTable:
    def __init__(
        self,
        session: Session,
        tokens: TableTokens,
        saver: Any,
        host: str = "127.0.0.1",
        queue_limit: int = QUEUE_LIMIT,
        rules: StandInRules | None = None,
    ) -> None:
        from ..tui.presenters import get_presenter

        self.session = session
        self.tokens = tokens
        self.saver = saver
        self.host = host
        self.presenter = get_presenter(session.game.id)
        self.notices: list[str] = []
        self.rules = rules or StandInRules()
        tokens.rules = asdict(self.rules)  # (kept with the tokens when they are next saved)
        self.hub = TableHub(
            session, tokens.kinds, self.presenter.irreversible, on_notice=self.notices.append, rules=self.rules
        )
        self.browser = BrowserSeats(tokens, list(session.names), host, f"cardtable: {session.game.name}")
        self.server = TableServer(self.hub, tokens, routes=self.browser.attach, queue_limit=queue_limit)
        self.port = 0
        self._save_pending = False
        session.listeners.append(self._save_soon)  # (after the hub's: the move is sent first)

    def _save_soon(self, session: Session, player: int, move: Any, events: tuple) -> None:
        """Save once the messages of this change are on their way: the event loop runs the
        connections' writers first, then the save, before any further move can be read."""
        if not self._save_pending:
            self._save_pending = True
            asyncio.get_running_loop().call_soon(self._save_now)

    def _save_now(self) -> None:
        self._save_pending = False
        self.saver.save()

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        names: Sequence[str],
        kinds: Sequence[str],
        options: Any,
        seed: int,
        store: Any = None,
        host: str = "127.0.0.1",
        **kwargs: Any,
    ) -> HostedTable:
        from ..storage.autosave import Autosaver

        seats = tuple(
            Seat(name, "human" if kind == "remote" else kind) for name, kind in zip(names, kinds, strict=True)
        )
        session = Session.start(game_id, seats, options, seed)
        saver = Autosaver(session, store)
        tokens = TableTokens.for_kinds(list(kinds))
        table = cls(session, tokens, saver, host, **kwargs)
        saver.save()  # (the deal is saved, and the tokens beside it, before anyone joins)
        save_tokens(saver.save_id, tokens)
        return table

    @classmethod
    def resume(
        cls, save_id: str, store: Any = None, host: str = "127.0.0.1", rules: StandInRules | None = None
    ) -> HostedTable:
        from ..storage.autosave import Autosaver
        from ..storage.saves import SaveError

        try:
            saver = Autosaver.resume(save_id, store)
        except SaveError as exc:
            raise HostError(exc.message) from None
        try:
            tokens = load_tokens(saver.save_id)
        except ValueError as exc:
            saver.release()
            raise HostError(str(exc)) from None
        if tokens is None:
            saver.release()
            raise HostError(f"{saver.save_id} was not a hosted table (cardtable resume opens it here)")
        return cls(saver.session, tokens, saver, host, rules=rules or StandInRules(**tokens.rules))

    def set_rules(self, rules: StandInRules) -> None:
        """The stand-in and the clock (before serving), kept with the tokens for a resume."""
        self.rules = rules
        self.hub.attendance.rules = rules
        self.tokens.rules = asdict(rules)
        save_tokens(self.saver.save_id, self.tokens)

    # -- serving --------------------------------------------------------------------------------
    def bind(self, port: int | None = None) -> int:
        """Take the port (``port`` None: the table's own, a resumed table's earlier one, else
        any free one; 0: any free one); OSError if it is taken. The tokens file notes it."""
        wanted = self.tokens.port if port is None else port
        self._sock = self.server.bind(self.host, wanted)
        self.port = self.browser.port = self._sock.getsockname()[1]
        if self.tokens.port != self.port:
            self.tokens.port = self.port
            save_tokens(self.saver.save_id, self.tokens)
        return self.port

    async def start_bound(self) -> None:
        """Serve on the port taken by :meth:`bind` (inside the event loop that will run the table)."""
        await self.server.start(self._sock)
        self.hub.start()

    async def start(self, port: int | None = None) -> int:
        """:meth:`bind` and :meth:`start_bound` at once."""
        self.bind(port)
        await self.start_bound()
        return self.port

    def addresses(self) -> list[tuple[str, str]]:
        """(who, address) per remote seat, then the spectators'."""
        names = self.session.names
        rows = [
            (names[seat], table_address(self.host, self.port, token))
            for seat, token in sorted(self.tokens.seats.items())
        ]
        return rows + [("spectators", table_address(self.host, self.port, self.tokens.spectator))]

    def browser_addresses(self) -> list[tuple[str, str]]:
        """(who, the address a browser opens) per remote seat, then the spectators'."""
        seats = sorted(self.tokens.seats.items())
        rows = [(self.session.names[seat], browser_address(self.host, self.port, token)) for seat, token in seats]
        return rows + [("spectators", browser_address(self.host, self.port, self.tokens.spectator))]

    def players(self, here: Callable[[int], SeatPlayer] | None = None) -> list[SeatPlayer]:
        """Each seat's player: remote seats the hub's, computers a bot, the rest ``here(seat)``."""
        computer = Computer(self.session)
        out: list[SeatPlayer] = []
        for seat, kind in enumerate(self.tokens.kinds):
            if kind == "remote":
                out.append(self.hub.seats[seat])
            elif kind == "human":
                if here is None:
                    raise HostError("a seat at the host's keyboard needs the host's table screen")
                out.append(self._clocked(here(seat)))
            else:
                out.append(computer)
        return out

    def _clocked(self, player: SeatPlayer) -> SeatPlayer:
        """The host's own human under the turn clock too (a stand-in move at zero)."""
        if self.rules.turn_time is None or not isinstance(player, HumanHere):
            return player
        return ClockedHere(player.session, player.screen, self.hub.attendance)

    async def run_headless(self) -> Outcome:
        """Play the game to its end with nobody at the host's keyboard."""
        from ..tui.flow.driver import GameDriver
        from ..tui.settings import TuiSettings

        driver = GameDriver(self.session, self.presenter, TuiSettings(curtain="never"), HeadlessUI(), self.players())
        return await driver.run()

    async def close(self) -> None:
        if self._save_pending:
            self._save_now()
        if self._save_soon in self.session.listeners:
            self.session.listeners.remove(self._save_soon)
        self.hub.close()
        await self.server.stop()
        self.saver.release()
        if self.session.is_over:
            forget_tokens(self.saver.save_id)


class HeadlessUI:
    """The :class:`~cardtable.tui.flow.driver.TableUI` of a host without a screen: the remote
    seats see the game on theirs, computers wait for nobody."""

    def set_viewer(self, seat: int | None) -> None:
        pass

    def set_status(self, text: str) -> None:
        pass

    async def curtain(self, seat: int, recap: list[str], title: str | None = None) -> None:
        pass

    async def choose(self, request: Any) -> Any:
        raise HostError("nobody plays at the host's keyboard")

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        return True

    def undone(self, line: str) -> None:
        pass

    def refused(self, seat: int, reason: str) -> None:
        pass

    async def show_events(self, events: Sequence[Any], pause: float) -> None:
        pass

    async def pause(self, seconds: float) -> None:
        pass

    async def reveal(self, reveal: Any) -> None:
        pass

    async def summary(self, summary: Any) -> None:
        pass

    def hold_reveal(self, on: bool) -> None:
        pass


async def linger_then_close(table: HostedTable, seconds: float = 2.0) -> None:
    """Close the table once every connection has had its last messages (at most ``seconds``)."""
    import asyncio

    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end and any(not c.queue.empty() for c in table.hub.connections):
        await asyncio.sleep(0.05)
    await table.close()
