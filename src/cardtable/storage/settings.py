"""The user's preferences (``$XDG_CONFIG_HOME/cardtable/settings.json``).

* ``theme``: one of Textual's built-in themes, or cardtable's own (``cardtable``).
* ``card_style``: ``unicode`` (suit glyphs) or ``ascii`` (for terminals without them).
* ``four_colour``: a four-colour deck (each suit its own colour).
* ``computer_speed``: how long a computer's move stays in view (``instant``,
  ``fast``, ``normal``, ``slow``; the TUI decides the seconds).
* ``curtain``: the hand-off curtain: ``auto`` (between human players, when two or
  more share the keyboard), ``always`` (before every human turn), ``never``.
* ``keymap``: other keys for some bindings: binding id to keys, e.g.
  ``{"table.draw": "g", "app.keys": "f2,question_mark"}`` (the keys screen, ``?``,
  lists the ids); applied with Textual's ``App.set_keymap``.

:func:`load_settings` never fails: a missing file gives the defaults; a broken
one (not JSON, unknown keys, bad values, a newer version) gives the defaults
and a notice, and the file is left alone until :func:`save_settings` writes
new settings (the old file then becomes ``settings.json.bak``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
)

from ..core.names import visible
from ..core.osfile import reason
from . import paths
from .atomic import atomic_write_text
from .choices import (
    DEFAULT_CARD_STYLE,
    DEFAULT_CURTAIN,
    DEFAULT_FOUR_COLOUR,
    DEFAULT_SPEED,
    DEFAULT_THEME,
    CardStyle,
    ComputerSpeed,
    CurtainMode,
)
from .jsonio import BadJson, first_error, load_json_file
from .settings_check import (  # (the checks, standard library only: the app reads the file at start with them)
    MAX_SETTINGS_BYTES,
    SCHEMA_VERSION,
    keymap_problem,
    theme_names,
    theme_problem,
    version_problem,
)

__all__ = ["SCHEMA_VERSION", "Settings", "SettingsLoad", "load_settings", "save_settings", "theme_names"]


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: StrictInt = SCHEMA_VERSION
    theme: StrictStr = DEFAULT_THEME
    card_style: CardStyle = DEFAULT_CARD_STYLE
    four_colour: StrictBool = DEFAULT_FOUR_COLOUR
    computer_speed: ComputerSpeed = DEFAULT_SPEED
    curtain: CurtainMode = DEFAULT_CURTAIN
    keymap: dict[StrictStr, StrictStr] = Field(default_factory=dict)

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return _checked(version, version_problem(version))

    @field_validator("theme")
    @classmethod
    def _known_theme(cls, theme: str) -> str:
        return _checked(theme, theme_problem(theme))

    @field_validator("keymap")
    @classmethod
    def _keymap_form(cls, keymap: dict[str, str]) -> dict[str, str]:
        return _checked(keymap, keymap_problem(keymap))


def _checked(value, problem: str | None):
    if problem is not None:
        raise ValueError(problem)
    return value


@dataclass(frozen=True)
class SettingsLoad:
    settings: Settings
    notice: str | None = None  # why the defaults are in use, if the file is broken
    path: Path | None = None

    @property
    def broken(self) -> bool:
        return self.notice is not None


def _problem(path: Path) -> tuple[Settings, str | None]:
    try:
        raw = load_json_file(path, limit=MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"cannot read it ({reason(exc)})"
    except BadJson as exc:
        return Settings(), str(exc)
    if not isinstance(raw, dict):
        return Settings(), "wrong schema (expected a JSON object)"
    try:
        return Settings.model_validate(raw), None
    except ValidationError as exc:
        return Settings(), first_error(exc, "settings")


def load_settings(path: Path | None = None) -> SettingsLoad:
    """The saved settings, or the defaults (with a notice if the file is broken)."""
    path = Path(path) if path is not None else paths.settings_path()
    settings, problem = _problem(path)
    if problem is None:
        return SettingsLoad(settings, None, path)
    notice = f"Settings file {visible(str(path))} is broken ({problem}); using the defaults. It is kept as it is until you save new settings."
    return SettingsLoad(settings, notice, path)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Store ``settings`` (atomically; the previous file is kept as ``settings.json.bak``)."""
    path = Path(path) if path is not None else paths.settings_path()
    atomic_write_text(path, settings.model_dump_json(indent=2) + "\n")
    return path
