"""The README's screenshots, taken from the app itself: ``python tools/screenshots.py [--check]``.

Runs the app headless (Textual's Pilot at 80x24, the user folders in a temporary
directory, fixed seeds) to the menu and to a table of each game, as a player
would get there: by keys. Textual's SVG screenshot of each is drawn to
``docs/images/NAME.png`` by headless Chromium (Playwright, with Debian's
``chromium``: what the browser tests use), and each PNG records the SHA-256 of
the SVG it was drawn from (a ``tEXt`` chunk, ``cardtable-svg-sha256``).

``--check`` takes the screenshots again without Chromium and names each PNG
that no longer shows what the app draws; ``tests/test_readme_screenshots.py``
does the same, so a change of looks that leaves the README's pictures behind
fails the tests until this script is run again.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import re
import struct
import sys
import tempfile
import zlib
from dataclasses import dataclass
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SIZE = (80, 24)
CHROMIUM = "/usr/bin/chromium"
HASH_KEY = b"cardtable-svg-sha256"


@dataclass(frozen=True)
class Shot:
    name: str  # docs/images/NAME.png
    game_id: str | None  # None: the menu
    kinds: tuple[str, ...] = ()
    seed: int = 0
    keys: tuple[str, ...] = ()  # pressed one by one, as a player would
    shows: str = ""  # text the screen must show at the end (else the keys did not get there)


SHOTS = (
    Shot("menu", None, shows="Card games for a few people at one keyboard"),
    Shot(
        "one-too-many",
        "one-too-many",
        ("human", "normal", "normal"),
        seed=2,
        # ask for 3, confirm, read the numbers shown; then ask for 2 on the second turn
        keys=("3", "enter", "enter", "enter"),
        shows="turn 2",
    ),
    Shot("one-card", "one-card", ("human", "normal", "normal"), seed=2, shows="Your turn"),
    Shot("shed", "shed", ("human", "normal"), seed=2, keys=("f", "enter"), shows="Play a bright card"),
)


def screen_text(svg: str) -> str:
    """The characters of a Textual SVG screenshot (for the ``shows`` check)."""
    return unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def isolated_user_folders() -> None:
    """Saves, statistics and settings go to a temporary directory, never the user's."""
    root = tempfile.mkdtemp(prefix="cardtable-screenshots-")
    for variable in ("HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        path = Path(root) / variable.lower()
        path.mkdir()
        os.environ[variable] = str(path)


def _steady_cursors(app) -> None:
    """A text cursor that stays on (a blinking one would make each screenshot differ)."""
    for screen in app.screen_stack:
        for widget in screen.query("Input, TextArea"):
            widget.cursor_blink = False


async def _settled(pilot, timeout: float = 30.0) -> str:
    """The screenshot once it has stayed the same for three looks, a tenth of a second apart."""
    app, last, same, waited = pilot.app, None, 0, 0.0
    while waited < timeout:
        await pilot.pause(0.1)
        waited += 0.1
        _steady_cursors(app)
        await pilot.pause()
        svg = app.export_screenshot(title="cardtable")
        same = same + 1 if svg == last else 0
        if same == 2:
            return svg
        last = svg
    raise RuntimeError(f"the screen kept changing for {timeout:.0f} s (on {app.screen!r})")


async def take(shot: Shot) -> str:
    """The SVG screenshot of ``shot``."""
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.settings import TuiSettings

    start = None
    if shot.game_id is not None:
        names = ["Ann", "Bob", "Cat", "Dan"][: len(shot.kinds)]
        start = dict(game_id=shot.game_id, names=names, kinds=list(shot.kinds), options=None, seed=shot.seed)
    app = CardtableApp(start=start, settings=TuiSettings(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await _settled(pilot)
        for key in shot.keys:
            await pilot.press(key)
            await _settled(pilot)
        svg = await _settled(pilot)
    if shot.shows not in screen_text(svg):
        raise RuntimeError(f"{shot.name}: the screen does not show {shot.shows!r}; have its keys changed?")
    return svg


async def take_all() -> dict[str, str]:
    return {shot.name: await take(shot) for shot in SHOTS}


def svg_hash(svg: str) -> str:
    return hashlib.sha256(svg.encode("utf-8")).hexdigest()


def _chunks(png: bytes):
    offset = 8
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset : offset + 4])
        kind = png[offset + 4 : offset + 8]
        yield kind, png[offset + 8 : offset + 8 + length], offset
        offset += 12 + length


def with_text_chunk(png: bytes, key: bytes, value: str) -> bytes:
    """``png`` with a ``tEXt`` chunk ``key``: ``value`` before its image data."""
    data = key + b"\0" + value.encode("latin-1")
    chunk = struct.pack(">I", len(data)) + b"tEXt" + data + struct.pack(">I", zlib.crc32(b"tEXt" + data))
    at = next(offset for kind, _, offset in _chunks(png) if kind == b"IDAT")
    return png[:at] + chunk + png[at:]


def recorded_hash(png: bytes) -> str | None:
    """The SVG hash a PNG written by this script records, or None."""
    for kind, data, _ in _chunks(png):
        if kind == b"tEXt" and data.startswith(HASH_KEY + b"\0"):
            return data[len(HASH_KEY) + 1 :].decode("latin-1")
    return None


def stale(svgs: dict[str, str], images: Path = IMAGES) -> list[str]:
    """The images that are missing or were drawn from another screen than ``svgs``'s."""
    out = []
    for name, svg in svgs.items():
        path = images / f"{name}.png"
        if not path.is_file() or recorded_hash(path.read_bytes()) != svg_hash(svg):
            out.append(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path))
    return out


def render(svgs: dict[str, str], images: Path = IMAGES) -> None:
    """Draw each SVG to ``images/NAME.png`` with headless Chromium."""
    from playwright.sync_api import sync_playwright

    images.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"], headless=True
        )
        page = browser.new_page(device_scale_factor=1)
        for name, svg in svgs.items():
            page.set_content(f"<body style='margin:0'>{svg}</body>")
            png = page.query_selector("svg").screenshot()
            (images / f"{name}.png").write_bytes(with_text_chunk(png, HASH_KEY, svg_hash(svg)))
        browser.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say which images are out of date")
    args = parser.parse_args(argv)
    isolated_user_folders()
    svgs = asyncio.run(take_all())
    if args.check:
        old = stale(svgs)
        for path in old:
            print(f"{path} no longer shows what the app draws: run python tools/screenshots.py", file=sys.stderr)
        return 1 if old else 0
    if not os.access(CHROMIUM, os.X_OK):
        raise SystemExit(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    render(svgs)
    for name in svgs:
        print(IMAGES.relative_to(ROOT) / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
