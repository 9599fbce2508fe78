"""One browser tab's app: ``python -m cardtable.web``.

``cardtable serve`` starts this for every browser tab, with Textual's web
driver (``TEXTUAL_DRIVER``) and ``CARDTABLE_WEB=1`` in the environment; its
stdin and stdout are the server's pipes, not a terminal, so it does not go
through ``cardtable.cli.main`` (and its checks for a terminal). It is the same
app, with this user's saves, statistics and settings.

If the server dies without stopping it (killed), the app notices that its
parent is gone and exits, so no tab's process is left behind.
"""

from __future__ import annotations

import os
import threading
import time

#: Seconds between checks that the server is still there.
PARENT_POLL = 1.0


def watch_parent(app, parent: int, poll: float = PARENT_POLL) -> None:
    """Exit ``app`` (then the process) once the parent process is gone."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        try:
            app.call_from_thread(app.exit)
        except Exception:  # the app has already stopped
            pass
        time.sleep(5 * poll)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main() -> int:
    from ..tui.app import CardtableApp

    app = CardtableApp()
    watch_parent(app, os.getppid())
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
