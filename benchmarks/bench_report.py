"""What the benchmark reports share: issue 14's targets, checked against a
report's figures, and the commit measured. ``run.py`` (every figure) and
``bench_screens.py`` (the screens, the start and the keys alone) both import
it, so neither imports the other.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


# -- targets ------------------------------------------------------------------------------

# (id, what, path of the figure in the report, at most, unit). Issue 14's targets, the engines' as
# issue 29 set them again (the integer interface).
TARGETS = [
    (
        "one-card/rlcard_uno",
        "One-Card step vs RLCard UNO's like-for-like step",
        "ratios.one-card/rlcard_uno_like_for_like",
        1.0,
        "×",
    ),
    (
        "one-card/openspiel",
        "One-Card step vs OpenSpiel crazy_eights' like-for-like step",
        "ratios.one-card/openspiel_crazy_eights_like_for_like",
        3.0,
        "×",
    ),
    (
        "shed/rlcard_uno",
        "Shed step vs RLCard UNO's like-for-like step",
        "ratios.shed/rlcard_uno_like_for_like",
        2.5,
        "×",
    ),
    (
        "one-too-many/rlcard_uno",
        "One Too Many step vs RLCard UNO's like-for-like step",
        "ratios.one-too-many/rlcard_uno_like_for_like",
        5.0,
        "×",
    ),
    *(
        (
            f"simulate/{g}",
            f"`cardtable simulate` with its checks vs without, {name}",
            f"simulate.{g}.check_ratio",
            2.0,
            "×",
        )
        for g, name in (("one-card", "One-Card"), ("shed", "Shed"), ("one-too-many", "One Too Many"))
    ),
    ("rules_key", "F1 to the rules on screen, median", "screens.rules_key_ms.median_ms", 200.0, " ms"),
    (
        "new_game_first_open",
        "Menu to the new-game screen, first time, median",
        "screens.new_game_first_open_ms.median_ms",
        150.0,
        " ms",
    ),
    ("autosave", "Autosave, event-loop time per move at 1,000 moves", "screens.autosave.ms_per_move", 2.0, " ms"),
    ("start_ratio", "App start vs the minimal Textual app's first frame", "app.start_ratio", 1.2, "×"),
    ("start_ratio_loaded", "App start vs the minimal Textual app, CPU hog beside", "app_loaded.start_ratio", 1.2, "×"),
    ("memory_ratio", "Peak memory vs the minimal Textual app", "app.memory_ratio", 1.3, "×"),
    ("key_median", "Key to screen, median", "key_to_screen_ms.median", 30.0, " ms"),
    ("key_p95", "Key to screen, p95", "key_to_screen_ms.p95", 60.0, " ms"),
    ("key_median_loaded", "Key to screen, median, CPU hog beside", "key_to_screen_loaded_ms.median", 30.0, " ms"),
    ("key_p95_loaded", "Key to screen, p95, CPU hog beside", "key_to_screen_loaded_ms.p95", 60.0, " ms"),
]


def figure_at(report: dict, path: str):
    """The figure at ``path`` (dots between keys; a key may hold a slash), or None."""
    node = report
    for key in path.split("."):
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node if isinstance(node, (int, float)) and not isinstance(node, bool) else None


def targets(report: dict) -> list[dict]:
    """Every target with its figure: met (true), missed (false) or not measured (null)."""
    out = []
    for ident, what, path, limit, unit in TARGETS:
        value = figure_at(report, path)
        out.append(
            {
                "id": ident,
                "what": what,
                "figure": path,
                "value": value,
                "at_most": limit,
                "unit": unit.strip(),
                "met": None if value is None else value <= limit,
            }
        )
    return out


def git_commit() -> str | None:
    """The commit of the code measured (with ``+`` if the worktree has changes), if in git."""
    import subprocess

    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+" if dirty else "")
