"""The engine of One Too Many (see ``cardtable/rules/one-too-many.md``).

A turn: everyone still in the round chooses a number in secret (phase
CHOOSE); the numbers are shown; Redo holders, while someone else is still in
the round, decide at once whether to use their Redo (phase REDO); those who use
it choose again in secret (phase RECHOOSE). Then :mod:`.transitions` plays the
turn out: passes, drawing, the bust check after every card, banking.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Mapping, Sequence

from ...core.cards import Card, Suit, standard_deck
from ...core.engine import BadOptions, Event, Game, GameOptions, Outcome
from ...core.rng import Rng
from ...core.secret import CHOSEN, SecretChoices
from . import deal, outcome
from .moves import ASKS, REDOS, Ask, Move, Redo
from .options import Options
from .transitions import resolve_turn
from .runs import longest_run, rank_mask
from .state import Phase, OneTooManyState, evolve
from .view import OneTooManyView, make_view

_DIAMONDS = Suit.DIAMONDS


class OneTooMany(Game[OneTooManyState, Move, OneTooManyView, Options]):
    id = "one-too-many"
    name = "One Too Many"
    summary = (
        "Ask in secret for cards to bank, and pass before the Diamonds in the center "
        "make a run longer than the number of players."
    )
    min_players = 2
    max_players = 6
    Options = Options
    move_types = (Ask, Redo)
    digest_name = "State"  # the state class's name when the first saves were written

    # -- setting up ------------------------------------------------------------
    def cards(self, players: int, options: Options) -> tuple[Card, ...]:
        return deal.CARDS

    def check_deck(self, players: int, options: Options, deck: tuple[Card, ...]) -> None:
        deal.check_deck(deck)

    def deal(self, players: int, options: Options, order: tuple[Card, ...], rng: Rng, seed: int) -> OneTooManyState:
        return deal.deal(players, options, order, rng)

    # -- whose turn, and what is legal -------------------------------------------
    def to_act(self, state: OneTooManyState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        return state.secret.pending

    def candidate_moves(self, state: OneTooManyState, player: int) -> Iterable[Move]:
        if state.phase is Phase.REDO:
            return REDOS
        if state.phase is Phase.OVER:
            return ()
        return ASKS[: state.limit + 1]

    def legal_moves(self, state: OneTooManyState, player: int) -> list[Move]:
        """The generic ``candidate_moves`` filtered by ``why_illegal``, built directly.

        A seat still to choose may decide on its Redo either way (phase REDO),
        or ask for any number up to the turn's limit but 1 when alone in the
        round. Same moves, same order; a test checks the agreement over many
        random games.
        """
        phase = state.phase
        secret = state.secret
        if phase is Phase.OVER or player not in secret.waiting or secret.has_chosen(player):
            return []
        if phase is Phase.REDO:
            return list(REDOS)
        moves = list(ASKS[: state.limit + 1])
        if state.alone:
            del moves[1]  # the limit is at least 1
        return moves

    def why_illegal(self, state: OneTooManyState, player: int, move: Move) -> str | None:
        phase = state.phase
        if phase is Phase.OVER:
            return "the game is over"
        if player not in state.secret.waiting:
            if phase is Phase.CHOOSE:
                return f"seat {player + 1} is out of this round and chooses no number"
            if phase is Phase.REDO:
                return f"seat {player + 1} holds no Redo to decide on now"
            return f"seat {player + 1} did not use a Redo and keeps the number shown"
        if state.secret.has_chosen(player):
            if phase is Phase.REDO:
                return f"seat {player + 1} has already decided about the Redo this turn"
            return f"seat {player + 1} has already chosen a number this turn"
        if isinstance(move, Redo):
            if phase is not Phase.REDO:
                return "a Redo is decided only after the numbers are shown"
            if not isinstance(move.use, bool):
                return "use the Redo or not: true or false"
            return None
        if not isinstance(move, Ask):
            return f"{type(move).__name__} is not a move of One Too Many"
        if phase is Phase.REDO:
            return "first decide whether to use the Redo (use it, or keep it)"
        count = move.count
        if isinstance(count, bool) or not isinstance(count, int):
            return "the number of cards must be a whole number"
        if count < 0:
            return "you cannot ask for fewer than 0 cards (0 is a pass)"
        limit = state.limit
        if count > limit:
            when = "on the first turn of a round" if state.turn == 1 else "after the first turn of a round"
            return f"you may ask for at most {limit} cards {when}, not {count}"
        if count == 1 and state.alone:
            return f"alone in the round you may not ask for exactly 1 card: pass (0) or ask for 2 to {limit}"
        return None

    # -- playing ---------------------------------------------------------------
    def perform(self, state: OneTooManyState, player: int, move: Move) -> tuple[OneTooManyState, tuple[Event, ...]]:
        phase = state.phase
        secret = state.secret.commit(player, move.use if isinstance(move, Redo) else move.count)
        me = frozenset((player,))
        if phase is Phase.REDO:
            events = [
                Event("redo_choice", f"{{p{player}}} has decided about the Redo", None, (("seat", player),)),
                Event("redo_choice",
                      f"{{p{player}}} {'uses' if move.use else 'keeps'} the Redo (secret until all decide)",
                      me, (("seat", player), ("use", move.use))),
            ]
        else:
            events = [
                Event("choose", f"{{p{player}}} has chosen a number", None, (("seat", player),)),
                Event("choose", f"{{p{player}}} asks for {move.count} (secret until shown)",
                      me, (("seat", player), ("count", move.count))),
            ]
        if not secret.complete:
            return evolve(state, secret=secret), tuple(events)
        values = secret.revealed()
        if phase is Phase.CHOOSE:
            asks = tuple(values.get(seat) for seat in range(state.players))
            events.append(_reveal_event(asks, state, redo=False))
            eligible = ()
            if sum(state.in_round) >= 2:
                eligible = tuple(s for s in range(state.players) if state.in_round[s] and state.redo[s])
            if eligible:
                return evolve(state, phase=Phase.REDO, secret=SecretChoices.open(eligible),
                             last_reveal=asks), tuple(events)
            return resolve_turn(state, asks, events), tuple(events)
        if phase is Phase.REDO:
            users = tuple(seat for seat, use in secret.values if use)
            for seat, use in secret.values:
                events.append(Event(
                    "redo", f"{{p{seat}}} uses the Redo" if use else f"{{p{seat}}} keeps the Redo for later",
                    None, (("seat", seat), ("use", use))))
            if users:
                redo = tuple(False if seat in users else held for seat, held in enumerate(state.redo))
                return evolve(state, phase=Phase.RECHOOSE, secret=SecretChoices.open(users),
                             redo=redo), tuple(events)
            return resolve_turn(state, state.last_reveal, events), tuple(events)
        # RECHOOSE: the new numbers replace the old ones
        asks = tuple(values.get(seat, old) for seat, old in enumerate(state.last_reveal))
        events.append(_reveal_event(asks, state, redo=True, changed=tuple(sorted(values))))
        return resolve_turn(state, asks, events), tuple(events)

    # -- seeing ----------------------------------------------------------------
    def view(self, state: OneTooManyState, player: int | None) -> OneTooManyView:
        return make_view(state, player)

    def is_over(self, state: OneTooManyState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: OneTooManyState) -> Outcome:
        return outcome.outcome(state)

    def describe_move(self, move: Move) -> str:
        if isinstance(move, Redo):
            return "use the Redo" if move.use else "keep the Redo"
        if move.count == 0:
            return "pass"
        return f"ask for {move.count} card" + ("" if move.count == 1 else "s")

    def determinize(self, view: OneTooManyView, rng: random.Random) -> OneTooManyState:
        on_table = set(view.center)
        for pile in view.piles:
            on_table.update(pile)
        deck = [card for card in view.card_set if card not in on_table]
        rng.shuffle(deck)
        phase = view.phase
        waiting = frozenset(view.to_act).union(seat for seat, _ in view.choices)
        alone = sum(view.in_round) == 1
        numbers = [k for k in range(view.limit + 1) if not (k == 1 and alone)]
        values = []
        for seat, value in view.choices:
            if value is CHOSEN:
                value = rng.choice((True, False)) if phase is Phase.REDO else rng.choice(numbers)
            values.append((seat, value))
        return OneTooManyState(
            players=view.players,
            options=view.options,
            cards=view.card_set,
            rng=Rng(rng.getrandbits(64)),
            round=view.round,
            turn=view.turn,
            first=view.first,
            phase=phase,
            deck=tuple(deck),
            center=view.center,
            piles=view.piles,
            scores=view.scores,
            in_round=view.in_round,
            redo=view.redo,
            kept=view.kept,
            passed_on=view.passed_on,
            round_points=view.round_points,
            secret=SecretChoices(waiting, tuple(sorted(values))),
            last_reveal=view.last_reveal,
        )

    # -- cards and counters ----------------------------------------------------
    def zones(self, state: OneTooManyState) -> dict[str, tuple[Card, ...]]:
        zones = {"deck": state.deck, "center": state.center}
        for seat, pile in enumerate(state.piles):
            zones[f"pile{seat}"] = pile
        return zones

    def hidden_zones(self, state: OneTooManyState, player: int | None) -> tuple[str, ...]:
        return ("deck",)

    def with_zones(self, state: OneTooManyState, zones: Mapping[str, tuple[Card, ...]]) -> OneTooManyState:
        piles = tuple(tuple(zones.get(f"pile{seat}", pile)) for seat, pile in enumerate(state.piles))
        return evolve(
            state,
            deck=tuple(zones.get("deck", state.deck)),
            center=tuple(zones.get("center", state.center)),
            piles=piles,
        )

    def all_cards(self, state: OneTooManyState) -> tuple[Card, ...]:
        return state.cards

    def counter_violations(self, state: OneTooManyState) -> list[str]:
        problems: list[str] = []
        n = state.players
        per_seat = (state.piles, state.scores, state.in_round, state.redo, state.kept,
                    state.passed_on, state.round_points, state.last_reveal)
        if any(len(field) != n for field in per_seat):
            problems.append("a per-seat field does not have one entry per seat")
            return problems
        if state.round < 1 or state.turn < 1:
            problems.append(f"round {state.round} / turn {state.turn} out of range")
        if state.first != (state.round - 1) % n:
            problems.append(f"round {state.round} should start at seat {(state.round - 1) % n + 1}")
        if any(card.suit is not _DIAMONDS for card in state.center):
            problems.append("a card other than a Diamond is in the center")
        if list(state.center) != sorted(state.center):
            problems.append("the center is not sorted")
        for seat, pile in enumerate(state.piles):
            if any(card.suit is _DIAMONDS for card in pile):
                problems.append(f"a Diamond is on seat {seat + 1}'s pile")
            keep = state.kept[seat]
            if keep is not None and (not pile or pile[0] != keep):
                problems.append(f"seat {seat + 1}'s kept card {keep} is not at the bottom of its pile")
            if state.scores[seat] < state.round_points[seat] or state.round_points[seat] < 0:
                problems.append(f"seat {seat + 1} scored more this round than in all")
            if state.passed_on[seat] and state.in_round[seat]:
                problems.append(f"seat {seat + 1} passed but is still in the round")
            if state.passed_on[seat] > state.turn:
                problems.append(f"seat {seat + 1} passed on a later turn than the current one")
        if state.phase is Phase.OVER:
            if max(state.scores) < state.options.target:
                problems.append("the game is over but nobody reached the target")
            return problems
        if state.turn == 1 and max(state.scores) >= state.options.target and not any(state.round_points):
            problems.append("someone reached the target in an earlier round but the game goes on")
        if longest_run(rank_mask(state.center)) > n:
            problems.append("the center holds a busting run but the round goes on")
        if not state.deck:
            problems.append("a turn is open with an empty deck")
        if not any(state.in_round):
            problems.append("a turn is open with nobody in the round")
        waiting = state.secret.waiting
        if not waiting or any(not state.in_round[seat] for seat in waiting):
            problems.append("the seats choosing are not all in the round")
        if state.phase is Phase.CHOOSE and waiting != {s for s in range(n) if state.in_round[s]}:
            problems.append("not everyone in the round is choosing a number")
        if state.phase is Phase.REDO and any(not state.redo[seat] for seat in waiting):
            problems.append("a seat without a Redo is deciding on one")
        for seat, value in state.secret.values:
            if state.phase is Phase.REDO:
                if not isinstance(value, bool):
                    problems.append(f"seat {seat + 1}'s Redo decision is not true or false")
            elif not 0 <= value <= state.limit or (value == 1 and state.alone):
                problems.append(f"seat {seat + 1} chose an illegal number {value}")
        return problems


def _reveal_event(asks: tuple[int | None, ...], state: OneTooManyState, redo: bool,
                  changed: tuple[int, ...] = ()) -> Event:
    shown = tuple((seat, count) for seat, count in enumerate(asks) if count is not None
                  and (not redo or seat in changed))
    parts = ", ".join(
        f"{{p{seat}}} passes" if count == 0 else f"{{p{seat}}} asks for {count}" for seat, count in shown
    )
    head = "New numbers shown" if redo else "Numbers shown"
    return Event("reveal", f"{head}: {parts}", None,
                 (("asks", shown), ("round", state.round), ("turn", state.turn), ("redo", redo)))
