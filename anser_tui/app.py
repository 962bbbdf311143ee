"""The Textual app: screens, global bindings and the command palette."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from anser_tui.benchmarks.libraries import corpus_library
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.commands import AnserCommands
from anser_tui.core import collector
from anser_tui.core.settings import Settings
from anser_tui.core.text import neutralize
from anser_tui.judge_job import JudgeJob
from anser_tui.review.queue import QueueOrder, QueueSpec
from anser_tui.review.session import ReviewSession
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets import palette
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.store import WorkspaceStore

if TYPE_CHECKING:
    from anser_tui.screens.home import HomeScreen


def _freeze() -> None:
    """`gc.freeze`, then the collector's usual thresholds back (`core.collector`: start-up
    is over). A function of ours: Textual counts a callback's parameters cheaply for it,
    while a built-in's signature is read from its text (Python's tokenizer imported and
    compiled)."""
    gc.freeze()
    collector.release()


class AnserApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "anser-tui"
    COMMANDS: ClassVar = {AnserCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("question_mark", "toggle_help", "Help", key_display="?", id="app.help"),
    ]

    def __init__(self, workspace: Path, settings: Settings, reviewer: str,
                 session_name: str | None = None, queue: QueueSpec | None = None,
                 blind: bool = False, data_dir: Path | None = None,
                 order: QueueOrder | None = None, home: bool = False):
        """`home`: open on the home screen (runs and sessions; resume one or start one)
        instead of resuming or starting a session at once."""
        # Everything imported so far lives as long as the process: frozen, the collections
        # that start-up's allocations set off no longer walk it all again (~20-50 ms).
        gc.freeze()
        super().__init__()
        self.settings = settings
        self.reviewer = reviewer
        self.queue = queue or QueueSpec()
        self.order = order or QueueOrder()
        self.blind = blind
        self.store = WorkspaceStore.open(workspace)
        self.session: ReviewSession | None = None
        if not home:
            self.session = ReviewSession.open(self.store, reviewer, session_name, blind=blind,
                                              spec=self.queue, order=self.order)
        self.data_dir = data_dir or self.store.data_dir
        self.corpora = corpus_library(benchmark_named(self.store.benchmark), self.data_dir,
                                      settings.corpora)
        self._show_title()

    def _show_title(self, suffix: str = "") -> None:
        parts = [self.store.path.name, *([self.session.name] if self.session else [])]
        self.sub_title = " · ".join([*parts, *([suffix] if suffix else [])])

    def get_default_screen(self) -> Screen:
        """The review screen itself where a session is open (nothing painted under it)."""
        if self.session is None:
            return super().get_default_screen()
        return ReviewScreen(self.session, self.data_dir, self.corpora,
                            self.settings.show_timings)

    async def on_mount(self) -> None:
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        palette.install(self)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.session is None:
            from anser_tui.screens.home import HomeScreen  # its table loads only here
            from anser_tui.screens.new_session import SessionRequest

            defaults = SessionRequest(None, self.reviewer, self.order, self.blind)
            self.push_screen(HomeScreen(self.store, self.reviewer, self.queue, defaults))
        else:
            while not self.screen.is_mounted:  # ready (keys taken) once it has composed
                await asyncio.sleep(0)
        # The workspace's objects (every task, the session's events) live as long as the app:
        # freezing them keeps the collector from walking them again and again, which otherwise
        # shows up as 100 ms pauses between items.
        self.call_after_refresh(_freeze)

    def _theme_changed(self, _theme: object) -> None:
        """Panels drew their text in the old theme's colours: draw it again."""
        palette.install(self)
        for screen in self.screen_stack:
            for panel in screen.query(TextPanel):
                panel.redraw()
            if isinstance(screen, ReviewScreen) and screen.view is not None:
                screen.bar.restyle()
                screen.refresh_decision()

    def on_home_screen_session_opened(self, message: HomeScreen.SessionOpened) -> None:
        """Resumed or started on the home screen: review it."""
        self.session = message.session
        self._show_title()
        self.push_screen(ReviewScreen(message.session, self.data_dir, self.corpora,
                                      self.settings.show_timings))
        self.call_after_refresh(_freeze)

    def action_toggle_help(self) -> None:
        """Open the help screen (every key by area, with its id), or close it. On a review,
        the keys of the item's benchmark: its marks form and what its card adds."""
        from anser_tui.screens.calibration import CalibrationScreen
        from anser_tui.screens.help import HelpScreen
        from anser_tui.screens.judge_compare import JudgeCompareScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        review = next((s for s in reversed(self.screen_stack) if isinstance(s, ReviewScreen)),
                      None)
        areas = review.key_areas() if review is not None else []
        self.push_screen(HelpScreen([
            *areas, ("Text panels", TextPanel.BINDINGS),
            ("Calibration", CalibrationScreen.BINDINGS),
            ("App", self.BINDINGS), ("Help", HelpScreen.BINDINGS),
            ("Judges compared", JudgeCompareScreen.BINDINGS)], self.settings.keymap))

    def action_open_calibration(self) -> None:
        self.open_calibration()

    def action_open_comparison(self) -> None:
        self.open_comparison()

    def open_comparison(self) -> None:
        """Compare two judges on the same human labels (the calibration screen's runs, else
        every run): the primary judge first, then the next one; a note when there are fewer
        than two."""
        from anser_tui.calibration.compare_view import judges_of
        from anser_tui.screens.calibration import CalibrationScreen
        from anser_tui.screens.judge_compare import JudgeCompareScreen

        if isinstance(self.screen, JudgeCompareScreen):
            return
        runs = self.screen.runs if isinstance(self.screen, CalibrationScreen) else None
        judges = judges_of(self.store, runs)
        if len(judges) < 2:
            self.notify("Only one judge has judged these runs: judge again with --judge NAME "
                        "to compare two", title="Compare judges", markup=False)
            return
        self.push_screen(JudgeCompareScreen(self.store, runs, self.settings.calibration,
                                            judges))

    def open_calibration(self) -> None:
        """Open the calibration screen over every run of the workspace (once)."""
        from anser_tui.screens.calibration import CalibrationScreen

        if not isinstance(self.screen, CalibrationScreen):
            self.push_screen(CalibrationScreen(self.store, None, self.settings.calibration))

    # -- the judge (command palette) -----------------------------------------------------
    def judge(self, scope: str) -> None:
        """Judge the current item ("current") or the whole queue ("queue") in a worker."""
        screen = next((s for s in reversed(self.screen_stack) if isinstance(s, ReviewScreen)),
                      None)
        if screen is None or screen.view is None:
            return
        items = [screen.view.item] if scope == "current" else list(screen.session.items)
        self.notify(f"Judging {len(items)} item{'s' * (len(items) != 1)}…", timeout=3)
        self._run_judge(JudgeJob(self.store, self.settings.judge, items, screen))

    def stop_judge(self) -> None:
        self.workers.cancel_group(self, "judge")

    @work(exclusive=True, group="judge", exit_on_error=False)
    async def _run_judge(self, job: JudgeJob) -> None:
        await job.run()

    @on(JudgeJob.Progressed)
    def _judge_progressed(self, message: JudgeJob.Progressed) -> None:
        self._show_title(f"judge {message.done}/{message.total}")

    @on(JudgeJob.Finished)
    def _judge_finished(self, message: JudgeJob.Finished) -> None:
        self._show_title()
        if message.error:  # may quote the endpoint's reply: shown as plain, neutralised text
            self.notify(neutralize(message.error), title="Judge stopped", severity="error",
                        markup=False)
        else:
            title = "Judge interrupted" if message.interrupted else "Judge done"
            self.notify(message.summary, title=title, markup=False, timeout=8)

    def on_unmount(self) -> None:
        self.workers.cancel_all()
        self.corpora.close()
        self.store.close()
