"""The key hints under a screen: one line drawn from the screen's active bindings.

Textual's Footer composes a widget per key and composes them all again whenever the bindings
change (focus moves, a screen is pushed): on the review screen that was a fifth of start-up.
This bar is one widget that redraws a line of text from the same source, so remapped keys
(`[keymap]` in the config file) show as the user set them. Where the line is wider than the
screen, the keys listed last go first and the bar says how many ("+3 keys: ? help"); help
itself is never dropped. A screen may show a key as what it does there (`show_as`: the digit
marks read "1-4" on a rubric of grades), unless the user remapped it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from anser_tui.widgets.line_fit import fit_parts


class KeyBar(Static):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key"}
    DEFAULT_CSS = """
    KeyBar {
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeyBar > .key-bar--key { color: $footer-key-foreground; text-style: bold; }
    """

    def __init__(self) -> None:
        super().__init__(markup=False)
        self._line: Text | None = None
        self._shown_as: dict[str, str] = {}  # binding id -> what the key is shown as
        self._held = 0  # inside `held`: redraws wait for its end
        self._wanted = False  # a redraw was asked for while held
        self._width = 0  # the width the line was fitted to

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.redraw()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: Screen[object]) -> None:
        self.redraw()

    def on_resize(self) -> None:
        if self._fit_width() != self._width:  # the first layout gives it the width it was fitted to
            self.redraw()

    def _fit_width(self) -> int:
        return self.content_region.width or self.app.size.width

    def show_as(self, shown: Mapping[str, str]) -> None:
        """Show the bindings of these ids as given (a binding the keymap remapped shows its
        key), redrawing when that changes the line."""
        if shown != self._shown_as:
            self._shown_as = dict(shown)
            self.redraw()

    def _display(self, binding: Binding) -> str:
        shown = self._shown_as.get(binding.id or "")
        if shown is not None and binding.key_display is not None:  # not remapped
            return shown
        return self.app.get_key_display(binding)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Redraw once, at the end, however often the bindings change meanwhile (showing an
        item changes them two or three times: the card's keys, its marks form, the digits)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held and self._wanted:
                self._wanted = False
                self.redraw()

    def redraw(self) -> None:
        if self._held:
            self._wanted = True
            return
        parts: list[tuple[Text, int]] = []
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        seen: set[str] = set()
        shown = [(b, enabled) for _node, b, enabled, _tip in self.screen.active_bindings.values()
                 if b.show]
        # help first: a narrow terminal cuts the end of the line, never the way to all keys
        shown.sort(key=lambda pair: pair[0].action not in ("toggle_help", "app.toggle_help"))
        for binding, enabled in shown:
            display = self._display(binding)
            if binding.action in seen or display in seen:  # a key, or a verb, once
                continue
            seen.update((binding.action, display))
            part = Text(f" {display} ", style=key_style if enabled else "dim")
            part.append(f"{binding.description} ", style="" if enabled else "dim")
            parts.append((part, len(parts)))  # help first (rank 0), then in the list's order
        palette = Text(" ^p ", style=key_style)
        palette.append("palette")
        parts.append((palette, len(parts)))
        width = self._width = self._fit_width()
        line = fit_parts(parts, width, lambda n: Text(
            f" +{n} key{'s' * (n != 1)}: ? help", style="bold"))
        if line != self._line:  # the bindings are refreshed on every item; the keys rarely change
            self._line = line
            self.update(line, layout=False)  # one line tall whatever it says
