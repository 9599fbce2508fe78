"""The engine contract that every game implements.

A game is a stateless object (one instance per game, found in the registry)
whose methods are pure functions of immutable states:

* ``new(players, options, seed, deck)``: a fresh state, from a seed or from an
  explicit deck order (top card first) for tests and puzzles. A template:
  it checks the player count, builds the options, shuffles ``cards`` (or
  checks the explicit deck with ``check_deck``), then calls the game's ``deal``.
  ``start`` (same arguments) gives the fresh state with the events of the
  deal (One-Card announces its first hand as it announces every other).
* ``to_act(state)``: the seats that must act now: one, or several at once for
  secret simultaneous choices; empty when the game is over.
* ``legal_moves(state, player)``: built from ``candidate_moves`` filtered by
  ``why_illegal``, the one function that decides legality.
* ``apply(state, player, move)``: ``(new_state, events)``; an illegal move raises
  :class:`IllegalMove` with the reason and the old state is untouched.
  ``advance(state, player, move)`` is ``perform``'s new state without the
  events, for a move known to be legal (the search's rollouts).
* the integer action interface (``core.actions``): ``legal_actions``,
  ``step`` (no events), ``move_of`` and ``action_of`` over a fixed space of
  ``action_count`` codes per game: the hot path of the search, ``simulate``,
  the arena and the research environments.
* ``view(state, player)``: exactly what that seat may see (``None`` is the
  public view for spectators and logs).
* ``is_over`` and ``outcome`` (places, points and the reason for each place).
* ``invariant_violations``: card conservation over the state's zones, plus
  each game's own counters.
* ``determinize(view, rng)``: a complete state consistent with a view, for
  computer players; ``view(determinize(v), v.player) == v``.

Games put their rules in ``candidate_moves``/``why_illegal``/``perform``; the
base class adds the checks and the generic helpers.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel, ConfigDict, ValidationError

from .actions import Actions
from .actions import IllegalMove as IllegalMove
from .cards import Card
from .conservation import held_once
from .event import Event as Event  # (re-exported: the engine contract's names are found here)
from .outcome import Outcome as Outcome
from .outcome import places_from_keys as places_from_keys
from .rng import Rng


class SeatView(Protocol):
    """What every view has: the seat it is for (``None``: the public view)."""

    @property
    def player(self) -> int | None: ...


S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", bound=SeatView)


class BadOptions(ValueError):
    """Options or a player count that the game does not accept."""


class GameOptions(BaseModel):
    """Base class of every game's options: immutable, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


_FROZEN: list[Any] = [(), frozenset()]  # frozen_cards' last answer: [cards, their frozenset]


def frozen_cards(cards: tuple[Card, ...]) -> frozenset[Card]:
    """``frozenset(cards)``, remembered for the last tuple asked about (a game
    keeps its tuple of every card for its whole length, and the invariant
    check asks after every move)."""
    if _FROZEN[0] is not cards:
        _FROZEN[:] = [cards, frozenset(cards)]
    found: frozenset[Card] = _FROZEN[1]
    return found


OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Game(Actions[S, M], ABC, Generic[S, M, V, OptionsT]):
    """A game's rules, generic over its state, move, view and options types."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]]  # the game's options class (``OptionsT``)
    move_types: ClassVar[tuple[type, ...]]
    #: The name the state class had when saves were first written, if it was
    #: renamed since: the digest is taken under it, so those saves still load.
    digest_name: ClassVar[str | None] = None

    # -- options and players -------------------------------------------------
    def make_options(self, values: Mapping[str, Any] | GameOptions | None = None) -> OptionsT:
        if isinstance(values, self.Options):
            return cast(OptionsT, values)  # Options is OptionsT's class
        try:
            return cast(OptionsT, self.Options.model_validate(dict(values or {})))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}" for err in exc.errors()
            )
            raise BadOptions(f"bad options for {self.id}: {problems}") from None

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}")

    # -- a new game: the same steps for every game ----------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | GameOptions | None = None,
        seed: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> S:
        """A fresh game: the player count checked, the options built, the
        ``cards`` shuffled by ``seed`` (or ``deck`` checked and taken as it is,
        top card first), then dealt by the game's ``deal``."""
        return self.start(players, options, seed, deck)[0]

    def start(
        self,
        players: int,
        options: Mapping[str, Any] | GameOptions | None = None,
        seed: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> tuple[S, tuple[Event, ...]]:
        """``new``'s state with the events of the deal, the ones a game's log
        opens with (before the first move)."""
        self.check_players(players)
        opts = self.make_options(options)
        rng = self.start_rng(players, seed)
        if deck is None:
            order, rng = rng.shuffled(self.cards(players, opts))
        else:
            order = tuple(deck)
            self.check_deck(players, opts, order)
        return self.deal_with_events(players, opts, order, rng, seed)

    def start_rng(self, players: int, seed: int) -> Rng:
        """The generator the shuffle starts from. A game that draws something
        from the seed before shuffling (One-Card's first dealer) draws it here."""
        return Rng.from_seed(seed)

    @abstractmethod
    def cards(self, players: int, options: OptionsT) -> tuple[Card, ...]:
        """Every card a game with these players and options is dealt from."""

    def check_deck(self, players: int, options: OptionsT, deck: tuple[Card, ...]) -> None:
        """Refuse (``BadOptions``) an explicit deck this game cannot be dealt from."""

    @abstractmethod
    def deal(self, players: int, options: OptionsT, order: tuple[Card, ...], rng: Rng, seed: int) -> S:
        """The first state: ``order`` (top card first) dealt; ``rng`` draws what
        comes later; ``seed`` gives again what ``start_rng`` drew before the shuffle."""

    def deal_with_events(
        self, players: int, options: OptionsT, order: tuple[Card, ...], rng: Rng, seed: int
    ) -> tuple[S, tuple[Event, ...]]:
        """``deal``'s state and the events of the deal (none unless the game says)."""
        return self.deal(players, options, order, rng, seed), ()

    # -- the rules (each game implements these) ------------------------------

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def candidate_moves(self, state: S, player: int) -> Iterable[M]:
        """Every move worth checking for ``player`` (a superset of the legal ones)."""

    @abstractmethod
    def why_illegal(self, state: S, player: int, move: M) -> str | None:
        """``None`` if the move is legal, else the reason in words."""

    @abstractmethod
    def perform(self, state: S, player: int, move: M) -> tuple[S, tuple[Event, ...]]:
        """Apply a move already known to be legal."""

    def advance(self, state: S, player: int, move: M) -> S:
        """``perform``'s new state without its events, for a move already known
        to be legal: the search's rollouts, which read no event. A game whose
        steps can skip their events says so (the default builds them)."""
        return self.perform(state, player, move)[0]

    @abstractmethod
    def view(self, state: S, player: int | None) -> V: ...

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """The final places, points and reasons (call only when the game is over)."""

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A complete state consistent with ``view``: hidden cards dealt at random."""

    @abstractmethod
    def zones(self, state: S) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be, by name; together they hold each card once."""

    @abstractmethod
    def hidden_zones(self, state: S, player: int | None) -> tuple[str, ...]:
        """The zones whose cards (their identity and order) ``player`` may not see."""

    @abstractmethod
    def with_zones(self, state: S, zones: Mapping[str, tuple[Card, ...]]) -> S:
        """The state with the named zones' contents replaced (same sizes)."""

    @abstractmethod
    def all_cards(self, state: S) -> tuple[Card, ...]:
        """The cards this game was dealt with, each once."""

    def counter_violations(self, state: S) -> list[str]:
        """Game-specific consistency checks beyond card conservation."""
        return []

    def describe_move(self, move: M) -> str:
        return str(move)

    # -- generic helpers built on the rules ----------------------------------
    def legal_moves(self, state: S, player: int) -> list[M]:
        if player not in self.to_act(state):
            return []
        moves = [m for m in self.candidate_moves(state, player) if self.why_illegal(state, player, m) is None]
        return self.remember_legal(state, player, moves)

    #: The last answer of ``legal_moves``: (state, player, the moves as a
    #: tuple). A game holds no game state; this only spares ``apply`` checking
    #: again a move just found legal (one tuple, replaced whole, so a game
    #: object shared between threads reads either the old answer or the new).
    _verified: tuple[S | None, int, tuple[M, ...]] = (None, -1, ())

    def remember_legal(self, state: S, player: int, moves: list[M] | tuple[M, ...]) -> list[M]:
        """Remember ``moves`` as ``player``'s legal moves in ``state`` and
        return them as a list. What is kept cannot change: a tuple (a game
        may answer with a shared one) is kept and the caller gets a list
        copy; a list is returned as it is and a tuple copy kept."""
        if type(moves) is tuple:
            self._verified = (state, player, moves)
            return list(moves)
        self._verified = (state, player, tuple(moves))
        return cast(list[M], moves)

    def verified(self, state: S, player: int, move: M) -> bool:
        """Whether ``move`` is one of the very objects the last legal moves
        listed, for this very state (states are immutable) and player: then
        it is legal. By identity, in a loop: ``move in listed`` would call
        the moves' ``__eq__`` (Python code) on every listed move before it,
        three times the cost of the whole check."""
        last = self._verified
        if last[0] is not state or last[1] != player:
            return False
        for listed in last[2]:
            if listed is move:
                return True
        return False

    def check_move(self, state: S, player: int, move: M) -> str | None:
        """The reason ``player`` may not make ``move`` now, or ``None``."""
        if self.is_over(state):
            return "the game is over"
        if not isinstance(move, self.move_types):
            return f"{type(move).__name__} is not a move of {self.name}"
        if player not in self.to_act(state):
            return f"it is not seat {player + 1}'s turn"
        return self.why_illegal(state, player, move)

    def apply(self, state: S, player: int, move: M) -> tuple[S, tuple[Event, ...]]:
        if not self.verified(state, player, move):
            reason = self.check_move(state, player, move)
            if reason is not None:
                raise IllegalMove(reason)
        return self.perform(state, player, move)

    def legal_moves_from_view(self, view: V, rng: random.Random | None = None) -> list[M]:
        """The viewer's legal moves, from their view alone."""
        player = view.player
        if player is None:
            return []  # the public view: nobody's moves
        state = self.determinize(view, rng or random.Random(0))
        return self.legal_moves(state, player)

    def reshuffle_hidden(self, state: S, player: int | None, rng: random.Random) -> S:
        """``state`` with the cards hidden from ``player`` dealt again at random
        among the zones they are hidden in (same sizes): a state that ``player``
        cannot tell apart from ``state``. The no-leak tests compare views."""
        zones = self.zones(state)
        hidden = self.hidden_zones(state, player)
        pool = [card for name in hidden for card in zones[name]]
        rng.shuffle(pool)
        dealt, at = {}, 0
        for name in hidden:
            size = len(zones[name])
            dealt[name] = tuple(pool[at : at + size])
            at += size
        return self.with_zones(state, dealt)

    def zone_contents(self, state: S) -> Iterable[Sequence[Hashable]]:
        """Every zone's contents as the state holds them: card ids in a game
        whose state keeps ids, else cards. Together they hold each of
        ``dealt(state)`` once; the invariant check's fast path compares them,
        so a game overrides this to skip building ``zones``' cards."""
        return self.zones(state).values()

    def dealt(self, state: S) -> frozenset[Hashable]:
        """What ``zone_contents`` holds together, each once (``all_cards`` by default)."""
        return frozen_cards(self.all_cards(state))

    def cards_conserved(self, state: S) -> bool:
        """Whether every dealt card is in exactly one zone: as many held as
        dealt, and the same set (the dealt cards are distinct)."""
        return held_once(self.zone_contents(state), self.dealt(state))

    def invariant_violations(self, state: S) -> list[str]:
        """Card conservation, then ``counter_violations``. Only a state that
        fails ``cards_conserved`` pays for the counts that name the missing
        and the extra cards."""
        problems = [] if self.cards_conserved(state) else self.conservation_problems(state)
        problems.extend(self.counter_violations(state))
        return problems

    def conservation_problems(self, state: S) -> list[str]:
        """The cards missing and the cards extra or duplicated, by their codes."""
        problems: list[str] = []
        seen: Counter[Card] = Counter()
        for cards in self.zones(state).values():
            seen.update(cards)
        expected = Counter(self.all_cards(state))
        if seen != expected:
            missing = expected - seen
            extra = seen - expected
            if missing:
                problems.append(f"cards missing: {' '.join(c.code for c in missing)}")
            if extra:
                problems.append(f"cards extra or duplicated: {' '.join(c.code for c in extra)}")
        return problems

    def kept_under_old_rulings(self, start: S, moves: Sequence[tuple[int, M]], digest: str) -> list[int]:
        """If ``moves`` from ``start`` are a game played under a ruling since
        changed, ending at ``digest``: the indexes of the moves today's rules keep
        (the game goes on from them); else [] (the default: no ruling changed)."""
        return []

    def digest(self, state: S) -> str:
        """A short fingerprint of a state (stable across runs, machines and versions:
        saves hold it)."""
        text = repr(state)
        if self.digest_name is not None:
            text = self.digest_name + text[len(type(state).__qualname__) :]
        return hashlib.sha256(text.encode()).hexdigest()[:16]


#: Any game at all, whatever its state, move, view and options types (a registry's,
#: a record's): what code that works with every game takes.
AnyGame = Game[Any, Any, Any, Any]
