"""A seat at a hosted table: its connection, and the source its table screen draws from.

:class:`Link` holds the WebSocket (aiohttp's client), hands each message on, and
reconnects by itself with back-off when the connection drops (a refused token ends
it: :class:`Refused`). :class:`NetSource` is the
:class:`~cardtable.table.source.TableSource` of a client: what the host sent (the seat's
view, the public view, the events the seat may see, the undo notes), the pending
request's legal moves and undo plan; a hint is worked out here, from the seat's own view
and events as a computer in that seat would get them, and the host is told so that it
counts it. No Textual here (the flow that turns messages into screen calls is
:mod:`.client_flow`).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from ..core.codec import move_from_json
from ..core.engine import Event, Game
from ..games import get_game, get_row
from ..session import UndoPlan, UndoRefused
from ..table.hints import HINT_LEVEL, Hint
from .codec import decode_dataclass, event_from_json
from .protocol import MAX_HOST_MESSAGE, BadMessage, dumps, message, parse_host
from .server import PLAY_PATH, TABLE_PATH

#: The back-off between two attempts to reconnect: from the first to the longest, in seconds.
BACKOFF_FIRST, BACKOFF_MOST = 0.25, 5.0


class Refused(Exception):
    """The host refused this address (a wrong token: 403), or is not a cardtable table."""


def ws_address(address: str) -> str:
    """An address as printed by ``cardtable host``, as the table's websocket: ``http://`` is
    taken as ``ws://``, no scheme as ``ws://``, and a seat's browser address
    (``http://HOST:PORT/play?token=T``) as that seat's table address (``/table``, the token kept)."""
    address = address.strip()
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "ws", address
    scheme = {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme)
    try:
        parts = urlsplit(f"{scheme}://{rest}")
    except ValueError:  # (not an address at all, "ws://[x" say: connecting says so, in one line)
        return f"{scheme}://{rest}"
    if parts.path.rstrip("/") == PLAY_PATH:
        parts = parts._replace(path=TABLE_PATH)
    return urlunsplit(parts)


async def first_messages(address: str, timeout: float = 10.0) -> tuple[dict[str, Any], dict[str, Any]]:
    """Connect once and read the ``welcome`` and the ``table`` (what a join starts from)."""
    try:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(ws_address(address), max_msg_size=MAX_HOST_MESSAGE) as ws:
                welcome = parse_host((await ws.receive(timeout)).data)
                table = parse_host((await ws.receive(timeout)).data)
    except aiohttp.WSServerHandshakeError as exc:
        raise Refused(
            "the host refused this address (is the token right?)" if exc.status == 403 else str(exc)
        ) from None
    except (BadMessage, TypeError) as exc:
        raise Refused(f"not a cardtable table: {exc}") from None
    if welcome.get("type") != "welcome" or table.get("type") != "table":
        raise Refused("not a cardtable table")
    return welcome, table


class Link:
    """The connection of one seat (or a spectator), reconnecting with back-off."""

    def __init__(self, address: str, on_message: Callable[[dict], None], on_state: Callable[[str], None]) -> None:
        self.address = ws_address(address)
        self.on_message = on_message
        self.on_state = on_state  # "connected", "lost" (reconnecting), "refused"
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.attempts = 0

    async def run(self) -> None:
        async with aiohttp.ClientSession() as http:
            while True:
                try:
                    await self._session(http)
                except aiohttp.WSServerHandshakeError as exc:
                    if exc.status == 403:
                        self.on_state("refused")
                        return
                except (aiohttp.ClientError, OSError, TimeoutError):
                    pass
                self.ws = None
                self.on_state("lost")
                self.attempts += 1
                delay = min(BACKOFF_MOST, BACKOFF_FIRST * 2 ** min(self.attempts, 8))
                await asyncio.sleep(delay * random.uniform(0.5, 1.0))

    async def _session(self, http: aiohttp.ClientSession) -> None:
        async with http.ws_connect(self.address, max_msg_size=MAX_HOST_MESSAGE, heartbeat=10.0) as ws:
            self.ws = ws
            self.attempts = 0
            self.on_state("connected")
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    try:
                        self.on_message(parse_host(msg.data))
                    except BadMessage:
                        continue

    async def send(self, data: dict[str, Any]) -> bool:
        """Send ``data`` now; False if the connection is down (the host asks again on the rejoin)."""
        ws = self.ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(dumps(data))
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return False
        return True


def view_class(game: Game, players: int, options: Any) -> type:
    """The class of the game's views (from a throwaway deal: the client knows no real state)."""
    state, _ = game.start(players, options, seed=0)
    return type(game.view(state, None))


class NetSource:
    """The :class:`~cardtable.table.source.TableSource` of a seat at a hosted table."""

    def __init__(self, welcome: dict[str, Any], table: dict[str, Any]) -> None:
        self._game = get_game(str(welcome["game"]))
        self._names = [str(name) for name in welcome["names"]]
        self.seat: int | None = welcome["seat"]
        self.options = self._game.make_options(welcome["options"])
        self.view_cls = view_class(self._game, len(self._names), self.options)
        self.pending: dict[str, Any] | None = None  # the open request: id, legal moves, undo
        self.on_hint: Callable[[int], None] = lambda request_id: None
        self.known: list[tuple[int, Event]] = []
        self.standins: list[int] = []  # the seats a computer plays for (their player gone)
        self.clocks: list[tuple[int, float]] = []  # per seat waited for: the loop time its clock runs out
        self.reset(table)

    # -- fed by the messages
    def _read_common(self, data: dict[str, Any]) -> None:
        self.epoch = int(data["epoch"])
        self._public = decode_dataclass(data["public"], self.view_cls, "public")
        self._view = decode_dataclass(data["view"], self.view_cls, "view") if data["view"] is not None else self._public
        self._count = int(data["event_count"])
        self.to_act = tuple(int(s) for s in data["to_act"])
        self.over = bool(data["over"])
        self.seed = data["seed"] if isinstance(data["seed"], int) else None
        self.outcome_json = data["outcome"]
        self.away = list(data["away"])
        self.read_clock(data)

    def read_clock(self, data: dict[str, Any]) -> None:
        """The stand-ins and the clocks (``clock``, and every table message, when the host set them)."""
        if "standins" in data:
            self.standins = [int(seat) for seat in data["standins"]]
        if "clocks" in data:
            now = time.monotonic()
            self.clocks = [(int(seat), now + float(left)) for seat, left in data["clocks"]]

    def clock_line(self) -> str:
        from .standin import clock_line

        now = time.monotonic()
        return clock_line([(seat, end - now) for seat, end in self.clocks], self._names, self.seat)

    def _read_events(self, pairs: Any) -> list[tuple[int, Event]]:
        if not isinstance(pairs, list):
            raise BadMessage("events must be a list")
        return [(int(at), event_from_json(event)) for at, event in pairs]

    def reset(self, table: dict[str, Any]) -> None:
        """A ``table`` message: everything again."""
        self._read_common(table)
        self.known = self._read_events(table["events"])
        self.notes = [(int(at), str(line)) for at, line in table["notes"]]

    def moved(self, data: dict[str, Any]) -> list[tuple[int, Event]]:
        """A ``moved`` message: the new view; the move's events this seat may see (with their positions)."""
        self._read_common(data)
        new = self._read_events(data["events"])
        self.known.extend(new)
        return new

    def request(self, data: dict[str, Any]) -> list[Any]:
        """A ``request``: its legal moves (the host's own list), kept until it is answered."""
        legal = [move_from_json(move, self._game.move_types) for move in data["legal"]]
        self.pending = {"id": data["id"], "legal": legal, "undo": data["undo"]}
        return legal

    # -- the TableSource
    @property
    def game(self) -> Game:
        return self._game

    @property
    def names(self) -> list[str]:
        from .standin import marked

        return marked(self._names, self.standins)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def seed_told(self) -> int | None:
        return self.seed if self.over else None

    @property
    def event_count(self) -> int:
        return self._count

    def view(self, seat: int | None) -> Any:
        return self._view if seat is not None and seat == self.seat else self._public

    def events(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[tuple[int, Event]]:
        stop = self._count if stop is None else stop
        return [(at, e) for at, e in self.known if start <= at < stop and (seat == self.seat or e.visible(seat))]

    def undo_notes(self, seat: int | None) -> list[tuple[int, str]]:  # (the server sent this seat's)
        return list(self.notes)

    def legal_moves(self, seat: int) -> list[Any]:
        return list(self.pending["legal"]) if self.pending is not None and seat == self.seat else []

    def why_not(self, seat: int, move: Any) -> str | None:
        if move is None:
            return "that is not a move of this game"
        if move in self.legal_moves(seat):
            return None
        state = self._game.determinize(self._view, random.Random(0))  # (the reason needs only the seat's own cards)
        return self._game.check_move(state, seat, move) or "not a move you can make now"

    def plan_undo(self, seat: int) -> UndoPlan:
        undo: dict[str, Any] = (
            self.pending["undo"] if self.pending is not None and seat == self.seat else {"refused": "Not now."}
        )
        if "refused" in undo:
            raise UndoRefused(str(undo["refused"]))
        plan = undo["plan"]
        return UndoPlan(int(plan["player"]), int(plan["at"]), int(plan["taken"]), tuple(int(s) for s in plan["movers"]))

    def hint(self, seat: int) -> Hint:
        from ..bots import make_bot
        from ..bots.hints import explain

        levels = get_row(self._game.id).levels
        level = next((lv for lv in (HINT_LEVEL, "easy") if lv in levels), "random")
        events = [e for _, e in self.known]
        bot = make_bot(self._game, level, seed=hash((seat, self._count, self.epoch)) & (2**63 - 1))
        move = bot.choose(self._view, events)
        if self.pending is not None:
            self.on_hint(int(self.pending["id"]))
        return Hint(move, level, explain(self._game, self._view, move))


def filled(new: list[tuple[int, Event]], start: int, stop: int) -> list[Event]:
    """A move's events as the table's log counts them: the ones this seat may see in their
    places, a blank (seen by nobody) in each place of one hidden from it."""
    blank = Event("hidden", "", frozenset())
    by_place = dict(new)
    return [by_place.get(at, blank) for at in range(start, stop)]


def send_answer(link: Link, kind: str, request_id: int, **fields: Any) -> Any:
    return link.send(message(kind, id=request_id, **fields))
