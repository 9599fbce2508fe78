"""Join by code: each browser address drawn as a QR code is that address.

The drawn text is read back module by module and compared with segno's own matrix for the
address, and the drawing is decoded by a real QR reader (zxing-cpp) from a picture made of
the text, as a phone's camera would see it."""

from __future__ import annotations

import re

import pytest
import segno

from cardtable import cli
from cardtable.net import qr

ADDRESSES = [
    "http://127.0.0.1:8000/play?token=abc",
    "http://192.168.1.20:45678/play?token=j_dnnPP18BB01IGtoY6OUB1Y",
    "http://[fd00::1]:65535/play?token=" + "x" * 40,
]
HALF = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}


def read_back(lines: list[str]) -> list[list[bool]]:
    """The modules a drawing shows (its border included), from its half blocks."""
    assert len({len(line) for line in lines}) == 1, "every line of a code has the same width"
    rows: list[list[bool]] = [[], []]
    out = []
    for line in lines:
        rows = [[HALF[ch][0] for ch in line], [HALF[ch][1] for ch in line]]
        out += rows
    return out


def strip_border(modules: list[list[bool]], border: int) -> list[list[bool]]:
    size = len(modules[0]) - 2 * border
    body = modules[border : border + size]
    for row in modules[:border] + modules[border + size :]:
        assert not any(row), "the border is light"
    for row in body:
        assert not any(row[:border]) and not any(row[border + size :])
    return [row[border : border + size] for row in body]


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_drawn_code_is_segnos_matrix_of_the_address(address):
    expected = [[bool(m) for m in row] for row in segno.make(address, error="l", micro=False).matrix]
    drawn = qr.lines(address)
    assert strip_border(read_back(drawn), qr.BORDER) == expected
    # (a code with an odd number of rows: the last line's lower half is light, part of the border)
    assert len(drawn) == (len(expected) + 2 * qr.BORDER + 1) // 2


def picture(lines: list[str], scale: int = 6):
    """The drawing as a camera sees it: dark modules black on white, with a white margin."""
    import numpy as np

    modules = np.array(read_back(lines), dtype=bool)
    image = np.where(modules, 0, 255).astype(np.uint8)
    image = np.pad(image, 4, constant_values=255)
    return np.kron(image, np.ones((scale, scale), dtype=np.uint8))


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_qr_reader_reads_the_drawing_as_the_address(address):
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the codes")
    found = zxingcpp.read_barcodes(picture(qr.lines(address)))
    assert [code.text for code in found] == [address]


def test_the_escape_codes_draw_each_line_black_on_white():
    code = qr.lines(ADDRESSES[0])
    coloured = qr.beside(code, ["who", "where"], colour=True)
    for line, plain in zip(coloured, code, strict=False):
        assert line.startswith(qr.ON_WHITE + plain + qr.RESET)


def test_the_headless_host_prints_each_browser_address_beside_its_code(capsys, monkeypatch):
    """`cardtable host` with no seat at its keyboard: every browser address printed, each also
    as a code that decodes to it (the game itself is not played: the event loop is not run)."""
    from cardtable.commands import host

    monkeypatch.setattr(host, "serve_headless", lambda table: (table.saver.release(), 0)[1])
    assert cli.main(["host", "one-card", "--seats", "remote,remote,easy", "--port", "0"]) == 0
    out = capsys.readouterr().out
    addresses = re.findall(r"^  (?:Player \d|spectators): (http://\S+)$", out, re.M)
    assert len(addresses) == 3 and all("/play?token=" in a for a in addresses)
    zxingcpp = pytest.importorskip("zxingcpp")
    blocks = re.findall(r"((?:^[ █▀▄]{20,}(?:  .*)?\n)+)", out, re.M)
    codes = [
        [line[: len(qr.lines(a)[0])] for line in block.splitlines()] for block, a in zip(blocks, addresses, strict=True)
    ]
    assert len(codes) == len(addresses) == 3
    for code, address in zip(codes, addresses, strict=True):
        assert [c.text for c in zxingcpp.read_barcodes(picture(code))] == [address]


def test_no_codes_prints_the_addresses_without_codes(capsys, monkeypatch):
    from cardtable.commands import host

    monkeypatch.setattr(host, "serve_headless", lambda table: (table.saver.release(), 0)[1])
    assert cli.main(["host", "one-card", "--seats", "remote,easy", "--port", "0", "--no-codes"]) == 0
    out = capsys.readouterr().out
    assert "/play?token=" in out and "█" not in out


def test_the_host_at_its_keyboard_shows_each_seats_code_over_the_table():
    """HostApp opens the "Join codes" screen at start: a code per remote seat and the
    spectators', each the seat's browser address (read back from the screen's own text)."""
    import asyncio

    from cardtable.net.apps import HostApp
    from cardtable.net.hosting import HostedTable
    from cardtable.net.join_codes import JoinCodesScreen

    async def run():
        table = HostedTable.new("one-card", ["Ann", "Bob", "Cy"], ["human", "remote", "remote"], None, 5)
        table.bind(0)
        app = HostApp(table, ["the addresses"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.5)
            screen = app.screen
            assert isinstance(screen, JoinCodesScreen)
            seen = []
            for _ in range(3):
                code = str(screen.query_one("#code").render())
                title = str(screen.query_one("#title").render())
                seen.append((title, code))
                await pilot.press("tab")
            await pilot.press("escape")
            await pilot.pause(0.2)
            assert not isinstance(app.screen, JoinCodesScreen)
            await pilot.press("j")
            await pilot.pause(0.2)
            assert isinstance(app.screen, JoinCodesScreen)
        return table, seen

    table, seen = asyncio.run(run())
    for (who, address), (title, code) in zip(table.browser_addresses(), seen, strict=True):
        assert (who in title) if who != "spectators" else ("to watch" in title)
        assert code.splitlines() == qr.lines(address)
