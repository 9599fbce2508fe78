"""The commands' ``--json`` outputs: one JSON object each, carrying ``schema_version``.

:data:`SCHEMA_VERSIONS` is the one table of them (docs/json.md describes each output
and must list the same versions: tests/test_cli_json.py compares them). A version goes
up when a field changes its meaning or goes away; a field added keeps it, so a script
that reads the fields it knows keeps working within one version.
"""

from __future__ import annotations

import json
from typing import Any

#: Each command with ``--json``: the schema version of its output.
SCHEMA_VERSIONS: dict[str, int] = {
    "arena": 1,
    "replay": 1,
    "resume": 1,
    "simulate": 1,
    "stats": 1,
}


def print_json(command: str, data: dict[str, Any]) -> None:
    """Print ``data`` as ``command``'s one JSON object, its ``schema_version`` first."""
    print(json.dumps({"schema_version": SCHEMA_VERSIONS[command], **data}))
