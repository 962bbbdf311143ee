"""Timing a step of a Textual app until the frame it leads to is on screen.

A step (the next item of the review screen, or the floor's new text) is timed from its action
until the last paint it leads to, not its first: a screen whose first paint resizes a panel
that then fits its children again paints a second frame a tick later, and only that one is
what the reviewer reads. After each step the clock waits, untimed, until nothing more is
painted, so that a step's late paints never land in the next step's time (nor its background
work in the next step's CPU time). Paints that follow `background()` (the evidence panel's
titles found by its worker) are not the step's.

Headless, as under `run_test`, Textual renders each frame's strips but writes nothing: the
escape sequences a terminal would get are not part of these figures (nor of the floor's).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from textual._wait import wait_for_idle


class PaintClock:
    """Wraps `app`'s display call to note when each frame is painted."""

    def __init__(self, app: Any):
        self.app = app
        self.paints: list[tuple[float, float]] = []  # (perf_counter, process_time) per frame
        self._background_at: float | None = None
        self.started = 0.0  # when the latest step's action began (perf_counter)
        self.background_last = 0.0  # when its background work last came back
        display = app._display

        def timed_display(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and screen is app.screen:
                self.paints.append((time.perf_counter(), time.process_time()))

        app._display = timed_display

    def background(self) -> None:
        """Work the step started has come back from the background: later paints are its."""
        self.background_last = time.perf_counter()
        if self._background_at is None:
            self._background_at = self.background_last

    async def step(self, action: Callable[[], object]) -> tuple[float, float, int]:
        """Run `action`; (wall ms, CPU ms) until its last paint, and how many frames it
        painted."""
        done = asyncio.Event()
        first = len(self.paints)
        self._background_at = None
        started, cpu_started = time.perf_counter(), time.process_time()
        self.started = self.background_last = started
        action()
        self.app.call_after_refresh(done.set)
        await done.wait()
        await self._settle()
        cutoff = self._background_at
        mine = [p for p in self.paints[first:] if cutoff is None or p[0] <= cutoff]
        if not mine:  # nothing to paint, or only what came back from the background
            mine = self.paints[first:first + 1] or [(time.perf_counter(), time.process_time())]
        wall, cpu = mine[-1]
        return (wall - started) * 1000, (cpu - cpu_started) * 1000, len(mine)

    async def _settle(self) -> None:
        """Until a quiet spell with no new frame and nothing left to lay out or repaint."""
        while True:
            count = len(self.paints)
            await wait_for_idle(0.025)
            screen = self.app.screen
            pending = screen._layout_required or screen._repaint_required or \
                screen._dirty_widgets
            if len(self.paints) == count and not pending:
                return
