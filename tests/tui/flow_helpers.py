"""The game driver's fake table, shared by the flow tests (tests/tui/test_flow.py,
tests/tui/test_table_flow.py): no app, no screen."""

from __future__ import annotations

import random

from cardtable.session import Session


class FakeUI:
    """Records what the driver asks for; humans play random legal moves."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.rng = random.Random(1)
        self.log: list[tuple] = []
        self.viewer = None

    def set_viewer(self, seat):
        self.viewer = seat
        self.log.append(("viewer", seat))

    def set_status(self, text):
        pass

    async def curtain(self, seat, lines):
        assert self.viewer is None, "the curtain falls over a table showing someone's cards"
        self.log.append(("curtain", seat, tuple(lines)))

    async def choose(self, request):
        seat = request.seat
        assert self.viewer == seat, "a human chooses without seeing their own view"
        assert request.legal == self.session.legal_moves(seat)
        self.log.append(("ask", seat))
        return self.rng.choice(request.legal)

    def refused(self, seat, reason):
        raise AssertionError(reason)

    async def show_events(self, events, pause):
        pass

    async def pause(self, seconds):
        pass

    async def reveal(self, reveal):
        self.log.append(("reveal",))

    async def summary(self, summary):
        self.log.append(("summary",))

    def hold_reveal(self, on):
        self.log.append(("hold_reveal", on))
