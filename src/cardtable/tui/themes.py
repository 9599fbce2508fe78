"""cardtable's own themes (registered by the app; their names are in
:data:`cardtable.storage.choices.OWN_THEMES`, which the settings accept).

``cardtable``: a green baize table, brass and cream.
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
