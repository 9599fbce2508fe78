"""One browser seat's app: ``python -m cardtable.net.seat_tab``.

The host's browser seats (:mod:`.browser`) start this for every tab, with Textual's web
driver and ``CARDTABLE_WEB=1`` in the environment, and the address to join in
:data:`~.browser.JOIN_ENV`: it is ``cardtable join`` for that seat (the same
:class:`~.apps.JoinApp`, the same client), on the pipes of the tab instead of a terminal.
Like ``cardtable serve``'s tabs, it exits when the host that started it is gone.
"""

from __future__ import annotations

import asyncio
import os
import sys


def main() -> int:
    import aiohttp

    from ..web.__main__ import watch_parent
    from .browser import JOIN_ENV
    from .client import Refused, first_messages

    address = os.environ.pop(JOIN_ENV, "")
    if not address:
        print(f"cardtable: {JOIN_ENV} names no table to join", file=sys.stderr)
        return 2
    try:
        welcome, table = asyncio.run(first_messages(address))
    except (Refused, OSError, TimeoutError, aiohttp.ClientError) as exc:
        print(f"cardtable join: {exc or type(exc).__name__}", file=sys.stderr)
        return 1
    from .apps import JoinApp

    app = JoinApp(address, welcome, table)
    watch_parent(app, os.getppid())
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
