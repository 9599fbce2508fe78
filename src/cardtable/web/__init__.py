"""The app in a web browser (``cardtable serve``).

``server`` serves the app with textual-serve (the ``web`` extra), behind a
random access token; ``python -m cardtable.web`` is the app process that each
browser tab gets (the server starts it with ``CARDTABLE_WEB=1`` and Textual's
web driver). Nothing here is imported unless ``cardtable serve`` runs.
"""

#: Set in the environment of every app process the server starts.
WEB_ENV = "CARDTABLE_WEB"
