"""The one guard on what the commands write to standard output.

``cardtable.cli.main`` runs every command with ``sys.stdout`` wrapped in
:class:`GuardedOutput`: a write or flush that fails (a full disk, ``> /dev/full``;
a reader gone away, ``| head``; an input/output error) raises
:class:`OutputFailed` instead of the ``OSError``, so no command's own
``except OSError`` (meant for the files it reads and writes) mistakes it for
something else, and ``main`` ends the command the one way: a reader gone away
quietly, anything else with one line on stderr; exit status 1 either way.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO


class OutputFailed(Exception):
    """Standard output cannot be written; ``error`` is the OSError met."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error

    @property
    def reason(self) -> str:
        from ..core.osfile import reason  # (building the parser imports no core module)

        return reason(self.error)

    @property
    def reader_gone(self) -> bool:
        return isinstance(self.error, BrokenPipeError) or self.error.errno == errno.EPIPE


class GuardedOutput:
    """A text stream that turns its stream's OSErrors into OutputFailed (all else passes through)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as exc:
            raise OutputFailed(exc) from None

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise OutputFailed(exc) from None

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...: the stream's own
        return getattr(self.stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[TextIO | GuardedOutput]:
    """``sys.stdout`` guarded while the block runs (put back after); the block gets the stream in use."""
    original = sys.stdout
    guarded = GuardedOutput(original) if original is not None and not isinstance(original, GuardedOutput) else None
    if guarded is None:
        yield original  # (already guarded, or no stdout at all)
        return
    sys.stdout = guarded
    try:
        yield guarded
    finally:
        if sys.stdout is guarded:
            sys.stdout = original


def silence(stream: Any) -> None:
    """Point ``stream``'s file at /dev/null, so that what is left in its buffer is flushed
    there at exit (nothing more is raised then)."""
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # (no file behind it: captured by a test)
