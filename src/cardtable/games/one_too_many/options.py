"""The options of One Too Many, with the house defaults."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from ...core.engine import GameOptions


class Options(GameOptions):
    """Variant settings. The defaults are this version's rules."""

    # strict: `true` or "3" where a number belongs is refused, never converted
    model_config = ConfigDict(strict=True)

    target: int = Field(
        21,
        ge=1,
        le=500,
        description=(
            "The game ends after the round in which a player reaches this many points. "
            "21 in this version; 20 is the published value."
        ),
    )
    first_turn_limit: int = Field(
        10,
        ge=1,
        le=52,
        description="The most cards a player may ask for on the first turn of a round.",
    )
    later_turn_limit: int = Field(
        5,
        ge=1,
        le=52,
        description="The most cards a player may ask for on every later turn of a round.",
    )
