"""Build the optional compiled One-Card engine: ``python tools/build_compiled.py [--out build/compiled]``.

Needs ``tools/requirements-compiled.txt`` (``pip install -r tools/requirements-compiled.txt``: mypy, whose
mypyc compiles type-annotated Python to C extensions) and a C compiler.

The pure-Python engines stay the default: nothing here touches ``src/``. The
script copies the ``cardtable`` package to ``OUT`` (default
``build/compiled``, git-ignored), compiles the modules of ``MODULES`` there
with mypyc, and removes their ``.py`` copies, so that ``OUT`` holds a complete
``cardtable`` whose One-Card engine is C and nothing shadows the sources by
accident. Use it by putting ``OUT`` first on the path::

    PYTHONPATH=build/compiled python -m pytest tests/games/test_one_card_rules.py tests/games/golden
    python benchmarks/side_by_side.py --tree pure=src --tree compiled=build/compiled --peer rlcard_uno_like_for_like

(``benchmarks/run.py`` measures the build in ``build/compiled``, when there is
one, beside the pure engine: its ``compiled`` figure.)

``python -c "import cardtable.games.one_card.rules as r; print(r.__file__)"``
says which engine is imported (``.so``: the compiled one). The build is of the
sources as they are when it runs: build again after changing them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "cardtable"
DEFAULT_OUT = ROOT / "build" / "compiled"  # git-ignored (build/)

MODULES = (
    "games/one_card/deal.py",
    "games/one_card/events.py",
    "games/one_card/legality.py",
    "games/one_card/tables.py",
    "games/one_card/transitions.py",
)
"""What is compiled: One-Card's rules (the step: legal actions and moves,
applying one, its events, the next deal). Left in Python, as it runs faster or only
works there (``docs/notes/ocstep.md``): ``actions.py`` and ``rules.py`` (the game's
``legal_actions`` and ``step`` are functions of ``actions.py`` set as methods of
the class, one call a step: a compiled function is not bound as a method),
``state.py`` (mypyc's frozen dataclasses
build through ``dataclasses``' Python ``__init__``, slower than
``core.evolve``'s builders, and refuse ``copy.deepcopy``), ``moves.py`` (the
save codec reads its classes' annotations), ``core/rng.py`` (``copy.deepcopy``
again); the options (a pydantic model), views and zones; ``core/engine.py``
(the base class every game subclasses) and the other games.
"""


def build(out: Path) -> list[Path]:
    """Copy the package to ``out`` and compile ``MODULES`` there; the extension files made."""
    if shutil.which("mypyc") is None and not _importable("mypyc"):
        raise SystemExit("mypyc is not installed: pip install -r tools/requirements-compiled.txt")
    package = out / "cardtable"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    sources = [f"cardtable/{m}" for m in MODULES]
    env = {**os.environ, "PYTHONPATH": str(out)}  # mypy reads the copy, not an installed cardtable
    done = subprocess.run([sys.executable, "-m", "mypyc", *sources], cwd=out, env=env)
    if done.returncode:
        raise SystemExit(f"mypyc failed (exit {done.returncode})")
    for module in MODULES:
        (package / module).unlink()  # the extension alone: an import can only find the compiled module
    shutil.rmtree(out / "build", ignore_errors=True)  # mypyc's C sources and objects
    return sorted(out.rglob("*.so"))


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to build")
    args = parser.parse_args(argv)
    made = build(args.out.resolve())
    for path in made:
        print(path)
    print(f"built {len(made)} extension modules; use them with PYTHONPATH={args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
