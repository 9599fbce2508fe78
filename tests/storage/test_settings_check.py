"""The app's quick read of the settings file at start (storage/settings_check.py,
standard library only) gives what the pydantic model gives, or leaves the file
to the model: it never takes what the model refuses or would convert."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from pydantic import ValidationError

from cardtable.storage.settings import Settings, load_settings
from cardtable.storage.settings_check import FIELD_NAMES, read_if_valid, valid_values
from cardtable.tui.persistence import tui_settings


def model_values(raw):
    """The model's values for ``raw``, or None if it refuses it."""
    try:
        return Settings.model_validate(raw).model_dump()
    except ValidationError:
        return None


def agree(raw) -> None:
    quick, model = valid_values(raw), model_values(raw)
    if quick is not None:
        assert quick == model  # taken: exactly the model's values
    if model is None:
        assert quick is None  # refused by the model: refused here


def test_the_fields_are_the_models():
    assert FIELD_NAMES == tuple(Settings.model_fields)


CASES = [
    {},
    {"theme": "nord", "card_style": "ascii", "four_colour": True, "computer_speed": "slow", "curtain": "always"},
    {"schema_version": 1, "keymap": {"table.draw": "g", "app.keys": "f2,question_mark"}},
    {"theme": "cardtable"},
    # refused by the model
    {"theme": "hotdog-stand"},
    {"theme": 3},
    {"colour_blind": True},
    {"card_style": "emoji"},
    {"computer_speed": 3},
    {"curtain": "sometimes"},
    {"four_colour": "maybe"},
    {"four_colour": 1},
    {"schema_version": 4},
    {"schema_version": 0},
    {"schema_version": True},
    {"schema_version": 1.0},
    {"schema_version": "1"},
    {"keymap": {"draw": "g"}},
    {"keymap": {"table.draw": "g h"}},
    {"keymap": {"table.draw": 7}},
    {"keymap": ["table.draw"]},
    {"keymap": {f"a.b{i}": "g" for i in range(201)}},
    {"keymap": {"table.draw\n": "g"}},
    {"keymap": {"table.draw": "g\n"}},
    {"keymap": {"a." + "b" * 60: "g"}},
    [],
    "nord",
    None,
    3,
]


@pytest.mark.parametrize("raw", CASES, ids=range(len(CASES)))
def test_the_quick_read_agrees_with_the_model(raw):
    agree(raw)


def test_a_valid_file_is_read_as_the_model_reads_it():
    assert valid_values(CASES[1]) == model_values(CASES[1]) and valid_values(CASES[2]) is not None


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 5), st.floats(allow_nan=False), st.text(max_size=12),
    st.sampled_from(["nord", "textual-dark", "cardtable", "ascii", "unicode", "fast", "never", "auto", "table.draw", "g,f2"]),
    st.dictionaries(st.sampled_from(["table.draw", "app.keys", "x", "a.b\n", "App.keys"]),
                    st.one_of(st.sampled_from(["g", "f2,question_mark", "g h", "", "q\n"]), st.integers()), max_size=3),
)  # fmt: skip
RAW = st.dictionaries(st.sampled_from([*FIELD_NAMES, "colour"]), VALUES, max_size=4)


@hyp_settings(max_examples=400, deadline=None)
@given(RAW)
def test_the_quick_read_agrees_with_the_model_on_any_input(raw):
    agree(raw)


@pytest.mark.parametrize(
    "content",
    [
        '{"theme": "nord", "keymap": {"app.keys": "f2"}}',
        '{"curtain": "sometimes"}',
        "theme = nord",
        '{"theme": "nord"',
        "",
    ],
)
def test_reading_a_file_gives_load_settings_values_or_none(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    loaded = load_settings(path)
    quick = read_if_valid(path)
    if loaded.broken:
        assert quick is None
    else:
        assert quick == loaded.settings.model_dump()


def test_a_missing_or_unreadable_file_is_left_to_the_model(tmp_path):
    assert read_if_valid(tmp_path / "none.json") is None
    assert read_if_valid(tmp_path) is None  # a folder


def test_the_app_takes_the_same_preferences_either_way(tmp_path, monkeypatch):
    from cardtable.storage import paths
    from cardtable.tui.app import CardtableApp

    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"theme": "nord", "card_style": "ascii", "curtain": "never", "keymap": {"app.keys": "f2"}})
    )
    monkeypatch.setattr(paths, "settings_path", lambda: path)
    app = CardtableApp()
    assert app.settings == tui_settings(load_settings(path).settings) and app.settings_notice is None
    assert app.settings.theme == "nord" and app.settings.keymap == (("app.keys", "f2"),)
