"""The README's pictures (docs/images/*.png) show what the app draws today.

``tools/screenshots.py`` drives the app by keys to the menu and to a table of each game and
records, in each PNG it draws, the SHA-256 of Textual's SVG screenshot it was drawn from. Here
the screenshots are taken again (no browser needed) and compared with those records: a change
of looks fails this test until ``python tools/screenshots.py`` draws the pictures again."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tools" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["screenshots"] = module
    spec.loader.exec_module(module)
    return module


def test_every_picture_in_the_readme_is_taken_by_the_tool(tool):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for shot in tool.SHOTS:
        assert f"/docs/images/{shot.name}.png)" in readme, shot.name
        assert (ROOT / "docs" / "images" / f"{shot.name}.png").is_file(), shot.name


def test_the_pictures_show_what_the_app_draws(tool):
    svgs = asyncio.run(tool.take_all())
    stale = tool.stale(svgs)
    assert not stale, f"{stale} no longer show what the app draws: run python tools/screenshots.py and look at them"


def test_a_picture_records_the_screen_it_was_drawn_from(tool, tmp_path):
    png = (ROOT / "docs" / "images" / "menu.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    recorded = tool.recorded_hash(png)
    assert recorded is not None and len(recorded) == 64
    (tmp_path / "menu.png").write_bytes(tool.with_text_chunk(png[:8] + png[8:], b"other-key", "x"))
    assert tool.recorded_hash((tmp_path / "menu.png").read_bytes()) == recorded  # another chunk changes nothing
    assert tool.stale({"menu": "<svg>another screen</svg>"}, tmp_path) == [str(tmp_path / "menu.png")]
    assert tool.stale({"one-card": "<svg/>"}, tmp_path) == [str(tmp_path / "one-card.png")]  # missing
