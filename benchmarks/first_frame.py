"""A child process for the app-start benchmark (run by ``bench_app``).

``python first_frame.py cardtable|floor [SCREEN]`` starts an app the way a user
does (``cardtable`` through its command line; ``floor`` is a minimal Textual app
showing one Static widget) with Textual's headless driver. At the first frame
that the compositor produces for the screen named ``SCREEN`` (any screen if not
given) it turns that frame into the terminal's bytes, as a real terminal driver
would, prints ``time.monotonic()`` (a clock shared by every process on the
machine) and its peak memory so far, and exits at once. The parent subtracts
the time at which it started the process.

Both targets pay for the same hook: ``textual.app`` is imported first to wrap
``App._display``, which both apps import anyway.

Both read compiled bytecode, as an installed app does (pip compiles it): with
``PYTHONDONTWRITEBYTECODE`` set, the floor would read Textual's from
site-packages while cardtable compiled its own modules from source at every
start. So when ``XDG_CACHE_HOME`` is given (``bench_app`` gives each run a
private one) bytecode is cached under it, for every module imported from here
on, for both targets alike; the parent's discarded first start of each fills it.
"""

from __future__ import annotations

import os
import sys
import threading
import time

os.environ["TEXTUAL_DRIVER"] = "textual.drivers.headless_driver:HeadlessDriver"
os.environ["CARDTABLE_NO_TTY_CHECK"] = "1"  # (headless: no terminal, on purpose)
if os.environ.get("XDG_CACHE_HOME"):
    sys.pycache_prefix = os.path.join(os.environ["XDG_CACHE_HOME"], "pycache")
    sys.dont_write_bytecode = False

from textual.app import App  # noqa: E402

_original_display = App._display
_WANTED = sys.argv[2] if len(sys.argv) > 2 else ""


def _display(self, screen, renderable) -> None:
    _original_display(self, screen, renderable)
    if renderable is None or screen is not self.screen:
        return
    if _WANTED and type(screen).__name__ != _WANTED:
        return
    if hasattr(renderable, "render_segments"):  # a real driver writes these bytes
        renderable.render_segments(self.console)
    now = time.monotonic()
    os.write(1, f"{now:.6f} {_peak_rss_kib()}\n".encode())
    os._exit(0)


def _peak_rss_kib() -> int:
    """This process's peak resident set size so far (VmHWM), in KiB.

    Read here rather than from ``wait4`` in the parent: a child started with
    fork or vfork inherits the parent's high-water mark across ``exec``."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


App._display = _display
_watchdog = threading.Timer(20.0, lambda: os._exit(3))  # never hang a benchmark run
_watchdog.daemon = True
_watchdog.start()


def floor() -> None:
    from textual.widgets import Static

    class Floor(App):
        def compose(self):
            yield Static("Hello from a minimal Textual app.")

    Floor().run()


def cardtable() -> None:
    from cardtable.cli import main

    main([])


if __name__ == "__main__":
    {"floor": floor, "cardtable": cardtable}[sys.argv[1]]()
    sys.exit("the app exited before its first frame")
