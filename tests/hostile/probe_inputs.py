"""Hostile input, probed: damaged files of every kind, odd files where the store's files
should be, nonsense databases, bad command lines, full disks and closed pipes, costly
records, invisible names, and malformed web requests.

    python tests/hostile/probe_inputs.py [--json] [--quick] [--only KIND] [--failures]

Each probe builds its corpus (truncations, byte flips, bad encodings, deep nesting,
huge numbers, wrong types, hostile names, a symlink to /dev/zero, a FIFO, a symlink
loop, a huge sparse file...), runs each case through the program (in this process
or a child, in temporary user folders) and counts what held: no traceback, no hang,
one line naming the problem on stderr with the promised exit status (2 for bad
arguments, 1 for a bad file), and nothing else lost (the other saves stay listed and
unchanged, a game still counts in the statistics, the app still starts).

The tests in this folder run the same probes and require every case to hold.
"""

from __future__ import annotations

import json
import sys

from probe_commands import probe_arguments, probe_closed_pipes, probe_command_lines, probe_full_disk
from probe_databases import probe_nonsense_databases
from probe_export import probe_broken_saves_folder, probe_export_targets
from probe_files import probe_records, probe_saves, probe_settings, probe_stats
from probe_first_write import probe_first_write
from probe_limits import probe_costly_files, probe_invisible_names
from probe_store import probe_odd_files, probe_stray_names
from probe_web import probe_web
from probing import limit_memory

PROBES = {
    "command lines": probe_command_lines,
    "record files": probe_records,
    "saves": probe_saves,
    "statistics files": probe_stats,
    "settings files": probe_settings,
    "closed pipes": probe_closed_pipes,
    "full disk": probe_full_disk,
    "arguments": probe_arguments,
    "stray names": probe_stray_names,
    "odd files": probe_odd_files,
    "saves folder": probe_broken_saves_folder,
    "export targets": probe_export_targets,
    "first write": probe_first_write,
    "nonsense databases": probe_nonsense_databases,
    "costly files": probe_costly_files,
    "names": probe_invisible_names,
    "web": probe_web,
}


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a sample of each corpus")
    parser.add_argument("--only", choices=list(PROBES), action="append")
    parser.add_argument("--failures", action="store_true", help="list every failure")
    args = parser.parse_args(argv)
    limit_memory()
    results = [PROBES[name](args.quick) for name in (args.only or PROBES)]
    if args.json:
        print(json.dumps({t.kind: {"tried": t.tried, "held": t.held, "failures": t.failures} for t in results}))
    else:
        width = max(len(t.kind) for t in results)
        print(f"{'input':<{width}} {'tried':>6} {'held':>6}")
        for t in results:
            print(f"{t.kind:<{width}} {t.tried:>6} {t.held:>6}")
        for t in results:
            for failure in t.failures if args.failures else t.failures[:5]:
                print(f"  {t.kind}: {failure}")
    return 0 if all(t.held == t.tried for t in results) else 1


if __name__ == "__main__":
    sys.exit(main())
