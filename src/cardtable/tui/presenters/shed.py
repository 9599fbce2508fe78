"""Shed at the table: the stack's top cards and size, the deck, the burned
cards, the moves without progress (with a warning near the stall limit), each
player's face-up cards, face-down count and hand size, who is out and in what
place, and the hand cards everyone knows (picked up from the stack, or dealt
face up and taken into the hand); the viewer's hand (known cards marked),
face-up and face-down cards as rows. All of it from the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content

from ...core.cards import parse_card
from ...core.engine import Event
from ...core.words import plural
from ...games.shed import GAME
from ...games.shed.moves import Done, Exchange, PickUp, Play, PlayFaceDown
from ...games.shed.view import ShedView
from ..cardfaces import CardStyle, beside, big_card, chip, empty_slot, face, fan, inline
from .base import ActionSpec, CardItem, CardRow, Choice, Picker, Presenter, PrivateArea, Reveal, Summary, key_ref
from .common import ContentTable, caption, label, last_move, players_table

ORDINALS = ("1st", "2nd", "3rd", "4th")
STACK_SHOWN = 4  # the top cards drawn (four of a kind burns)


def stall_warning_at(limit: int) -> int:
    """From how many moves without progress the table warns that the game will stop."""
    return limit - max(5, limit // 5)


def stall_line(view: ShedView) -> Content:
    """The moves without progress against the stall limit; a warning when the limit is near."""
    limit = view.options.stall_limit
    moves = plural(view.stall, "move")
    if view.stall < stall_warning_at(limit):
        return label(f"No progress for {moves} (the game stops at {limit})")
    return Content.styled(f"⚠ No progress for {moves}: the game stops at {limit}", "bold $warning")


def known_lines(view: ShedView, names: Sequence[str], style: CardStyle, width: int = 0) -> list[Content]:
    """The hand cards everyone knows (picked up from the stack, or seen face up): a line per
    player who holds some, wrapped under its label when wider than ``width`` (if given), so a
    narrow table cuts no card off."""
    lines: list[Content] = []
    for seat in range(view.players):
        cards = view.known[seat]
        if not cards:
            continue
        head = f"Known in {names[seat]}'s hand: "
        per_line = max(1, (width - len(head)) // 4) if width else len(cards)  # (a face and a space: 3-4 cells)
        for start in range(0, len(cards), per_line):
            lead = label(head) if start == 0 else Content(" " * len(head))
            lines.append(Content.assemble(lead, inline(cards[start : start + per_line], style)))
    return lines


def face_up_cell(cards, style: CardStyle, chips: bool) -> Content:
    """A player's face-up cards: as card chips on a roomy table, else as coloured faces."""
    if chips and cards:
        return Content(" ").join([chip(card, style) for card in cards])
    return inline(cards, style)


class ShedTable(ContentTable):
    def draw(self, view: ShedView, names: list[str], style: CardStyle) -> Content:
        roomy = self.roomy
        lines = self._roomy(view, names, style) if roomy else self._compact(view, style)
        if view.phase == "exchange":
            lines.append(Content.styled("Exchange: swap hand and face-up cards", "$warning"))
        elif view.start_rank:
            lines.append(Content.styled(f"The first play must be of rank {_rank_name(view.start_rank)}", "$warning"))
        elif view.phase == "play":
            lines.append(stall_line(view))
        lines += self.gap
        rows = []
        for seat in range(view.players):
            place = view.places[seat]
            status = "ready" if view.phase == "exchange" and view.exchange_done[seat] else ""
            if place:  # the last player (or those left at the stall limit) still hold cards: not out
                status = f"out {ORDINALS[place - 1]}" if view.cards_left(seat) == 0 else ORDINALS[place - 1]
            rows.append(
                (
                    str(view.hand_sizes[seat]),
                    face_up_cell(view.face_up[seat], style, roomy),
                    str(view.face_down[seat]),
                    Content(status),
                )
            )
        out = [seat for seat in range(view.players) if view.places[seat]]
        lines.append(
            players_table(
                names, ("Hand", "Face up", "Down", ""), rows, acting=view.to_act, out=out, width=self.fit_width
            )
        )
        lines += known_lines(view, names, style, self.fit_width)
        return Content("\n").join(lines)

    @staticmethod
    def _counts(view: ShedView) -> Content:
        deck = Content.assemble(
            label("Deck "), (str(view.deck_size), "bold"), label("   Burned "), (str(view.burned_count), "bold")
        )
        return Content.assemble(deck, label(f"   Set aside {view.unused_count}")) if view.unused_count else deck

    def _compact(self, view: ShedView, style: CardStyle) -> list[Content]:
        top = view.stack[-STACK_SHOWN:]
        stack = (
            Content(" ").join([chip(card, style) for card in top]) if top else Content.styled("empty", "$text-muted")
        )
        more = f"  ({view.stack_size} card{'s' if view.stack_size != 1 else ''})" if view.stack_size else ""
        return [Content.assemble(label("Stack "), stack, label(more)), self._counts(view)]

    def _roomy(self, view: ShedView, names: list[str], style: CardStyle) -> list[Content]:
        """The stack's top cards and the deck drawn as cards, the cards of the last play marked."""
        move = last_move(self.events, ("play", "pickup", "flip_fail", "exchange", "ready", "start", "stalemate"))
        top = view.stack[-STACK_SHOWN:]
        played = len(move[0].get("cards") or ()) if move and move[0].kind == "play" and view.stack else 0
        new = frozenset(range(len(top) - min(played, len(top)), len(top)))
        size = f" ({plural(view.stack_size, 'card')})" if view.stack_size else " (empty)"
        stack = [label("Stack" + size)] + (fan(top, style, new) if top else empty_slot(style))
        deck = [label("Deck")] + (big_card(None, style) if view.deck_size else empty_slot(style))
        lines = beside([stack, deck], gap=6)
        lines += [self._counts(view), caption(move, names, style)]
        return lines


def _rank_name(rank: int) -> str:
    from ...core.cards import Rank

    return Rank(rank).short


class ShedPresenter(Presenter[ShedView]):
    game = GAME
    actions = ("pick_up", "done")

    def make_table(self) -> ShedTable:
        return ShedTable(id="public-table")

    def heading(self, event: Event | None) -> str | None:
        # (a game without the exchange has no line under its heading, which is then left out)
        if event is None:
            return "Exchange"
        return "Play" if event.kind == "start" else None

    def headline(self, view: ShedView, names: Sequence[str]) -> str:
        if view.phase == "exchange":
            return "Shed · exchange phase · the last player holding cards loses"
        who = ", ".join(names[s] for s in view.to_act)
        return "Shed" + (f" · {who} to play" if who else "") + " · the last player holding cards loses"

    # -- the viewer's cards -----------------------------------------------------------
    def private_area(self, view: ShedView, legal: Sequence[Any], style: CardStyle) -> PrivateArea:
        hand = view.hand or ()
        me = view.player
        up = view.face_up[me] if me is not None else ()
        down = view.face_down[me] if me is not None else 0
        if view.phase == "exchange":
            swap_hand = {m.hand_card for m in legal if isinstance(m, Exchange)}
            swap_up = {m.face_up_card for m in legal if isinstance(m, Exchange)}
            rows = (
                CardRow(
                    "hand", f"Hand ({len(hand)})", tuple(CardItem(f"hand:{c.code}", c, c in swap_hand) for c in hand)
                ),
                CardRow("up", "Face up", tuple(CardItem(f"up:{c.code}", c, c in swap_up) for c in up)),
                CardRow("down", "Face down", tuple(CardItem(f"down:{i}", None, False) for i in range(down))),
            )
            done = next((m for m in legal if isinstance(m, Done)), None)
            hint = (
                f"Swap a hand card with a face-up card: choose either (Enter), or press {key_ref('done')} to finish."
                if legal
                else ""
            )
            return PrivateArea("Your cards", rows, (ActionSpec("done", "Finish exchange", done),), bool(legal), hint)
        in_play = {c for m in legal if isinstance(m, Play) for c in m.cards}
        blind = {m.index for m in legal if isinstance(m, PlayFaceDown)}
        known = set(view.known[me]) if me is not None else set()
        rows = (
            CardRow(
                "hand",
                f"Hand ({len(hand)})",
                tuple(CardItem(f"hand:{c.code}", c, c in in_play, c.rank, c in known) for c in hand),
                multi=True,
            ),
            CardRow("up", "Face up", tuple(CardItem(f"up:{c.code}", c, c in in_play, c.rank) for c in up), multi=True),
            CardRow("down", "Face down", tuple(CardItem(f"down:{i}", None, i in blind) for i in range(down))),
        )
        pick_up = next((m for m in legal if isinstance(m, PickUp)), None)
        hint = ""
        if legal:
            if blind:
                hint = "Play a face-down card, blind: choose one (Enter)."
            else:
                plays = "Play a bright card (Space selects more of its rank)" if in_play else "Nothing can be played"
                hint = plays + (f", or press {key_ref('pick_up')} to pick up the stack." if pick_up else ".")
        return PrivateArea("Your cards", rows, (ActionSpec("pick_up", "Pick up", pick_up),), bool(legal), hint)

    def _cards(self, view: ShedView, keys: Sequence[str]) -> list:
        me = view.player
        up = view.face_up[me] if me is not None else ()
        pool = {f"hand:{c.code}": c for c in (view.hand or ())} | {f"up:{c.code}": c for c in up}
        return [pool[k] for k in keys if k in pool]

    def moves_for(self, view: ShedView, legal: Sequence[Any], keys: Sequence[str]) -> list[Any]:
        if len(keys) == 1 and keys[0].startswith("down:"):
            index = int(keys[0].partition(":")[2])
            return [m for m in legal if isinstance(m, PlayFaceDown) and m.index == index]
        cards = self._cards(view, keys)
        if len(cards) != len(keys):
            return []
        if view.phase == "exchange":
            if len(cards) != 1:
                return []
            card, source = cards[0], keys[0].partition(":")[0]
            return [
                m
                for m in legal
                if isinstance(m, Exchange) and (m.hand_card if source == "hand" else m.face_up_card) == card
            ]
        chosen = set(cards)
        return [m for m in legal if isinstance(m, Play) and set(m.cards) == chosen]

    def probe(self, view: ShedView, keys: Sequence[str]) -> Any:
        if len(keys) == 1 and keys[0].startswith("down:"):
            return PlayFaceDown(int(keys[0].partition(":")[2]))
        cards = self._cards(view, keys)
        if not cards:
            return None
        if view.phase == "exchange":
            source = keys[0].partition(":")[0]
            me = view.player
            others = (view.face_up[me] if source == "hand" else view.hand) if me is not None else ()
            if not others:
                return None
            other = others[0]
            return Exchange(cards[0], other) if source == "hand" else Exchange(other, cards[0])
        return Play(tuple(cards))

    def picker(self, view: ShedView, moves: Sequence[Any], style: CardStyle) -> Picker:
        first = moves[0]
        if isinstance(first, Exchange):
            same_hand = all(m.hand_card == first.hand_card for m in moves)
            if same_hand:
                title = f"Swap {face(first.hand_card, style)} from your hand with which face-up card?"
                choices = tuple(Choice(Content.assemble("take ", chip(m.face_up_card, style)), m) for m in moves)
            else:
                title = f"Swap face-up {face(first.face_up_card, style)} with which hand card?"
                choices = tuple(Choice(Content.assemble("give ", chip(m.hand_card, style)), m) for m in moves)
            return Picker(title, choices)
        return super().picker(view, moves, style)

    def confirm_text(self, view: ShedView, move: Any, names: Sequence[str]) -> str:
        if isinstance(move, Exchange):
            return f"Put {move.hand_card.face} face up and take {move.face_up_card.face} into your hand?"
        if isinstance(move, Done):
            return "Finish exchanging?"
        if isinstance(move, PickUp):
            return f"Pick up the stack ({view.stack_size} card{'s' if view.stack_size != 1 else ''})?"
        return super().confirm_text(view, move, names)

    def summary(self, events: Sequence[Event], view: ShedView, names: Sequence[str]) -> Summary | None:
        """At the end: how it ended, and the cards each player was left with."""
        end = next((e for e in events if e.kind == "game_end"), None)
        if end is None:
            return None
        rows = tuple(
            (
                names[s],
                ORDINALS[view.places[s] - 1] if view.places[s] else "–",
                str(view.hand_sizes[s]),
                " ".join(c.face for c in view.face_up[s]) or "–",
                str(view.face_down[s]),
            )
            for s in sorted(range(view.players), key=lambda s: view.places[s] or view.players + 1)
        )
        return Summary(
            "The game is over", ("Player", "Place", "Hand", "Face up", "Down"), rows, end.render(names) + "."
        )

    def aftermath(self, events: Sequence[Event], names: Sequence[str]) -> Reveal | None:
        """A face-down card turned over: its player sees it, whether it was played, and what
        followed, over the table (the stack in sight), before the curtain falls."""
        flip = next(
            (e for e in events if e.kind == "flip_fail" or (e.kind == "play" and e.get("source") == "face-down")), None
        )
        if flip is None:
            return None
        code = flip.get("cards")[0] if flip.kind == "play" else flip.get("card")
        name, card = names[flip.get("seat")], parse_card(code).face
        if flip.kind == "play":
            title = f"{name} turned over {card}: it is played"
        else:
            title = f"{name} turned over {card}: it cannot be played"
        lines = [e.render(names) + "." for e in events if e.visible(None)]
        if flip.kind == "play":
            lines[lines.index(flip.render(names) + ".")] = f"{flip.render(names)}: played on the stack."
        return Reveal(title, (), "\n".join(lines), over_table=True)

    def still_playing(self, view: ShedView) -> tuple[int, ...]:
        return tuple(s for s in range(view.players) if not view.places[s])


PRESENTER = ShedPresenter()
