"""Persistence: saved games, finished-game history, statistics and settings.

No Textual import here (the TUI and the command line both use this package).

* :mod:`.paths`: where things live (platformdirs, honouring the XDG variables,
  resolved at call time).
* :mod:`.atomic`: crash-safe writes (temporary file, fsync, rename; the previous
  version kept as ``.bak``) and renames that never overwrite.
* :mod:`.saves`: the save file format and :class:`~.saves.SaveStore` (save, load,
  list, set damaged saves aside, move finished games to the history, export).
* :mod:`.autosave`: :class:`~.autosave.Autosaver`, which saves a session after
  every applied move and files it away when the game ends.
* :mod:`.stats`: the statistics store (a row per finished game), on
  :mod:`.stats_db` (the SQLite database: schema, migrations, damage) and
  :mod:`.stats_query` (what the screen and ``cardtable stats`` show);
  :mod:`.stats_json` reads the earlier ``stats.json`` to import it once.
* :mod:`.settings`: the user's preferences.
"""
