"""cardtable's own themes (registered by the app; their names are in
:data:`cardtable.storage.choices.OWN_THEMES`, which the settings accept).

``cardtable``: a green baize table, brass and cream. :func:`theme_variables`:
the app's extra CSS variables (the cards' and suits' colours), for every theme.
"""

from __future__ import annotations

from textual.theme import Theme

THEMES: tuple[Theme, ...] = (
    Theme(
        name="cardtable",
        primary="#C9A227",  # brass
        secondary="#7FB685",
        accent="#E8C872",
        foreground="#F1EAD7",  # cream
        background="#0E3B2C",  # baize
        surface="#145238",
        panel="#1D6446",
        success="#8FD694",
        warning="#F2B950",
        error="#FF7A6B",
        dark=True,
    ),
)


def theme_variables(dark: bool) -> dict[str, str]:
    """The app's extra CSS variables for cards and suits."""
    return {
        "card-paper": "#f3efe4",
        "card-paper-dim": "#9a968c" if dark else "#c9c5bb",
        "card-ink": "#1b1b1b",
        "card-ink-dim": "#4a4740",
        "card-red": "#c0262d",
        "card-blue": "#1d4fb8",
        "card-green": "#1f7a35",
        "card-back": "#2f5d9a",
        "card-back-ink": "#a9c3e8",
        "card-new": "#b8620b",  # the frame of a card the last move put on the table
        "card-cursor": "#707a8a",  # a black card under the cursor (reversed, its ink is a box as dark as the table)
        # suit colours on the app's own background (log lines, headings)
        "suit-red": "#ff7070" if dark else "#b3202a",
        "suit-blue": "#7aa7ff" if dark else "#1d4fb8",
        "suit-green": "#6fd08a" if dark else "#1f7a35",
    }
