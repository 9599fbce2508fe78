"""The search's decision rules (``bots/decision.py``), the Bayesian one above all (issue 15):
it stops early on a clear call, samples longer on a close one (up to its cap),
departs from the prior only on the posterior's say-so, and with a fixed number
of iterations is exactly reproducible."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from cardtable.bots import BayesRule, FixedRule, SearchBot, SearchKit, make_bot
from cardtable.bots.decision import phi
from cardtable.core.engine import Event, Game, GameOptions, Outcome


@dataclass(frozen=True)
class Coin:
    """One choice, then a coin decides: ``luck`` is the hidden part, dealt anew by every sample."""

    luck: float
    chosen: str | None = None


@dataclass(frozen=True)
class CoinView:
    player: int
    chosen: str | None = None


@dataclass(frozen=True)
class Pick:
    side: str


class CoinGame(Game):
    """Seat 0 picks ``a`` or ``b`` and wins if the hidden coin falls its way: ``a``
    wins with chance ``odds["a"]``, ``b`` with ``odds["b"]``. The two picks read
    different halves of the coin, so their results are nearly independent: the
    paired differences are as noisy as a card game's."""

    id = "toy-coin"
    name = "Coin"
    summary = "pick a side"
    min_players = max_players = 2
    Options = GameOptions
    move_types = (Pick,)

    def __init__(self, a: float, b: float) -> None:
        self.odds = {"a": a, "b": b}

    def cards(self, players, options):
        return ()

    def deal(self, players, options, order, rng, seed):
        return Coin(rng.random())

    def to_act(self, state):
        return () if state.chosen else (0,)

    def candidate_moves(self, state, player):
        return [Pick("a"), Pick("b")]

    def why_illegal(self, state, player, move):
        return None

    def perform(self, state, player, move):
        return Coin(state.luck, move.side), (Event("pick", f"{{p{player}}} picks {move.side}"),)

    def view(self, state, player):
        return CoinView(player, state.chosen)

    def is_over(self, state):
        return state.chosen is not None

    def outcome(self, state):
        luck = state.luck if state.chosen == "a" else (state.luck + 0.5) % 1.0
        won = luck < self.odds[state.chosen]
        return Outcome((1, 2) if won else (2, 1), (0, 0))

    def determinize(self, view, rng):
        return Coin(rng.random(), view.chosen)

    def zones(self, state):
        return {}

    def hidden_zones(self, state, player):
        return ()

    def with_zones(self, state, zones):
        return state

    def all_cards(self, state):
        return ()


def pick_a(view, moves, rng):
    return Pick("a")


BAYES = SearchKit(policy=pick_a, rule=BayesRule(confidence=1.645))
FIXED = SearchKit(policy=pick_a, rule=FixedRule(confidence=1.645))


def decide(game, kit, iterations, seed=1):
    bot = SearchBot(game, kit, seed=seed, iterations=iterations)
    move = bot.choose(CoinView(0))
    return move, bot.report


def test_a_clear_departure_stops_early():
    # b wins 90%, the prior's a 10%: settled long before the cap
    move, report = decide(CoinGame(0.1, 0.9), BAYES, iterations=40)
    assert move == Pick("b")
    assert 20 <= report.iterations < 40  # at least half of N (least = 0.5), well under N


def test_a_clearly_right_prior_stops_at_the_least():
    move, report = decide(CoinGame(0.9, 0.1), BAYES, iterations=40)
    assert move == Pick("a")
    assert report.iterations == 20  # least = 0.5 of N: the call was settled then


def test_a_close_call_samples_up_to_the_cap():
    # the same odds: unless the samples happen to favour the prior clearly, no
    # sample size settles it, and the rule spends its cap (most = 2 x N)
    spent = [decide(CoinGame(0.5, 0.5), BAYES, iterations=40, seed=seed)[1].iterations for seed in range(30)]
    assert max(spent) == 80 and min(spent) >= 20
    assert sum(spent) / len(spent) > 40  # more than N on average: the close calls took more


def test_the_fixed_rule_spends_exactly_its_iterations():
    for odds in ((0.1, 0.9), (0.9, 0.1), (0.5, 0.5)):
        assert decide(CoinGame(*odds), FIXED, iterations=40)[1].iterations == 40


def test_close_calls_get_more_samples_than_clear_ones_on_average():
    clear = [decide(CoinGame(0.2, 0.8), BAYES, 30, seed)[1].iterations for seed in range(20)]
    close = [decide(CoinGame(0.5, 0.55), BAYES, 30, seed)[1].iterations for seed in range(20)]
    assert sum(close) / 20 > 1.5 * sum(clear) / 20


def test_a_small_true_gain_is_not_taken_for_noise_nor_noise_for_a_gain():
    # no difference: over many decisions the rule departs about as rarely as its belief allows
    departures = sum(decide(CoinGame(0.5, 0.5), BAYES, 30, seed)[0] == Pick("b") for seed in range(60))
    assert departures <= 8  # belief 0.95 (confidence 1.645); 60 decisions, so about 3 expected
    # a real, large gain: found nearly always
    found = sum(decide(CoinGame(0.3, 0.7), BAYES, 30, seed)[0] == Pick("b") for seed in range(30))
    assert found >= 27


def test_the_belief_follows_the_rules_confidence_unless_given():
    assert BayesRule(confidence=1.0).threshold == pytest.approx(phi(1.0)) == pytest.approx(0.8413, abs=1e-4)
    assert BayesRule(confidence=1.0, belief=0.99).threshold == 0.99


def test_the_posterior_is_sceptical_of_a_few_samples():
    # two samples, both +1: the paired test's standard error is 0 and its mean (1) clears
    # a margin of 0.5; the posterior shrinks the gain towards 0 (its sceptical prior) and
    # is not sure it clears the margin
    wide = replace(BAYES.rule, margin=0.5)
    assert wide.gain_probability([1.0, 1.0], [0.0, 0.0]) < 0.5
    assert wide.gain_probability([1.0] * 30, [0.0] * 30) > 0.999  # thirty: sure
    # a steady gain below the margin does not count
    assert wide.gain_probability([0.3] * 50, [0.0] * 50) < 0.01
    # noisy samples with a small mean: unsure either way
    assert 0.2 < BAYES.rule.gain_probability([1, 0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 0, 1]) < 0.95


def test_fixed_iterations_are_exactly_reproducible_with_the_bayes_rule():
    runs = {decide(CoinGame(0.5, 0.6), BAYES, 25, seed=7)[1].iterations for _ in range(3)}
    assert len(runs) == 1


@pytest.mark.parametrize("game_id,players", [("one-too-many", 3), ("one-card", 2), ("shed", 2)])
def test_the_real_games_are_reproducible_with_either_rule(game_id, players):
    from cardtable.games import get_game

    game = get_game(game_id)
    state = game.new(players, seed=4)
    rng = random.Random(3)
    for _ in range(12):  # a little way into the game
        seat = game.to_act(state)[0]
        state, _ = game.apply(
            state, seat, make_bot(game, "normal", seed=rng.randrange(99)).choose(game.view(state, seat))
        )
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    for rule in ("fixed", "bayes"):
        first = make_bot(game, "hard", seed=9, iterations=6, rule=rule)
        move = first.choose(view)
        again = make_bot(game, "hard", seed=9, iterations=6, rule=rule)
        assert again.choose(view) == move
        assert again.report.iterations == first.report.iterations
        assert move in game.legal_moves(state, seat)


def test_the_time_budget_bounds_a_bayes_decision():
    import time

    game = CoinGame(0.5, 0.5)  # a close call: only the clock stops it
    bot = SearchBot(game, BAYES, seed=1, budget=0.05)
    started = time.perf_counter()
    bot.choose(CoinView(0))
    assert time.perf_counter() - started < 2.0  # generous: the machine may be busy
    assert bot.report.iterations > BAYES.rule.least_timed


def test_make_bot_refuses_an_unknown_rule():
    from cardtable.games import get_game

    with pytest.raises(ValueError, match="unknown decision rule"):
        make_bot(get_game("shed"), "hard", rule="guess")


def test_each_game_uses_the_rule_its_kit_names_and_another_keeps_its_calibration():
    """The kit (named by the game's registry row) holds its decision rule; ``rule=``
    swaps it for the other one with the same confidence and margin."""
    from cardtable.games import get_game

    shipped = {"one-too-many": BayesRule(confidence=1.0), "one-card": FixedRule(confidence=1.645, extend=3.0)}
    for game_id in ("one-too-many", "one-card", "shed"):
        game = get_game(game_id)
        rule = make_bot(game, "hard", seed=1, iterations=4).kit.rule
        assert rule == shipped.get(game_id, FixedRule())
        assert make_bot(game, "hard", seed=1, rule=rule.name).kit.rule is rule
        other = make_bot(game, "hard", seed=1, rule="fixed" if rule.name == "bayes" else "bayes").kit.rule
        assert other.name != rule.name
        assert (other.confidence, other.margin) == (rule.confidence, rule.margin)


def test_the_weighted_statistics_ignore_a_weightless_sample_and_match_the_plain_ones_at_weight_one():
    from cardtable.bots.decision import mean, paired

    a, b = [0.9, 0.8, 0.1, 0.7], [0.2, 0.3, 0.9, 0.4]
    assert mean(a, [1.0, 1.0, 1.0, 1.0]) == pytest.approx(mean(a))
    assert paired(a, b, [1.0] * 4) == pytest.approx(paired(a, b))
    # the third sample weighs nothing: as if it had not been drawn
    assert mean(a, [1.0, 1.0, 0.0, 1.0]) == pytest.approx(mean([0.9, 0.8, 0.7]))
    assert paired(a, b, [1.0, 1.0, 0.0, 1.0]) == pytest.approx(paired([0.9, 0.8, 0.7], [0.2, 0.3, 0.4]))
    # a heavy sample pulls the mean towards it, and fewer effective samples widen the error
    assert mean(a, [1.0, 1.0, 9.0, 1.0]) < mean(a)
    assert paired(a, b, [1.0, 1.0, 9.0, 1.0])[1] > paired(a, b)[1]
    # the Bayesian rule reads the same weighted differences: a weightless sample changes nothing
    rule = BayesRule()
    assert rule.gain_probability(a, b, [1.0, 1.0, 0.0, 1.0]) == pytest.approx(
        rule.gain_probability([0.9, 0.8, 0.7], [0.2, 0.3, 0.4])
    )
