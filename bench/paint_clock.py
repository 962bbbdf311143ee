"""Timing a step of a Textual app until the frame it leads to is on screen.

A step (the next item of the review screen, or the floor's new text) is timed from its action
until the last paint it leads to that changes what is on screen, not its first paint: a screen
whose first paint resizes a panel that then fits its children again paints a second frame a
tick later, and only that one is what the reviewer reads (a repaint that draws what is
already there, as Textual does for a scroll bar after a layout, is not waited for). After each
step the clock waits, untimed, until nothing more is painted, so that a step's late paints
never land in the next step's time (nor its background work in the next step's CPU time).
Paints that follow `background()` (the evidence panel's titles found by its worker) are not
the step's. Comparing frames takes time of its own, which the clock leaves out of both figures.

Headless, as under `run_test`, Textual renders each frame's strips but writes nothing: the
escape sequences a terminal would get are not part of these figures (nor of the floor's).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from rich.segment import Segment
from textual._compositor import ChopsUpdate
from textual._wait import wait_for_idle


class PaintClock:
    """Wraps `app`'s display call to note when each frame that changes the screen is
    painted."""

    def __init__(self, app: Any):
        self.app = app
        self.paints: list[tuple[float, float, bool]] = []  # (wall, CPU, changed) per frame
        self.started = 0.0  # when the latest step's action began (the clock's wall time)
        self.background_last = 0.0  # when its background work last came back
        self.total_cpu = 0.0  # the latest step's CPU ms until it settled, what follows its
        # last frame included (a layout that finds nothing to move; its background work)
        self._background_at: float | None = None
        self._screen: dict[int, dict[int, list[Segment]]] = {}  # line -> cut -> segments
        self._own_wall = self._own_cpu = 0.0  # the clock's own comparing, left out
        display = app._display

        def timed_display(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is None or screen is not app.screen:
                return
            wall, cpu = self.now()
            compared, compared_cpu = time.perf_counter(), time.process_time()
            changed = self._changed(renderable)
            self._own_wall += time.perf_counter() - compared
            self._own_cpu += time.process_time() - compared_cpu
            self.paints.append((wall, cpu, changed))

        app._display = timed_display

    def now(self) -> tuple[float, float]:
        """Wall and CPU time, less what the clock spent comparing frames."""
        return time.perf_counter() - self._own_wall, time.process_time() - self._own_cpu

    def _changed(self, update: Any) -> bool:
        """Whether the frame changes a cell (a full repaint is taken as a change)."""
        if not isinstance(update, ChopsUpdate):
            self._screen = {}
            return True
        changed = False
        for y in {y for y, _x1, _x2 in update.spans}:
            line = self._screen.setdefault(y, {})
            for x, strip in update.chops[y].items():
                if strip is not None and line.get(x) != strip._segments:
                    line[x] = strip._segments
                    changed = True
        return changed

    def background(self) -> None:
        """Work the step started has come back from the background: later paints are its."""
        self.background_last = self.now()[0]
        if self._background_at is None:
            self._background_at = self.background_last

    async def step(self, action: Callable[[], object]) -> tuple[float, float, int]:
        """Run `action`; (wall ms, CPU ms) until its last paint that changed the screen, and
        how many such frames it painted."""
        done = asyncio.Event()
        first = len(self.paints)
        self._background_at = None
        started, cpu_started = self.now()
        self.started = self.background_last = started
        action()
        self.app.call_after_refresh(done.set)
        await done.wait()
        await self._settle()
        self.total_cpu = (self.now()[1] - cpu_started) * 1000
        cutoff = self._background_at
        mine = [p for p in self.paints[first:] if cutoff is None or p[0] <= cutoff]
        changing = [p for p in mine if p[2]] or mine[:1]
        wall, cpu = (changing[-1][0], changing[-1][1]) if changing else self.now()
        return (wall - started) * 1000, (cpu - cpu_started) * 1000, len(changing)

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
