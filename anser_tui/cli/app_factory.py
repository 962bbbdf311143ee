"""`build_app`, the app factory the CLI and every UI test use. It imports no click and no
verb module: the review screen's start-up waits on neither."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anser_tui.app import AnserApp
    from anser_tui.core.settings import Settings
    from anser_tui.review.queue import QueueOrder, QueueSpec


def build_app(workspace: Path, reviewer: str | None = None, session: str | None = None,
              runs: list[str] | None = None, settings: Settings | None = None,
              queue: QueueSpec | None = None, blind: bool = False,
              data_dir: Path | None = None, order: QueueOrder | None = None,
              home: bool = False) -> AnserApp:
    """The Textual app on one workspace, ready to run (the CLI and every UI test use this).
    `data_dir`: the benchmark folder as found (default: where the workspace last found it).
    `order`: how a new session's queue is ordered and drawn. `home`: open on the home screen
    (the runs and sessions) instead of the review screen."""
    from anser_tui.core import collector

    collector.hold()  # until the app's first paint (AnserApp.on_mount)
    try:
        from anser_tui.app import AnserApp
        from anser_tui.core.settings import load_settings
        from anser_tui.review.queue import QueueSpec

        settings = settings or load_settings()
        return AnserApp(workspace=Path(workspace), settings=settings,
                        reviewer=reviewer or settings.reviewer, session_name=session,
                        queue=queue or QueueSpec(runs=tuple(runs or ())), blind=blind,
                        data_dir=data_dir, order=order, home=home)
    except BaseException:
        collector.release()
        raise
