"""Shed's winners: one definition (``Outcome.winners()``: the players who got
rid of all their cards) on the game-over screen, in ``simulate``, in the arena
and in the statistics; after the stall limit only the players who went out win."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, run_async, screen_text, table_of, wait_until

from cardtable.bots.arena import play_game
from cardtable.games.shed import GAME, position
from cardtable.simulate import game_seed, play_random_game, simulate
from cardtable.storage.stats import StatsStore, shown_name
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game_over import GameOverScreen
from cardtable.tui.settings import TuiSettings

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def emptied(state) -> set[int]:
    return {p for p in range(state.players) if state.cards_left(p) == 0}


def stat_wins(names, kind: str = "normal") -> dict[str, int]:
    """Each named seat's wins in the statistics (computer seats of ``kind``, as the statistics name them)."""
    rows, notice = StatsStore().rows("shed")
    assert notice is None
    wins = {row.player: row.wins for row in rows}
    return {name: wins.get(shown_name(name, kind), 0) for name in names}


@pytest.mark.slow
@run_async
async def test_a_three_player_game_screen_statistics_simulate_and_arena_agree():
    app = make_app("shed", 3, kinds=["normal"] * 3, options={"short_game": True}, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=120)
        await pilot.pause()
        session = table_of(app).session
        names = session.names
        winners = emptied(session.state)
        # a normal end: everyone but the last player got rid of their cards
        assert len(winners) == 2
        assert set(session.outcome().winners()) == winners
        won = [names[p] for p in sorted(winners)]
        text = screen_text(app)
        assert f"{won[0]} and {won[1]} share the win!" in text
        lost = next(names[p] for p in range(3) if p not in winners)
        assert f"{lost}: was the last player left holding cards, and loses" in text
        await wait_until(pilot, lambda: any(stat_wins(names).values()))
    # the statistics count a win for every winner shown on the screen, and none for the loser
    assert stat_wins(names) == {name: int(name in won) for name in names}

    # simulate and the arena use the same definition
    opts = GAME.make_options({"short_game": True})
    summary = simulate(GAME, 3, 1, seed=9, options=opts)
    state, _, _ = play_random_game(GAME, 3, opts, game_seed(9, 0))
    assert GAME.is_over(state) and summary.completed == 1
    assert summary.wins == [int(p in emptied(state)) for p in range(3)]
    result = play_game("shed", 3, {"short_game": True}, ["easy", "normal", "random"], 5, 0, {})
    assert result.finished
    assert result.wins == tuple(place < 3 for place in result.places)  # all out but the last


def stalled_state():
    """Four players; Dan went out; the others' cards go round until the stall limit stops the game."""
    state = position(
        4,
        known={0: ["QS"], 1: ["AC"]},
        up={0: ["3D"], 1: ["3C"], 2: ["7D"]},
        down={1: ["10H"]},
        places=(0, 0, 0, 1),
        turn=1,
        options={"stall_limit": 10},
    )
    while not GAME.is_over(state):
        (move,) = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, state.turn, move)
    return state


def test_after_the_stall_limit_only_players_out_win():
    state = stalled_state()
    assert GAME.view(state, None).stalled
    outcome = GAME.outcome(state)
    # Ann, Ben and Cat still hold cards: ranked by cards left, but they do not win
    assert outcome.places == (2, 4, 3, 1)
    assert outcome.winners() == (3,)
    assert "no win" in outcome.reasons[0] and "held 1 card " in outcome.reasons[0]
    assert "went out first and wins" == outcome.reasons[3]
    StatsStore().record_game("stalled", GAME, NAMES, outcome)
    assert stat_wins(NAMES, kind="human") == {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 1}


async def game_over_text(outcome, names) -> str:
    """The game-over screen for ``outcome``, as drawn in the app at 80x24."""
    app = CardtableApp(settings=TuiSettings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen("Shed", outcome, names))
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.is_mounted)
        await pilot.pause()
        return screen_text(app)


@run_async
async def test_the_game_over_screen_after_the_stall_limit():
    text = await game_over_text(GAME.outcome(stalled_state()), NAMES)
    assert "Dan wins!" in text
    assert "share the win" not in text
    flat = " ".join(text.replace("█", " ").split())
    assert "Ann: held 1 card when the game stopped (10 moves without progress): no win" in flat
    assert "Ben: held 3 cards when the game stopped" in flat
    assert "Dan: went out first and wins" in text


@run_async
async def test_nobody_wins_a_stopped_game_nobody_went_out_of():
    state = position(
        3,
        known={0: ["QS"], 1: ["AC"]},
        up={0: ["3D"], 1: ["3C"], 2: ["7D"]},
        down={1: ["10H"]},
        turn=1,
        options={"stall_limit": 10},
    )
    while not GAME.is_over(state):
        (move,) = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, state.turn, move)
    outcome = GAME.outcome(state)
    assert outcome.winners() == ()
    assert "Nobody wins." in await game_over_text(outcome, NAMES[:3])
