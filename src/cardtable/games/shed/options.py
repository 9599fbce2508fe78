"""Shed's options: the variants a table may choose (defaults follow the rulings)."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from ...core.engine import GameOptions


class Options(GameOptions):
    """Variant options of Shed. Every default is the rule in ``docs/rules/shed.md``."""

    # strict: `true` or "3" where a number belongs is refused, never converted
    model_config = ConfigDict(strict=True)

    short_game: bool = Field(
        default=False,
        description=(
            "Short game: every player gets 3 face-down, 3 face-up and 3 hand cards whatever the "
            "number of players, the draw deck is 16 random cards and the rest of the deck is set "
            "aside unused, unseen by anyone."
        ),
    )
    four_of_a_kind_burns: bool = Field(
        default=True,
        description=(
            "When the top four cards of the stack are of one rank (played at once or over several "
            "plays), the stack burns and the player who completed the four plays again."
        ),
    )
    nine_plays_lower: bool = Field(
        default=True,
        description=(
            "After a 9 the next play must be a 9 or lower (a 2 or a 10 is still allowed). Off: a 9 is an ordinary card."
        ),
    )
    burner_plays_again: bool = Field(
        default=True,
        description=(
            "The player who burns the stack (with a 10 or four of a kind) plays again at once. "
            "Off: the turn passes as after any play."
        ),
    )
    stall_limit: int = Field(
        default=100,
        ge=10,
        le=100_000,
        description=(
            "The game stops after this many moves in a row (plays and pick-ups, by anyone) in which "
            "no card is drawn, no table card is played, nothing burns and nobody goes out; the players "
            "still in are then ranked by fewest cards left. Some positions would otherwise loop forever."
        ),
    )
