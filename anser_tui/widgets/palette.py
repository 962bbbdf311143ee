"""Theme colours for the rich Text the panels render: the widgets style untrusted text with
named styles (`anser.warning`, ...) that resolve to the current Textual theme's colours, so a
light theme gets readable text and no widget names a literal colour."""

from __future__ import annotations

from typing import Any

from rich.theme import Theme
from textual.app import App
from textual.color import Color

# rich style name -> the Textual design variable it takes its colour from
_COLOURS = {"anser.success": "text-success", "anser.warning": "text-warning",
            "anser.error": "text-error", "anser.accent": "text-accent"}
_PUSHED = "_anser_theme_pushed"
_ATTRIBUTES = {"anser.success": "bold", "anser.warning": "bold", "anser.error": "bold",
               "anser.accent": ""}


def rich_theme(app: App[Any]) -> Theme:
    variables = app.get_css_variables()
    styles = {name: f"{_ATTRIBUTES[name]} {Color.parse(variables[var]).hex6}".strip()
              for name, var in _COLOURS.items()}
    background = Color.parse(variables.get("background", "#000000"))
    foreground = Color.parse(variables.get("foreground", "#ffffff")).with_alpha(1.0)
    styles["anser.muted"] = background.blend(foreground, 0.6).hex6
    styles["anser.term"] = f"bold underline {Color.parse(variables['text-warning']).hex6}"
    accent = Color.parse(variables.get("accent", variables["text-accent"])).with_alpha(1.0)
    styles["anser.heat0"] = styles["anser.muted"]  # the heat map's cells, by count
    for level in range(1, 5):
        shade = background.blend(accent, level / 4)
        text = "#000000" if shade.brightness > 0.5 else "#ffffff"
        styles[f"anser.heat{level}"] = f"{text} on {shade.hex6}"
    return Theme(styles, inherit=True)


def install(app: App[Any]) -> None:
    """Point the app console's named styles at the current theme (call on theme change)."""
    console = app.console
    if getattr(console, _PUSHED, False):  # drop the theme installed before
        console.pop_theme()
    console.push_theme(rich_theme(app))
    setattr(console, _PUSHED, True)
