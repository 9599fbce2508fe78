"""One Too Many's table follows the log (issue 23): the presenter steps the public view through
a turn's events, so the table never shows a card the log has not shown yet."""

from __future__ import annotations

import random
import re

import pytest
from tui_helpers import make_app, press_for_prompt, run_async, table_of, wait_until

from cardtable.games.one_too_many import Ask
from cardtable.session import Seat, Session
from cardtable.tui.presenters import get_presenter
from cardtable.tui.screens.interlude import RevealScreen, SummaryScreen
from cardtable.tui.screens.secret import SecretPromptScreen
from cardtable.tui.widgets.move_log import MoveLog

PRESENTER = get_presenter("one-too-many")
SHOWN = ("center", "longest_run", "piles", "scores", "deck_size", "in_round")


def test_stepping_a_turns_events_gives_the_view_after_it():
    """Through every move of random games: the view before the move, stepped through the move's
    public events, is the view after it (while the round goes on); every card a step adds is
    the card of a draw already stepped through."""
    checked = 0
    for seed in range(12):
        session = Session.start(
            "one-too-many", [Seat(n) for n in ("Ann", "Bob", "Cat", "Dan")[: 2 + seed % 3]], None, seed
        )
        rng = random.Random(seed)
        while not session.is_over:
            before = session.view(None)
            seat = session.to_act[0]
            events = session.apply(seat, rng.choice(session.legal_moves(seat)))
            after = session.view(None)
            view, drawn = before, []
            for event in (e for e in events if e.visible(None)):
                view = PRESENTER.step_view(view, event)
                if event.kind == "draw":
                    drawn.append(event.get("card"))
                # nothing on the table that the events so far have not put there
                on_table = {c.code for c in view.center} | {c.code for pile in view.piles for c in pile}
                before_table = {c.code for c in before.center} | {c.code for pile in before.piles for c in pile}
                assert on_table <= before_table | set(drawn), (seed, event.text)
            if after.round == before.round and not after.over:
                assert all(getattr(view, name) == getattr(after, name) for name in SHOWN), (seed, len(session.moves))
                checked += 1
    assert checked > 100


FACE = re.compile(r"draws (\S+) (?:into the center|onto their pile)")
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def told_draws(lines: list[str]) -> list[str]:
    return [match.group(1) for line in lines for match in [FACE.search(line)] if match]


@pytest.mark.parametrize("seed, busts", [(3, False), (8, True)])
@run_async
async def test_the_table_never_shows_a_card_the_log_has_not_shown(monkeypatch, seed, busts):
    """Three players ask for five cards each in the first turn (with seed 8, the 12th card busts). At each paced step of the draws
    (each pause of the log) the table, as drawn on screen, holds exactly the cards the log has
    drawn so far: no card the log has not told, the deck one card smaller per draw told, the
    round and the scores those of the first round until the log tells the round's end; the
    round's summary (the "Bust!" box) comes only after the last draw."""
    from cardtable.tui.presenters.one_too_many import OneTooManyTable
    from cardtable.tui.screens.table import TableScreen

    steps = []  # (the view drawn, the table's and the headline's text, the log's lines) at each paced step
    summaries = []  # the log's lines when a summary box opened
    real_pause, real_summary = TableScreen.pause, TableScreen.summary

    async def paced(self, seconds):
        table = self.query_one(OneTooManyTable)
        log = list(self.query_one(MoveLog).source)
        if told_draws(log) and self.app.screen is self:
            headline = self.query_one("#headline").render().plain
            steps.append((table._shown[0], table.render().plain + "\n" + headline, log))
        await real_pause(self, seconds)

    async def summary(self, what):
        summaries.append(list(self.query_one(MoveLog).source))
        await real_summary(self, what)

    monkeypatch.setattr(TableScreen, "pause", paced)
    monkeypatch.setattr(TableScreen, "summary", summary)
    app = make_app("one-too-many", 3, seed=seed, curtain="never", speed="fast")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await wait_until(pilot, lambda: isinstance(app.screen, SecretPromptScreen) and app.screen.is_mounted)
            await pilot.pause()
            await press_for_prompt(pilot, app.screen, Ask(5))
        await wait_until(pilot, lambda: isinstance(app.screen, RevealScreen))
        before = table_of(app).query_one(OneTooManyTable)._shown[0]
        await pilot.press("enter")
        table = table_of(app)
        await wait_until(pilot, lambda: table.session.view(None).turn > 1 or table.session.view(None).round > 1)
        await wait_until(pilot, lambda: isinstance(app.screen, (SecretPromptScreen, SummaryScreen)))
        session = table.session
    draws = [e.get("card") for e in session.events if e.kind == "draw"]
    assert len(draws) >= 6
    assert len(steps) >= len(draws) - 1  # the table was drawn between the draws, not only before and after
    for view, text, lines in steps:
        told = told_draws(lines)
        assert set(CARD.findall(text)) <= set(told), (sorted(set(CARD.findall(text)) - set(told)), lines[-3:])
        on_table = sorted(c.face for c in view.center) + sorted(c.face for pile in view.piles for c in pile)
        assert sorted(on_table) == sorted(told), (on_table, told)  # every card told is there, card by card
        assert view.deck_size == before.deck_size - len(told)
        if not any(line.startswith("Round 1 ends") for line in lines):
            assert view.round == 1 and not any(view.scores), (view.round, view.scores, lines[-3:])
            assert "round 1," in text
    assert any(e.kind == "bust" for e in session.events) == busts == bool(summaries)
    for lines in summaries:  # the round's end (the "Bust!" box) comes after the last card is drawn
        assert len(told_draws(lines)) == len(draws)
        assert any(line.startswith("Bust!") for line in lines)


def test_the_log_says_game_over_only_once_it_has_told_every_event():
    """The log built again while the last move is still being told (the viewer changes as the
    game ends) had "Game over" in the middle, above the last draws: it gave the end away."""
    from tui_helpers import random_session

    from cardtable.table.source import SessionSource
    from cardtable.tui.presenters import get_presenter
    from cardtable.tui.screens.table_log import log_lines

    session = random_session("one-too-many", ["human", "human"], 3, lambda s: s.is_over, options={"target": 5})
    source, presenter = SessionSource(session), get_presenter("one-too-many")
    count = source.event_count
    for shown in (count - 3, count - 1):
        assert not any(line.startswith("Game over") for line in log_lines(source, presenter, None, shown))
    whole = log_lines(source, presenter, None, count)
    assert whole[-1].startswith("Game over") and sum(line.startswith("Game over") for line in whole) == 1
