"""Fixtures for every test: the user folders live in a temporary directory.

``user_dirs`` (autouse) points HOME and the XDG state, data and config
variables at ``tmp_path``, so no test can touch the real home directory (saves,
statistics and settings resolve their folders when used, not at import).
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def real_home_untouched():
    """Fail the run if any test created cardtable folders in the real home."""
    from cardtable.storage import paths

    real = [paths.state_dir(), paths.data_dir(), paths.config_dir()]
    before = {p: p.exists() for p in real}
    yield
    created = [str(p) for p in real if p.exists() and not before[p]]
    assert not created, f"tests wrote to the real home: {created}"


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    dirs = {
        "HOME": tmp_path / "home",
        "XDG_STATE_HOME": tmp_path / "state",
        "XDG_DATA_HOME": tmp_path / "data",
        "XDG_CONFIG_HOME": tmp_path / "config",
    }
    for variable, path in dirs.items():
        path.mkdir()
        monkeypatch.setenv(variable, str(path))
    monkeypatch.setenv("USERPROFILE", str(dirs["HOME"]))
    return dirs
