"""What the modal forms (the `/` filter, a new session) share: their layout and a labelled row."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select


def form_css(name: str, prefix: str, label_width: int) -> str:
    """The CSS of a form screen `name` whose ids and classes start with `prefix`."""
    return f"""
    {name} {{ align: center middle; }}
    {name} > Vertical {{
        width: 84; height: auto; padding: 1 2;
        border: round $accent; background: $panel;
    }}
    {name} Horizontal {{ height: auto; margin-bottom: 1; }}
    {name} .{prefix}-label {{ width: {label_width}; padding: 0 1 0 0; }}
    {name} Input, {name} Select {{ width: 1fr; }}
    {name} Checkbox {{ border: none; padding: 0; margin-right: 2; }}
    {name} #{prefix}-error {{ color: $error; margin-top: 1; }}
    {name} #{prefix}-help {{ color: $text-muted; margin-top: 1; }}
    """


def form_row(label: str, field: Input | Select[str], label_class: str) -> ComposeResult:
    """A label and its field on one line (the field compact)."""
    field.compact = True
    with Horizontal():
        yield Label(label, classes=label_class)
        yield field
