"""The app's screens: one module each.

The app parses only its own and the menu's styles at start (``CardtableApp.CSS_PATH``);
every other screen names the rest in its ``CSS_PATH``, read by Textual when such a
screen is first shown. All four files are listed, in the same order everywhere, so
that the cascade is the same whichever screen comes first.
"""

from pathlib import Path

STYLES = Path(__file__).resolve().parent.parent / "styles"
#: The styles of the forms, the pages, the table and the dialogs (every screen but the menu).
SCREEN_CSS = [STYLES / name for name in ("forms.tcss", "pages.tcss", "table.tcss", "dialogs.tcss")]
