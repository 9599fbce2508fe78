"""A game's variant options as form fields, built from its pydantic ``Options``
model: a checkbox per yes/no option, a number field per number (empty for
"automatic" where the option may be None). Defaults are the official rules."""

from __future__ import annotations

import re
import types
import typing
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox, Input, Select, Static

from .field_input import FieldInput

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo


class TickBox(Checkbox):
    """A checkbox whose box is empty when off and ticked when on (not told apart by colour only)."""

    @property
    def _button(self) -> Content:
        button = super()._button
        if self.value:
            return button
        return Content.assemble(
            *((" " if index == 1 else span_text, style) for index, (span_text, style) in enumerate(_parts(button)))
        )


def _parts(content: Content) -> list[tuple[str, str | Style]]:
    """The (text, style) pieces of a checkbox's button: left side, inside, right side."""
    return [(content.plain[span.start : span.end], span.style) for span in content.spans]


def help_text(info: FieldInfo) -> str:
    """An option's description for the form: an optional number's None is the empty field."""
    text = info.description or ""
    if _kind(info)[0] == "bool":  # (a tick box: "if False" means unticked)
        text = re.sub(r"\bif False\b", "if unticked", re.sub(r"\bif True\b", "if ticked", text))
    if _optional(info):
        text = re.sub(r"\bNone\b", "empty (automatic)", text)
    return text


def show_error(widget: Static, text: str) -> None:
    """Error text under a field: shown only when there is a problem (left alone if unchanged)."""
    if widget.content != text:
        widget.update(text)
    if widget.display != bool(text):
        widget.display = bool(text)


def field_title(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _kind(info: FieldInfo) -> tuple[str, tuple]:
    """("bool"|"int"|"choice"|"text", choices) and whether None is allowed."""
    annotation = info.annotation
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        annotation = inner[0] if len(inner) == 1 else annotation
    if annotation is bool:
        return "bool", ()
    if annotation is int:
        return "int", ()
    if typing.get_origin(annotation) is typing.Literal:
        return "choice", typing.get_args(annotation)
    return "text", ()


def _optional(info: FieldInfo) -> bool:
    return type(None) in typing.get_args(info.annotation)


class OptionsForm(Vertical):
    """The option fields of one game; ``values()`` reads them back (raw, unchecked)."""

    def __init__(self, model: type[BaseModel], values: dict[str, Any] | None = None, **kwargs) -> None:
        """``model``: the game's options (its ``Options``)."""
        super().__init__(**kwargs)
        self.model = model
        self.initial = values or {}

    def compose(self) -> ComposeResult:
        for name, info in self.model.model_fields.items():
            kind, choices = _kind(info)
            value = self.initial.get(name, info.default)
            with Vertical(classes="option-row"):
                if kind == "bool":
                    yield TickBox(field_title(name), bool(value), id=f"opt-{name}", compact=True)
                elif kind == "choice":
                    yield Static(field_title(name), classes="field-label")
                    yield Select(
                        [(str(c), c) for c in choices], value=value, allow_blank=False, id=f"opt-{name}", compact=True
                    )
                else:
                    yield Static(field_title(name), classes="field-label")
                    placeholder = "automatic" if _optional(info) else ""
                    yield FieldInput(
                        "" if value is None else str(value),
                        placeholder=placeholder,
                        type="integer" if kind == "int" else "text",
                        id=f"opt-{name}",
                        compact=True,
                    )
                if info.description:
                    yield Static(help_text(info), classes="field-help")
                yield Static("", classes="field-error", id=f"error-opt-{name}")

    def values(self) -> dict[str, Any]:
        """The options as typed: numbers parsed where they parse (the game checks the rest)."""
        result: dict[str, Any] = {}
        for name, info in self.model.model_fields.items():
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, Checkbox):
                result[name] = widget.value
            elif isinstance(widget, Select):
                result[name] = widget.value
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if not text and _optional(info):
                    result[name] = None
                else:
                    try:
                        result[name] = int(text) if _kind(info)[0] == "int" else text
                    except ValueError:
                        result[name] = text
        return result

    def show_errors(self, errors: dict[str, str]) -> None:
        for name in self.model.model_fields:
            show_error(self.query_one(f"#error-opt-{name}", Static), errors.get(name, ""))
