"""A rules document on screen: its Markdown drawn by Rich, as one widget.

Textual's ``Markdown`` widget mounts a widget for every paragraph, list item,
bullet and table cell (about 230 for One-Card's rules): showing one took about
450 ms. Rich draws the same Markdown (headings, lists, tables, quotes) in about
30 ms, and a single widget holds the lines it draws (one widget per section
cost a third more: a parser and a widget each). The headings take the colours
of the app's theme (the ``$markdown-h1-color`` ... variables Textual's own
Markdown uses); the rest is drawn in the text's colour, with bold, italics and
dim borders. The contents (``toggle_contents``) list the headings; choosing one
scrolls to the line where it is drawn.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual.app import App
from textual.color import Color, ColorParseError
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

#: Rich's Markdown styles, without their fixed colours (cyan code on black,
#: magenta quotes): what reads well on every theme, dark or light.
PLAIN_STYLES = {
    "markdown.code": "bold",
    "markdown.code_block": "none",
    "markdown.block_quote": "italic",
    "markdown.list": "none",
    "markdown.item.number": "bold",
    "markdown.link": "underline",
    "markdown.link_url": "underline",
    "markdown.table.border": "dim",
    "markdown.table.header": "bold",
    "markdown.kbd": "bold",
}
_themes: dict[str, Theme] = {}


def rules_theme(app: App) -> Theme:
    """The Rich styles of a rules document under the app's theme (kept per theme)."""
    name = app.theme
    theme = _themes.get(name)
    if theme is None:
        variables = app.get_css_variables()
        styles: dict[str, str | Style] = dict(PLAIN_STYLES)
        for level in range(1, 7):
            styles[f"markdown.h{level}"] = _heading_style(variables, f"markdown-h{level}")
        theme = _themes[name] = Theme(styles, inherit=True)
    return theme


def _heading_style(variables: dict[str, str], prefix: str) -> Style:
    words = variables.get(f"{prefix}-text-style", "bold").split()
    color = variables.get(f"{prefix}-color")
    try:
        rich_color = Color.parse(color).rich_color if color and color != "transparent" else None
    except ColorParseError:  # an unusual value in a custom theme: the text's own colour
        rich_color = None
    return Style(
        color=rich_color,
        bold="bold" in words,
        italic="italic" in words,
        underline="underline" in words,
        reverse="reverse" in words,
    )


class Heading(NamedTuple):
    level: int  # 1 to 6
    title: str  # its text, as drawn


def headings(markdown: Markdown) -> list[Heading]:
    """The headings of a parsed document, in order."""
    found = []
    tokens = markdown.parsed
    for index, token in enumerate(tokens[:-1]):
        if token.type == "heading_open":
            inline = tokens[index + 1]
            title = "".join(child.content for child in inline.children or () if child.content)
            found.append(Heading(int(token.tag[1:]), title or inline.content))
    return found


class _Themed:
    """A Rich renderable: ``markdown`` drawn with the rules' styles for ``widget``'s theme.

    Textual draws a widget's text twice when it is first shown (once to learn its
    height, once for the screen): the lines drawn are kept for the width and theme."""

    def __init__(self, markdown: Markdown, widget: Widget) -> None:
        self.markdown = markdown
        self.widget = widget
        self._drawn: tuple[tuple[int, str], list[Segment]] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        app = self.widget.app
        key = (options.max_width, app.theme)
        if self._drawn is None or self._drawn[0] != key:
            with console.use_theme(rules_theme(app)):
                self._drawn = (key, list(console.render(self.markdown, options)))
        yield from self._drawn[1]


class RulesText(Widget):
    """A Markdown document, drawn again only when its width or the theme changes."""

    DEFAULT_CSS = """
    RulesText {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, markdown: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.markdown = Markdown(markdown, hyperlinks=False)
        self._text = _Themed(self.markdown, self)

    def render(self) -> _Themed:
        return self._text

    def line_of(self, heading: Heading, start: int = 0) -> int | None:
        """The line (from ``start``) where ``heading`` is drawn, once the text has been drawn."""
        if self._text._drawn is None:
            return None
        lines = list(Segment.split_lines(self._text._drawn[1]))
        title = " ".join(heading.title.split())
        for number in range(start, len(lines)):
            if " ".join("".join(segment.text for segment in lines[number]).split()) == title:
                return number
        return None


class RulesContents(OptionList):
    """The headings of a document: Enter (or a click) scrolls to one."""

    DEFAULT_CSS = """
    RulesContents {
        dock: left;
        width: auto;
        max-width: 40%;
        height: 1fr;
        border-right: solid $primary 50%;
    }
    """


class RulesDocument(VerticalScroll, can_focus=True):
    """One game's rules; scroll with the arrows, Page Up and Page Down; ``toggle_contents`` shows the headings."""

    DEFAULT_CSS = """
    RulesDocument {
        height: 1fr;
        scrollbar-gutter: stable;
        background: $surface;
    }
    """

    def __init__(self, markdown: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = RulesText(markdown)

    def compose(self):
        yield self.text

    @property
    def contents(self) -> RulesContents | None:
        found = self.query(RulesContents)
        return found.first() if found else None

    def toggle_contents(self) -> None:
        """Show the headings beside the rules (built on first use), or hide them."""
        contents = self.contents
        if contents is None:
            options = [
                Option("  " * (heading.level - 1) + heading.title, id=f"heading-{number}")
                for number, heading in enumerate(headings(self.text.markdown))
            ]
            contents = RulesContents(*options)
            self.mount(contents)
            contents.focus()
            return
        contents.display = not contents.display
        (contents if contents.display else self).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.scroll_to_heading(int((event.option.id or "heading-0").rsplit("-", 1)[1]))

    def scroll_to_heading(self, number: int) -> None:
        """Scroll so that the ``number``-th heading (from 0) is the top line."""
        line = 0
        for heading in headings(self.text.markdown)[: number + 1]:
            found = self.text.line_of(heading, line)
            line = found if found is not None else line
        self.scroll_to(y=line + self.text.virtual_region.y, animate=False)
