"""One-Card's options: the target score, the hand size and every ruling a
table might want otherwise (each default is the project's ruling)."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from ...core.engine import GameOptions


class Options(GameOptions):
    # strict: `true` or "3" where a number belongs is refused, never converted
    model_config = ConfigDict(strict=True)

    target: int = Field(
        300,
        ge=1,
        le=10_000,
        description="The game ends after the hand in which some player's total reaches this score.",
    )
    hand_size: int | None = Field(
        None,
        ge=1,
        le=15,
        description="Cards dealt to each player; None deals 7 with two players and 5 with three or more.",
    )
    jack_countered_by_jack: bool = Field(
        False,
        description="A player facing a Jack may also counter it with a Jack, passing the skip on to the next player.",
    )
    queen_counter_any_suit: bool = Field(
        True,
        description="A Queen of any suit counters a Jack; if False the Queen must also be a good play on the Jack.",
    )
    queen_skips_with_two: bool = Field(
        True,
        description="With two players a Queen acts as a skip (its player plays again); if False it only ends the turn.",
    )
    three_on_anything: bool = Field(
        True,
        description="An attacked player may play a 3 of any suit; if False the 3 must be a good play on the top card.",
    )
    attack_at_least_as_high: bool = Field(
        True,
        description="An attack is passed on only with an attack card drawing at least as many as the top one; "
        "if False any attack card that is a good play passes it on.",
    )
    play_after_penalty: bool = Field(
        True,
        description="After drawing an attack's cards the player takes a normal turn; if False the turn ends.",
    )
    king_last_card_goes_out: bool = Field(
        True,
        description="A King played as the last card goes out; if False a King may not be played as the last card.",
    )
    draw_with_good_card: bool = Field(
        True,
        description="A player may draw instead of playing even when holding a good card; "
        "if False a player who can play must play (passing on an empty draw pile stays allowed).",
    )
