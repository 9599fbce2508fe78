"""Autosave by a writer thread (the TUI's): no move lost, the end and release flush, errors reported."""

from __future__ import annotations

import random
import threading

from storage_helpers import play, play_to_end, random_move, start

from cardtable.storage.autosave import Autosaver
from cardtable.storage.saves import SaveStore


def test_every_move_is_on_disk_after_flush(toy):
    rng = random.Random(3)
    session = start("toy", 3, seed=5)
    saver = Autosaver(session, background=True).attach()
    writers = set()
    real_write = saver.store.write

    def write(*args, **kwargs):
        writers.add(threading.current_thread().name)
        return real_write(*args, **kwargs)

    saver.store.write = write
    play(session, 25, rng)
    saver.flush()
    loaded = SaveStore().load(saver.save_id)
    assert loaded.file.moves == 25 and loaded.session.moves == session.moves
    assert writers == {f"autosave {saver.save_id}"}  # not the caller's thread
    session.apply(*random_move(session, rng))  # a later move starts a writer again
    saver.release()  # flushes before letting go
    assert SaveStore().load(saver.save_id).file.moves == 26


def test_the_copy_written_is_the_position_when_queued(toy):
    rng = random.Random(4)
    session = start("toy", 2, seed=9)
    saver = Autosaver(session, background=True).attach()
    gate, entered = threading.Event(), threading.Event()
    real_write = saver.store.write
    seen = []

    def slow_write(save_id, copy, created=None):
        entered.set()
        gate.wait(10)
        seen.append(len(copy.moves))
        return real_write(save_id, copy, created)

    saver.store.write = slow_write
    play(session, 1, rng)  # the writer takes this one and waits
    assert entered.wait(10)
    play(session, 5, rng)  # these coalesce: only the newest is written next
    gate.set()
    saver.flush()
    assert seen[0] == 1 and seen[-1] == 6 and len(seen) == 2
    assert SaveStore().load(saver.save_id).file.moves == 6


def test_the_end_of_the_game_is_filed_with_every_move(toy):
    rng = random.Random(2)
    session = start("toy", 2, kinds=["human", "normal"])
    finished = []
    saver = Autosaver(session, background=True, on_finish=finished.append).attach()
    play_to_end(session, rng)
    assert finished and saver._writer is None  # flushed before filing
    store = SaveStore()
    assert store.ids() == [] and store.load(saver.save_id, history=True).file.moves == len(session.moves)


def test_a_failed_write_goes_to_on_error_and_the_next_move_saves(toy):
    rng = random.Random(6)
    session = start("toy", 2, seed=3)
    errors = []
    saver = Autosaver(session, background=True, on_error=errors.append).attach()
    real_write = saver.store.write

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    saver.store.write = full_disk
    play(session, 2, rng)
    saver.flush()
    assert errors and "No space left on device" in errors[-1] and saver.error == errors[-1]
    saver.store.write = real_write
    play(session, 1, rng)
    saver.flush()
    assert saver.error is None and SaveStore().load(saver.save_id).file.moves == 3
