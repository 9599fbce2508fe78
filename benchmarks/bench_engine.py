"""Engine step cost: cardtable's games and the peers (RLCard UNO, OpenSpiel crazy_eights).

A *step* is one decision of a player: the legal moves of the player to act,
then applying one of them chosen at random. Every loop here times complete
random games from the first decision to the end (dealing is timed apart, for
all engines alike) and divides by the number of player steps.

Each peer runs two ways:

* as before issue 14 (``rlcard_uno``, ``openspiel_crazy_eights``): RLCard's
  ``game.step``, which rebuilds the observation dict (the card strings of the
  hand and of every card played since the last shuffle) after every move, and
  OpenSpiel with its default parameters (no special cards, a 100-play cap) and
  its chance steps timed but not counted;
* like for like (``*_like_for_like``): list the legal actions, pick one at
  random, apply it, nothing else; for OpenSpiel with its special cards and no
  play cap, its chance steps (the cards drawn during play) counted as steps.

Besides the step, every loop gives the cost of a complete game, dealing
included (``us_per_game``, ``games_per_s``). The same seeds are
played in every repetition, so each repetition does the same work. A random
move is ``moves[int(random() * len(moves))]`` in every loop: the cheapest
uniform pick, so the harness adds as little as it can to what it measures.

The clock is the process's CPU time by default (``time.process_time``): on a
shared machine other processes then perturb the figures far less than they
perturb wall time. ``set_clock("wall")`` switches every loop to
``time.perf_counter``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter, process_time
from typing import Any

STEP_CAP = 100_000  # per game; no random game comes near it
CLOCKS = {"cpu": process_time, "wall": perf_counter}
clock = process_time


def set_clock(name: str) -> None:
    global clock
    clock = CLOCKS[name]


@dataclass
class LoopResult:
    seconds: float  # time spent in the timed part of the loop (play, not dealing)
    steps: int  # player decisions made (and, where said, chance steps)
    games: int  # games played to the end
    extra: dict[str, Any]
    deal_seconds: float = 0.0  # time spent dealing the games

    @property
    def us_per_step(self) -> float:
        return self.seconds / self.steps * 1e6 if self.steps else float("nan")

    @property
    def us_per_game(self) -> float:
        """A complete game: the deal and every step to the end."""
        return (self.seconds + self.deal_seconds) / self.games * 1e6 if self.games else float("nan")


# -- cardtable ----------------------------------------------------------------


def cardtable_loop(game_id: str, players: int, options: dict | None = None) -> Callable[[list[int]], LoopResult]:
    """A loop over complete random games of one cardtable engine, through the
    public contract's integer interface: ``to_act``, ``legal_actions``, ``step``
    (which trusts a code it just listed for that very state) and ``is_over``:
    like for like with the peers' loops (no events, no move objects)."""
    from cardtable.games import get_game

    return game_loop(get_game(game_id), players, options)


def cardtable_move_loop(game_id: str, players: int, options: dict | None = None) -> Callable[[list[int]], LoopResult]:
    """``cardtable_loop`` through the move objects and the events, as the app
    plays: ``legal_moves`` and ``apply``."""
    from cardtable.games import get_game

    return move_loop(get_game(game_id), players, options)


def game_loop(game: Any, players: int, options: dict | None = None) -> Callable[[list[int]], LoopResult]:
    """``cardtable_loop`` for a game object (one loaded from another source tree,
    say); ``move_loop`` for a game from before the integer interface."""
    if not hasattr(game, "legal_actions"):
        return move_loop(game, players, options)
    opts = game.make_options(options or {})

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        steps = 0
        is_over, to_act, legal_actions, step = game.is_over, game.to_act, game.legal_actions, game.step
        for seed in seeds:
            rand = random.Random(seed).random
            started = clock()
            state = game.new(players, opts, seed=seed)
            dealing += clock() - started
            n = 0
            started = clock()
            while not is_over(state) and n < STEP_CAP:
                player = to_act(state)[0]
                codes = legal_actions(state, player)
                state = step(state, player, codes[int(rand() * len(codes))])
                n += 1
            seconds += clock() - started
            steps += n
        return LoopResult(seconds, steps, len(seeds), {}, dealing)

    return run


def move_loop(game: Any, players: int, options: dict | None = None) -> Callable[[list[int]], LoopResult]:
    """``cardtable_move_loop`` for a game object."""
    opts = game.make_options(options or {})

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        steps = 0
        is_over, to_act, legal_moves, apply = game.is_over, game.to_act, game.legal_moves, game.apply
        for seed in seeds:
            rand = random.Random(seed).random
            started = clock()
            state = game.new(players, opts, seed=seed)
            dealing += clock() - started
            n = 0
            started = clock()
            while not is_over(state) and n < STEP_CAP:
                player = to_act(state)[0]
                moves = legal_moves(state, player)
                state, _ = apply(state, player, moves[int(rand() * len(moves))])
                n += 1
            seconds += clock() - started
            steps += n
        return LoopResult(seconds, steps, len(seeds), {}, dealing)

    return run


def simulate_loop(game_id: str, players: int, check: bool) -> Callable[[list[int]], LoopResult]:
    """``cardtable simulate``'s own loop (``cardtable.simulate.play_random_game``),
    with the invariant check after every move or without it; the deal is in the
    time of both (the function deals), so their ratio is the cost of the check."""
    from cardtable.games import get_game

    return game_simulate_loop(get_game(game_id), players, check)


def game_simulate_loop(game: Any, players: int, check: bool) -> Callable[[list[int]], LoopResult]:
    """``simulate_loop`` for a game object (one loaded from another source tree, say)."""
    from cardtable.simulate import play_random_game

    opts = game.make_options({})

    def run(seeds: list[int]) -> LoopResult:
        seconds = 0.0
        steps = 0
        for seed in seeds:
            started = clock()
            _state, moves, violations = play_random_game(game, players, opts, seed, check=check)
            seconds += clock() - started
            steps += moves
            if violations:
                raise RuntimeError(f"{game.id} seed {seed}: {violations[0]}")
        return LoopResult(seconds, steps, len(seeds), {"checked": check})

    return run


# -- RLCard UNO -----------------------------------------------------------------


def rlcard_uno_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """RLCard's UNO through its raw game object (``rlcard.games.uno.game.UnoGame``):
    ``step`` and ``is_over``, no environment and no observation encoding. The
    legal actions are the ones ``step`` already returns in its raw state dict
    (what RLCard's own environment reads), so RLCard does not compute them twice."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        steps = 0
        failed = 0
        for seed in seeds:
            rand = random.Random(seed).random
            game.np_random = np.random.RandomState(seed)  # the dealer and the round take it at init
            started = clock()
            state, _ = game.init_game()
            dealing += clock() - started
            n = 0
            started = clock()
            try:
                while not game.is_over() and n < STEP_CAP:
                    actions = state["legal_actions"]
                    state, _ = game.step(actions[int(rand() * len(actions))])
                    n += 1
            except IndexError:  # RLCard pops from an empty deck in rare games
                failed += 1
            seconds += clock() - started
            steps += n
        return LoopResult(
            seconds, steps, len(seeds), {"failed_games": failed, "params": {"num_players": players}}, dealing
        )

    return run


def rlcard_uno_like_for_like_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """RLCard's UNO, like for like: per step ``game.get_legal_actions()`` (the
    public call), a random pick, and ``game.round.proceed_round(game.players,
    action)``: what ``game.step`` does (with ``allow_step_back`` off, the
    default) but for ``get_state``, the observation dict that cardtable's loop
    has no counterpart of. ``get_legal_actions`` returns the same list, in the
    same order, as the raw state's ``legal_actions``, so with the same seeds
    this loop plays the very games of ``rlcard_uno_loop``."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        steps = 0
        failed = 0
        for seed in seeds:
            rand = random.Random(seed).random
            game.np_random = np.random.RandomState(seed)
            started = clock()
            game.init_game()
            dealing += clock() - started
            rnd = game.round
            players_ = game.players
            legal, proceed = game.get_legal_actions, rnd.proceed_round
            n = 0
            started = clock()
            try:
                while not rnd.is_over and n < STEP_CAP:
                    actions = legal()
                    proceed(players_, actions[int(rand() * len(actions))])
                    n += 1
            except IndexError:  # as in rlcard_uno_loop
                failed += 1
            seconds += clock() - started
            steps += n
        return LoopResult(
            seconds, steps, len(seeds), {"failed_games": failed, "params": {"num_players": players}}, dealing
        )

    return run


# -- OpenSpiel crazy_eights -------------------------------------------------------


def openspiel_crazy_eights_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """OpenSpiel's C++ ``crazy_eights`` through ``pyspiel``: per player step
    ``legal_actions()`` and ``apply_action()``; chance steps (the cards drawn
    during play) are sampled uniformly from ``chance_outcomes()`` and their time
    counts, as cardtable's engines draw inside ``apply``. The initial deal (the
    chance steps before the first decision) is left out, like ``new`` is."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    params = dict(game.get_parameters())  # the defaults but for the player count

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        steps = 0
        chance_steps = 0
        for seed in seeds:
            rand = random.Random(seed).random
            started = clock()
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
            dealing += clock() - started
            n = c = 0
            started = clock()
            while not state.is_terminal() and n < STEP_CAP:
                if state.is_chance_node():  # every outcome is equally likely in crazy_eights
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                    c += 1
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rand() * len(actions))])
                    n += 1
            seconds += clock() - started
            steps += n
            chance_steps += c
        return LoopResult(seconds, steps, len(seeds), {"chance_steps": chance_steps, "params": params}, dealing)

    return run


OPENSPIEL_NO_CAP = 1_000_000  # plays; random 4-player games end after about 40 (at most 50 seen)


def openspiel_like_for_like_params(players: int) -> dict:
    """crazy_eights' parameters for the like-for-like loop: its special cards on
    where this build has them (2 draws two, Q skips, A reverses), the play cap
    out of reach, ``reshuffle`` off (its default: One-Card never shuffles the
    discard pile back either)."""
    import pyspiel

    spec = pyspiel.load_game("crazy_eights").get_type().parameter_specification
    params: dict = {"players": players}
    if "use_special_cards" in spec:
        params["use_special_cards"] = True
    if "max_turns" in spec:
        params["max_turns"] = OPENSPIEL_NO_CAP
    return params


def openspiel_crazy_eights_like_for_like_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """OpenSpiel's ``crazy_eights``, like for like: its special cards, no play
    cap, and every step counted, the player's decisions and the chance steps
    (a card drawn during play is a decision ``Draw`` then a chance step that
    deals the card; cardtable's draw is one step). ``decisions`` and
    ``us_per_decision`` give the player steps alone. The deal is timed apart."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", openspiel_like_for_like_params(players))
    params = dict(game.get_parameters())

    def run(seeds: list[int]) -> LoopResult:
        seconds = dealing = 0.0
        decisions = chance_steps = most_plays = capped = 0
        for seed in seeds:
            rand = random.Random(seed).random
            started = clock()
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
            dealing += clock() - started
            n = c = 0
            started = clock()
            while not state.is_terminal() and n < STEP_CAP:
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                    c += 1
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rand() * len(actions))])
                    n += 1
            seconds += clock() - started
            decisions += n
            chance_steps += c
            plays = sum(1 for item in state.full_history() if item.player >= 0 and item.action < 52)
            most_plays = max(most_plays, plays)
            capped += plays >= params.get("max_turns", OPENSPIEL_NO_CAP)
        steps = decisions + chance_steps
        return LoopResult(
            seconds,
            steps,
            len(seeds),
            {
                "decisions": decisions,
                "chance_steps": chance_steps,
                "us_per_decision": round(seconds / decisions * 1e6, 3) if decisions else None,
                "most_plays_in_a_game": most_plays,
                "games_capped": capped,
                "params": params,
            },
            dealing,
        )

    return run


PEERS: dict[str, tuple[str, Callable[[int], Callable[[list[int]], LoopResult]]]] = {
    # name: (module that must be importable, loop factory)
    "rlcard_uno": ("rlcard", rlcard_uno_loop),
    "openspiel_crazy_eights": ("pyspiel", openspiel_crazy_eights_loop),
    "rlcard_uno_like_for_like": ("rlcard", rlcard_uno_like_for_like_loop),
    "openspiel_crazy_eights_like_for_like": ("pyspiel", openspiel_crazy_eights_like_for_like_loop),
}


def peer_missing(name: str) -> str | None:
    """Why the peer cannot run here (not installed), or ``None``."""
    import importlib.util

    module = PEERS[name][0]
    if importlib.util.find_spec(module) is None:
        return f"{module} is not installed (pip install -r benchmarks/requirements.txt)"
    return None
