"""Computer players: decisions per second of each level, and the hard level's
search iterations per second.

Every level decides on the same positions: states reached by random play with
fixed seeds, each seen through the acting seat's view with the events that seat
could see so far (exactly what the TUI hands a bot).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from time import perf_counter
from typing import Any


@dataclass
class Position:
    game_id: str
    view: Any
    events: tuple
    seed: int


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list[Position]:
    """``count`` decision points (each with more than one legal move), evenly
    spread over the decisions of a few random games of ``game_id``, so that
    every phase of a game is represented."""
    from cardtable.games import get_game

    game = get_game(game_id)
    found: list[Position] = []
    game_index = 0
    while len(found) < 10 * count or game_index < 2:
        game_seed = seed * 7919 + game_index
        rng = random.Random(game_seed)
        state = game.new(players, {}, seed=game_seed)
        seen: list[list] = [[] for _ in range(players)]
        step = 0
        while not game.is_over(state):
            player = game.to_act(state)[0]
            moves = game.legal_moves(state, player)
            if len(moves) > 1:
                found.append(
                    Position(game_id, game.view(state, player), tuple(seen[player]), game_seed * 100_000 + step)
                )
            state, events = game.apply(state, player, rng.choice(moves))
            for event in events:
                for seat in range(players):
                    if event.visible(seat):
                        seen[seat].append(event)
            step += 1
        game_index += 1
    return spread(found, count)


def spread(items: list, count: int) -> list:
    """``count`` items evenly spaced over ``items`` (all of them if fewer)."""
    if count >= len(items):
        return list(items)
    return [items[(2 * k + 1) * len(items) // (2 * count)] for k in range(count)]


def searched(game_id: str, players: int, count: int, seed: int = 0) -> list[Position]:
    """``count`` positions where the hard level's search runs (its kit leaves
    more than one candidate), evenly spread over a few games played by the
    normal rules: a game's kit may play the prior at once in most positions
    (One-Card searches only near the end of a hand, which random play seldom
    reaches), and an iteration rate needs positions it searches."""
    from cardtable.bots import strategies
    from cardtable.games import get_game

    game = get_game(game_id)
    module = strategies(game)
    kit, normal = module.SEARCH, module.STRATEGIES["normal"]
    found: list[Position] = []
    game_index = 0
    while len(found) < 10 * count and game_index < 20:
        game_seed = seed * 7919 + game_index
        rng = random.Random(game_seed)
        state = game.new(players, {}, seed=game_seed)
        seen: list[list] = [[] for _ in range(players)]
        step = 0
        while not game.is_over(state) and step < 5000:
            player = game.to_act(state)[0]
            view = game.view(state, player)
            moves = sorted(game.legal_moves(state, player), key=repr)
            move = normal(view, moves, rng)
            if len(moves) > 1 and (kit.candidates is None or len(kit.candidates(view, moves, move)) > 1):
                found.append(Position(game_id, view, tuple(seen[player]), game_seed * 100_000 + step))
            state, events = game.apply(state, player, move)
            for event in events:
                for seat in range(players):
                    if event.visible(seat):
                        seen[seat].append(event)
            step += 1
        game_index += 1
    return spread(found, count)


def _iterations(bot: Any) -> int | None:
    """Search iterations of the bot's last decision, if it tells (``SearchBot.report``)."""
    report = getattr(bot, "report", None)
    value = getattr(report, "iterations", None)
    return value if isinstance(value, int) else None


def time_level(level: str, spots: list[Position], **settings: Any) -> tuple[float, int, int | None]:
    """(seconds in ``choose``, decisions, search iterations or None) over ``spots``.

    A fresh bot per decision, seeded from the position, as the TUI does. Wall
    time, whatever the engines' clock: the hard level thinks for a wall-clock
    budget, and a player waits in wall time."""
    from cardtable.bots import make_bot
    from cardtable.games import get_game

    seconds = 0.0
    iterations: int | None = None
    for spot in spots:
        bot = make_bot(get_game(spot.game_id), level, seed=spot.seed, **settings)
        started = perf_counter()
        bot.choose(spot.view, spot.events)
        seconds += perf_counter() - started
        done = _iterations(bot)
        if done is not None:
            iterations = (iterations or 0) + done
    return seconds, len(spots), iterations


def iteration_rates(spots: list[Position], iterations: int = 20, reps: int = 3) -> dict[str, float | None]:
    """Search iterations per second on ``spots`` (one game's positions), with a
    fixed number of ``iterations`` per decision: ``"search"`` the hard level as
    shipped, ``"view_playouts"`` the same search with every playout step
    building the seat's view and asking the view-based rules, and a playout's
    last card performed by the engine (which deals the next hand) rather than
    settled by the kit: how every playout ran before issue 15 (the same as
    ``"search"`` for a game whose kit has neither ``playout`` nor ``settle``). Interleaved, median of ``reps`` repetitions, process
    CPU time (steadier than wall time on a shared machine)."""
    from dataclasses import replace
    from statistics import median
    from time import process_time

    from cardtable.bots import SearchBot, strategies
    from cardtable.games import get_game

    if not spots:
        return {"search": None, "view_playouts": None}
    game = get_game(spots[0].game_id)
    kit = strategies(game).SEARCH
    kits = {"search": kit, "view_playouts": replace(kit, playout=None, settle=None, actions=False)}
    rates: dict[str, list[float]] = {name: [] for name in kits}
    for _ in range(reps):
        for name, k in kits.items():
            done, seconds = 0, 0.0
            for spot in spots:
                bot = SearchBot(game, k, seed=spot.seed, iterations=iterations)
                started = process_time()
                bot.choose(spot.view, spot.events)
                seconds += process_time() - started
                done += bot.report.iterations
            if seconds:
                rates[name].append(done / seconds)
    return {name: round(median(r), 1) if r else None for name, r in rates.items()}


if __name__ == "__main__":
    import sys

    from cardtable.games import available_games

    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for g in available_games():
        print(g.id, iteration_rates(searched(g.id, players, 6)))
