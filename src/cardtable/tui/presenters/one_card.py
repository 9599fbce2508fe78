"""One-Card at the table: the discard pile's top card and the suit in force,
the draw pile, the direction, a pending attack, every hand's size and score;
the viewer's hand as cards; a suit picker for a 7."""

from __future__ import annotations

from typing import Any, Sequence

from textual.content import Content

from ...core.cards import Rank, Suit
from ...core.engine import Event
from ...games.one_card import GAME, Draw, OneCardView, Pass, Play
from ...games.one_card.events import HandEnd
from ..cardfaces import CardStyle, chip, face, suit_label
from .base import (
    ActionSpec,
    CardItem,
    CardRow,
    Choice,
    Picker,
    Presenter,
    PrivateArea,
    Summary,
    key_ref,
)
from .common import ContentTable, label, players_table

SUIT_KEYS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}


def _hand_order(card) -> tuple:
    return (card.suit is None, card.suit if card.suit is not None else 0, card.rank, card.deck)


class OneCardTable(ContentTable):
    def draw(self, view: OneCardView, names: list[str], style: CardStyle) -> Content:
        top = view.top
        lines: list[Content] = []
        suit = (
            Content.assemble(label("  suit to follow "), suit_label(view.suit, style))
            if view.suit is not None and (top.suit != view.suit or top.rank == Rank.SEVEN)
            else Content("")
        )
        lines.append(Content.assemble(label("Discard "), chip(top, style), suit))
        arrow = "clockwise ↻" if view.direction > 0 else "counter-clockwise ↺"
        lines.append(
            Content.assemble(
                label("Draw pile "), (f"{view.draw_size}", "bold"), label("   Direction "), arrow,
            )
        )
        notes: list[Content | str] = []
        if view.pending:
            notes.append(Content.styled(f"Attack pending: draw {view.pending}", "bold $error"))
        if view.jack_pending:
            notes.append(Content.styled("Jack: the next player loses the turn unless they counter", "bold $warning"))
        if view.king_pending:
            notes.append(Content.styled("King: the same player plays again", "bold $warning"))
        if notes:
            lines.append(Content("  ").join(notes))
        lines.append(Content(""))
        rows = []
        for seat in range(view.players):
            last = str(view.last_points[seat]) if view.last_points else "–"
            rows.append((str(view.hand_sizes[seat]), last, str(view.totals[seat])))
        lines.append(players_table(names, ("Cards", "Last hand", "Total"), rows, acting=view.to_act, width=self.fit_width))
        return Content("\n").join(lines)


class OneCardPresenter(Presenter[OneCardView]):
    game = GAME
    actions = ("draw", "pass")

    def make_table(self) -> OneCardTable:
        return OneCardTable(id="public-table")

    def headline(self, view: OneCardView, names: Sequence[str]) -> str:
        who = ", ".join(names[s] for s in view.to_act)
        turn = f" · {who} to play" if who and not view.over else ""
        # whose turn first: the rest is cut (…) on a narrow screen
        return f"One-Card{turn} · hand {view.hand_no} · game to {view.target}, lowest total wins"

    def private_area(self, view: OneCardView, legal: Sequence[Any], style: CardStyle) -> PrivateArea:
        playable = {m.card for m in legal if isinstance(m, Play)}
        items = tuple(
            CardItem(f"hand:{card.code}", card, card in playable)
            for card in sorted(view.hand, key=_hand_order)
        )
        draw = next((m for m in legal if isinstance(m, Draw)), None)
        passing = next((m for m in legal if isinstance(m, Pass)), None)
        actions = (
            ActionSpec("draw", "Draw" if not view.pending else f"Draw {view.pending}", draw),
            ActionSpec("pass", "Pass", passing),
        )
        return PrivateArea(
            f"Your hand ({len(view.hand)})",
            (CardRow("hand", f"Hand ({len(view.hand)})", items),),
            actions,
            active=bool(legal),
            hint=self._hint(view, legal, draw, passing) if legal else "",
        )

    def _hint(self, view: OneCardView, legal, draw, passing) -> str:
        keys = []
        if draw is not None:
            keys.append(f"{key_ref('draw')}: draw {view.pending}" if view.pending else f"{key_ref('draw')}: draw a card")
        if passing is not None:
            keys.append(f"{key_ref('pass')}: lose the turn" if view.jack_pending else f"{key_ref('pass')}: pass")
        plays = any(isinstance(m, Play) for m in legal)
        if view.pending:
            head = f"An attack of {view.pending} is on you."
        elif view.jack_pending:
            head = "A Jack is on you."
        elif view.king_pending:
            head = "Your King lets you play again."
        else:
            head = "Your turn."
        action = "Play a bright card" if plays else "No card can be played"
        return f"{head} {action}" + (f", or {' / '.join(keys)}." if keys else ".")

    def _card(self, view: OneCardView, key: str):
        code = key.partition(":")[2]
        return next((card for card in view.hand if card.code == code), None)

    def moves_for(self, view: OneCardView, legal: Sequence[Any], keys: Sequence[str]) -> list[Any]:
        if len(keys) != 1:
            return []
        card = self._card(view, keys[0])
        return [m for m in legal if isinstance(m, Play) and m.card == card]

    def probe(self, view: OneCardView, keys: Sequence[str]) -> Any:
        card = self._card(view, keys[0]) if keys else None
        if card is None:
            return None
        return Play(card, card.suit if card.rank == Rank.SEVEN else None)

    def picker(self, view: OneCardView, moves: Sequence[Any], style: CardStyle) -> Picker:
        card = moves[0].card
        choices = tuple(
            Choice(Content.assemble(suit_label(m.suit, style), f"  ({SUIT_KEYS[m.suit]})"), m, SUIT_KEYS[m.suit])
            for m in sorted(moves, key=lambda m: -int(m.suit))
        )
        return Picker(f"You play {face(card, style)}: name the suit to follow", choices)

    def confirm_text(self, view: OneCardView, move: Any, names: Sequence[str]) -> str:
        if isinstance(move, Draw):
            return f"Draw {view.pending} cards for the attack?" if view.pending else "Draw a card?"
        if isinstance(move, Pass):
            return "Lose your turn to the Jack?" if view.jack_pending else "Pass?"
        return super().confirm_text(view, move, names)

    def heading(self, event: Event | None) -> str | None:
        if event is None:
            return "Hand 1"
        return f"Hand {event.get('hand')}" if event.kind == "deal" else None

    def summary(self, events: Sequence[Event], view: OneCardView, names: Sequence[str]) -> Summary | None:
        end = next((e for e in events if e.kind == "hand_end"), None)
        if end is None:
            return None
        hand = end.payload(HandEnd)
        winner = hand.winner
        how = "blocked: everyone scores their hand" if winner is None else f"{names[winner]} went out"
        rows = tuple((names[s], str(hand.points[s]), str(hand.totals[s])) for s in range(len(names)))
        return Summary(
            f"Hand {hand.hand} is over: {how}",
            ("Player", "This hand", "Total"),
            rows,
            f"The game ends after the hand in which someone reaches {view.target}; the lowest total wins.",
        )


PRESENTER = OneCardPresenter()
