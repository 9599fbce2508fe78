"""The locations honour the XDG variables, resolved at call time."""

from __future__ import annotations

from pathlib import Path

from cardtable.storage import paths
from cardtable.storage.saves import SaveStore
from cardtable.storage.stats import StatsStore


def test_locations_follow_the_xdg_variables(user_dirs):
    assert paths.state_dir() == user_dirs["XDG_STATE_HOME"] / "cardtable"
    assert paths.saves_dir() == user_dirs["XDG_STATE_HOME"] / "cardtable" / "saves"
    assert paths.history_dir() == user_dirs["XDG_STATE_HOME"] / "cardtable" / "history"
    assert paths.stats_path() == user_dirs["XDG_DATA_HOME"] / "cardtable" / "stats.json"
    assert paths.stats_db_path() == user_dirs["XDG_DATA_HOME"] / "cardtable" / "stats.sqlite3"
    assert paths.settings_path() == user_dirs["XDG_CONFIG_HOME"] / "cardtable" / "settings.json"


def test_locations_are_resolved_at_call_time(tmp_path, monkeypatch):
    store, stats = SaveStore(), StatsStore()
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "other"))
    assert store.saves_dir == tmp_path / "elsewhere" / "cardtable" / "saves"
    assert stats.path == tmp_path / "other" / "cardtable" / "stats.sqlite3"
    assert stats.legacy_path == tmp_path / "other" / "cardtable" / "stats.json"


def test_without_xdg_variables_the_home_defaults_apply(user_dirs, monkeypatch):
    for variable in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable)
    home = user_dirs["HOME"]
    assert Path(paths.state_dir()).is_relative_to(home)
    assert Path(paths.data_dir()).is_relative_to(home)
    assert Path(paths.config_dir()).is_relative_to(home)


def test_a_relative_xdg_path_is_ignored(user_dirs, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")
    assert paths.config_dir().is_absolute()
    assert paths.config_dir().is_relative_to(user_dirs["HOME"])
