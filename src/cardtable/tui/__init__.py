"""The Textual app: screens, widgets and one presenter per game."""
