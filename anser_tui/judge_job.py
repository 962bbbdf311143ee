"""A judge run started from the TUI, and the messages it reports through.

The app runs `JudgeJob.run` in an async worker (group "judge"): planning reads the workspace
in a thread of its own, then the runner sends requests on the app's event loop and writes
each judgment through its own connection as it arrives. The job never touches a widget: it
posts messages to the screen it was started from (they bubble on to the app).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.message import Message
from textual.message_pump import MessagePump

from anser_tui.core.errors import InputError
from anser_tui.core.settings import JudgeSettings
from anser_tui.core.value import Value
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.store import WorkspaceStore

if TYPE_CHECKING:
    from anser_tui.judge import JudgePlan, JudgeRunner, JudgeSummary


class JudgeJob:
    class Progressed(Value, Message, frozen=False):
        """Another judgment was written; only the latest of these matters."""

        done: int
        total: int

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, JudgeJob.Progressed)

    class JudgmentStored(Value, Message, frozen=False):
        """The judgment of (run, task) was committed to the workspace."""

        run: str
        task_id: str
        status: str

    class Finished(Value, Message, frozen=False):
        """The run ended: `summary` says what it did; `error` why it stopped, if it did."""

        summary: str
        interrupted: bool = False
        error: str | None = None

    def __init__(self, store: WorkspaceStore, settings: JudgeSettings, items: list[Item],
                 target: MessagePump):
        self.store = store  # only its path is used here: every thread opens its own
        self.settings = settings
        self.items = items
        self.target = target

    def _plan(self) -> JudgePlan:
        from anser_tui.judge import JudgeParams, plan_judging

        store = self.store.reopen()
        try:
            return plan_judging(store, self.items, JudgeParams.from_settings(self.settings))
        finally:
            store.close()

    def _arrived(self, summary: JudgeSummary, judgment: Judgment) -> None:
        self.target.post_message(
            self.JudgmentStored(judgment.run, judgment.task_id, judgment.status.value))
        self.target.post_message(self.Progressed(summary.done, summary.total))

    def _finished(self, runner: JudgeRunner | None, interrupted: bool = False,
                  error: str | None = None) -> None:
        line = runner.summary.line() if runner else "nothing sent"
        if error is None and not interrupted and runner and runner.summary.all_failed:
            error = (f"every judge request failed (the first: "
                     f"{runner.summary.first_error or 'no reply'}); no good judgment was "
                     "replaced")
        self.target.post_message(self.Finished(line, interrupted, error))

    async def run(self) -> None:
        from anser_tui.judge import JudgeRunner  # the judge's modules load on first use

        runner: JudgeRunner | None = None
        try:
            plan = await asyncio.to_thread(self._plan)
            runner = JudgeRunner(self.store, self.settings, on_judgment=self._arrived)
            self.target.post_message(self.Progressed(0, len(plan.requests)))
            await runner.run(plan)
        except asyncio.CancelledError:
            self._finished(runner, interrupted=True)
            raise
        except InputError as exc:
            self._finished(runner, error=exc.message)
            return
        except Exception as exc:  # shown, not swallowed; the review itself goes on
            self._finished(runner, error=f"{type(exc).__name__}: {exc}")
            raise
        self._finished(runner)
