"""Theme colours for the rich Text the panels render: the widgets style untrusted text with
named styles (`tui.warning`, ...) that resolve to the current Textual theme's colours, so a
light theme gets readable text and no widget names a literal colour."""

from __future__ import annotations

from typing import Any

from rich.theme import Theme
from textual.app import App
from textual.color import Color

# rich style name -> the Textual design variable it takes its colour from
_COLOURS = {"tui.success": "text-success", "tui.warning": "text-warning",
            "tui.error": "text-error", "tui.accent": "text-accent"}
_PUSHED = "_tui_theme_pushed"
_ATTRIBUTES = {"tui.success": "bold", "tui.warning": "bold", "tui.error": "bold",
               "tui.accent": ""}


def rich_theme(app: App[Any]) -> Theme:
    variables = app.get_css_variables()
    styles = {name: f"{_ATTRIBUTES[name]} {Color.parse(variables[var]).hex6}".strip()
              for name, var in _COLOURS.items()}
    background = Color.parse(variables.get("background", "#000000"))
    foreground = Color.parse(variables.get("foreground", "#ffffff")).with_alpha(1.0)
    styles["tui.muted"] = background.blend(foreground, 0.6).hex6
    styles["tui.term"] = f"bold underline {Color.parse(variables['text-warning']).hex6}"
    accent = Color.parse(variables.get("accent", variables["text-accent"])).with_alpha(1.0)
    styles["tui.heat0"] = styles["tui.muted"]  # the heat map's cells, by count
    for level in range(1, 5):
        shade = background.blend(accent, level / 4)
        text = "#000000" if shade.brightness > 0.5 else "#ffffff"
        styles[f"tui.heat{level}"] = f"{text} on {shade.hex6}"
    return Theme(styles, inherit=True)


def install(app: App[Any]) -> None:
    """Point the app console's named styles at the current theme (call on theme change)."""
    console = app.console
    if getattr(console, _PUSHED, False):  # drop the theme installed before
        console.pop_theme()
    console.push_theme(rich_theme(app))
    setattr(console, _PUSHED, True)
