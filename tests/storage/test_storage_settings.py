"""Settings: defaults, round trip, and broken files falling back with a notice."""

from __future__ import annotations

import json

import pytest

from cardtable.storage.settings import Settings, load_settings, save_settings, theme_names


def test_defaults_without_a_file(user_dirs):
    loaded = load_settings()
    assert loaded.settings == Settings() and loaded.notice is None
    assert loaded.path == user_dirs["XDG_CONFIG_HOME"] / "cardtable" / "settings.json"
    assert not loaded.path.exists()  # loading never writes


def test_round_trip_and_backup():
    chosen = Settings(theme="nord", card_style="ascii", four_colour=True, computer_speed="slow", curtain="always")
    path = save_settings(chosen)
    assert load_settings().settings == chosen
    save_settings(Settings())
    assert json.loads(path.with_name("settings.json.bak").read_text())["theme"] == "nord"


def test_the_themes_are_textuals():
    assert "textual-dark" in theme_names() and "nord" in theme_names()


BROKEN = {
    "not-json": ("theme = nord", "not JSON"),
    "truncated": ('{"theme": "nord", "card_st', "truncated"),
    "binary": (b"\xff\xfe\x00", "not JSON"),
    "not-an-object": ("[]", "expected a JSON object"),
    "unknown-key": ('{"colour_blind": true}', "colour_blind: unknown setting"),
    "bad-theme": ('{"theme": "hotdog-stand"}', "unknown theme 'hotdog-stand'"),
    "bad-card-style": ('{"card_style": "emoji"}', "card_style: Input should be 'unicode' or 'ascii'"),
    "bad-speed": ('{"computer_speed": 3}', "computer_speed"),
    "bad-curtain": ('{"curtain": "sometimes"}', "curtain"),
    "bad-bool": ('{"four_colour": "maybe"}', "four_colour"),
    "newer": ('{"schema_version": 4}', "written by a newer cardtable"),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_file_falls_back_to_the_defaults_and_is_kept(kind):
    content, expected = BROKEN[kind]
    path = load_settings().path
    path.parent.mkdir(parents=True)
    data = content.encode() if isinstance(content, str) else content
    path.write_bytes(data)
    loaded = load_settings()
    assert loaded.settings == Settings() and loaded.broken
    assert expected in loaded.notice and "using the defaults" in loaded.notice
    assert path.read_bytes() == data  # not overwritten...
    save_settings(Settings(curtain="never"))  # ...until the user saves new settings
    assert load_settings().settings.curtain == "never" and not load_settings().broken
    assert path.with_name("settings.json.bak").read_bytes() == data
