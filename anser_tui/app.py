"""The Textual app: screens, global bindings and the command palette."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from anser_tui.config import Settings
from anser_tui.screens.review import ReviewScreen
from anser_tui.sessions.review import ReviewSession
from anser_tui.sessions.store import WorkspaceStore


class AnserApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "anser-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("question_mark", "toggle_help", "Help", key_display="?", id="app.help"),
    ]

    def __init__(self, workspace: Path, settings: Settings, reviewer: str,
                 session_name: str | None = None, runs: list[str] | None = None):
        super().__init__()
        self.settings = settings
        self.store = WorkspaceStore.open(workspace)
        self.session = ReviewSession.open(self.store, reviewer, session_name, runs=runs)
        self.sub_title = f"{workspace.name} · {self.session.name}"

    def on_mount(self) -> None:
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        self.push_screen(ReviewScreen(self.session))

    def action_toggle_help(self) -> None:
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def on_unmount(self) -> None:
        self.store.close()
