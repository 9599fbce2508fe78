"""``cardtable serve``'s page in Chromium as phones and high-density screens show it.

A phone lays the page out at its own width (the page's viewport meta) and the app gets
the cells that fit it; at a device pixel ratio of 1, 2 and 3 the menu is drawn over the
whole page (a screenshot's pixels where the app's text is), not a magnified corner.
"""

from __future__ import annotations

import base64

import pytest
from webtab import CHROMIUM, CHROMIUM_ARGS, PageScreen, chromium_missing, launch_chromium, start_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def playwright():
    reason = chromium_missing()
    if reason:
        pytest.skip(f"browser test skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(playwright):
    browser = launch_chromium(playwright)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def server():
    served = start_server()
    yield served
    try:
        served.stop()
    finally:
        served.kill()
    print(f"server output:\n{served.out}\n{served.err}")


def open_menu(context, server) -> tuple:
    page = context.new_page()
    screen = PageScreen(page)
    page.goto(server.url)
    screen.wait_for("cardtable", "Quit")
    page.wait_for_timeout(400)  # xterm.js paints on the next animation frames
    return page, screen


# -- a phone -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "least"),
    [(412, 915, (45, 40)), (915, 412, (100, 20))],
    ids=["portrait", "landscape"],
)
def test_a_phone_gives_the_app_its_own_size(browser, server, width, height, least):
    """Laid out at the phone's width (not 980 px shrunk to fit), the app gets about the
    phone's size in cells: at least 45 columns upright, at least 20 lines on its side."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True, device_scale_factor=2.625
    )
    try:
        page, screen = open_menu(context, server)
        assert page.evaluate("window.innerWidth") == width  # the layout viewport is the phone's
        columns, lines = screen.screen.columns, screen.screen.lines
        assert columns >= least[0] and lines >= least[1], (columns, lines)
        box = page.locator(".xterm-screen").bounding_box()
        assert box["width"] <= width and width - box["width"] < width / columns * 2, box  # the width, filled
        assert box["height"] <= height and height - box["height"] < height / lines * 2, box
        cell = box["width"] / columns, box["height"] / lines
        assert 7 <= cell[0] and 16 <= cell[1], cell  # letters as large as on a desktop, or nearly
    finally:
        context.close()


def test_the_suits_come_from_the_packaged_font(browser, server):
    """♠♣♥♦ and ↻ are drawn from the page's own symbols font (a subset of DejaVu Sans Mono),
    loaded before the terminal draws, not from whatever fallback font the device has."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, _screen = open_menu(context, server)
        faces = page.evaluate(
            "[...document.fonts].map(f => ({family: f.family, range: f.unicodeRange, status: f.status}))"
        )
        symbols = [f for f in faces if "U+2600-26FF" in f["range"]]
        assert symbols and all(f["family"].strip('"') == "Roboto Mono" for f in symbols), faces
        assert all(f["status"] == "loaded" for f in symbols), faces
        assert page.evaluate("document.fonts.check('16px \"Roboto Mono\"', '♠♣♥♦↻')")
    finally:
        context.close()


def test_a_font_size_in_the_address_is_kept(browser, server):
    """``?fontsize=N`` says the size: the page does not shrink it for a small window."""
    context = browser.new_context(viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        screen = PageScreen(page)
        page.goto(server.url + "&fontsize=20")
        screen.wait_for("cardtable")
        assert page.evaluate("document.getElementById('terminal').dataset.fontSize") == "20"
        assert screen.screen.columns < 40  # 20 px letters: fewer cells than the fitted font gives
    finally:
        context.close()


# -- device pixel ratios ----------------------------------------------------------------------

#: The screenshot's pixels in a CSS-pixel box: the share brighter than the baize (text).
BRIGHT_SHARE = """async ([png, box]) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(box.x, box.y, box.width, box.height).data;
  let bright = 0;
  for (let i = 0; i < data.length; i += 4)
    if (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] > 128) bright++;
  return bright / (data.length / 4);
}"""


def text_drawn(page, screen, text: str, last: bool = False) -> float:
    """The share of bright pixels in the screenshot where ``text`` is on the app's screen."""
    column, row = screen.find(text, last)
    box = page.locator(".xterm-screen").bounding_box()
    cell_w, cell_h = box["width"] / screen.screen.columns, box["height"] / screen.screen.lines
    where = {
        "x": round(box["x"] + column * cell_w),
        "y": round(box["y"] + row * cell_h),
        "width": round(len(text) * cell_w),
        "height": round(cell_h),
    }
    png = base64.b64encode(page.screenshot(scale="css")).decode()
    return page.evaluate(BRIGHT_SHARE, [png, where])


def assert_menu_drawn_everywhere(page, screen, ratio: float) -> None:
    # The canvas has the device pixels its CSS size needs (not 1/ratio of them).
    canvas = page.evaluate(
        "(() => { const c = document.querySelector('canvas.xterm-text-layer');"
        " return [c.width, c.height, c.clientWidth, c.clientHeight]; })()"
    )
    assert abs(canvas[0] - canvas[2] * ratio) <= ratio + 1 and abs(canvas[1] - canvas[3] * ratio) <= ratio + 1, canvas
    # Text at the top (the title), the middle (Quit, below the games) and the bottom (the footer's last key).
    for text, last in (("cardtable", False), ("Quit", True), ("palette", True)):
        share = text_drawn(page, screen, text, last)
        assert share > 0.03, f"{text!r} is not drawn where the app has it at ratio {ratio} ({share:.3f} bright)"


@pytest.mark.parametrize("ratio", [1, 2, 3])
def test_the_menu_is_drawn_over_the_whole_page_at_every_pixel_ratio(browser, server, ratio):
    """With the ratio emulated (as DevTools' device mode and Playwright do)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=ratio)
    try:
        page, screen = open_menu(context, server)
        assert page.evaluate("window.devicePixelRatio") == ratio
        assert_menu_drawn_everywhere(page, screen, ratio)
    finally:
        context.close()


def test_the_menu_is_drawn_over_the_whole_page_on_a_dense_screen(playwright, server):
    """With the screen's own ratio (Chromium told its screen is 2x, as on a laptop's)."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--force-device-scale-factor=2", "--window-size=1280,800"],
        headless=True,
    )
    try:
        context = browser.new_context(no_viewport=True)
        page, screen = open_menu(context, server)
        assert page.evaluate("window.devicePixelRatio") == 2
        assert_menu_drawn_everywhere(page, screen, 2)
    finally:
        browser.close()
