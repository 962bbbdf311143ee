"""The home screen of `anser-tui review WS` without --session: the workspace's runs and
sessions with their progress; Enter resumes the highlighted session, n starts a new one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from anser_tui.core.errors import InputError
from anser_tui.review.overview import run_summaries, session_summaries
from anser_tui.review.queue import QueueSpec
from anser_tui.review.session import ReviewSession
from anser_tui.review.stored_session import StoredSession
from anser_tui.screens.new_session import NewSessionForm, SessionRequest
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.workspace.store import WorkspaceStore

_RUN_COLUMNS = ("run", "outputs", "judged", "scored")
_SESSION_COLUMNS = ("session", "reviewer", "order", "items", "decided", "skipped", "flagged",
                    "left", "last activity (UTC)")


def _when(iso: str) -> str:
    """"2025-06-01 12:03" from a stored UTC time."""
    return iso[:16].replace("T", " ")


class HomeScreen(Screen[None]):
    AUTO_FOCUS = "#sessions"
    DEFAULT_CSS = """
    HomeScreen { layout: vertical; }
    HomeScreen #home-title { height: 1; background: $panel; }
    HomeScreen .home-heading { margin: 1 1 0 1; text-style: bold; }
    HomeScreen #runs { height: auto; max-height: 12; margin: 0 1; }
    HomeScreen #sessions { height: 1fr; margin: 0 1; }
    HomeScreen #home-hint { margin: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "Resume", priority=True, id="home.resume"),
        Binding("n", "new_session", "New session", id="home.new-session"),
    ]

    @dataclass
    class SessionOpened(Message):
        """A session was resumed or started: the app opens the review screen on it."""

        session: ReviewSession

    def __init__(self, store: WorkspaceStore, reviewer: str, spec: QueueSpec,
                 defaults: SessionRequest):
        super().__init__()
        self.store = store
        self.reviewer = reviewer
        self.spec = spec
        self.defaults = defaults

    def compose(self) -> ComposeResult:
        yield Static(Text(f" {self.store.path.name}  ·  reviewer {self.reviewer}",
                          no_wrap=True, overflow="ellipsis"), id="home-title")
        yield Label("Runs", classes="home-heading")
        yield DataTable(id="runs", cursor_type="none", zebra_stripes=True)
        yield Label("Sessions", classes="home-heading")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        yield Static("", id="home-hint", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        runs = self.query_one("#runs", DataTable)
        runs.can_focus = False
        runs.add_columns(*_RUN_COLUMNS)
        for run in run_summaries(self.store):
            runs.add_row(Text(run.name), run.outputs, run.judged, run.scored)
        sessions = self.query_one("#sessions", DataTable)
        sessions.add_columns(*_SESSION_COLUMNS)
        for s in session_summaries(self.store):
            sessions.add_row(Text(s.name), Text(s.reviewer),
                             s.order + (", blind" if s.blind else ""), s.items, s.decided,
                             s.skipped, s.flagged, s.left, _when(s.last_activity), key=s.name)
        self.query_one("#home-hint", Static).update(
            "Enter resumes the highlighted session · n starts a new one · q quits"
            if sessions.row_count else "No session yet: n starts one · q quits")

    # -- resuming ------------------------------------------------------------------------
    @on(DataTable.RowSelected, "#sessions")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self.resume(event.row_key.value)

    def action_resume(self) -> None:
        table = self.query_one("#sessions", DataTable)
        if not table.row_count:
            self.action_new_session()
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        if key is not None:
            self.resume(key)

    def resume(self, name: str) -> None:
        stored = StoredSession.named(self.store, name)
        if stored is None:
            return
        if stored.reviewer != self.reviewer:
            self.notify(f"Session {name} belongs to reviewer {stored.reviewer}; n starts "
                        f"your own (you are {self.reviewer}).", severity="error",
                        markup=False)
            return
        self.post_message(self.SessionOpened(ReviewSession.resume(self.store, stored,
                                                                  self.reviewer)))

    # -- starting ------------------------------------------------------------------------
    def action_new_session(self) -> None:
        self.app.push_screen(NewSessionForm(self.defaults), self._start)

    def _start(self, request: SessionRequest | None) -> None:
        if request is None:
            return
        if request.name and StoredSession.named(self.store, request.name) is not None:
            self.notify(f"A session named {request.name} exists: Enter on it resumes it.",
                        severity="error", markup=False)
            return
        try:
            session = ReviewSession.start(self.store, request.reviewer, request.name,
                                          request.blind, self.spec, request.order)
        except InputError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.post_message(self.SessionOpened(session))
