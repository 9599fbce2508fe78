"""One Too Many at the table: the center's Diamonds in rank order with the
longest run and the bust length, each player's pile, banked score, whether
still in the round and a Redo marker; the round, the turn and the target.

Every move here is secret: numbers and Redo decisions are made on the prompt
screen, one player at a time behind the curtain, then revealed all at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content

from ...core.engine import Event
from ...core.secret import CHOSEN
from ...games.one_too_many import GAME, Ask, Phase, View
from ...games.one_too_many.events import NumbersShown, RedoDecision, RoundEnd
from ..cardfaces import CHIP_WIDTH, CardStyle, beside, big_card, chip, empty_slot, fan, fan_width, inline
from .base import Choice, Presenter, Prompt, Reveal, Summary
from .common import ContentTable, caption, label, last_move, players_table
from .one_too_many_steps import step

PILE_SHOWN = 3  # the newest cards of a pile drawn on the table
NARROW_FIT = 44  # a table narrower than this (a phone's) shows only the newest two


def asked(count: int | None) -> str:
    if count is None:
        return "—"
    return "passes" if count == 0 else f"asks for {count}"


def choice_cell(view: View, seat: int) -> str:
    """What the table says about a seat's secret choice: never the number before the reveal."""
    chosen = dict(view.choices)
    if seat in chosen:
        value = chosen[seat]
        if value is CHOSEN or view.player != seat:
            return "has decided" if view.phase is Phase.REDO else "has chosen"
        return "decided" if view.phase is Phase.REDO else "chosen"
    if seat in view.to_act:
        return "deciding…" if view.phase is Phase.REDO else "choosing…"  # (the headline says on what)
    return ""


#: Every status a seat's row may show: the status column is as wide as the widest, so a
#: status that grows moves nothing (``asks for`` up to two digits).
STATUSES = ("choosing…", "has chosen", "deciding…", "has decided", "asks for 10", "passes", "passed", "out")
STATUS_WIDTH = max(len(s) for s in STATUSES)
HEADERS = ("Pile", "Newest", "Pts", "Redo", "")
PILE_WIDTH = len("10♠ 10♣ 10♥")  # the newest PILE_SHOWN cards


def status_cell(view: View, seat: int, revealing: bool) -> str:
    # (not before the log has told the reveal: the choices are still those being made)
    shown = view.last_reveal[seat] if revealing and not view.choices else None
    if shown is not None:
        return asked(shown)  # the numbers just revealed, until the draws are done
    if view.in_round[seat]:
        return choice_cell(view, seat)
    return "passed" if view.passed_on[seat] else "out"


def seat_row(
    view: View,
    seat: int,
    revealing: bool,
    style: CardStyle,
    new: frozenset[str] = frozenset(),
    chips: bool = False,
    shown: int = PILE_SHOWN,
) -> tuple[str | Content, ...]:
    """A seat's cells: the pile's size and its newest cards (two columns: the size does not
    read as a card; as card chips if ``chips``, those of ``new`` marked), the banked points,
    whether they hold a Redo, and their status."""
    pile = view.piles[seat]
    if not pile:
        newest = Content.styled("—", "$text-muted")
    elif chips:
        newest = Content(" ").join([chip(c, style, "new" if c.code in new else "normal") for c in pile[-shown:]])
    else:
        newest = inline(pile[-shown:], style)
    redo = Content.styled("✓", "bold $accent") if view.redo[seat] else Content("")
    return (str(len(pile)), newest, str(view.scores[seat]), redo, status_cell(view, seat, revealing))


class OneTooManyTable(ContentTable):
    def draw(self, view: View, names: list[str], style: CardStyle) -> Content:
        roomy = self.roomy
        turn = last_move(self.events, ("reveal",))  # this turn's draws, as far as the log has told them
        new = frozenset(e.get("card") for e in turn if e.kind == "draw")
        lines = self._roomy(view, names, style, turn, new) if roomy else self._compact(view, style)
        shown = PILE_SHOWN - 1 if self.fit_width < NARROW_FIT else PILE_SHOWN
        rows = [seat_row(view, seat, self.revealing, style, new, roomy, shown) for seat in range(view.players)]
        out = [s for s in range(view.players) if not view.in_round[s]]
        pile_width = shown * (CHIP_WIDTH + 1) - 1 if roomy else PILE_WIDTH * shown // PILE_SHOWN
        lines.append(
            players_table(
                names,
                HEADERS,
                rows,
                acting=view.to_act,
                out=out,
                width=self.fit_width,
                align="rlrll",
                min_widths=(0, pile_width, 0, 0, STATUS_WIDTH),
            )
        )
        return Content("\n").join(lines)

    @staticmethod
    def _run(view: View, deck: bool = True) -> Content:
        danger = "bold $error" if view.longest_run == view.bust_length - 1 else "bold"
        parts: list = [
            label("Longest run "),
            (str(view.longest_run), danger),
            label(f" · a run of {view.bust_length} busts"),
        ]
        if deck:
            parts += [label(" · deck "), (str(view.deck_size), "bold")]
        return Content.assemble(*parts)

    def _compact(self, view: View, style: CardStyle) -> list[Content]:
        chips = len("Center ") + (CHIP_WIDTH + 1) * len(view.center) - 1
        if not view.center:
            center = Content.styled("no Diamonds yet", "$text-muted")
        elif chips <= self.fit_width:
            center = Content(" ").join([chip(card, style) for card in view.center])
        else:  # (too many for chips on one line: every Diamond as text, none cut off)
            center = inline(view.center, style)
        return [Content.assemble(label("Center "), center), self._run(view), *self.gap]

    def _roomy(self, view: View, names: list[str], style: CardStyle, turn, new: frozenset[str]) -> list[Content]:
        """The center's Diamonds and the deck drawn as cards, this turn's draws marked."""
        marked = frozenset(i for i, card in enumerate(view.center) if card.code in new)
        step = 4 if fan_width(len(view.center)) <= self.fit_width - 16 else 3
        center = [label("Center (Diamonds in rank order)")]
        center += fan(view.center, style, marked, step) if view.center else empty_slot(style)
        deck = [Content.assemble(label("Deck "), (str(view.deck_size), "bold"))]
        deck += big_card(None, style) if view.deck_size else empty_slot(style)
        lines = beside([center, deck], gap=6)
        lines += [self._run(view, deck=False), caption(turn, names, style), Content("")]
        return lines


class OneTooManyPresenter(Presenter[View]):
    game = GAME
    uses_prompt = True

    def make_table(self) -> OneTooManyTable:
        return OneTooManyTable(id="public-table")

    def headline(self, view: View, names: Sequence[str]) -> str:
        deciding = (
            f" · {', '.join(names[s] for s in view.to_act)} deciding on the Redo" if view.phase is Phase.REDO else ""
        )
        return (
            f"One Too Many · round {view.round}, turn {view.turn}{deciding} · "
            f"game to {view.target} point{'s' if view.target != 1 else ''} · ask 0 to {view.limit}"
        )

    def heading(self, event: Event | None) -> str | None:
        if event is None:
            return "Round 1"
        return f"Round {event.get('round')}" if event.kind == "round_start" else None

    def is_secret(self, move: Any) -> bool:
        return True

    def step_view(self, view: View, event: Event) -> View:
        return step(view, event)

    def loggable(self, event: Event) -> bool:
        # a chosen number is not shown once entered, not even to its chooser, until the reveal
        return not (event.visible_to is not None and event.kind in ("choose", "redo_choice"))

    def irreversible(self, events: Sequence[Event]) -> str | None:
        # a reveal is public knowledge: taking it back would let a player choose again knowing the others' numbers
        if any(e.kind == "reveal" for e in events):
            return "Cannot undo: the secret numbers have been revealed, and a reveal cannot be taken back."
        if any(e.kind == "redo" for e in events):
            return "Cannot undo: the Redo decisions have been revealed, and a reveal cannot be taken back."
        return None

    def prompt(self, view: View, legal: Sequence[Any], names: Sequence[str]) -> Prompt | None:
        me = view.player
        if me is None:
            return None
        pile = len(view.piles[me])
        lines: list[str | Content] = [
            f"Your pile: {pile} card{'s' if pile != 1 else ''}; banked {view.scores[me]} of {view.target}. "
            f"Longest run {view.longest_run}; {view.bust_length} in a row busts.",
        ]
        if view.phase is Phase.REDO:
            shown = ", ".join(f"{names[s]} {asked(c)}" for s, c in enumerate(view.last_reveal) if c is not None)
            lines.append(f"Numbers shown: {shown}.")
            choices = tuple(
                Choice(
                    "Use my Redo: choose a new number" if m.use else "Keep my number (the Redo is kept for later)", m
                )
                for m in sorted(legal, key=lambda m: not m.use)
            )
            return Prompt(
                f"{names[me]}: use your Redo?",
                tuple(lines),
                choices=choices,
                status=f"{names[me]} is deciding on the Redo…",
            )
        numbers = tuple(sorted(m.count for m in legal if isinstance(m, Ask)))
        if view.phase is Phase.RECHOOSE:
            shown = ", ".join(f"{names[s]} {asked(c)}" for s, c in enumerate(view.last_reveal) if c is not None)
            lines.append(f"Numbers shown: {shown}. You used your Redo: choose again.")
        lines.append("0 passes: you bank your pile and leave the round.")
        if 1 not in numbers and numbers and max(numbers) > 1:
            lines.append("You are alone in the round: you may not ask for exactly 1.")
        return Prompt(
            f"{names[me]}: how many cards do you ask for? (0 to {view.limit})",
            tuple(lines),
            numbers=numbers,
            number_move=Ask,
            low_high=(0, view.limit),
        )

    def reveal(self, events: Sequence[Event], view: View, names: Sequence[str]) -> Reveal | None:
        shown = next((e for e in events if e.kind == "reveal"), None)
        if shown is not None:
            numbers = shown.payload(NumbersShown)
            rows = tuple((names[seat], asked(count)) for seat, count in numbers.asks)
            redo = numbers.redo
            title = (
                "New numbers, after the Redo" if redo else f"Numbers shown (round {numbers.round}, turn {numbers.turn})"
            )
            note = "The draws follow card by card in the log." if any(c for _, c in numbers.asks) else ""
            if (
                not redo
                and any(view.redo[s] and view.in_round[s] for s in range(view.players))
                and view.phase is Phase.REDO
            ):
                note = "Redo holders now decide whether to choose again."
            return Reveal(title, rows, note)
        decisions = [e for e in events if e.kind == "redo"]
        if decisions:
            rows = tuple(
                (names[d.seat], "uses the Redo" if d.use else "keeps the Redo")
                for d in (e.payload(RedoDecision) for e in decisions)
            )
            return Reveal("Redo decisions", rows)
        return None

    def summary(self, events: Sequence[Event], view: View, names: Sequence[str]) -> Summary | None:
        end = next((e for e in events if e.kind == "round_end"), None)
        if end is None:
            return None
        ended = end.payload(RoundEnd)
        rows = tuple((names[s], str(ended.round_points[s]), str(ended.scores[s])) for s in range(len(names)))
        bust = next((e for e in events if e.kind == "bust"), None)
        how = [bust.render(names) if bust is not None else "Everyone banked their pile."]
        # who was greediest: what they kept, and the Redo they now hold
        how += [e.render(names) + "." for e in events if e.kind == "greediest"]
        over = any(e.kind == "game_end" for e in events)
        holders = [names[s] for s in range(view.players) if view.redo[s]]
        if holders and not over:
            how.append(f"Holding a Redo in round {view.round}: {', '.join(holders)}.")
        how.append(
            "That was the last round."
            if over
            else f"The game ends after the round in which someone reaches {view.target}."
        )
        return Summary(
            f"Round {ended.round} is over",
            ("Player", "This round", "Total"),
            rows,
            "\n".join(how),
        )


PRESENTER = OneTooManyPresenter()
