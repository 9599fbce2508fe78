"""One-Card at the table: the discard pile's top card and the suit in force,
the draw pile, the direction, a pending attack, every hand's size and score;
the viewer's hand as cards; a suit picker for a 7."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content

from ...core.cards import Rank, Suit, parse_card
from ...core.engine import Event
from ...games.one_card import GAME, Draw, OneCardView, Pass, Play, card_points
from ...games.one_card.events import HandEnd
from ..cardfaces import CardStyle, beside, big_card, chip, empty_slot, face, fan, suit_label
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
from .common import ContentTable, caption, label, last_move, players_table

SUIT_KEYS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}


LEFT_SHOWN = 8  # the cards a hand-end row shows, the costliest first


def left_with(codes: Sequence[str]) -> str:
    """The cards a player was left with at the end of a hand, the costliest first (what they
    score): ``K♠ Q♥ 8♣``, "+3" for those past :data:`LEFT_SHOWN`, "out" for none."""
    if not codes:
        return "out"
    cards = sorted((parse_card(code) for code in codes), key=lambda c: (-card_points(c), _hand_order(c)))
    shown = " ".join(card.face for card in cards[:LEFT_SHOWN])
    return shown + (f" +{len(cards) - LEFT_SHOWN}" if len(cards) > LEFT_SHOWN else "")


def _hand_order(card) -> tuple:
    return (card.suit is None, card.suit if card.suit is not None else 0, card.rank, card.deck)


class OneCardTable(ContentTable):
    def draw(self, view: OneCardView, names: list[str], style: CardStyle) -> Content:
        lines = self._roomy(view, names, style) if self.roomy else self._compact(view, style)
        notes: list[Content | str] = []
        if view.pending:
            notes.append(Content.styled(f"Attack pending: draw {view.pending}", "bold $error"))
        if view.jack_pending:
            notes.append(Content.styled("Jack: the next player loses the turn unless they counter", "bold $warning"))
        if view.king_pending:
            notes.append(Content.styled("King: the same player plays again", "bold $warning"))
        if notes:
            lines.append(Content("  ").join(notes))
        lines += self.gap
        rows = []
        for seat in range(view.players):
            last = str(view.last_points[seat]) if view.last_points else "–"
            rows.append((str(view.hand_sizes[seat]), last, str(view.totals[seat])))
        lines.append(
            players_table(names, ("Cards", "Last hand", "Total"), rows, acting=view.to_act, width=self.fit_width)
        )
        return Content("\n").join(lines)

    @staticmethod
    def _suit(view: OneCardView, style: CardStyle) -> Content:
        top = view.top
        if view.suit is not None and (top.suit != view.suit or top.rank == Rank.SEVEN):
            return Content.assemble(label("Suit to follow "), suit_label(view.suit, style))
        return Content("")

    @staticmethod
    def _direction(view: OneCardView) -> Content:
        return Content.assemble(label("Direction "), "clockwise ↻" if view.direction > 0 else "counter-clockwise ↺")

    def _compact(self, view: OneCardView, style: CardStyle) -> list[Content]:
        suit = self._suit(view, style)
        return [
            Content.assemble(label("Discard "), chip(view.top, style), "  " if suit else "", suit),
            Content.assemble(label("Draw pile "), (f"{view.draw_size}", "bold"), "   ", self._direction(view)),
        ]

    def _roomy(self, view: OneCardView, names: list[str], style: CardStyle) -> list[Content]:
        """The discard pile's top cards and the draw pile drawn as cards, the last move marked."""
        move = last_move(self.events, ("play", "draw", "pass", "skip", "deal"))
        shown = view.discard[-3:]
        played = bool(move) and move[0].kind == "play" and move[0].get("card") == view.top.code
        discard = [label("Discard")] + fan(shown, style, frozenset({len(shown) - 1}) if played else frozenset())
        pile = [Content.assemble(label("Draw pile "), (str(view.draw_size), "bold"))]
        pile += big_card(None, style) if view.draw_size else empty_slot(style)
        lines = beside([discard, pile], gap=6)
        lines.append(
            Content.assemble(self._direction(view), "   " if view.suit is not None else "", self._suit(view, style))
        )
        lines.append(caption(move, names, style))
        return lines


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
            CardItem(f"hand:{card.code}", card, card in playable) for card in sorted(view.hand, key=_hand_order)
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
        """What to do now, in words: what is on the player, then what they may do."""
        keys = []
        if draw is not None:
            what = f"draw {view.pending}" if view.pending else "draw a card"
            keys.append(f"press {key_ref('draw')} to {what}")
        if passing is not None:
            keys.append(f"press {key_ref('pass')} to {'lose the turn' if view.jack_pending else 'pass'}")
        plays = any(isinstance(m, Play) for m in legal)
        if view.pending:
            head, play, none = (
                f"An attack of {view.pending} is on you",
                "answer it with a bright card",
                "no card of yours answers it",
            )
        elif view.jack_pending:
            head, play, none = "A Jack is on you", "counter it with a bright card", "no card of yours counters it"
        elif view.king_pending:
            head, play, none = "Your King lets you play again", "play a bright card", "no card can be played"
        else:
            head, play, none = "Your turn", "play a bright card", "no card can be played"
        if plays:
            return f"{head}: {play}" + (f", or {' or '.join(keys)}." if keys else ".")
        return f"{head}, and {none}" + (f": {' or '.join(keys)}." if keys else ".")

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
        left = hand.hands or ((),) * len(names)
        rows = tuple(
            (names[s], left_with(left[s]), str(hand.points[s]), str(hand.totals[s])) for s in range(len(names))
        )
        return Summary(
            f"Hand {hand.hand} is over: {how}",
            ("Player", "Left with", "This hand", "Total"),
            rows,
            f"The game ends after the hand in which someone reaches {view.target}; the lowest total wins.",
            next="Next hand",
        )


PRESENTER = OneCardPresenter()
