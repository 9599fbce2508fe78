"""Atomic writes keep a backup and never leave a half-written file; renames never clobber."""

from __future__ import annotations

import os
import time

import pytest

from cardtable.storage import atomic
from cardtable.storage.atomic import atomic_write_text, rename_no_clobber, sweep_temp_files


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "work"
    path.mkdir()
    return path


def test_write_keeps_the_previous_version(folder):
    target = folder / "sub" / "f.json"
    atomic_write_text(target, "one")
    assert target.read_text() == "one" and not (folder / "sub" / "f.json.bak").exists()
    atomic_write_text(target, "two")
    atomic_write_text(target, "three")
    assert target.read_text() == "three"
    assert (folder / "sub" / "f.json.bak").read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.json", "f.json.bak"]


def test_a_failure_before_the_rename_leaves_the_old_file(folder, monkeypatch):
    target = folder / "f.json"
    atomic_write_text(target, "old")
    real_replace = os.replace

    def crash(src, dst):
        if str(dst) == str(target):
            raise OSError("simulated crash before the rename")
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", crash)
    with pytest.raises(OSError, match="simulated"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failure_while_writing_leaves_the_old_file(folder, monkeypatch):
    target = folder / "f.json"
    atomic_write_text(target, "old")

    def no_fsync(fd):
        raise OSError("disk gone")

    monkeypatch.setattr(atomic.os, "fsync", no_fsync)
    with pytest.raises(OSError, match="disk gone"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in folder.iterdir()) == ["f.json"]


def test_backup_without_hard_links(folder, monkeypatch):
    target = folder / "f.json"
    atomic_write_text(target, "one")

    def no_links(*args):
        raise PermissionError("no hard links here")

    monkeypatch.setattr(atomic.os, "link", no_links)
    atomic_write_text(target, "two")
    assert (target.read_text(), (folder / "f.json.bak").read_text()) == ("two", "one")
    moved = rename_no_clobber(target, folder / "g.json")
    assert moved.read_text() == "two" and not target.exists()


def test_rename_no_clobber_picks_a_free_name(folder):
    for name in ("a.json", "b.json", "b-2.json", "c", "d"):
        (folder / name).write_text(name)
    assert rename_no_clobber(folder / "a.json", folder / "b.json") == folder / "b-3.json"
    assert (folder / "b.json").read_text() == "b.json" and (folder / "b-2.json").read_text() == "b-2.json"
    assert rename_no_clobber(folder / "c", folder / "d") == folder / "d-2"
    assert (folder / "d").read_text() == "d"


def test_sweep_removes_only_old_orphans(folder):
    old, young, keep = folder / ".f.json.abc.tmp", folder / ".f.json.def.tmp", folder / "f.json"
    for p in (old, young, keep):
        p.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(keep, (past, past))
    assert sweep_temp_files(folder) == [old]
    assert young.exists() and keep.exists()
