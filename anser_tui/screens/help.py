"""The help screen (`?`): every key by area, with the id that remaps it, and how reviewing
works: drafts, reasons, toggles, blind mode, the reason codes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from anser_tui.workspace.records import ReasonCode

_RULES = [
    ("Deciding", [
        "a accepts the judge's marks; digits (0-4; 1 or y and 0 for a binary criterion) type "
        "your own, in the order the bar shows, and Enter commits them as an override.",
        "Each decision is written to the workspace before the screen moves on; u undoes the "
        "session's latest standing event and goes back to its item.",
        "A decided item shows its decision in the marks bar; typing marks or a makes a new "
        "decision (the old one stays in the log).",
        "With marks typed, a does nothing but say so: Enter commits them, Esc clears them.",
        "A rubric of many binary criteria is marked one criterion at a time in its list: j/k "
        "move, y or 1 met, 0 not met, space flips; Enter commits once every criterion is "
        "marked. n and p move between items there too, without deciding (what you typed is "
        "kept as a draft). Once committed, the item shows its decision; Enter commits nothing "
        "again until you type new marks.",
        "A benchmark may add keys of its own, listed above only while one of its items is "
        "shown: e unfolds folded texts, x flips a single judge verdict; Enter with nothing "
        "typed opens the item's evidence or documents.",
    ]),
    ("Drafts", [
        "Marks or a reason typed on an item and left (n, p, a jump, a skip) are kept as that "
        "item's draft: nothing typed is lost. Coming back shows them again, the marks bar "
        "says 'draft kept from before'; Enter commits, Esc drops it. Drafts live while the "
        "app runs; they are not decisions and are not written to the workspace.",
    ]),
    ("Reasons and comments", [
        "r picks a reason code. It goes with the marks being typed; with none typed, with "
        "the item's standing decision; right after a commit moved you on, with the item just "
        "decided. The picker names the item and the decision it will go with.",
        "c comments on the item; on an item with a comment it edits the latest one (an empty "
        "edit removes it). Every version stays in the log.",
    ]),
    ("Flags and skips", [
        "f flags the item, and on a flagged item takes the flag back; s skips (defers) the "
        "item and moves on, and on a skipped item takes the skip back. A resumed session "
        "starts at the first item not yet decided, skipped ones included.",
    ]),
    ("Blind review", [
        "With --blind the judge's marks, score and reason stay hidden until you commit your "
        "own marks on the item; then they are shown and you may revise (digits), accept the "
        "judge (a) or move on (n). Both your blind marks and any revision are kept, each "
        "with whether the judge was visible.",
    ]),
    ("Panels", [
        "Tab moves focus: the evidence tables, then the text panels (the focused one has a "
        "heavy border). Arrows and Page Up/Down scroll a panel; its bottom border says how "
        "many lines are above and below when it is cut. Enter on an evidence row opens the "
        "document; l shows or hides the queue.",
    ]),
]


def binding_rows(area: str, bindings: Iterable[BindingType], keymap: Mapping[str, str],
                 display: Callable[[Binding], str]) -> list[tuple[str, str, str, str]]:
    """(area, keys, what, id) for each binding with an id; keys as remapped in `keymap`,
    shown as the key bar shows them (`display`: App.get_key_display)."""
    rows: list[tuple[str, str, str, str]] = []
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.id:
            continue
        remapped = keymap.get(binding.id)
        shown = Binding(remapped, binding.action) if remapped else Binding(
            binding.key, binding.action, key_display=None if binding.key_display == "0-4"
            else binding.key_display)
        keys = ", ".join(display(Binding(k.strip(), binding.action,
                                         key_display=shown.key_display))
                         for k in shown.key.split(","))
        what = binding.description or binding.action
        if rows and rows[-1][2] == what:  # the digit marks: one row, every key and id
            _, before_keys, _, before_ids = rows[-1]
            rows[-1] = (area, f"{before_keys} {keys}", what, f"{before_ids} {binding.id}")
            continue
        rows.append((area, keys, what, binding.id))
    return rows


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(self, areas: list[tuple[str, Iterable[BindingType]]],
                 keymap: Mapping[str, str]):
        super().__init__()
        self.areas = areas
        self.keymap = keymap
        self.rows: list[tuple[str, str, str, str]] = []

    def compose(self) -> ComposeResult:
        from anser_tui.widgets.text_panel import TextPanel

        yield TextPanel("Help · Esc closes", id="help-body")

    def on_mount(self) -> None:
        from anser_tui.widgets.text_panel import TextPanel

        self.rows = [row for area, bindings in self.areas
                     for row in binding_rows(area, bindings, self.keymap,
                                             self.app.get_key_display)]
        panel = self.query_one(TextPanel)
        panel.show(self.body(), subtitle="keys are remapped by id under [keymap] in the config")
        panel.focus()

    def body(self) -> Text:
        out = Text()
        width = max(len(r[1]) for r in self.rows) if self.rows else 4
        area = ""
        for row_area, keys, what, binding_id in self.rows:
            if row_area != area:
                out.append(f"\n{row_area}\n" if area else f"{row_area}\n", style="bold")
                area = row_area
            out.append(f"  {keys:<{width}}  ", style="tui.accent")
            out.append(f"{what:<28}")
            out.append(f"{binding_id}\n", style="tui.muted")
        out.append("\nReason codes (r, then the digit)\n", style="bold")
        for i, code in enumerate(ReasonCode, start=1):
            out.append(f"  {i}  {code.value}\n")
        for title, paragraphs in _RULES:
            out.append(f"\n{title}\n", style="bold")
            for paragraph in paragraphs:
                out.append(f"  {paragraph}\n")
        return out

    def action_close(self) -> None:
        self.dismiss()
