"""Shed (Board Game Arena's "Palace"): the rules engine.

The full rules in words are in ``docs/rules/shed.md``. In short: each player
has face-down cards, face-up cards on them, and a hand. After a private
exchange of hand and face-up cards, players take turns playing one or more
cards of one rank onto a stack, at least as high as its top card (3 low ..
Ace high; 2 and 10 on anything, 10 burns the stack; after a 9 play 9 or
lower; four of a kind on top burns). Hands are refilled from the deck; then
face-up cards are played, then face-down cards blind. A player who cannot,
or will not, play picks up the stack. Players go out in turn; the last one
left loses.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from ...core.cards import Card
from ...core.engine import BadOptions, Event, Game, Outcome
from ...core.rng import Rng
from ...core.words import plural
from .deal import FULL_DECK, FULL_DECK_SET, SHORT_DRAW_SIZE, deal_size
from .moves import MOVE_TYPES, Done, Exchange, Move, PickUp, Play, PlayFaceDown
from .options import Options
from .ranks import LOWEST_START, TEN, may_follow, rank_plural, why_not_follow
from .state import EXCHANGE, OVER, PLAY, Cards, ShedState, evolve
from .view import ShedView

_ORDINALS = ("first", "second", "third", "fourth")
_FACE = {c: c.face for c in FULL_DECK}
_CODE = {c: c.code for c in FULL_DECK}
_ORDER = {c: i for i, c in enumerate(sorted(FULL_DECK))}
_order = _ORDER.__getitem__


def _sorted(cards: Iterable[Card]) -> Cards:
    """Cards in the usual order (by rank, then suit), as a tuple."""
    return tuple(sorted(cards, key=_order))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join([_FACE[c] for c in cards]) or "—"


def codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple([_CODE[c] for c in cards])


def _put(items: tuple, index: int, value: Any) -> tuple:
    """``items`` with ``items[index]`` replaced."""
    return items[:index] + (value,) + items[index + 1 :]


def _without(cards: Cards, remove: Iterable[Card]) -> Cards:
    if not cards:
        return cards
    gone = set(remove)
    return tuple([c for c in cards if c not in gone])


_PICK_UP = PickUp()
_DONE = Done()
_FACE_DOWN = tuple(PlayFaceDown(i) for i in range(len(FULL_DECK)))


@lru_cache(maxsize=4096)
def _group_plays(group: Cards) -> tuple[Play, ...]:
    """Every play of a group of cards of one rank (in the usual order): each card
    alone, then each pair, and so on. Plays are immutable, so they are shared."""
    return tuple(Play(combo) for k in range(1, len(group) + 1) for combo in combinations(group, k))


def _plays(source: Cards, stack: Cards, nine_plays_lower: bool, start_rank: int) -> list[Move]:
    """The plays of cards of ``source`` of a rank that may go on ``stack``
    (and is ``start_rank``, if that is set), by rank, then as ``_group_plays``."""
    by_rank: dict[int, list[Card]] = {}
    for card in source:
        group = by_rank.get(card[0])
        if group is None:
            by_rank[card[0]] = [card]
        else:
            group.append(card)
    top = stack[-1] if stack else None
    moves: list[Move] = []
    for rank in sorted(by_rank):
        if (start_rank and rank != start_rank) or not may_follow(rank, top, nine_plays_lower):
            continue
        group = by_rank[rank]
        if len(group) > 1:
            group.sort(key=_order)
        moves.extend(_group_plays(tuple(group)))
    return moves


def _next_seat(places: tuple[int, ...], seat: int) -> int:
    """The next seat clockwise after ``seat`` that is still playing."""
    n = len(places)
    nxt = (seat + 1) % n
    while places[nxt]:
        nxt = (nxt + 1) % n
    return nxt


class Shed(Game[ShedState, Move, ShedView]):
    id = "shed"
    name = "Shed"
    summary = (
        "Board Game Arena's Palace: shed your hand, then your face-up and blind face-down "
        "cards onto a rising stack; 2 resets, 10 burns, the last player left loses."
    )
    min_players = 2
    max_players = 4
    Options = Options
    move_types = MOVE_TYPES

    # -- setup -----------------------------------------------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | Options | None = None,
        seed: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> ShedState:
        self.check_players(players)
        opts = self.make_options(options)
        rng = Rng.from_seed(seed)
        if deck is None:
            cards, rng = rng.shuffled(FULL_DECK)
        else:
            cards = tuple(deck)
            if len(cards) != len(FULL_DECK) or set(cards) != FULL_DECK_SET:
                raise BadOptions("Shed is dealt from one standard 52-card deck: the deck must hold each card once")
        size = deal_size(players, opts.short_game)
        down, up, hands = [], [], []
        pos = 0
        for _ in range(players):
            down.append(cards[pos : pos + size])
            up.append(cards[pos + size : pos + 2 * size])
            hands.append(cards[pos + 2 * size : pos + 3 * size])
            pos += 3 * size
        rest = cards[pos:]
        if opts.short_game:
            draw, unused = rest[:SHORT_DRAW_SIZE], rest[SHORT_DRAW_SIZE:]
        else:
            draw, unused = rest, ()
        return ShedState(
            players=players,
            options=opts,
            hand_size=size,
            phase=EXCHANGE,
            turn=-1,
            done=(False,) * players,
            hands=tuple(hands),
            known=((),) * players,
            up=tuple(up),
            dealt_up=tuple(up),
            down=tuple(down),
            deck=draw,
            unused=unused,
            stack=(),
            burned=(),
            places=(0,) * players,
            start_rank=0,
            stall=0,
            rng=rng,
        )

    # -- whose move ------------------------------------------------------------
    def to_act(self, state: ShedState) -> tuple[int, ...]:
        if state.phase == PLAY:
            return (state.turn,)
        if state.phase == EXCHANGE:
            return tuple(p for p, done in enumerate(state.done) if not done)
        return ()

    def is_over(self, state: ShedState) -> bool:
        return state.phase == OVER

    # -- legality --------------------------------------------------------------
    def candidate_moves(self, state: ShedState, player: int) -> list[Move]:
        if state.phase == EXCHANGE:
            hand = _sorted(state.hand(player))
            moves: list[Move] = [Exchange(h, u) for h in hand for u in state.up[player]]
            moves.append(_DONE)
            return moves
        if state.phase != PLAY:
            return []
        hand = state.hand(player)
        source = hand if hand else state.up[player]
        if source:
            # A superset of the legal plays: why_illegal decides.
            moves = _plays(source, state.stack, state.options.nine_plays_lower, 0)
        else:
            moves = list(_FACE_DOWN[: len(state.down[player])])
        if state.stack:
            moves.append(_PICK_UP)
        return moves

    def legal_moves(self, state: ShedState, player: int) -> list[Move]:
        """The generic ``candidate_moves`` filtered by ``why_illegal``, built directly.

        In the exchange every candidate of a seat not yet done is legal. In play
        the candidates from the hand (or, once the hand is empty, from the
        face-up cards or the face-down ones) are legal too, but for two rules
        that remove whole groups: the opening play's rank, and face-up cards
        only once the deck is gone. Same moves, same order; a test checks the
        agreement over many random games.
        """
        phase = state.phase
        if phase == PLAY:
            if player != state.turn:
                return []
            stack = state.stack
            hand = state.hands[player] + state.known[player]
            if hand:
                moves = _plays(hand, stack, state.options.nine_plays_lower, state.start_rank)
            elif state.up[player]:
                moves = [] if state.deck else _plays(
                    state.up[player], stack, state.options.nine_plays_lower, state.start_rank
                )
            else:
                moves = list(_FACE_DOWN[: len(state.down[player])])
            if stack:
                moves.append(_PICK_UP)
            return moves
        if phase == EXCHANGE and not state.done[player]:
            return self.candidate_moves(state, player)
        return []

    def why_illegal(self, state: ShedState, player: int, move: Move) -> str | None:
        kind = type(move)
        if state.phase == EXCHANGE:
            if kind is Exchange:
                if state.done[player]:
                    return "you have already finished exchanging"
                if move.hand_card not in state.hands[player] and move.hand_card not in state.known[player]:
                    return f"{move.hand_card.face} is not in your hand"
                if move.face_up_card not in state.up[player]:
                    return f"{move.face_up_card.face} is not one of your face-up cards"
                return None
            if kind is Done:
                return "you have already finished exchanging" if state.done[player] else None
            return "play starts when every player has finished exchanging"
        if state.phase != PLAY:
            return "the game is over"
        if kind is Exchange or kind is Done:
            return "the exchange is over: play has started"
        if kind is PickUp:
            return None if state.stack else "there is no stack to pick up: play any card"
        has_hand = bool(state.hands[player]) or bool(state.known[player])
        if kind is PlayFaceDown:
            if has_hand:
                return "you must play the cards in your hand before your table cards"
            if state.up[player]:
                return "you must play your face-up cards before your face-down cards"
            count = len(state.down[player])
            if not 0 <= move.index < count:
                return f"there is no face-down card at position {move.index} (you have {count})"
            return None  # whether it may stay on the stack is only known once it is turned over
        if kind is Play:
            return self._why_play_illegal(state, player, move.cards, has_hand)
        return f"{kind.__name__} is not a move of Shed"

    def _why_play_illegal(self, state: ShedState, player: int, cards: Cards, has_hand: bool) -> str | None:
        count = len(cards)
        if not count:
            return "a play needs at least one card"
        rank = cards[0][0]
        if count > 1:
            if len(set(cards)) != count:
                return "a card is named twice in the play"
            for card in cards:
                if card[0] != rank:
                    return "the cards of one play must all be of one rank"
        hand = state.hands[player] + state.known[player] if has_hand else ()
        in_hand = 0
        for card in cards:
            if card in hand:
                in_hand += 1
        if in_hand != count:
            up = state.up[player]
            for card in cards:
                if card not in hand and card not in up:
                    return f"you do not hold {card.face}"
            if in_hand:
                return "a play is all from the hand or all from the face-up cards, never both"
            if has_hand:
                return "you must play the cards in your hand before your face-up cards"
            if state.deck:
                return "face-up cards may be played only once the draw deck is gone"
        if state.start_rank and rank != state.start_rank:
            return (
                f"the opening play must be of {rank_plural(state.start_rank)}, "
                "the lowest card of rank 3 or above in hand"
            )
        stack = state.stack
        if stack:
            top = stack[-1]
            nine = state.options.nine_plays_lower
            if not may_follow(rank, top, nine):
                return why_not_follow(rank, top, nine)
        return None

    # -- moves -----------------------------------------------------------------
    def perform(self, state: ShedState, player: int, move: Move) -> tuple[ShedState, tuple[Event, ...]]:
        kind = type(move)
        if kind is Play:
            return self._play(state, player, move.cards)
        if kind is PickUp:
            return self._pick_up(state, player)
        if kind is PlayFaceDown:
            return self._play_face_down(state, player, move.index)
        if kind is Exchange:
            return self._exchange(state, player, move.hand_card, move.face_up_card)
        return self._done(state, player)

    def _exchange(
        self, state: ShedState, p: int, hand_card: Card, up_card: Card
    ) -> tuple[ShedState, tuple[Event, ...]]:
        # Private until everyone is done: the others keep seeing the row as dealt.
        row = state.up[p]
        new_row = _put(row, row.index(up_card), hand_card)
        hands = _without(state.hands[p], (hand_card,)) + (up_card,)
        new = evolve(state, hands=_put(state.hands, p, hands), up=_put(state.up, p, new_row))
        events = (
            Event(
                "exchange",
                f"{{p{p}}} takes {up_card.face} from the table into hand and puts {hand_card.face} face up",
                frozenset((p,)),
                (("seat", p), ("to_hand", up_card.code), ("to_table", hand_card.code)),
            ),
        )  # no public event: the others may not even count the swaps
        return new, events

    def _done(self, state: ShedState, p: int) -> tuple[ShedState, tuple[Event, ...]]:
        done = _put(state.done, p, True)
        events = [Event("ready", f"{{p{p}}} is done exchanging", data=(("seat", p),))]
        if not all(done):
            return evolve(state, done=done), tuple(events)
        # Everyone is ready: the rows are revealed. The dealt face-up cards that
        # left a row were seen by everyone, so they are known in that hand; any
        # other card that went face up and back again stays private.
        hands, known = list(state.hands), list(state.known)
        for seat in range(state.players):
            row, dealt = state.up[seat], state.dealt_up[seat]
            taken = tuple(c for c in dealt if c not in row)
            if taken:
                hands[seat] = _without(hands[seat], taken)
                known[seat] = known[seat] + taken
            text = f"{{p{seat}}}'s face-up cards: {cards_text(row)}"
            if taken:
                text += f" ({cards_text(taken)} taken into the hand)"
            elif row != dealt:
                text += " (rearranged)"
            events.append(
                Event(
                    "reveal",
                    text,
                    data=(("seat", seat), ("cards", codes(row)), ("to_hand", codes(taken))),
                )
            )
        state = evolve(state, hands=tuple(hands), known=tuple(known), dealt_up=((),) * state.players)
        # The holder of the lowest card of rank 3 or above in hand starts. The
        # public event names neither the other holders nor whether there was a tie.
        lowest_by_seat = []
        for seat in range(state.players):
            ranks = [c[0] for c in state.hand(seat) if c[0] >= LOWEST_START]
            lowest_by_seat.append(min(ranks) if ranks else 99)
        lowest = min(lowest_by_seat)
        holders = [seat for seat, r in enumerate(lowest_by_seat) if r == lowest]
        rng = state.rng
        if len(holders) > 1:
            index, rng = rng.below(len(holders))
            starter = holders[index]
        else:
            starter = holders[0]
        start_rank = lowest if lowest != 99 else 0
        if start_rank:
            text = (
                f"{{p{starter}}} holds the lowest card ({rank_plural(lowest)}) and starts "
                "(ties for the lowest card are drawn at random)"
            )
        else:
            text = f"nobody holds a card of rank 3 or above in hand: {{p{starter}}} is drawn at random to start"
        events.append(Event("start", text, data=(("seat", starter), ("rank", start_rank))))
        new = evolve(state, done=done, phase=PLAY, turn=starter, start_rank=start_rank, rng=rng)
        return new, tuple(events)

    def _pick_up(self, state: ShedState, p: int) -> tuple[ShedState, tuple[Event, ...]]:
        stack = state.stack
        new = evolve(
            state,
            known=_put(state.known, p, state.known[p] + stack),
            stack=(),
            turn=_next_seat(state.places, p),
            stall=state.stall + 1,
        )
        event = Event(
            "pickup",
            f"{{p{p}}} picks up the stack ({len(stack)} card{'s' if len(stack) != 1 else ''})",
            data=(("seat", p), ("cards", codes(stack)), ("count", len(stack))),
        )
        return self._stop_if_stalled(new, [event])

    def _play(self, state: ShedState, p: int, cards: Cards) -> tuple[ShedState, tuple[Event, ...]]:
        hands, known, up = state.hands[p], state.known[p], state.up[p]
        first = cards[0]
        if first in hands or first in known:
            source = "hand"
            hands = _without(hands, cards)
            known = _without(known, cards)
        else:
            source = "face-up"
            up = _without(up, cards)
        events = [
            Event(
                "play",
                f"{{p{p}}} plays {cards_text(cards)}" + (" from the table" if source == "face-up" else ""),
                data=(("seat", p), ("cards", codes(cards)), ("source", source)),
            )
        ]
        return self._land(state, p, cards, hands, known, up, state.down[p], events, source == "face-up")

    def _play_face_down(self, state: ShedState, p: int, index: int) -> tuple[ShedState, tuple[Event, ...]]:
        row = state.down[p]
        card = row[index]
        down = row[:index] + row[index + 1 :]
        top = state.stack[-1] if state.stack else None
        if may_follow(card[0], top, state.options.nine_plays_lower):
            events = [
                Event(
                    "play",
                    f"{{p{p}}} turns over a face-down card: {card.face}",
                    data=(("seat", p), ("cards", (card.code,)), ("source", "face-down"), ("index", index)),
                )
            ]
            return self._land(state, p, (card,), state.hands[p], state.known[p], state.up[p], down, events, True)
        taken = state.stack + (card,)
        new = evolve(
            state,
            known=_put(state.known, p, state.known[p] + taken),
            down=_put(state.down, p, down),
            stack=(),
            turn=_next_seat(state.places, p),
            stall=0,  # a card left the table: progress
        )
        event = Event(
            "flip_fail",
            f"{{p{p}}} turns over a face-down card: {card.face} cannot be played on {top.face}; "  # type: ignore[union-attr]
            f"{{p{p}}} takes it and the stack ({plural(len(taken), 'card')}) into hand",
            data=(("seat", p), ("card", card.code), ("cards", codes(taken)), ("count", len(taken))),
        )
        return new, (event,)

    def _land(
        self,
        state: ShedState,
        p: int,
        cards: Cards,
        hands: Cards,
        known: Cards,
        up: Cards,
        down: Cards,
        events: list[Event],
        from_table: bool,
    ) -> tuple[ShedState, tuple[Event, ...]]:
        """The played ``cards`` reach the stack: burn, refill, going out, next turn."""
        opts = state.options
        stack = state.stack + cards
        burned = state.burned
        rank = cards[0][0]
        burn = ""
        if rank == TEN:
            burn = "a 10"
        elif (
            opts.four_of_a_kind_burns
            and len(stack) >= 4
            and stack[-2][0] == rank
            and stack[-3][0] == rank
            and stack[-4][0] == rank
        ):
            burn = f"four {rank_plural(rank)}"
        if burn:
            events.append(
                Event(
                    "burn",
                    f"{burn.capitalize()} {'burns' if rank == TEN else 'burn'} the stack ({plural(len(stack), 'card')})",
                    data=(("seat", p), ("cards", codes(stack)), ("count", len(stack))),
                )
            )
            burned = burned + stack
            stack = ()
        deck = state.deck
        count = len(hands) + len(known)
        drew = bool(deck) and count < state.hand_size
        if drew:
            k = min(state.hand_size - count, len(deck))
            drawn = deck[:k]
            deck = deck[k:]
            hands = hands + drawn
            events.append(
                Event(
                    "draw",
                    f"{{p{p}}} draws {cards_text(drawn)}",
                    frozenset((p,)),
                    (("seat", p), ("cards", codes(drawn)), ("count", k)),
                )
            )
            events.append(
                Event("draw", f"{{p{p}}} draws {k} card{'s' if k != 1 else ''}", data=(("seat", p), ("count", k)))
            )
        places = state.places
        phase = PLAY
        out = not (hands or known or up or down)
        progress = from_table or drew or bool(burn) or out
        if out:
            place = 1 + sum(1 for x in places if x)
            places = _put(places, p, place)
            events.append(
                Event("out", f"{{p{p}}} is out, {_ORDINALS[place - 1]}", data=(("seat", p), ("place", place)))
            )
            still = [s for s, x in enumerate(places) if not x]
            if len(still) == 1:
                last = still[0]
                places = _put(places, last, state.players)
                phase = OVER
                turn = -1
                events.append(
                    Event(
                        "game_end",
                        f"{{p{last}}} is the last player left and loses",
                        data=(("loser", last), ("places", places)),
                    )
                )
            else:
                turn = _next_seat(places, p)
        elif burn and opts.burner_plays_again:
            turn = p
            events.append(Event("again", f"{{p{p}}} plays again", data=(("seat", p),)))
        else:
            turn = _next_seat(places, p)
        new = evolve(
            state,
            phase=phase,
            turn=turn,
            hands=_put(state.hands, p, hands),
            known=_put(state.known, p, known),
            up=_put(state.up, p, up),
            down=_put(state.down, p, down),
            deck=deck,
            stack=stack,
            burned=burned,
            places=places,
            start_rank=0,
            stall=0 if progress else state.stall + 1,
        )
        return self._stop_if_stalled(new, events)

    def _stop_if_stalled(self, state: ShedState, events: list[Event]) -> tuple[ShedState, tuple[Event, ...]]:
        """End the game if ``stall_limit`` moves in a row made no progress.

        Progress is a card drawn, a table card played, a burn or a player going
        out; all of them can happen only finitely often, so with the limit every
        game ends. The players still in are ranked by fewest cards left.
        """
        limit = state.options.stall_limit
        if state.stall < limit or state.phase != PLAY:
            return state, tuple(events)
        still = [p for p, x in enumerate(state.places) if not x]
        base = state.players - len(still)
        left = {p: state.cards_left(p) for p in still}
        places = list(state.places)
        for p in still:
            places[p] = base + 1 + sum(1 for q in still if left[q] < left[p])
        places_t = tuple(places)
        events.append(
            Event(
                "stalemate",
                f"{limit} moves in a row without progress: the game stops; "
                + ", ".join(f"{{p{p}}} holds {left[p]} card{'s' if left[p] != 1 else ''}" for p in still),
                data=(("places", places_t), ("cards_left", tuple(left[p] for p in still)), ("seats", tuple(still))),
            )
        )
        return evolve(state, phase=OVER, turn=-1, places=places_t), tuple(events)

    # -- views -----------------------------------------------------------------
    def view(self, state: ShedState, player: int | None) -> ShedView:
        n = state.players
        hands, known = state.hands, state.known
        face_up = state.up
        if state.phase == EXCHANGE:
            # The swaps are private until everyone is done: the others see the row as dealt.
            face_up = tuple(row if p == player else state.dealt_up[p] for p, row in enumerate(state.up))
        return ShedView(
            player=player,
            players=n,
            options=state.options,
            hand_size=state.hand_size,
            phase=state.phase,
            to_act=self.to_act(state),
            turn=state.turn if state.phase == PLAY else None,
            exchange_done=state.done,
            hand=None if player is None else _sorted(hands[player] + known[player]),
            hand_sizes=tuple(len(hands[p]) + len(known[p]) for p in range(n)),
            known=tuple(_sorted(k) if len(k) > 1 else k for k in known),
            face_up=face_up,
            dealt_up=state.dealt_up,
            face_down=tuple(len(d) for d in state.down),
            stack=state.stack,
            deck_size=len(state.deck),
            burned=state.burned,
            unused_count=len(state.unused),
            places=state.places,
            start_rank=state.start_rank or None,
            stall=state.stall,
        )

    def determinize(self, view: ShedView, rng: random.Random) -> ShedState:
        n = view.players
        seen: set[Card] = set(view.stack)
        seen.update(view.burned)
        for row in view.known:
            seen.update(row)
        for row in view.face_up:
            seen.update(row)
        for row in view.dealt_up:
            seen.update(row)
        if view.hand is not None:
            seen.update(view.hand)
        unseen = [c for c in FULL_DECK if c not in seen]
        rng.shuffle(unseen)
        pos = 0

        def take(k: int) -> Cards:
            nonlocal pos
            if k < 0 or pos + k > len(unseen):
                raise ValueError("the view is not consistent: hidden card counts do not add up")
            out = tuple(unseen[pos : pos + k])
            pos += k
            return out

        hands = []
        for p in range(n):
            if p == view.player and view.hand is not None:
                known = set(view.known[p])
                hands.append(tuple(c for c in view.hand if c not in known))
            else:
                hands.append(take(view.hand_sizes[p] - len(view.known[p])))
        down = tuple(take(k) for k in view.face_down)
        deck = take(view.deck_size)
        unused = take(view.unused_count)
        if pos != len(unseen):
            raise ValueError("the view is not consistent: cards are unaccounted for")
        return ShedState(
            players=n,
            options=view.options,
            hand_size=view.hand_size,
            phase=view.phase,
            turn=-1 if view.turn is None else view.turn,
            done=view.exchange_done,
            hands=tuple(hands),
            known=view.known,
            # during the exchange the others' rows are shown as dealt: a state in
            # which they have not swapped (yet) is consistent with the view
            up=view.face_up,
            dealt_up=view.dealt_up,
            down=down,
            deck=deck,
            unused=unused,
            stack=view.stack,
            burned=view.burned,
            places=view.places,
            start_rank=view.start_rank or 0,
            stall=view.stall,
            rng=Rng(rng.getrandbits(64)),
        )

    # -- the end -----------------------------------------------------------------
    def outcome(self, state: ShedState) -> Outcome:
        if state.phase != OVER:
            raise ValueError("the game is not over yet")
        n = state.players
        stalled = state.stall >= state.options.stall_limit
        reasons = []
        for p, place in enumerate(state.places):
            left = state.cards_left(p)
            if stalled and left:
                reasons.append(
                    f"held {left} card{'s' if left != 1 else ''} when the game stopped "
                    f"({state.options.stall_limit} moves without progress): no win, "
                    "and fewer cards rank higher"
                )
            elif place == n:
                reasons.append("was the last player left holding cards, and loses")
            else:
                reasons.append(f"went out {_ORDINALS[place - 1]} and wins")

        return Outcome(
            places=state.places,
            points=tuple(n - place for place in state.places),
            reasons=tuple(reasons),
            # only those who got rid of all their cards win: everyone but the last
            # after a normal end, only the players out after a stalled one
            won=tuple(state.cards_left(p) == 0 for p in range(n)),
        )

    # -- zones -----------------------------------------------------------------
    # During the exchange a seat's swaps are private, so its zones follow what the
    # others know: ``up{p}`` holds the row as dealt (public, though some of its
    # cards may be in the hand by now) and ``hand{p}`` the cards dealt into the
    # hand (hidden, though some may be face up by now: current row first, then
    # the hand). Once play starts the zones are the rows themselves.
    def _exchange_zones(self, state: ShedState, p: int) -> tuple[Cards, Cards]:
        dealt = state.dealt_up[p]
        return dealt, tuple(c for c in state.up[p] + state.hands[p] if c not in dealt)

    def zones(self, state: ShedState) -> dict[str, Cards]:
        z = {"deck": state.deck, "unused": state.unused, "stack": state.stack, "burned": state.burned}
        exchange = state.phase == EXCHANGE
        for p in range(state.players):
            if exchange:
                z[f"up{p}"], z[f"hand{p}"] = self._exchange_zones(state, p)
            else:
                z[f"up{p}"], z[f"hand{p}"] = state.up[p], state.hands[p]
            z[f"known{p}"] = state.known[p]
            z[f"down{p}"] = state.down[p]
        return z

    def hidden_zones(self, state: ShedState, player: int | None) -> tuple[str, ...]:
        names = ["deck", "unused"]
        names += [f"down{p}" for p in range(state.players)]
        names += [f"hand{p}" for p in range(state.players) if p != player]
        return tuple(names)

    def with_zones(self, state: ShedState, zones: Mapping[str, Cards]) -> ShedState:
        changes: dict[str, Any] = {}
        rows = {"hand": list(state.hands), "known": list(state.known), "up": list(state.up), "down": list(state.down)}
        exchange = state.phase == EXCHANGE
        swaps: dict[int, dict[Card, Card]] = {}  # exchange phase: per seat, old card -> new card
        touched = set()
        for name, cards in zones.items():
            cards = tuple(cards)
            if name in ("deck", "unused", "stack", "burned"):
                changes[name] = cards
                continue
            for prefix, row in rows.items():
                if name.startswith(prefix) and name[len(prefix) :].isdigit():
                    seat = int(name[len(prefix) :])
                    if exchange and prefix in ("hand", "up"):
                        dealt, dealt_hand = self._exchange_zones(state, seat)
                        old = dealt if prefix == "up" else dealt_hand
                        if len(old) != len(cards):
                            raise ValueError(f"zone {name} holds {len(old)} cards, not {len(cards)}")
                        swaps.setdefault(seat, {}).update(zip(old, cards))
                    else:
                        row[seat] = cards
                        touched.add(prefix)
                    break
            else:
                raise KeyError(f"Shed has no zone {name!r}")
        field_of = {"hand": "hands", "known": "known", "up": "up", "down": "down"}
        for prefix in touched:
            changes[field_of[prefix]] = tuple(rows[prefix])
        if swaps:
            hands, up, dealt_up = list(state.hands), list(state.up), list(state.dealt_up)
            for seat, swap in swaps.items():
                hands[seat] = tuple(swap.get(c, c) for c in hands[seat])
                up[seat] = tuple(swap.get(c, c) for c in up[seat])
                dealt_up[seat] = tuple(swap.get(c, c) for c in dealt_up[seat])
            changes.update(hands=tuple(hands), up=tuple(up), dealt_up=tuple(dealt_up))
        return evolve(state, **changes)

    def all_cards(self, state: ShedState) -> Cards:
        return FULL_DECK

    def counter_violations(self, state: ShedState) -> list[str]:
        problems: list[str] = []
        n = state.players
        for name in ("done", "hands", "known", "up", "dealt_up", "down", "places"):
            if len(getattr(state, name)) != n:
                problems.append(f"{name} has {len(getattr(state, name))} entries for {n} players")
        if problems:
            return problems
        if state.phase not in (EXCHANGE, PLAY, OVER):
            problems.append(f"unknown phase {state.phase!r}")
        expected_unused = 0
        if state.options.short_game:
            expected_unused = 52 - 3 * 3 * n - SHORT_DRAW_SIZE
        if len(state.unused) != expected_unused:
            problems.append(f"{len(state.unused)} unused cards, expected {expected_unused}")
        stalled = state.phase == OVER and state.stall >= state.options.stall_limit
        out_places = sorted(x for p, x in enumerate(state.places) if x and not state.cards_left(p))
        active = [p for p, x in enumerate(state.places) if not x]
        if out_places != list(range(1, len(out_places) + 1)):
            problems.append(f"places {state.places} of the players out are not 1, 2, ... in order")
        if state.phase == PLAY and state.stall >= state.options.stall_limit:
            problems.append("the stall limit is reached but the game goes on")
        if state.phase == EXCHANGE and state.stall:
            problems.append("moves without progress are counted during the exchange")
        for p in range(n):
            left = state.cards_left(p)
            if state.places[p] and state.places[p] != n and left and not stalled:
                problems.append(f"seat {p} is out but holds {left} cards")
            if not state.places[p] and state.phase != OVER and not left:
                problems.append(f"seat {p} holds no cards but is not out")
            if state.deck and not state.places[p] and state.hand_count(p) < state.hand_size:
                problems.append(f"seat {p} holds {state.hand_count(p)} hand cards while the deck lasts")
        if state.phase == EXCHANGE:
            if state.stack or state.burned or any(state.places) or state.turn != -1:
                problems.append("play has begun during the exchange")
            for p in range(n):
                dealt = state.dealt_up[p]
                if len(dealt) != len(state.up[p]) or not set(dealt) <= set(state.up[p] + state.hands[p]):
                    problems.append(f"seat {p}'s dealt face-up cards are not in its row and hand")
                if state.known[p]:
                    problems.append(f"seat {p} has known hand cards during the exchange")
        elif any(state.dealt_up):
            problems.append("the dealt face-up rows are kept after the exchange")
        if state.phase == PLAY:
            if not all(state.done):
                problems.append("play started before every player finished exchanging")
            if len(active) < 2:
                problems.append("play goes on with fewer than two players")
            if not 0 <= state.turn < n or state.places[state.turn]:
                problems.append(f"the turn is at seat {state.turn}, who is not playing")
        elif state.phase == OVER:
            if not all(state.places) or (not stalled and sorted(state.places) != list(range(1, n + 1))):
                problems.append(f"the game is over but places are {state.places}")
            if state.turn != -1:
                problems.append("the game is over but someone has the turn")
        if any(c[0] == TEN for c in state.stack):
            problems.append("a 10 is in the stack: it should have burned it")
        s = state.stack
        if state.options.four_of_a_kind_burns and len(s) >= 4 and s[-1][0] == s[-2][0] == s[-3][0] == s[-4][0]:
            problems.append("the top four cards of the stack are of one rank: it should have burned")
        if state.start_rank and (state.stack or state.burned or state.phase != PLAY):
            problems.append("the opening rank is still required after the first play")
        return problems

    # -- text ------------------------------------------------------------------
    def describe_move(self, move: Move) -> str:
        kind = type(move)
        if kind is Play:
            return f"play {cards_text(move.cards)}"
        if kind is PlayFaceDown:
            return f"turn over face-down card {move.index + 1}"
        if kind is PickUp:
            return "pick up the stack"
        if kind is Exchange:
            return f"take {move.face_up_card.face} into hand, put {move.hand_card.face} face up"
        if kind is Done:
            return "finish exchanging"
        return str(move)


GAME = Shed()
